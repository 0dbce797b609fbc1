// Your hand and your choices. A card you may play is a button carrying its action
// (data-action), exactly as the server's view.legal offers it; the others are pictures,
// dimmed while you choose. Bids are buttons under the table. Each card carries its marks:
// trump (a gold tab), the hint's best choice (a dashed frame), each with its own words.
import { t } from "../i18n.js";
import { $, el, setAttr, setText } from "./dom.js";
import { cardName, cardImg, handCards, keyed } from "./cards.js";
import { T, choosing, dayOver, words } from "./store.js";
import { seatAt } from "./places.js";
import { cardsHeld, showBacks } from "./seats.js";
import { act } from "./actions.js";

// The tokens the hint values highest (all of them on a tie); none without a hint.
export function bestTokens() {
  const entries = Object.entries(T.hints);
  if (!entries.length) return new Set();
  const top = Math.max(...entries.map(([, x]) => x));
  return new Set(entries.filter(([, x]) => x >= top - 1e-9).map(([t]) => t));
}

// A value in points as the hints and the review show it: +0.42, -1.20.
export const signed = (x) => `${x >= 0 ? "+" : ""}${x.toFixed(2)}`;

function makeSlot() {
  return el("div", { class: "slot" }, el("span", { class: "tag trump-tag" }),
            el("span", { class: "tag best-tag" }), el("span", { class: "value" }));
}

function updateSlot(node, { card, choice, trump, upcard, open, best }) {
  let img = node.querySelector("img"), button = node.querySelector("button");
  if (!img) img = cardImg(card);
  const name = trump ? t("{card}, trump", { card: cardName(card) }) : cardName(card);
  if (choice) {
    if (!button) {
      button = el("button", { type: "button", class: "card-btn" }, el("span", { class: "key" }));
      button.addEventListener("click", () => act(button.dataset.action));
      node.prepend(button);
    }
    if (img.parentNode !== button) button.prepend(img);
    setAttr(button, "data-action", choice.token);
    setAttr(button, "title", choice.words);
    button.disabled = !T.online;
    button.classList.toggle("best", best);
    setAttr(img, "alt", best ? t("{choice} ({card}, the hint's best choice)", { choice: choice.words, card: name })
      : t("{choice} ({card})", { choice: choice.words, card: name }));
    img.className = "card legal";
  } else {
    if (img.parentNode !== node) node.prepend(img);
    button?.remove();
    setAttr(img, "alt", name);
    img.className = open ? "card dimmed" : "card";
  }
  node.className = `slot${trump ? " trump" : ""}${upcard ? " upcard-in-hand" : ""}`;
  const value = choice && choice.token in T.hints ? T.hints[choice.token].toFixed(2) : "";
  node.classList.toggle("has-value", Boolean(value));
  setText(node.querySelector(".trump-tag"), upcard ? t("upcard") : trump ? t("trump") : "");
  setText(node.querySelector(".best-tag"), best ? t("best") : "");
  setText(node.querySelector(".value"), value);
}

// A finished game's replay: the bottom seat's cards face up, trumps and the expert's best
// marked, nothing to choose.
function drawOpen(box, v) {
  const p = seatAt("s"), cards = handCards({ ...v, hand: T.shown.open[p], player: p });
  box.dataset.zone = "hand";
  setAttr(box, "aria-label", t("{name}'s cards", { name: words().names[p] }));
  const best = bestTokens(), up = v.phase === "discard" && v.dealer === p ? cards.length - 1 : -1;
  keyed(box, cards.map((card, i) => ({
    card, choice: null, open: false, upcard: i === up,
    trump: Boolean(v.trump) && words().suits[card] === v.trump,
    best: best.has(card) || best.has(`discard ${card}`) })), (it) => it.card, makeSlot, updateSlot);
}

export function drawHand() {
  const v = T.shown.view, g = T.shown.game, box = $("hand");
  if (T.shown.open) { drawOpen(box, v); return; }
  if (g.seat === null) {  // a spectator: the first seat's cards, face down
    box.dataset.zone = `seat-${seatAt("s")}`;
    box.setAttribute("aria-label", t("{name}'s cards", { name: words().names[seatAt("s")] }));
    [...box.children].forEach((n) => { if (n.tagName !== "IMG") n.remove(); });
    showBacks(box, cardsHeld(seatAt("s")));
    return;
  }
  const best = bestTokens();
  const byCard = new Map(choosing() ? words().choices.filter((c) => c.card).map((c) => [c.card, c]) : []);
  const open = byCard.size > 0;  // cards to choose from: the others are dimmed
  const cards = T.hiding || T.handEnd || dayOver() ? [] : handCards(v);
  // a card offered from outside the hand (Railroad's dealer may give the upcard) comes last
  for (const card of byCard.keys()) if (!cards.includes(card)) cards.push(card);
  const trump = v.trump, up = v.phase === "discard" || cards.length > v.hand.length ? v.hand.length : -1;
  const items = cards.map((card, i) => {
    const choice = byCard.get(card) || null;
    return { card, choice, trump: Boolean(trump) && words().suits[card] === trump,
             upcard: i === up, open, best: Boolean(choice) && best.has(choice.token) };
  });
  keyed(box, items, (it) => it.card, makeSlot, updateSlot);
  box.classList.toggle("six", items.length > 5);
}

