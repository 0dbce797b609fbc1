// What the player sends: a choice (answering the state on show, by its seq, so a click
// that arrives late is refused by the server, never played twice), and the table's tools.
import { $ } from "./dom.js";
import { T } from "./store.js";
import { send } from "./connection.js";

export let coachAsk = null;  // "Coach notes" on: the seq of my move whose note is asked once played
export function coachAsked() { const seq = coachAsk; coachAsk = null; return seq; }
export function forgetCoach() { coachAsk = null; }

export function act(token) {
  if (!T.shown || !T.online || !T.shown.view.legal.includes(token)) return;
  $("error").textContent = "";
  $("coach-note").textContent = "";
  coachAsk = T.settings.coach && T.shown.match.hints && T.shown.view.legal.length > 1 ? T.shown.seq : null;
  send({ type: "action", action: token, seq: T.shown.seq });
}
