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

const seenHere = new Set();  // seats seen connected since this page opened
const arrivedNow = new Set(); // seats whose first arrival this page announced

// A friend's first arrival, leaving and coming back (the computer is always there). The
// arrival (taking the seat) comes just before his connection: said once, as an arrival. At
// three and four also: the computers the host's start seats, a person taking a computer's
// seat over, and the computer playing for someone away.
export function noticeComings(before, now) {
  const g = now.game;
  if (!before || g.mode !== "friend" || before.game.id !== g.id) {
    g.connected.forEach((here, p) => { if (here) seenHere.add(p); });
    return;
  }
  const computers = [];
  for (let p = 0; p < g.names.length; p++) {
    if (p === g.seat) continue;
    const name = now.words.names[p], was = before.words.names[p];
    const away = (g.away || []).includes(p), wasAway = (before.game.away || []).includes(p);
    if (before.game.arrived?.[p] === false && g.arrived?.[p] === true) {
      if (g.levels?.[p]) computers.push(name);
      else {
        arrivedNow.add(p);
        notice(g.names.length === 2 ? `${name} has arrived: the game can start.` : `${name} has taken a seat.`);
      }
    } else if (before.game.arrived?.[p] && g.levels?.[p] && !away && name !== was) {
      notice(`${name} takes over ${was}'s seat from the next hand.`);
    } else if (away && !wasAway) {
      notice(`The computer plays for ${name} until ${name} is back.`);
    } else if (wasAway && !away) {
      notice(`${name} is back at the table.`);
    } else if (before.game.connected[p] !== g.connected[p] && !away && !wasAway) {
      if (!g.connected[p]) notice(`${name} left the table.`);
      else if (seenHere.has(p)) notice(`${name} is back at the table.`);
      else if (!arrivedNow.has(p)) notice(`${name} is at the table.`);
    }
    if (g.connected[p]) seenHere.add(p);
  }
  if (computers.length)
    notice(`The game starts: the computer (${g.level}) plays ${computers.join(" and ")}.`);
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