// Where each bid sits among the choices: a call in the first row, its lone twin ("... alone")
// under it in the same column, so the seven choices of a round 2 at four take two rows, not
// four, and each stays a full-size button on a phone. Returns token -> [column, row].
export function gridOf(tokens) {
  const offered = new Set(tokens), at = new Map();
  const twinOf = (t) => (t.endsWith(" alone") && offered.has(t.slice(0, -6)) ? t.slice(0, -6) : null);
  for (const t of tokens) if (!twinOf(t)) at.set(t, [at.size + 1, 1]);
  for (const t of tokens) if (twinOf(t)) at.set(t, [at.get(twinOf(t))[0], 2]);
  return at;
}

export function drawChoices() {
  const bids = choosing() ? words().choices.filter((c) => !c.card) : [];
  const best = bestTokens(), grid = gridOf(bids.map((c) => c.token));
  const saying = Object.fromEntries(bids.map((c) => [c.token, c.words]));
  const places = [...grid.values()], twins = places.some(([, row]) => row === 2);
  $("actions").classList.toggle("two-rows", twins);
  // a bidding ladder (more calls than Euchre's pass and three suits, no lone twins): on a
  // phone it may take more lines (play.css)
  $("actions").classList.toggle("ladder", !twins && places.length > 4);
  keyed($("actions"), bids, (c) => c.token,
    (c) => {
      const button = el("button", { type: "button" }, el("span", { class: "key" }),
                        el("span", { class: "said" }, el("span", { class: "twin visually-hidden" }), el("span")));
      button.addEventListener("click", () => act(button.dataset.action));
      return button;
    },
    (button, c) => {
      const [column, row] = grid.get(c.token);
      setAttr(button, "data-action", c.token);
      button.style.gridArea = `${row} / ${column}`;
      button.disabled = !T.online;
      button.classList.toggle("best", best.has(c.token));
      button.classList.toggle("twin", row === 2);
      setAttr(button, "aria-describedby", best.has(c.token) ? "best-words" : null);
      // a lone twin shows only what it adds ("alone"); its whole words stay for screen readers
      const base = row === 2 ? saying[c.token.slice(0, -6)] : "";
      const own = base && c.words.startsWith(base) ? c.words.slice(base.length).trim() : c.words;
      const [twin, shown] = button.querySelector(".said").children;
      setText(twin, own === c.words ? "" : `${base} `);
      setText(shown, own + (c.token in T.hints ? ` (${signed(T.hints[c.token])})` : ""));
    });
  document.querySelectorAll("[data-action]").forEach((node, i) => {
    const key = node.querySelector(".key");
    if (key) setText(key, i < 9 ? String(i + 1) : "");
  });
}

// The hint's values in one line, best first, labelled as the expert's estimate (and, at a
// table of four, the line on a partners' convention its best choice breaks). On a phone the
// values themselves give way (each is on its card or button): the label and the convention wrap.
export function drawHints() {
  const ranked = Object.entries(T.hints).sort((a, b) => b[1] - a[1]);
  const wordsOf = Object.fromEntries(words().choices.map((c) => [c.token, c.words]));
  const box = $("hints");
  const thinking = box.dataset.thinking === "1" && choosing();  // (the Hint button's words)
  if (box.children.length !== 3) box.replaceChildren(el("span"), el("span", { class: "long" }), el("span"));
  const [head, values, convention] = box.children;
  const shown = ranked.length && choosing();
  if (!thinking) delete box.dataset.thinking;
  setText(head, shown ? t("Expert's estimate ({label})", { label: words().hint_label }) : thinking ? t("Thinking…") : "");
  setText(values, shown ? ": " + ranked.map(([t, x]) => `${wordsOf[t] ?? t} ${signed(x)}`).join(" · ") : "");
  setText(convention, shown && T.hintConvention ? ` — ${T.hintConvention}` : "");
}
