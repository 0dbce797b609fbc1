// The states from the server, drawn one at a time at a pace a person can follow: the deal
// lands before anything is offered, the other players' moves wait a moment after the last
// thing drawn, a completed trick stays on the table before it is gathered, and a finished
// hand shows its last trick, gathers it and then shows its panel, which waits for "Next
// hand" (and comes back after a reload until then).
import { SPEEDS } from "../settings.js";
import { $ } from "./dom.js";
import { T } from "./store.js";
import { draw } from "./draw.js";
import { deal, gather, settle, snapshot } from "./motion.js";
import { announceHand, announceMove, announceTrick, noticeComings } from "./announce.js";
import { noticeTimeout } from "./people.js";
import { rememberOpened } from "../remembered.js";

const queue = [];
let lastDrawn = 0;
const speed = () => SPEEDS[T.settings.speed];
const PENDING = () => `euchre.handend.${T.gameId}`;  // the hand whose panel is up, by number

export function enqueue(state) {
  queue.push(state);
  pump();
}

export function pump() {
  if (T.busy || T.handEnd) return;
  const next = queue.shift();
  if (!next) { document.body.dataset.idle = "1"; return; }
  document.body.dataset.idle = "0";
  const before = T.shown;
  if (!before || next.seq <= before.seq || next.game.id !== before.game.id) {
    show(next, null);  // the first state, a connection or name change, an undo: at once
    if (!before) resumeHandEnd(next);
    pump();
    return;
  }
  const theirs = next.last_action && next.last_action[0] !== next.game.seat;
  const wait = theirs ? Math.max(0, lastDrawn + speed().move - Date.now()) : 0;
  after(wait, () => step(before, next));
}

function step(before, next) {
  const v = next.view, last = v.last_hand;
  const ended = v.hand_number !== before.view.hand_number || (v.phase === "over" && before.view.phase !== "over");
  if (ended && last) {
    const t = last.tricks[last.tricks.length - 1];
    const completed = t ? { ...t, reason: next.words.last_hand.reasons[last.tricks.length - 1] } : null;
    show(next, completed, true);
    if (completed) announceTrick(completed, completed.reason);
    after(completed ? speed().trick : 0, () => {
      const gathering = completed ? gather(completed.winner) : 0;
      announceHand(next);
      after(gathering, () => endOfHand(next));  // the panel once the trick is gathered
    });
    return;
  }
  if (v.tricks.length > before.view.tricks.length) {
    const t = v.tricks[v.tricks.length - 1];
    const held = { ...t, reason: next.words.reasons[v.tricks.length - 1] };
    show(next, held);
    announceTrick(held, held.reason);
    after(speed().trick, () => { gather(held.winner); T.held = null; draw(); pump(); });
    return;
  }
  show(next, null);
  pump();
}

function after(ms, then) {
  T.busy = true;
  setTimeout(() => { T.busy = false; then(); }, ms);
}

function endOfHand(state) {
  T.held = null;
  T.hiding = false;
  $("flying").replaceChildren();  // nothing in the air over the panel
  if (state.game.finished) { T.handEnd = false; draw(); pump(); return; }
  T.handEnd = true;
  localStorage.setItem(PENDING(), String(state.view.hand_number));
  draw();
  document.body.dataset.idle = "1";  // nothing more is drawn until the person continues
  document.body.dataset.nextHand = T.settings.auto ? "auto" : "person";  // (who deals it on)
  if (T.settings.auto)
    setTimeout(() => { if (T.handEnd && T.shown === state) nextHand(); }, speed().hand);
}

// A reload while a hand's panel was up: the panel again, until the player continues.
function resumeHandEnd(state) {
  const pending = localStorage.getItem(PENDING());
  if (pending === null) return;
  if (Number(pending) !== state.view.hand_number || !state.view.last_hand || state.game.finished) {
    localStorage.removeItem(PENDING());
    return;
  }
  T.handEnd = true;
  draw();
}

export function nextHand() {
  T.handEnd = false;
  localStorage.removeItem(PENDING());
  lastDrawn = Date.now();  // the new deal is on show now: the computer's first move waits
  $("flying").replaceChildren();  // nothing of the old hand is still in the air
  draw();
  dealCards();
  pump();
}

// The deal flies in from the kitty; the choices, and the others' moves, wait until it has
// landed (the server still takes a move at any time: it is authoritative).
function dealCards() {
  const landing = deal();
  if (!landing) return;
  T.dealing = T.busy = true;
  draw();
  landing.then(() => {
    T.dealing = T.busy = false;
    lastDrawn = Date.now();  // the computer's first move waits a moment after the deal
    draw();
    pump();
  });
}

function show(state, completed, hideHand = false) {
  const before = T.shown;
  if (!before || before.seq !== state.seq) { T.hints = {}; T.hintConvention = ""; }
  const places = before && before.game.id === state.game.id ? snapshot() : null;
  T.shown = state;
  T.held = completed;
  T.hiding = hideHand;
  lastDrawn = Date.now();
  noticeComings(before, state);
  noticeTimeout(before, state);
  announceMove(before, state);
  rememberOpened(location.pathname + location.search, state.game.seat);
  draw();
  settle(places);
  if (!before && !state.view.last_hand && state.view.bids.length === 0 && !$("hand").dataset.dealt) {
    $("hand").dataset.dealt = "1";
    dealCards();  // a new game's first deal
  }
}
