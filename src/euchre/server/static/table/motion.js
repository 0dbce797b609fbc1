// Cards that move: a played card travels from its seat to the trick, a won trick gathers
// towards its winner, the deal flies from the kitty, a taken upcard goes into the dealer's
// hand and a discard back to the kitty. Each move is an animation of a transform only
// (Web Animations), so the cards stay where they are for the pointer and a click during a
// move is acted on. Timed by the speed setting; none without motion (the setting, or a
// device that asks for less motion).
import { SPEEDS, motionOn } from "../settings.js";
import { $, cardSrc } from "./dom.js";
import { T } from "./store.js";
import { placeOf } from "./places.js";

const EASE = "cubic-bezier(.2,.7,.3,1)";
const duration = () => (motionOn(T.settings) ? SPEEDS[T.settings.speed].travel : 0);

// Where the cards of a place are held (its backs, or your hand at the bottom).
function placeBox(place) {
  const box = place === "s" ? $("hand") : document.querySelector(`#place-${place} .backs`);
  return (box || $(`place-${place}`)).getBoundingClientRect();
}

const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

function from(img, rect, extra = {}) {
  const now = img.getBoundingClientRect();
  if (!now.width) return null;
  const [fx, fy] = centre(rect), [nx, ny] = centre(now);
  if (Math.abs(fx - nx) < 1 && Math.abs(fy - ny) < 1) return null;
  const scale = rect.width ? rect.width / now.width : 1;
  return { transform: `translate(${fx - nx}px, ${fy - ny}px) scale(${scale})`, ...extra };
}

// Where each face-up card is now, and in which part of the table.
export function snapshot() {
  const at = new Map();
  for (const img of document.querySelectorAll("#felt img[data-card]")) {
    const card = img.dataset.card;
    if (card === "back" || img.closest("#last-trick, #kitty, #flying, .backs")) continue;  // (a replay's open hands: their place)
    const where = img.closest("#hand") ? "hand" : img.closest("#trick") ? "trick" : "upcard";
    at.set(card, { rect: img.getBoundingClientRect(), where });
  }
  return at;
}

// After a redraw: every card that moved slides from where it was; a card new to the trick
// comes from its player's place; a card that left the table (a discard, the upcard taken by
// the other player) flies to where it went.
export function settle(before) {
  const ms = duration();
  if (!ms || !before) return;
  const drawn = new Set();
  for (const img of document.querySelectorAll("#trick img[data-card], #hand img[data-card], #upcard img[data-card]")) {
    drawn.add(img.dataset.card);
    const was = before.get(img.dataset.card);
    let start = was?.rect;
    if (!start && img.closest("#trick")) start = placeBox(img.closest(".slot").className.match(/at-(\w)/)?.[1] ?? "n");
    const frame = start && from(img, start);
    if (frame) img.animate([frame, { transform: getComputedStyle(img).transform }], { duration: ms, easing: EASE });
  }
  for (const [card, was] of before) {
    if (drawn.has(card) || was.where === "trick") continue;
    const to = was.where === "hand" ? $("kitty").getBoundingClientRect() : placeBox(placeOf(T.shown.view.dealer));
    fly(card === "back" ? "back" : card, was.rect, to, ms);
  }
}

// A picture of a card that flies from one box to another over the felt, then goes.
function fly(card, start, end, ms, delay = 0) {
  const felt = $("felt").getBoundingClientRect();
  const img = document.createElement("img");
  img.src = cardSrc(card, T.settings.colours);
  img.alt = "";
  img.className = "card";
  img.dataset.card = card;
  img.style.width = `${start.width}px`;
  img.style.left = `${start.left - felt.left}px`;
  img.style.top = `${start.top - felt.top}px`;
  $("flying").append(img);
  const [sx, sy] = centre(start), [ex, ey] = centre(end);
  const move = img.animate([{ transform: "none", opacity: 1 },
                            { transform: `translate(${ex - sx}px, ${ey - sy}px) scale(.6)`, opacity: 0 }],
                           { duration: ms, delay, easing: EASE, fill: "both" });
  move.onfinish = () => img.remove();
  move.oncancel = () => img.remove();
}

// The trick on show gathers towards the seat that won it; returns how long it takes (ms).
export function gather(winner) {
  const ms = duration();
  if (!ms || winner === null || winner === undefined) return 0;
  const to = placeBox(placeOf(winner));
  for (const img of document.querySelectorAll("#trick img[data-card]"))
    fly(img.dataset.card, img.getBoundingClientRect(), to, ms);
  return ms;
}

// The deal: each card on the table's places flies in from the kitty, one after another.
// Returns a promise kept once the last card has landed (null without motion); kept anyway
// a moment after it should have, should a hidden page hold the animations back.
export function deal() {
  const ms = duration();
  if (!ms) return null;
  const kitty = $("kitty").getBoundingClientRect();
  const cards = [...document.querySelectorAll("#hand img, .place .backs img")];
  const moves = [];
  cards.forEach((img, i) => {
    const frame = from(img, kitty, { opacity: 0.4 });
    if (frame) moves.push(img.animate([frame, { transform: "none", opacity: 1 }],
                                      { duration: ms, delay: (i * ms) / 5, easing: EASE, fill: "backwards" }));
  });
  if (!moves.length) return null;
  const longest = ms + ((cards.length - 1) * ms) / 5;
  return Promise.race([Promise.all(moves.map((move) => move.finished.catch(() => null))),
                       new Promise((landed) => { setTimeout(landed, longest + 500); })]);
}
