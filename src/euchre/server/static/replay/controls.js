// The replay's controls, in the table's row of tools: a hand to go to, back, play or pause,
// next, and where the replay is; the arrow keys step too. Playing on by itself waits between
// positions as the live table does at the speed setting: a move, a completed trick, a hand.
import { number, t } from "../i18n.js";
import { SPEEDS } from "../settings.js";
import { $, el, setText } from "../table/dom.js";
import { T } from "../table/store.js";
import { R, frame, frames } from "./state.js";

let go = null;  // show(i), from main.js

function button(id, label, words, onclick) {
  return el("button", { type: "button", id, class: "replay-btn", "data-testid": id,
                        "aria-label": label, onclick },
            el("span", { "aria-hidden": "true", class: "glyph" }, words[0]),
            el("span", { class: "word", "aria-hidden": "true" }, words[1]));
}

function handPicker() {
  const select = el("select", { id: "replay-hand", "data-testid": "replay-hand",
                                "aria-label": t("Go to a hand") });
  frames().forEach((f, i) => {
    if (f.kind === "deal") select.append(el("option", { value: String(i) }, t("Hand {number}", { number: number(f.view.hand_number + 1) })));
  });
  select.addEventListener("change", () => { const to = Number(select.value); stop(); go(to); });
  return select;
}

function pause() {
  const f = frame(), speed = SPEEDS[T.settings.speed];
  if (f.kind === "end") return speed.hand / 2;
  return f.held ? speed.trick : speed.move * 2;
}

export function stop() {
  clearTimeout(R.playing);
  R.playing = null;
  drawControls();
}

function play() {
  if (R.playing !== null) { stop(); return; }
  if (R.index === frames().length - 1) go(0);
  const tick = () => {
    if (R.index >= frames().length - 1) { stop(); return; }
    go(R.index + 1);
    R.playing = setTimeout(tick, pause());
  };
  R.playing = setTimeout(tick, pause());
  drawControls();
}

export function bindControls(show) {
  go = show;
  const step = (by) => () => { stop(); go(R.index + by); };
  document.querySelector(".tools").append(el("div", { id: "replay-tools", class: "replay-tools" },
    handPicker(),
    button("replay-prev", t("Back one move"), ["◀", t("Back")], step(-1)),
    button("replay-play", t("Play the moves on by themselves"), ["▷", t("Play")], play),
    button("replay-next", t("Next move"), ["▶", t("Next")], step(1)),
    el("span", { id: "replay-count", class: "replay-count", "data-testid": "replay-count" })));
  document.addEventListener("keydown", (event) => {
    if (event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    const by = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!by) return;
    event.preventDefault();
    step(by)();
  });
}

export function drawControls() {
  const last = frames().length - 1, f = frame();
  $("replay-prev").disabled = R.index === 0;
  $("replay-next").disabled = R.index === last;
  const playing = R.playing !== null;
  $("replay-play").setAttribute("aria-pressed", String(playing));
  setText($("replay-play").querySelector(".glyph"), playing ? "❚❚" : "▷");
  setText($("replay-play").querySelector(".word"), playing ? t("Pause") : t("Play"));
  setText($("replay-count"), t("move {at} of {moves}", { at: number(f.at), moves: number(R.data.moves.length) }));
  const hand = $("replay-hand");
  const deal = [...hand.options].map((o) => Number(o.value)).filter((i) => i <= R.index).pop() ?? 0;
  hand.value = String(deal);
}
