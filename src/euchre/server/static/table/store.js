// What the table shows now, shared by the modules that draw it and the one that paces it.
// The server is authoritative and words everything: a state message's `words` name the
// choices, the cards, the bids and the finished hand; the page shows them.
import { number, t } from "../i18n.js";
import { loadSettings } from "../settings.js";

export const T = {
  gameId: location.pathname.split("/").pop(),
  token: new URLSearchParams(location.search).get("token") || "",
  settings: loadSettings(),
  shown: null,      // the state message drawn now
  held: null,       // {cards, leader, winner, reason}: a completed trick on show
  handEnd: false,   // the hand-end panel is up: the new hand waits for "Next hand"
  hiding: false,    // the new hand's cards stay hidden while the old hand is shown
  hints: {},        // token -> value, for the shown seq
  hintConvention: "",  // the hint's line on a partners' convention its best choice breaks
  online: false,    // the socket is open
  busy: false,      // a completed trick or a finished hand is being shown (the queue waits)
  dealing: false,   // the deal is in the air: no choice is offered until it has landed
};

export const words = () => T.shown.words;
export const seat = () => T.shown.game.seat;
export const mine = () => T.shown.game.seat ?? 0;
export const seats = () => T.shown.game.names.length;
// Whether the table is played by partners (seat 2 with seat 0): two seats share a side in
// the view's `sides` (four-handed Euchre, Railroad, Hasenpfeffer; not Napoleon).
export const partners = () => new Set(sideOf()).size < seats();
// A seat's name in a letter or two (the bar on a phone): "W", "NW" for North-west. Each
// word's first letter as the reader sees it: past a bidi or format mark (or the test
// pseudo-language's ⟦), a whole grapheme (a letter with its accents or vowel marks), and in
// Arabic past the article (الشمال الغربي: ش‌غ, kept apart with a zero-width non-joiner).
const graphemes = globalThis.Intl?.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
function firstLetter(word) {
  const shown = word.replace(/^[^\p{L}\p{N}]+/u, "").replace(/^ال(?=\p{L}{2})/u, "");
  if (!shown) return "";
  return graphemes ? graphemes.segment(shown)[Symbol.iterator]().next().value.segment
    : String.fromCodePoint(shown.codePointAt(0));
}
export function initial(name) {
  const letters = name.split(/[-\s]+/).map(firstLetter).filter(Boolean).slice(0, 2);
  return letters.join(/\p{Script=Arabic}/u.test(letters.join("")) ? "\u200c" : "").toUpperCase();
}
export const nameOf = (p) => (T.shown.game.seat === p ? t("You") : words().names[p]);
// A sentence about seat p: `yours` when p is the reader's ("You win"), else `theirs` with the
// seat's {name} ("Ann wins"): two messages, each already looked up with t().
export const saysOf = (p, yours, theirs) => (p === T.shown.game.seat ? yours() : theirs(words().names[p]));

// Each seat's side as the game says it (the view's `sides`: partners share one at four; a view
// from before sides were sent: each seat its own side).
const sideOf = () => T.shown.view.sides ?? [...Array(seats()).keys()];

// A side by its players' names, yours first: "You and North" at four, one seat's name else.
export function sideName(side) {
  const members = [...Array(seats()).keys()].filter((p) => sideOf()[p] === side)
    .sort((a, b) => (b === mine()) - (a === mine()));
  if (members.length === 1) return nameOf(members[0]);
  return t("{first} and {second}", { first: nameOf(members[0]), second: nameOf(members[1]) });
}

// The sides of the match as the page lists them, yours first, then round the table: each
// {side, name}, where side indexes a score.
export function sidesShown() {
  const sides = sideOf(), n = sides.length, me = mine();
  const inTurn = [...Array(n).keys()].map((i) => sides[(me + i) % n]);
  return [...new Set(inTurn)].map((side) => ({ side, name: sideName(side) }));
}
// The score by side, yours first: "You 3 · Computer 5" ("You and North 3 · West and East 5").
export const scoreWords = (score) => sidesShown().map((s) => t("{name} {points}", { name: s.name, points: number(score[s.side]) })).join(" · ");
// The seats that play a trick, in order: from the leader clockwise, past a seat sitting out.
export function inTurn(leader, out = []) {
  const n = seats();
  return [...Array(n).keys()].map((i) => (leader + i) % n).filter((p) => !out.includes(p));
}

// Whether a person has taken each seat at least once (computer seats always): the server's
// game.arrived, or, from a server that does not send it, every seat.
export const arrived = (p) => T.shown.game.arrived?.[p] ?? true;

// The deal of the day played out: the engine has dealt a hand nobody plays (a day's hands,
// not a target, end its match), so the table keeps showing the last hand played.
export const dayOver = () => Boolean(T.shown.match?.daily) && T.shown.game.finished
  && (T.shown.match.resigned === null || T.shown.match.resigned === undefined);

// The ended hand while its last trick or its panel is on show, or after the day's last hand
// (else null): the bar, the seats and the middle are still that hand's.
export function endedHand() {
  const v = T.shown.view;
  if (!(T.hiding || T.handEnd || dayOver()) || !v.last_hand) return null;
  return v.last_hand;
}

// Whether the page may offer choices now: the player's turn, shown (the deal landed).
export function choosing() {
  const v = T.shown.view, g = T.shown.game;
  return g.seat !== null && v.legal.length > 0 && !g.finished && !T.hiding && !T.handEnd
    && !T.dealing && waitingFor() === null;
}

// The seat whose first arrival the table waits for (a friend table's empty seat), or null.
export function waitingFor() {
  const g = T.shown.game;
  if (g.mode !== "friend" || g.finished) return null;
  const other = g.names.findIndex((_, p) => p !== g.seat && !arrived(p));
  return other < 0 ? null : other;
}
