// The middle of the table: the upcard and the kitty in the dealer's corner, the trick with
// each card in front of the seat that played it, why it was won, and the last trick one
// tap or click away.
import { t } from "../i18n.js";
import { $, el, setText } from "./dom.js";
import { cardImg, keyed, updateImg } from "./cards.js";
import { T, endedHand, inTurn, nameOf, saysOf, seats, words } from "./store.js";
import { DEALER_CORNER, placeOf } from "./places.js";

const CORNERS = Object.values(DEALER_CORNER).map((c) => `at-${c}`);

function drawUpcard() {
  const v = T.shown.view, ended = endedHand(), said = words();
  const dealer = ended ? ended.dealer : v.dealer;
  const zone = $("upcard-zone");
  zone.hidden = !("upcard" in v);  // Hasenpfeffer and Napoleon turn no card up
  if (zone.hidden) return;
  const corner = `at-${DEALER_CORNER[placeOf(dealer)]}`;
  if (!zone.classList.contains(corner)) { zone.classList.remove(...CORNERS); zone.classList.add(corner); }
  const kitty = $("kitty");
  if (!kitty.firstChild) kitty.append(cardImg("back", ""), cardImg("back", ""), cardImg("back", ""));
  const card = ended ? ended.upcard : v.upcard;
  const state = ended ? said.last_hand.upcard : said.upcard;
  // the upcard leaves the table once the dealer takes it (it is in his hand: never drawn twice)
  const taken = ended ? ended.upcard_taken : v.upcard_taken || v.phase === "discard";
  let caption = state;
  if (!ended && taken) caption = v.phase === "discard" && v.dealer === T.shown.game.seat
    ? t("in your hand") : saysOf(dealer, () => t("picked up by you"), (name) => t("picked up by {name}", { name }));
  const up = $("upcard");
  const down = ended ? said.last_hand.upcard_down : said.upcard_down;  // (the server's word for it)
  up.className = `slot upcard${down ? " down" : ""}${taken ? " taken" : ""}`;
  let img = up.querySelector("img"), label = up.querySelector(".caption");
  if (!label) {
    label = el("p", { class: "caption" }, el("span", { class: "visually-hidden" }), el("span"));
    up.append(label);
  }
  if (taken || !card) { img?.remove(); img = null; }
  else if (!img) up.prepend(cardImg(card));
  else updateImg(img, card);
  setText(label.firstChild, ended ? t("the upcard of the hand that ended: ") : "");
  setText(label.lastChild, caption);
  setText($("note"), ended ? "" : said.note);
}

function trickSlots(box, cards, leader, winner, out) {
  const order = inTurn(leader, out);
  const items = cards.map((card, i) => ({ card, who: order[i] }));
  keyed(box, items, (it) => it.card,
    (it) => el("div", { class: "slot" }, cardImg(it.card), el("span", { class: "tag win-tag" })),
    (node, it) => {
      const won = winner === it.who;
      node.className = `slot at-${placeOf(it.who)}${won ? " won" : ""}`;
      updateImg(node.querySelector("img"), it.card,
                won ? t("{card}, played by {name}, wins the trick", { card: words().cards[it.card]?.name ?? it.card, name: nameOf(it.who) })
                  : t("{card}, played by {name}", { card: words().cards[it.card]?.name ?? it.card, name: nameOf(it.who) }));
      setText(node.querySelector(".win-tag"), won ? t("wins") : "");
    });
}

function drawTrick() {
  const v = T.shown.view, ended = endedHand(), held = T.held;
  let trick = held, reason = held?.reason ?? "";
  if (!trick && ended) {
    trick = ended.tricks[ended.tricks.length - 1] || null;
    reason = words().last_hand.reasons[ended.tricks.length - 1] ?? "";
  }
  const out = (ended ? ended.out : v.out) || [];
  if (trick) trickSlots($("trick"), trick.cards, trick.leader, trick.winner, held ? v.out || [] : out);
  else trickSlots($("trick"), v.trick, v.leader, null, v.out || []);
  $("trick").classList.toggle("done", Boolean(trick));
  $("trick").classList.toggle("five", seats() === 5);  // Napoleon's fifth seat: the places in a fan
  setText($("why"), trick && trick.winner !== null && trick.winner !== undefined
    ? saysOf(trick.winner, () => t("You win the trick: {reason}", { reason }), (name) => t("{name} wins the trick: {reason}", { name, reason })) : "");
  const previous = ended ? null : held ? v.tricks[v.tricks.length - 2] : v.tricks[v.tricks.length - 1];
  trickSlots($("last-trick"), previous ? previous.cards : [], previous?.leader ?? 0, previous?.winner ?? null, v.out || []);
  const button = $("last-trick-button");
  button.disabled = !previous;
  if (!previous) showLastTrick(false);
}

// The last trick is one control: a click, a tap, Enter or Space opens it and the next shuts
// it (aria-expanded says which); a mouse resting on the button previews it, and a click
// then keeps it open. A press anywhere else, or Escape, shuts it.
const lastTrick = { open: false, peek: false };

function drawLastTrick() {
  const shown = lastTrick.open || lastTrick.peek;
  $("last-trick").hidden = !shown;
  $("last-trick-button").setAttribute("aria-expanded", String(shown));
}

export function showLastTrick(open) {
  lastTrick.open = open;
  lastTrick.peek = false;
  drawLastTrick();
}

export function bindLastTrick() {
  const button = $("last-trick-button");
  button.addEventListener("click", () => showLastTrick(!lastTrick.open));
  const peek = (on) => (event) => {
    if (event.pointerType !== "mouse" || lastTrick.peek === on) return;
    lastTrick.peek = on && !button.disabled;
    drawLastTrick();
  };
  button.addEventListener("pointerenter", peek(true));
  button.addEventListener("pointerleave", peek(false));
  document.addEventListener("pointerdown", (event) => {
    if (lastTrick.open && !event.target.closest?.("#last-trick-button, #last-trick")) showLastTrick(false);
  });
}

export function drawCentre() {
  drawUpcard();
  drawTrick();
}
