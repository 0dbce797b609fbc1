// The match chart: the score after each hand, one line per seat, drawn as SVG with its
// axes, the hand numbers, the target and a legend (no library).
import { svgEl } from "./dom.js";

const W = 340, H = 170, LEFT = 30, RIGHT = 10, TOP = 26, BOTTOM = 28;

function text(x, y, words, anchor = "middle") {
  const node = svgEl("text", { x, y, "text-anchor": anchor });
  node.textContent = words;
  return node;
}

// scores: [[0, 0], after hand 1, ...]; names: the line's labels, me first; seats: [me, them].
export function scoreChart(scores, target, names, seats) {
  const top = Math.max(target, ...scores.flat(), 1), hands = Math.max(scores.length - 1, 1);
  const x = (i) => LEFT + (i / hands) * (W - LEFT - RIGHT);
  const y = (s) => H - BOTTOM - (s / top) * (H - TOP - BOTTOM);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img" });
  svg.setAttribute("aria-label", "The score after each hand: " + scores.slice(1).map(
    (s, i) => `hand ${i + 1}, ${names[0]} ${s[seats[0]]}, ${names[1]} ${s[seats[1]]}`).join("; "));
  svg.append(svgEl("line", { class: "axis", x1: LEFT, y1: y(0), x2: W - RIGHT, y2: y(0) }),
             svgEl("line", { class: "axis", x1: LEFT, y1: y(0), x2: LEFT, y2: TOP - 6 }),
             svgEl("line", { class: "target", x1: LEFT, y1: y(target), x2: W - RIGHT, y2: y(target) }),
             text(LEFT - 6, y(0) + 4, "0", "end"), text(LEFT - 6, y(target) + 4, String(target), "end"),
             text(W - RIGHT, H - 4, "hand", "end"));
  const step = Math.ceil(hands / 12);
  for (let i = step; i <= hands; i += step) svg.append(text(x(i), y(0) + 14, String(i)));
  [seats[0], seats[1]].forEach((seat, k) => {
    svg.append(svgEl("polyline", { class: `line seat-${k === 0 ? "me" : "them"}`,
                                   points: scores.map((s, i) => `${x(i)},${y(s[seat])}`).join(" ") }));
    const lx = LEFT + 8 + k * 150;
    svg.append(svgEl("line", { class: `line seat-${k === 0 ? "me" : "them"}`, x1: lx, y1: 10, x2: lx + 22, y2: 10 }),
               text(lx + 28, 14, names[k], "start"));
  });
  return svg;
}
