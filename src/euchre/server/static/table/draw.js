// Draws the state on show: every part of the table from T (store.js), in one pass.
import { t } from "../i18n.js";
import { $ } from "./dom.js";
import { T } from "./store.js";
import { drawBar, drawStatus } from "./bar.js";
import { drawSeats } from "./seats.js";
import { drawCentre } from "./centre.js";
import { recolour } from "./cards.js";
import { drawChoices, drawHand, drawHints } from "./hand.js";
import { drawHandEnd, drawOver } from "./panels.js";
import { drawSide } from "./side.js";
import { drawFriend } from "./friend.js";
import { drawPeople } from "./people.js";
import { keepFocus } from "./keys.js";
import { motionOn } from "../settings.js";

function drawTools() {
  const v = T.shown.view, g = T.shown.game, m = T.shown.match;
  const mineToMove = g.seat !== null && v.legal.length > 0 && !g.finished && !T.hiding && !T.handEnd
    && !T.dealing;
  $("hint").hidden = !T.settings.hints || !m.hints || g.seat === null;
  $("hint").disabled = !mineToMove || !T.online;
  $("undo").hidden = !(T.settings.undo && g.mode === "computer" && g.seat !== null);
  $("undo").disabled = !(m.can_undo && mineToMove && T.online);
  $("resign").hidden = g.seat === null || g.finished;
  $("resign").disabled = !T.online;
  if (g.finished || !T.online) $("resign-box").hidden = true;
  $("mute").textContent = T.settings.sound ? t("♪ on") : t("♪ off");
  $("mute").setAttribute("aria-pressed", String(T.settings.sound));
}

export function draw() {
  if (!T.shown) return;
  drawBar();
  drawSeats();
  drawCentre();
  drawHand();
  drawChoices();
  drawHints();
  drawTools();
  drawStatus();
  drawHandEnd();
  drawOver();
  drawFriend();
  drawPeople();
  drawSide();
  recolour();
  document.body.dataset.seq = String(T.shown.seq);
  document.documentElement.dataset.motion = motionOn(T.settings) ? "on" : "off";
  keepFocus();
}
