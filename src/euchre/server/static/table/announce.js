// What a person is told as the game goes: the live region (for screen readers: each move
// of the others, each trick's winner, each hand's result, arrivals and departures), the same
// lines in "What happened", and a notice when a friend comes or goes.
import { number, t } from "../i18n.js";
import { $, setText } from "./dom.js";
import { saysOf } from "./store.js";
import { logLine } from "./side.js";
import { sound } from "./sound.js";

export function say(text, log = true) {
  if (!text) return;
  setText($("announce"), text);
  if (log) logLine(text);
}

export function notice(text) {
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
        notice(g.names.length === 2 ? t("{name} has arrived: the game can start.", { name }) : t("{name} has taken a seat.", { name }));
      }
    } else if (before.game.arrived?.[p] && g.levels?.[p] && !away && name !== was) {
      notice(t("{name} takes over {was}'s seat from the next hand.", { name, was }));
    } else if (away && !wasAway) {
      notice(t("The computer plays for {name} until {name} is back.", { name }));
    } else if (wasAway && !away) {
      notice(t("{name} is back at the table.", { name }));
    } else if (before.game.connected[p] !== g.connected[p] && !away && !wasAway) {
      if (!g.connected[p]) notice(t("{name} left the table.", { name }));
      else if (seenHere.has(p)) notice(t("{name} is back at the table.", { name }));
      else if (!arrivedNow.has(p)) notice(t("{name} is at the table.", { name }));
    }
    if (g.connected[p]) seenHere.add(p);
  }
  if (computers.length)
    notice(computers.length === 1 ? t("The game starts: the computer ({level}) plays {name}.", { level: t(g.level), name: computers[0] })
      : computers.length === 2 ? t("The game starts: the computer ({level}) plays {first} and {second}.", { level: t(g.level), first: computers[0], second: computers[1] })
        : t("The game starts: the computer ({level}) plays {first} and {second} and {third}.", { level: t(g.level), first: computers[0], second: computers[1], third: computers[2] }));
}

// A new state: the move that made it (when it is someone else's, and said once).
export function announceMove(before, now) {
  const g = now.game, v = now.view;
  const yours = g.seat !== null && v.to_move === g.seat && v.legal.length > 0 && !g.finished;
  const fresh = !before || before.seq !== now.seq;
  if (fresh && now.words.last && now.last_action) {
    const theirs = now.last_action[0] !== g.seat;
    const line = t("{move}.", { move: now.words.last });
    if (theirs) say(yours ? t("{move}. Your turn.", { move: now.words.last }) : line);
    else logLine(line);
    if (now.last_action[1].length === 2) sound("card");  // (a card's token: a card was played)
  }
  if (yours && fresh && before) sound("turn");
}

export function announceTrick(trick, reason) {
  say(saysOf(trick.winner, () => t("You win the trick: {reason}.", { reason }),
             (name) => t("{name} wins the trick: {reason}.", { name, reason })));
  sound("trick");
}

export function announceHand(state) {
  const last = state.words.last_hand;
  if (!last) return;
  say(t("Hand {number}: {summary}", { number: number(state.view.hand_number), summary: last.summary }));
  sound("hand");
}
