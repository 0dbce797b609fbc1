// Beside the table (on a phone, one tap away): the bidding of the hand, what happened, the
// score pad of the match (each hand's dealer, maker, trump, tricks, outcome, points and the
// running score, as the server's scorepad rows have them) and this hand's tricks so far.
import { t } from "../i18n.js";
import { $, el, setText } from "./dom.js";
import { cardImg, keyed } from "./cards.js";
import { T, endedHand, nameOf, partners, saysOf, sidesShown, words } from "./store.js";

function drawBids() {
  const ended = endedHand();
  const bids = ended ? words().last_hand.bids : words().bids;
  $("bids").dataset.empty = t("No bid yet this hand.");  // (shown by the style sheet)
  keyed($("bids"), bids.map((b, i) => ({ ...b, i })), (b) => String(b.i),
        () => el("div"), (node, b) => setText(node, t("{name}: {bid}", { name: nameOf(b.seat), bid: b.words })));
}

// The pad's trump: its suit's symbol, the suit's name for a screen reader only (a column of
// "♦ diamonds" in Somali pushed the score out of the pad)
const trumpCell = (trump) => {
  if (!trump) return ["–"];
  const at = trump.search(/[♣♦♥♠]/u);
  return at < 0 ? [trump] : [trump.slice(0, at + 1), el("span", { class: "visually-hidden" }, trump.slice(at + 1))];
};
const short = (p) => (p === null || p === undefined ? "–" : nameOf(p));

let padDrawn = "";

function drawPad() {
  const rows = T.shown.scorepad || [], sides = sidesShown();
  const box = $("pad");
  const key = `${rows.length} ${sides.map((x) => x.side)} ${words().names.join()} ${rows.length ? rows[rows.length - 1].score : ""}`;
  if (key === padDrawn) return;
  padDrawn = key;
  if (!rows.length) {
    if (!box.querySelector(".empty-pad")) box.replaceChildren(el("p", { class: "empty-pad" }, t("No hand finished yet.")));
    return;
  }
  const head = el("tr", {}, ...["#", t("Dealer"), t("Maker"), t("Trump"), t("Tricks"), t("Result"), t("Pts"), t("Score")]
    .map((h, i) => el("th", { scope: "col", class: i === 0 || i >= 6 ? "num" : null }, h)));
  const body = rows.map((r) => el("tr", {},
    el("td", { class: "num" }, String(r.hand)),
    el("td", { class: "who-cell" }, short(r.dealer)),
    el("td", { class: "who-cell" }, r.bid ? t("{name}: {bid}", { name: short(r.maker), bid: r.bid }) : short(r.maker)),
    el("td", {}, ...trumpCell(r.trump)),
    el("td", {}, bySide(r.tricks, sides, true)),
    el("td", { class: "wraps" }, r.outcome),
    el("td", { class: "num" }, bySide(r.points, sides)),
    el("td", { class: "num" }, bySide(r.score, sides))));
  const table = el("table", { class: "pad" },
    el("caption", { class: "visually-hidden" }, t("Each hand; tricks, points and score by side, in this order: {sides}", { sides: sides.map((x) => x.name).join(t(", ")) })),
    el("thead", {}, head), el("tbody", {}, ...body));
  box.replaceChildren(table);
  box.scrollTop = box.scrollHeight;
}

// A row's numbers by side, yours first ("3–2"); tricks are by seat, so partners' are added.
// Scores that go below zero (Hasenpfeffer, Napoleon's stakes) are set apart by a dot, never
// read as a range ("12 · -3 · -3").
function bySide(numbers, sides, bySeat = false) {
  const apart = T.shown.view.game && T.shown.view.game !== "euchre" ? " · " : "–";
  return sides.map((x) => (bySeat && partners() ? numbers[x.side] + numbers[x.side + 2] : numbers[x.side])).join(apart);
}

function drawHandTricks() {
  const v = T.shown.view, ended = endedHand();
  const tricks = ended ? ended.tricks : v.tricks;
  const reasons = ended ? words().last_hand.reasons : words().reasons;
  $("hand-tricks").dataset.empty = t("No trick played yet.");  // (shown by the style sheet)
  keyed($("hand-tricks"), tricks.map((t, i) => ({ ...t, i })), (t) => t.cards.join(),
    (t) => el("li", {}, ...t.cards.map((c) => cardImg(c)), el("span", { class: "said" })),
    (node, trick) => setText(node.querySelector(".said"), saysOf(trick.winner, () => t("You win: {reason}", { reason: reasons[trick.i] ?? "" }),
      (name) => t("{name} wins: {reason}", { name, reason: reasons[trick.i] ?? "" }))));
}

export function drawSide() {
  drawBids();
  drawPad();
  drawHandTricks();
}

// A line in "What happened" (the newest at the bottom, the oldest let go after 80).
export function logLine(text) {
  if (!text) return;
  const log = $("log");
  log.append(el("li", {}, text));
  while (log.childElementCount > 80) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}
