// The lobby's rules: the presets, your own rules from the form, and the checks made before
// anything is sent, each said in a player's words (the server checks everything again).
const $ = (id) => document.getElementById(id);

// Each preset: what it changes from the default rules (the server's Rules()).
export const PRESETS = {
  standard: {},
  stick: { stick_the_dealer: true },
  joker: { deck: 25 },
};
const OPTIONS = ["stick_the_dealer", "dealer_must_pick_up", "may_call_turned_suit"];

export function rulesOf(preset, defaults) {
  if (preset !== "custom") return { ...defaults, ...PRESETS[preset] };
  const rules = { ...defaults, deck: Number($("deck").value), target: Number($("target").value) };
  for (const option of OPTIONS) rules[option] = $(option).checked;
  return rules;
}

// What is wrong with the form, in a sentence, or "" when it can be sent.
export function checkForm(name, preset) {
  if (!name) return "Write your name first: it is how the table and your statistics know you.";
  if (name.includes("/")) return "A name cannot have a slash (/) in it.";
  if (preset === "custom") {
    const target = $("target");
    const points = Number(target.value);
    if (target.value.trim() === "" || !Number.isInteger(points) || points < 1 || points > 1000) {
      target.focus();
      return "“Play to” takes a whole number of points from 1 to 1000.";
    }
  }
  return "";
}
