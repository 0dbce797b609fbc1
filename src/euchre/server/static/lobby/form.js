// The lobby's rules: the presets, your own rules from the form, and the checks made before
// anything is sent, each said in a player's words (the server checks everything again).
import { t } from "../i18n.js";

const $ = (id) => document.getElementById(id);

// Each game's presets, from the server's one list (/api/levels, filled by takePresets):
// Euchre's by key, what each changes from the default rules (the server's Rules()), and
// their short names; the other games' (RULES-more.md) each its words and what it changes
// from the game's own defaults. The first of each is the game's standard.
export const PRESETS = {};
export const PRESET_NAMES = {};
export const GAME_PRESETS = {};

// Take the server's presets, and draw Euchre's as the form's choices (before "your own rules").
export function takePresets(presets) {
  for (const [game, list] of Object.entries(presets)) {
    if (game !== "euchre") { GAME_PRESETS[game] = Object.fromEntries(list.map((p) => [p.key, [p.said, p.changes]])); continue; }
    for (const p of list) { PRESETS[p.key] = p.changes; PRESET_NAMES[p.key] = p.name; }
    $("euchre-preset-list").replaceChildren(...list.map((p, i) => {
      const input = Object.assign(document.createElement("input"), { type: "radio", name: "preset", value: p.key, checked: i === 0 });
      const label = document.createElement("label");
      label.append(input, ` ${p.said}`);
      return label;
    }));
  }
}

// The game chosen: "euchre" (two-, three- or four-handed) or one of GAME_PRESETS.
export function gameChosen() {
  const value = document.querySelector("input[name=players]:checked")?.value ?? "2";
  return value in GAME_PRESETS ? value : "euchre";
}

// Whether the table chosen is played by partners (the partner's level is asked for).
export const partnered = () => players() === 4 && gameChosen() !== "napoleon";

export function gamePreset() {
  return document.querySelector("input[name=game-preset]:checked")?.value ?? "standard";
}

export const OPTIONS = ["stick_the_dealer", "dealer_must_pick_up", "may_call_turned_suit",
                        "defend_alone", "joker_dealer_alone"];
// The options of one table size only (RULES-family.md): the others are left out.
const ONLY = { dealer_must_pick_up: [2], defend_alone: [4], joker_dealer_alone: [4] };

export function rulesOf(preset, defaults, players = 2) {
  const game = gameChosen();
  if (game !== "euchre") return { game, players, ...(GAME_PRESETS[game][gamePreset()] ?? GAME_PRESETS[game].standard)[1] };
  const rules = preset !== "custom" ? { ...defaults, ...PRESETS[preset] }
    : { ...defaults, deck: Number($("deck").value), target: Number($("target").value) };
  if (preset === "custom") for (const option of OPTIONS) rules[option] = $(option).checked;
  for (const [option, sizes] of Object.entries(ONLY)) if (!sizes.includes(players)) delete rules[option];
  if (players !== 2) rules.players = players;
  return rules;
}

// The table's size chosen in the lobby, and the form shown for it.
export function players() {
  const game = gameChosen();
  if (game === "napoleon") return Number($("nap-players").value);
  if (game !== "euchre") return 4;
  return Number(document.querySelector("input[name=players]:checked")?.value ?? 2);
}

export function showTableChoices() {
  const n = players(), game = gameChosen();
  $("partner-row").hidden = !partnered();
  $("nap-row").hidden = game !== "napoleon";
  $("euchre-presets").hidden = game !== "euchre";
  $("game-presets").hidden = game === "euchre";
  const list = $("game-preset-list");
  if (game !== "euchre" && list.dataset.game !== game) {  // the game's own presets, its standard first
    list.dataset.game = game;
    list.replaceChildren(...Object.entries(GAME_PRESETS[game]).map(([key, [said]], i) => {
      const input = Object.assign(document.createElement("input"), { type: "radio", name: "game-preset", value: key, checked: i === 0 });
      const label = document.createElement("label");
      label.append(input, ` ${said}`);
      return label;
    }));
  }
  for (const node of document.querySelectorAll(".two-only")) node.hidden = n !== 2;
  for (const node of document.querySelectorAll(".four-only")) node.hidden = n !== 4;
  $("friend").textContent = n === 2 && game === "euchre" ? t("Play a friend instead: get a link to send")
    : t("Play with friends instead: a link for each seat, the computer in the seats nobody takes");
}

// What is wrong with the form, in a sentence, or "" when it can be sent.
export function checkForm(name, preset) {
  if (!name) return t("Write your name first: it is how the table and your statistics know you.");
  if (name.includes("/")) return t("A name cannot have a slash (/) in it.");
  if (preset === "custom") {
    const target = $("target");
    const points = Number(target.value);
    const most = Number(target.max || Infinity);  // (set from /api/levels: the server's bound)
    if (target.value.trim() === "" || !Number.isInteger(points) || points < 1 || points > most) {
      target.focus();
      return t("“Play to” takes a whole number of points from 1 to {most}.", { most });
    }
  }
  return "";
}
