// A decision of the reviewed seat (?seat=S) where the replay stands: every option with the
// value the review gave it (the review's own JSON, GET /api/games/ID/review/S: nothing is
// valued again here), the choice made and the expert's best marked, under the table where
// the live game offers its choices. Elsewhere, a link to the review of the seat to move.
import { listed, t } from "../i18n.js";
import { $, el, setText } from "../table/dom.js";
import { T } from "../table/store.js";
import { signed } from "../table/hand.js";
import { R, decisionNow, frame, names } from "./state.js";

const reviewOf = (seat, hand) => `${R.data.game.reviews[seat]}#hand-${hand}`;

// Loads the seat's review (started by asking, if it was not yet), then redraws.
export async function loadDecisions(redraw) {
  const reply = await fetch(R.data.game.review_api[R.seat], { cache: "no-store" });
  const told = await reply.json();
  if (told.status !== "done") {
    R.reviewWords = told.words || told.error;
    redraw();
    if (told.status === "queued" || told.status === "running") setTimeout(() => loadDecisions(redraw), 800);
    return;
  }
  R.decisions = new Map(told.review.decisions.map((d) => [`${d.hand}:${d.index}`, d]));
  R.reviewWords = "";
  redraw();
}

// The options as the review lists them: best first, the expert's best before a tie.
function ranked(d) {
  return Object.keys(d.values).sort((a, b) => d.values[b] - d.values[a] || (b === d.best) - (a === d.best));
}

function option(d, token) {
  const marks = [[token === d.chosen, "chosen", t("{name}'s choice", { name: names()[d.player] })],
                 [token === d.best, "best", t("the expert's best")]].filter(([yes]) => yes);
  return el("span", { class: `option ${marks.map((m) => m[1]).join(" ")}`, "data-testid": "replay-option",
                      "data-token": token },
            el("span", { class: "said" }, d.words[token]), " ",
            el("b", { class: "option-value" }, signed(d.values[token])),
            ...(marks.length ? [el("span", { class: "marks" }, ` ${listed(marks.map((m) => m[2]))}`)] : []));
}

function reviewLink(seat, hand, words) {
  return el("a", { href: reviewOf(seat, hand), "data-testid": "replay-review" }, words);
}

export function drawDecision() {
  const d = decisionNow(), f = frame(), hand = f.view.hand_number + 1;
  T.hints = d ? { [d.best]: d.values[d.best] } : {};  // the hand marks the review's best alone
  $("actions").replaceChildren(...(d ? ranked(d).map((t) => option(d, t)) : []));
  $("actions").classList.toggle("valued", Boolean(d));
  const line = $("hints");
  if (d) {
    const lost = d.loss >= 0.005 ? t("lost {loss}", { loss: d.loss.toFixed(2) }) : t("no loss");
    line.replaceChildren(el("span", { class: "long" }, t("Expert's estimate ({label}); ", { label: f.words.hint_label })),
                         `${lost} · `, reviewLink(d.player, d.hand, t("in the review")));
    return;
  }
  if (R.reviewWords) { setText(line, R.reviewWords); return; }
  const ended = f.kind === "end", last = R.data.moves[f.at - 1];
  const seat = ended ? last.seat : f.view.to_move ?? last?.seat;
  const number = ended && f.view.phase !== "over" ? hand - 1 : hand;
  line.replaceChildren(...(seat === null || seat === undefined ? []
    : [reviewLink(seat, number, t("Review {name}'s play of this hand", { name: names()[seat] }))]));
}
