// The replay of a finished game on the browser game's own table: its modules draw each
// position (../table/), every hand face up; the replay steps forward and back, jumps to a
// hand or a move, and plays on by itself at the speed setting. The positions are the
// engine's, worked out by the server: the page never applies a rule itself.
import { t } from "../i18n.js";
import { bindSettings } from "../settings.js";
import { $, setText } from "../table/dom.js";
import { T } from "../table/store.js";
import { drawBar } from "../table/bar.js";
import { drawSeats } from "../table/seats.js";
import { bindLastTrick, drawCentre, showLastTrick } from "../table/centre.js";
import { drawHand } from "../table/hand.js";
import { drawSide } from "../table/side.js";
import { settle, snapshot } from "../table/motion.js";
import { recolour } from "../table/cards.js";
import { R, frame, frameAt, frames } from "./state.js";
import { bindControls, drawControls } from "./controls.js";
import { buildMoves, drawMoves } from "./moves.js";
import { drawDecision, loadDecisions } from "./decision.js";

// Shows frame i: the table as the table's modules draw a state, then the replay's own parts.
// A step forward moves the cards as the live table does (a card played travels to the
// trick), at the speed and motion settings.
export function show(i) {
  const to = Math.max(0, Math.min(i, frames().length - 1));
  const places = T.shown && to === R.index + 1 && frames()[to].kind !== "deal" ? snapshot() : null;
  R.index = to;
  const f = frame();
  T.shown = { ...f, seq: R.index, game: R.data.game, match: {}, last_action: null,
    scorepad: R.data.scorepad.slice(0, f.pad) };
  T.held = f.held;
  T.hiding = f.kind === "end";  // the hand that ended is the one on show (store.endedHand)
  T.handEnd = false;
  drawDecision();  // (its values mark the expert's best card in the hand)
  drawBar();
  document.title = t("Replay · {title}", { title: document.title });
  drawSeats();
  drawCentre();
  drawHand();
  drawSide();
  recolour();
  settle(places);
  setText($("status"), f.said);
  setText($("announce"), f.said);  // (said to a screen reader at each step)
  drawControls();
  drawMoves();
  document.body.dataset.seq = String(R.index);
  document.body.dataset.at = String(f.at);
  document.body.dataset.kind = f.kind;
  const query = new URLSearchParams(location.search);
  query.set("at", String(f.at));
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

function quiet() {  // the live game's parts a replay has no use for
  for (const id of ["hint", "undo", "resign", "mute", "watching"]) $(id).hidden = true;
  setText($("conn"), t("Replay"));
  $("conn").className = "conn replay";
  setText($("pad-toggle"), t("Moves"));
  $("actions").setAttribute("aria-label", t("The options of this decision, with the review's values"));
}

function openSide(open) {
  $("side").classList.toggle("open", open);
  $("pad-toggle").setAttribute("aria-expanded", String(open));
  if (open) $("side-close").focus();
}

// Where the replay opens: ?at=N (after N moves), or #hand-N (that hand's deal: the links
// of the deal of the day's result), else the first deal.
function opening() {
  const hand = /^#hand-(\d+)$/.exec(location.hash);
  if (hand) {
    const deal = frames().findIndex((f) => f.kind === "deal" && f.view.hand_number + 1 === Number(hand[1]));
    if (deal >= 0) return deal;
  }
  return Math.max(frameAt(Number(new URLSearchParams(location.search).get("at") ?? 0)), 0);
}

// Every position, a page at a time (the server sends a long game in pages of about 256 KB,
// each saying where the next starts); a busy server (503) is asked again a moment later.
async function load() {
  let told = null;
  for (let from = 0; from !== null;) {
    const reply = await fetch(`/api/games/${T.gameId}/positions?from=${from}`);
    const page = await reply.json();
    if (reply.status === 503) { await new Promise((done) => setTimeout(done, 2000)); continue; }
    if (!reply.ok) return page;
    if (told) {  // (each page's pad holds every row so far: the last page's is the whole)
      told.frames.push(...page.frames);
      told.moves.push(...page.moves);
      told.scorepad = page.scorepad;
    } else told = page;
    from = page.next;
  }
  return told;
}

async function start() {
  quiet();
  const told = await load();
  if (told.error) { setText($("status"), told.error); return; }
  R.data = told;
  R.data.game.bottom = R.seat ?? 0;
  buildMoves((i) => { show(i); openSide(false); });  // (on a phone the table is shown again)
  bindControls(show);
  $("pad-toggle").addEventListener("click", () => openSide(true));
  $("side-close").addEventListener("click", () => openSide(false));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { openSide(false); showLastTrick(false); }
  });
  bindLastTrick();
  bindSettings(T.settings, () => show(R.index));  // (the speed is read at each step)
  show(opening());
  if (R.seat !== null) loadDecisions(() => show(R.index));
  document.body.dataset.ready = "1";
}

start();
