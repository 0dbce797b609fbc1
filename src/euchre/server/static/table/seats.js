// The places around the table: each seat's name, whether someone is there, the dealer's
// chip, tricks won, the backs of the cards it holds (in a replay, their faces) and its bid
// in a bubble.
import { number, t } from "../i18n.js";
import { $, cardSrc, el, setAttr, setText } from "./dom.js";
import { cardImg, handCards, keyed, updateImg } from "./cards.js";
import { T, endedHand, seats, waitingFor, words } from "./store.js";
import { PLACES, seatAt } from "./places.js";

// The north place keeps the ids the tests and the contract of the two-handed page know
// (them-*), the south place its own (me-*).
const IDS = { n: "them", s: "me" };

function build(place) {
  const node = $(`place-${place}`);
  if (node.firstChild) return node;
  const id = (part) => (IDS[place] ? `${IDS[place]}-${part}` : null);
  node.append(
    el("div", { class: "who" },
       el("span", { class: "dot", id: id("dot") }), el("b", { class: "name", id: id("name") }),
       el("span", { class: "line-break" }),  // at a side place: the chip and the tricks under the name
       el("span", { class: "dealer-chip", title: t("the dealer") }), el("span", { class: "turn-mark" }),
       el("span", { class: "presence", id: id("here"), "data-testid": id("here") }),
       el("span", { class: "tricks", id: id("tricks") })),
    ...(place === "s" ? [] : [el("div", { class: "backs", id: id("cards"), "aria-hidden": "true" })]),
    el("p", { class: "bubble", "data-testid": `bubble-${place}` }));
  return node;
}

// How many cards a seat holds as the table shows it (none while the ended hand is shown).
export function cardsHeld(p) {
  const v = T.shown.view;
  if (endedHand()) return 0;
  if (seats() > 2 && v.cards_held) return v.cards_held[p];
  const n = seats(), order = (p - v.leader + n) % n;
  const inTrick = v.trick.length > order ? 1 : 0;
  const extra = v.phase === "discard" && v.dealer === p ? 1 : 0;
  return Math.max(5 - v.tricks.length - inTrick + extra, 0);
}

function presence(p) {
  const g = T.shown.game;
  if (!T.online) return ["dot unknown", t("unknown: not connected")];
  if ((T.shown.view.out || []).includes(p) && !endedHand()) return ["dot on", ""];  // said in his bubble
  if (g.mode === "computer" && p !== g.seat) return ["dot on", ""];
  if (g.connected[p]) return ["dot on", p === g.seat ? "" : t("at the table")];
  return ["dot", p === g.seat ? "" : T.shown.game.arrived?.[p] === false ? t("not arrived yet") : t("away")];
}

// The level of the computer in seat p (null for a person's seat; at a friend table the
// computers the host started with, and one playing for a player away).
function levelOf(p) {
  const g = T.shown.game;
  if (g.levels) return g.levels[p];
  return g.mode === "computer" && p === 1 ? g.level : null;
}

function bidOf(p) {
  const ended = endedHand();
  const bids = ended ? words().last_hand.bids : words().bids;
  const own = bids.filter((b) => b.seat === p);
  return own.length ? own[own.length - 1].words : "";
}

// The seat to act now, as the table shows it (null while a hand's end is shown, the match is
// over or the table waits for someone to arrive), and what it is to do.
export function turnOf() {
  const v = T.shown.view, g = T.shown.game;
  if (g.finished || endedHand() || T.handEnd || waitingFor() !== null || v.to_move === null
      || v.to_move === undefined || v.phase === "over") return null;
  const doing = { play: t("to play"), discard: t("to discard"), exchange: t("to discard"),  // (Railroad's
                  give: t("to give a card") }[v.phase] || t("to bid");                        // lone exchange)
  return { seat: v.to_move, doing };
}

function drawPlace(place) {
  const node = build(place), p = seatAt(place), g = T.shown.game;
  node.classList.toggle("empty", p === null);
  node.toggleAttribute("aria-hidden", p === null);
  if (p === null) { delete node.dataset.zone; return; }
  if (place !== "s") node.dataset.zone = `seat-${p}`;  // at the bottom: the hand's row
  const v = T.shown.view, ended = endedHand(), turn = turnOf(), out = (v.out || []).includes(p) && !ended;
  const mark = turn && turn.seat === p ? turn.doing : "";
  setAttr(node, "role", "group");
  const label = p === g.seat ? t("You") : words().names[p];
  setAttr(node, "aria-label", mark ? t("{name}, {doing}", { name: label, doing: mark }) : label);
  node.classList.toggle("out", out);  // his cards laid down
  node.classList.toggle("turn", Boolean(mark));
  const [dot, here] = presence(p);
  const who = node.querySelector(".who");
  who.querySelector(".dot").className = dot;
  const name = who.querySelector(".name");  // the level in its own span: it wraps whole, never "(medium / )"
  if (!name.firstChild) name.append(document.createTextNode(""), el("span", { class: "level" }));
  setText(name.firstChild, words().names[p]);
  const level = p !== g.seat && levelOf(p) ? t("({level})", { level: t(levelOf(p)) }) : "";
  setText(name.lastChild, level ? ` ${level}` : "");
  setText(who.querySelector(".presence"), here);
  setText(who.querySelector(".dealer-chip"), (ended ? ended.dealer : v.dealer) === p ? t("dealer") : "");
  setText(who.querySelector(".turn-mark"), mark);
  setText(who.querySelector(".tricks"), t("tricks {n}", { n: number((ended ? ended.tricks_won : v.tricks_won)[p]) }));
  setText(node.querySelector(".bubble"), out ? t("sits out this hand") : bidOf(p));
  const backs = node.querySelector(".backs");
  if (backs && T.shown.open) showFaces(backs, p);
  else if (backs) showBacks(backs, cardsHeld(p));
}

// A finished game's replay: the seat's cards face up, in the order of a hand.
function showFaces(box, p) {
  const v = T.shown.view, cards = handCards({ ...v, hand: T.shown.open[p], player: p });
  box.classList.add("open");
  setAttr(box, "aria-hidden", null);
  setAttr(box, "role", "group");
  setAttr(box, "aria-label", t("{name}'s cards", { name: words().names[p] }));
  [...box.children].forEach((n) => { if (!n.dataset.key) n.remove(); });
  keyed(box, cards, (card) => card, (card) => cardImg(card), (img, card) => updateImg(img, card));
}

export function showBacks(box, count) {
  while (box.children.length > count) box.lastChild.remove();
  while (box.children.length < count)
    box.append(el("img", { class: "card", src: cardSrc("back"), alt: "", "data-card": "back" }));
}

export function drawSeats() {
  for (const place of PLACES) drawPlace(place);
}
