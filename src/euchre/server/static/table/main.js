// The table page: connects to the game's socket, hands each state to the pump and binds
// the controls around the play. Every part of the page is drawn by its own module (draw.js).
import { t } from "../i18n.js";
import { bindSettings, saveSettings } from "../settings.js";
import { $ } from "./dom.js";
import { T } from "./store.js";
import { connect, send } from "./connection.js";
import { draw } from "./draw.js";
import { enqueue, nextHand } from "./pump.js";
import { coachAsked, forgetCoach } from "./actions.js";
import { bindKeys } from "./keys.js";
import { bindFriend } from "./friend.js";
import { bindLastTrick, showLastTrick } from "./centre.js";
import { heard } from "./people.js";
import { rememberOpened } from "../remembered.js";

function receive(message) {
  if (message.type === "error") { forgetCoach(); $("error").textContent = message.message; return; }
  if (message.type === "coach") {  // a note on a move of mine that was not taken back since
    if (T.shown && message.seq < T.shown.seq) $("coach-note").textContent = message.note || "";
    return;
  }
  if (message.type === "said") { heard(message); return; }
  if (message.type === "rematch") {
    rememberOpened(message.link, T.shown?.game.seat ?? 0);
    location.href = message.link;
    return;
  }
  if (message.type === "hint") {
    if (T.shown && message.seq === T.shown.seq) {
      T.hints = message.values;
      T.hintConvention = message.convention || "";
      draw();
    }
    return;
  }
  if (message.type !== "state") return;
  const asked = T.shown && message.seq > T.shown.seq ? coachAsked() : null;
  if (asked !== null) send({ type: "coach", seq: asked });
  if (T.shown && message.seq < T.shown.seq) $("coach-note").textContent = "";  // undone: its note goes
  enqueue(message);
}

function openSide(open) {
  $("side").classList.toggle("open", open);
  $("pad-toggle").setAttribute("aria-expanded", String(open));
  if (open) {
    for (const box of [$("log"), $("bids")]) box.scrollTop = box.scrollHeight;  // the newest
    $("side-close").focus();
  }
  else $("pad-toggle").focus({ preventScroll: true });
}

function closeAll() {
  showLastTrick(false);
  $("resign-box").hidden = true;
  $("menu").open = false;
  if ($("side").classList.contains("open")) openSide(false);
}

function bindTools() {
  $("next-hand").addEventListener("click", nextHand);
  $("hint").addEventListener("click", () => { $("hints").textContent = t("Thinking…"); $("hints").dataset.thinking = "1"; send({ type: "hint" }); });
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("resign").addEventListener("click", () => { $("resign-box").hidden = false; $("resign-cancel").focus(); });
  $("resign-cancel").addEventListener("click", () => { $("resign-box").hidden = true; $("resign").focus(); });
  $("resign-confirm").addEventListener("click", () => { $("resign-box").hidden = true; send({ type: "resign" }); });
  bindLastTrick();
  $("pad-toggle").addEventListener("click", () => openSide(true));
  $("side-close").addEventListener("click", () => openSide(false));
  $("mute").addEventListener("click", () => {
    T.settings.sound = !T.settings.sound;
    $("set-sound").checked = T.settings.sound;
    saveSettings(T.settings);
    draw();
  });
}

bindTools();
bindFriend();
bindKeys(closeAll);
bindSettings(T.settings, () => draw());
connect(receive, () => draw());
