// The end of a hand (its summary and the score, until the player continues) and the end of
// the match (who won or resigned, the score hand by hand, a rematch; at the end of the deal
// of the day, the player's points beside the expert's instead of a rematch).
import { number, t, tn } from "../i18n.js";
import { $, el, setText } from "./dom.js";
import { T, mine, saysOf, scoreWords, sidesShown } from "./store.js";
import { matchWords } from "./bar.js";
import { scoreChart } from "./chart.js";
import { rematchButton, rematchLines } from "./rematch.js";
import { dayEnd } from "./dayend.js";

export function drawHandEnd() {
  const panel = $("hand-end");
  panel.hidden = !T.handEnd;
  if (!T.handEnd) return;
  const v = T.shown.view, last = T.shown.words.last_hand;
  setText($("hand-end-title"), t("Hand {number}: {outcome}", { number: number(v.hand_number), outcome: last.outcome }));
  setText($("hand-end-summary"), last.summary);
  const day = T.shown.match.daily;  // a day's hands, not a target, end its match
  setText($("hand-end-score"), day ? t("Score: {score} (hand {number} of {hands})", { score: scoreWords(v.score), number: number(v.hand_number), hands: number(day.hands) })
    : t("Score: {score} (to {target})", { score: scoreWords(v.score), target: number(v.target) }));
}

function summaryTable(s) {
  const sides = sidesShown(), by = (counts) => sides.map((x) => counts[x.side]);
  const rows = [["", ...sides.map((x) => x.name)], [t("Hands made"), ...by(s.made)],
                [t("Marches"), ...by(s.march)], [t("Euchres scored"), ...by(s.euchres)]];
  return el("table", { class: "summary", "data-testid": "match-summary" },
    ...rows.map((r, i) => el("tr", {}, ...r.map((c, j) =>
      i === 0 && j === 0 ? el("td")
        : el(i === 0 || j === 0 ? "th" : "td", i === 0 ? { scope: "col" } : j === 0 ? { scope: "row" } : {}, String(c))))));
}

function resignedWhen(who, played) {
  const score = T.shown.view.score;
  const at = sidesShown().map((x) => number(score[x.side])).join("-");
  if (!played) return saysOf(who, () => t("You resigned before the first hand was over, at {score}.", { score: at }),
                             (name) => t("{name} resigned before the first hand was over, at {score}.", { name, score: at }));
  return saysOf(who, () => tn("You resigned after {n} hand, at {score}.", "You resigned after {n} hands, at {score}.", played, { score: at }),
                (name) => tn("{name} resigned after {n} hand, at {score}.", "{name} resigned after {n} hands, at {score}.", played, { name, score: at }));
}

export function drawOver() {
  const g = T.shown.game, m = T.shown.match, panel = $("over");
  panel.hidden = !g.finished || T.busy;
  if (panel.hidden || !m.summary) return;
  const s = m.summary, me = mine(), sides = sidesShown();
  const resigned = m.resigned !== null && m.resigned !== undefined;
  const last = T.shown.words.last_hand;
  const played = s.scores.length - 1;
  panel.replaceChildren(
    el("h2", {}, matchWords()),
    ...dayEnd(),
    el("p", {}, resigned ? resignedWhen(m.resigned, played) : last ? last.summary : ""),
    ...(m.undo_used ? [el("p", {}, t("Played with undo."))] : []),
    ...(played ? [el("p", {}, t("The score hand by hand:")),
                  scoreChart(s.scores, m.daily ? null : T.shown.view.target, sides.map((x) => x.name),
                             sides.map((x) => x.side)),
                  summaryTable(s)]
      : [el("p", {}, t("No hand was finished."))]),
    ...(m.daily ? [] : [el("p", { class: "offer", "data-testid": "rematch-offer" }, rematchLines().join(" "))]),
    el("p", { class: "links" }, ...(g.seat === null || m.daily ? [] : [rematchButton()]),
       el("a", { href: `/games/${T.gameId}`, "data-testid": "record-link" }, t("The game, hand by hand")),
       el("a", { href: `/players/${encodeURIComponent(g.names[me])}` }, t("Statistics")),
       el("a", { href: "/" }, t("Lobby"))));
}
