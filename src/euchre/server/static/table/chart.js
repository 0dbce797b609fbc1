// The match chart: the score after each hand, one line per side (two, or three in
// cutthroat), drawn as SVG with its axes, the hand numbers, the target and a legend (no
// library).
import { number, t } from "../i18n.js";
import { svgEl } from "./dom.js";

const W = 340, LEFT = 30, RIGHT = 10, BOTTOM = 28, PLOT = 116, ROW = 14, COLUMN = 150;
const LOOKS = ["seat-me", "seat-them", "seat-third"];  // a colour and a dash of its own each

function text(x, y, words, anchor = "middle") {
  const node = svgEl("text", { x, y, "text-anchor": anchor });
  node.textContent = words;
  return node;
}

// scores: [[0, 0], after hand 1, ...]; names: each line's label, yours first; sides: the
// index in a score of each line, in the same order. target: the line of the goal, or null
// for a match that no target ends (the deal of the day's hands).
export function scoreChart(scores, target, names, sides) {
  const rows = Math.ceil(sides.length / 2), top = 12 + rows * ROW, H = top + PLOT + BOTTOM;
  const high = Math.max(target ?? 0, ...scores.flat(), 1), hands = Math.max(scores.length - 1, 1);
  const x = (i) => LEFT + (i / hands) * (W - LEFT - RIGHT);
  const y = (s) => H - BOTTOM - (s / high) * PLOT;
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img" });
  svg.setAttribute("aria-label", t("The score after each hand: {hands}", { hands: scores.slice(1).map(
    (s, i) => t("hand {number}, {score}", { number: number(i + 1), score: sides.map((side, k) => t("{name} {points}", { name: names[k], points: number(s[side]) })).join(t(", ")) })).join("; ") }));
  svg.append(svgEl("line", { class: "axis", x1: LEFT, y1: y(0), x2: W - RIGHT, y2: y(0) }),
             svgEl("line", { class: "axis", x1: LEFT, y1: y(0), x2: LEFT, y2: top - 6 }),
             text(LEFT - 6, y(0) + 4, "0", "end"), text(W - RIGHT, H - 4, t("hand"), "end"));
  if (target !== null && target !== undefined)
    svg.append(svgEl("line", { class: "target", x1: LEFT, y1: y(target), x2: W - RIGHT, y2: y(target) }),
               text(LEFT - 6, y(target) + 4, String(target), "end"));
  else svg.append(text(LEFT - 6, y(high) + 4, String(high), "end"));  // the scale: the highest score
  const step = Math.ceil(hands / 12);
  for (let i = step; i <= hands; i += step) svg.append(text(x(i), y(0) + 14, String(i)));
  sides.forEach((side, k) => {
    const look = `line ${LOOKS[k % LOOKS.length]}`;
    svg.append(svgEl("polyline", { class: look, points: scores.map((s, i) => `${x(i)},${y(s[side])}`).join(" ") }));
    const lx = LEFT + 8 + (k % 2) * COLUMN, ly = 10 + Math.floor(k / 2) * ROW;
    svg.append(svgEl("line", { class: look, x1: lx, y1: ly, x2: lx + 22, y2: ly }), text(lx + 28, ly + 4, names[k], "start"));
  });
  return svg;
}
