// A table of people, around the play (in the menu): the turn timer the table states, the
// preset phrases (the server meters them: three at once, then one every few seconds) and
// "don't seat me with this player again" for each other person (kept by the account: a
// guest is told to log in). Said phrases, and a move the computer made for someone whose
// timer ran out, are shown to everyone at the table as a notice and a line in "What
// happened".
import { number, t } from "../i18n.js";
import { $, el, setText } from "./dom.js";
import { T, nameOf } from "./store.js";
import { send } from "./connection.js";
import { notice } from "./announce.js";

// The phrases (the server's `wording.PHRASES`, by key), in the reader's words.
const PHRASES = { good_game: () => t("Good game"), nice_hand: () => t("Nice hand"),
                  sorry_partner: () => t("Sorry, partner"), thanks: () => t("Thanks") };

// The other seats a person holds (not the computer's, not one still empty).
function otherPeople() {
  const g = T.shown.game;
  return g.names.map((_, p) => p).filter((p) => p !== g.seat && g.arrived?.[p] !== false
    && !g.levels?.[p] && g.mode === "friend");
}

async function dislike(name, button) {
  button.disabled = true;
  try {
    const reply = await fetch("/api/dislikes", { method: "POST", headers: { "Content-Type": "application/json" },
                                                 body: JSON.stringify({ name }) });
    const body = await reply.json();
    if (reply.ok) notice(t("Quick match will not seat you with {name} again.", { name }));
    else { $("error").textContent = body.error; button.disabled = false; }
  } catch {
    $("error").textContent = t("The server could not be reached: try again.");
    button.disabled = false;
  }
}

export function drawPeople() {
  const g = T.shown.game, seated = g.seat !== null && g.mode === "friend";
  $("menu-people").hidden = !seated;
  $("turn-timer").hidden = !g.turn_timer;
  if (g.turn_timer) setText($("turn-timer"), t("{seconds} s a move, then the computer makes it", { seconds: number(g.turn_timer) }));
  if (!seated) return;
  const phrases = $("phrases");
  if (!phrases.childElementCount)
    phrases.append(...Object.entries(PHRASES).map(([key, words]) => el("button", {
      type: "button", class: "quiet small", "data-phrase": key, onclick: () => send({ type: "say", phrase: key }) }, words())));
  for (const button of phrases.children) button.disabled = !T.online;
  const others = otherPeople().map((p) => T.shown.words.names[p]);
  const box = $("dislikes"), key = JSON.stringify(others);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...others.map((name) => el("button", {
    type: "button", class: "quiet small", "data-name": name,
    onclick: (event) => dislike(name, event.currentTarget) }, t("Don't seat me with {name} again", { name }))));
}

// A phrase someone at the table said (a `said` message).
export function heard(message) {
  const words = PHRASES[message.phrase]?.() ?? message.words;
  notice(message.seat === T.shown?.game.seat ? t("You: “{phrase}”", { phrase: words })
    : t("{name}: “{phrase}”", { name: nameOf(message.seat), phrase: words }));
}

// A new state: the computer made a move for someone whose turn timer ran out (said once).
export function noticeTimeout(before, now) {
  const out = now.game.timed_out, was = before?.game.timed_out;
  if (!before || !out || (was && was.seq === out.seq && was.seat === out.seat)) return;
  const seconds = number(now.game.turn_timer ?? 0);
  notice(out.seat === now.game.seat ? t("No move from you in {seconds} s: the computer made it for you.", { seconds })
    : t("No move from {name} in {seconds} s: the computer made it.", { name: now.words.names[out.seat], seconds }));
}
