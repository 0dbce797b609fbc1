// The keyboard: number keys choose (1 is the leftmost card), the arrow keys move between
// the choices, Escape closes what is open. Focus is shown only once the keyboard is used
// (body.kbd, dropped at the next pointer press), and after a move it goes to the group of
// choices, never to one choice, so it never looks like a suggestion.
import { $ } from "./dom.js";
import { T } from "./store.js";

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "CapsLock"]);

function choices() {
  return [...document.querySelectorAll("[data-action]")].filter((n) => !n.disabled && n.offsetParent !== null);
}

export function bindKeys(onEscape) {
  document.addEventListener("keydown", (event) => {
    if (!MODIFIERS.has(event.key)) document.body.classList.add("kbd");
    if (event.key === "Escape") { onEscape(); return; }
    if (event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[1-9]$/.test(event.key)) {
      const choice = [...document.querySelectorAll("[data-action]")][Number(event.key) - 1];
      if (choice && !choice.disabled) { event.preventDefault(); choice.click(); }
      return;
    }
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const all = choices();
      if (!all.length) return;
      const at = all.indexOf(document.activeElement);
      const to = at < 0 ? (event.key === "ArrowRight" ? 0 : all.length - 1)
        : (at + (event.key === "ArrowRight" ? 1 : -1) + all.length) % all.length;
      event.preventDefault();
      all[to].focus();
    }
  });
  document.addEventListener("pointerdown", () => document.body.classList.remove("kbd"));
}

// After a redraw, for a keyboard player: the focus goes to where the play is now (the group
// of choices, or "Next hand") when it was lost or left in a part of the play that is over;
// focus on the other controls (the menu, the settings) is left alone, as is a pointer
// player's.
const PLAY = "#hand, #actions, #hand-end, #over";

export function keepFocus() {
  if (!document.body.classList.contains("kbd")) return;
  let target = null;
  if (T.handEnd) target = $("next-hand");
  else if ($("hand").querySelector("[data-action]")) target = $("hand");
  else if ($("actions").querySelector("[data-action]")) target = $("actions");
  else if (!$("over").hidden) target = $("over").querySelector("button, a");
  if (!target) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || !document.body.contains(active)
    || active.disabled || active.offsetParent === null;
  if (!lost && (target.contains(active) || !active.closest(PLAY))) return;
  target.focus({ preventScroll: true });
}
