// Sounds, made on the spot with Web Audio (no files): your turn, a card played, a trick
// taken, the end of a hand. Off until the player turns them on (one control, kept); each
// sound played is also told to the page as a "euchre:sound" event.
import { T } from "./store.js";

let audio = null;

const TUNES = {
  turn: [[660, 0, .12], [880, .12, .16]],
  card: [[1800, 0, .03, "noise"]],
  trick: [[220, 0, .09], [330, .07, .1]],
  hand: [[523, 0, .12], [659, .12, .12], [784, .24, .22]],
};

function tone(ctx, [freq, at, length, kind]) {
  const gain = ctx.createGain(), start = ctx.currentTime + at;
  gain.gain.value = kind === "noise" ? 0.05 : 0.07;
  const source = ctx.createOscillator();
  source.type = kind === "noise" ? "square" : "sine";
  source.frequency.value = freq;
  source.connect(gain).connect(ctx.destination);
  source.start(start);
  source.stop(start + length);
}

export function sound(kind) {
  if (!T.settings.sound || !(kind in TUNES)) return;
  document.dispatchEvent(new CustomEvent("euchre:sound", { detail: kind }));
  try {
    audio ||= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    for (const note of TUNES[kind]) tone(audio, note);
  } catch { /* no sound where audio is not allowed */ }
}
