// The moves of the game by hand, beside the table in the box of what happened: each hand's
// deal, its bids, the dealer's discard and its tricks, each move a button that shows the
// table just after it. The move on show is marked and kept in view.
import { number, t } from "../i18n.js";
import { $, el, setText } from "../table/dom.js";
import { R, frameAfter, frames } from "./state.js";

let buttons = [];  // by move number (from 1); [0]: none

function moveButton(move, go, words) {
  const node = el("button", { type: "button", class: "move", "data-at": String(move.at),
                              "data-testid": "replay-move" }, words);
  node.addEventListener("click", () => go(frameAfter(move.at)));
  buttons[move.at] = node;
  return node;
}

// One hand's moves: the bidding and a discard one a line, then each trick on a line.
function handItem(deal, moves, go) {
  const lines = [];
  let trick = null;
  for (const move of moves) {
    if (move.trick === null) { lines.push(el("li", {}, moveButton(move, go, move.words))); continue; }
    if (!trick || trick.number !== move.trick) {
      trick = { number: move.trick, node: el("li", { class: "trick-line" }, el("span", { class: "trick-no" }, t("Trick {number}", { number: number(move.trick) }))) };
      lines.push(trick.node);
    }
    trick.node.append(moveButton(move, go, move.words.replace(" played ", ": ")));
  }
  const head = el("button", { type: "button", class: "move deal", "data-testid": "replay-deal",
                              onclick: () => go(deal) }, frames()[deal].said);
  return el("li", { class: "replay-hand" }, el("h3", {}, head), el("ol", {}, ...lines));
}

export function buildMoves(go) {
  const log = $("log");
  setText($("log-title"), t("Moves"));
  buttons = [null];
  const deals = frames().map((f, i) => (f.kind === "deal" ? i : -1)).filter((i) => i >= 0);
  const items = deals.map((deal) => {
    const number = frames()[deal].view.hand_number + 1;
    return handItem(deal, R.data.moves.filter((m) => m.hand === number), go);
  });
  log.replaceChildren(...items);
}

export function drawMoves() {
  const at = frames()[R.index].at;
  for (const node of document.querySelectorAll("#log .move.current")) {
    node.classList.remove("current");
    node.removeAttribute("aria-current");
  }
  const current = frames()[R.index].kind === "deal"
    ? [...document.querySelectorAll("#log .move.deal")][frames().slice(0, R.index + 1).filter((f) => f.kind === "deal").length - 1]
    : buttons[at];
  if (!current) return;
  current.classList.add("current");
  current.setAttribute("aria-current", "step");
  const log = $("log"), box = log.getBoundingClientRect(), mine = current.getBoundingClientRect();
  if (mine.top < box.top || mine.bottom > box.bottom) log.scrollTop += mine.top - box.top - box.height / 3;
}
