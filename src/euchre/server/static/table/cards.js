// Card pictures as the page shows them, and lists of them kept element for element: a card
// that stays on the table keeps its element, so a click on it is never lost to a redraw
// and it can be moved smoothly from where it was.
import { t } from "../i18n.js";
import { cardSrc, el, setAttr } from "./dom.js";
import { T, words } from "./store.js";

export function cardName(card) {
  return card === "back" ? t("a hidden card") : words().cards[card]?.name ?? t("a card");
}

// A card's image: its picture in the chosen colours, its spoken name (or `alt`).
export function cardImg(card, alt = null, cls = "card") {
  return el("img", { src: cardSrc(card, T.settings.colours), class: cls, alt: alt ?? cardName(card),
                     "data-card": card, draggable: "false" });
}

export function updateImg(img, card, alt = null) {
  setAttr(img, "src", cardSrc(card, T.settings.colours));
  setAttr(img, "alt", alt ?? cardName(card));
  setAttr(img, "data-card", card);
}

// Every card shown in the deck colours chosen now: a change of the setting redraws them all
// (the hand, the trick, the upcard, the last trick, the hand's tricks, a replay's hands).
export function recolour() {
  for (const img of document.querySelectorAll("img[data-card]"))
    setAttr(img, "src", cardSrc(img.dataset.card, T.settings.colours));
}

// Makes `box`'s children the given items, in order, reusing the child whose data-key is the
// item's key: make(item) builds a new one, update(node, item) brings one up to date.
export function keyed(box, items, key, make, update) {
  const old = new Map([...box.children].map((n) => [n.dataset.key, n]));
  const wanted = items.map((item) => {
    let node = old.get(key(item));
    if (!node) { node = make(item); node.dataset.key = key(item); }
    old.delete(key(item));
    update(node, item);
    return node;
  });
  for (const gone of old.values()) gone.remove();
  wanted.forEach((node, i) => { if (box.children[i] !== node) box.insertBefore(node, box.children[i] || null); });
}

// The hand as drawn: the engine's order (trump first, the left bower among the trumps),
// low cards first if so set; the dealer about to discard holds the upcard as a sixth card.
export function handCards(v) {
  let cards = [...v.hand];
  if (T.settings.sort === "low") {
    const runs = [];
    for (const c of cards) {
      const suit = words().suits[c];
      if (runs.length && runs[runs.length - 1].suit === suit) runs[runs.length - 1].cards.push(c);
      else runs.push({ suit, cards: [c] });
    }
    cards = runs.flatMap((r) => r.cards.reverse());
  }
  if (v.phase === "discard" && v.dealer === v.player) cards.push(v.upcard);
  return cards;
}
