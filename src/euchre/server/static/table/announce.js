// What a person is told as the game goes: the live region (for screen readers: each move
// of the others, each trick's winner, each hand's result, arrivals and departures), the same
// lines in "What happened", and a notice when a friend comes or goes.
import { $, setText } from "./dom.js";
import { says } from "./store.js";
import { logLine } from "./side.js";
import { sound } from "./sound.js";

export function say(text, log = true) {
  if (!text) return;
  setText($("announce"), text);
  if (log) logLine(text);
}

function notice(text) {
  setText($("notice"), text);
  $("notice").hidden = false;
  say(text);
}

// A friend's first arrival, leaving and coming back (the computer is always there).
export function noticeComings(before, now) {
  if (!before || now.game.mode !== "friend" || before.game.id !== now.game.id) return;
  for (let p = 0; p < now.game.names.length; p++) {
    if (p === now.game.seat) continue;
    const name = now.words.names[p];
    const first = before.game.arrived?.[p] === false && now.game.arrived?.[p] === true;
    if (first) { notice(`${name} has arrived: the game can start.`); continue; }
    if (before.game.connected[p] === now.game.connected[p]) continue;
    notice(now.game.connected[p] ? `${name} is back at the table.` : `${name} left the table.`);
  }
}

// A new state: the move that made it (when it is someone else's, and said once).
export function announceMove(before, now) {
  const g = now.game, v = now.view;
  const yours = g.seat !== null && v.to_move === g.seat && v.legal.length > 0 && !g.finished;
  const fresh = !before || before.seq !== now.seq;
  if (fresh && now.words.last && now.last_action) {
    const theirs = now.last_action[0] !== g.seat;
    if (theirs) say(now.words.last + (yours ? ". Your turn." : "."));
    else logLine(now.words.last + ".");
    if (/played/.test(now.words.last)) sound("card");
  }
  if (yours && fresh && before) sound("turn");
}

export function announceTrick(trick, reason) {
  say(`${says(trick.winner, "win")} the trick: ${reason}.`);
  sound("trick");
}

export function announceHand(state) {
  const last = state.words.last_hand;
  if (!last) return;
  say(`Hand ${state.view.hand_number}: ${last.summary}`);
  sound("hand");
}
