// The end of a hand (its summary and the score, until the player continues) and the end of
// the match (who won or resigned, the score hand by hand, a rematch).
import { $, el, setText } from "./dom.js";
import { T, mine, nameOf, scoreWords, sidesShown } from "./store.js";
import { matchWords } from "./bar.js";
import { scoreChart } from "./chart.js";
import { send } from "./connection.js";

export function drawHandEnd() {
  const panel = $("hand-end");
  panel.hidden = !T.handEnd;
  if (!T.handEnd) return;
  const v = T.shown.view, last = T.shown.words.last_hand;
  setText($("hand-end-title"), `Hand ${v.hand_number}: ${last.outcome}`);
  setText($("hand-end-summary"), last.summary);
  setText($("hand-end-score"), `Score: ${scoreWords(v.score)} (to ${v.target})`);
}

function summaryTable(s) {
  const sides = sidesShown(), by = (counts) => sides.map((x) => counts[x.side]);
  const rows = [["", ...sides.map((x) => x.name)], ["Hands made", ...by(s.made)],
                ["Marches", ...by(s.march)], ["Euchres scored", ...by(s.euchres)]];
  return el("table", { class: "summary", "data-testid": "match-summary" },
    ...rows.map((r, i) => el("tr", {}, ...r.map((c, j) =>
      i === 0 && j === 0 ? el("td")
        : el(i === 0 || j === 0 ? "th" : "td", i === 0 ? { scope: "col" } : j === 0 ? { scope: "row" } : {}, String(c))))));
}

function rematchOffer(g, asked, me) {
  const other = 1 - me;
  if (g.seat !== null && asked.includes(other) && !asked.includes(me)) return `${nameOf(other)} asks for a rematch.`;
  if (g.seat !== null && asked.includes(me)) return `Waiting for ${nameOf(other)} to accept the rematch…`;
  return "";
}

function resignedWhen(who, played) {
  const score = T.shown.view.score;
  const when = played ? `after ${played === 1 ? "one hand" : `${played} hands`}` : "before the first hand was over";
  return `${nameOf(who)} resigned ${when}, at ${sidesShown().map((x) => score[x.side]).join("-")}.`;
}

export function drawOver() {
  const g = T.shown.game, m = T.shown.match, panel = $("over");
  panel.hidden = !g.finished || T.busy;
  if (panel.hidden || !m.summary) return;
  const s = m.summary, me = mine(), asked = m.rematch_asked, sides = sidesShown();
  const resigned = m.resigned !== null && m.resigned !== undefined;
  const last = T.shown.words.last_hand;
  const played = s.scores.length - 1;
  const rematch = el("button", { type: "button", "data-testid": "rematch", onclick: () => send({ type: "rematch" }) },
                     asked.includes(1 - me) && !asked.includes(me) ? "Accept the rematch" : "Rematch");
  if (asked.includes(me)) rematch.disabled = true;
  panel.replaceChildren(
    el("h2", {}, matchWords()),
    el("p", {}, resigned ? resignedWhen(m.resigned, played) : last ? last.summary : ""),
    ...(m.undo_used ? [el("p", {}, "Played with undo.")] : []),
    ...(played ? [el("p", {}, "The score hand by hand:"),
                  scoreChart(s.scores, T.shown.view.target, sides.map((x) => x.name), sides.map((x) => x.side)),
                  summaryTable(s)]
      : [el("p", {}, "No hand was finished.")]),
    el("p", { class: "offer", "data-testid": "rematch-offer" }, rematchOffer(g, asked, me)),
    el("p", { class: "links" }, ...(g.seat === null ? [] : [rematch]),
       el("a", { href: `/games/${T.gameId}`, "data-testid": "record-link" }, "The game, hand by hand"),
       el("a", { href: `/players/${encodeURIComponent(g.names[me])}` }, "Statistics"),
       el("a", { href: "/" }, "Lobby")));
}
