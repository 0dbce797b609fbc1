// Around the play: the invites while a friend table has empty seats (over the table, never
// pushing it away; at three and four one link per seat and the host's Start button), the
// links to the computers' seats a person may take over (in the menu), the friend's name,
// the watch link (in the menu, opened in a new tab so the player keeps his seat) and the
// host's switch for hints in a friend game.
import { t } from "../i18n.js";
import { $, el } from "./dom.js";
import { T, arrived, partners, seats, words } from "./store.js";
import { send } from "./connection.js";

let nameSent = false;

function copy(input) {
  input.select();
  navigator.clipboard?.writeText(input.value).catch(() => {});
}

// One row per open invite: the seat's name (your partner's said so), its link, Copy.
function inviteRows(box, invites, prefix) {
  const g = T.shown.game;
  const key = JSON.stringify(invites);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...Object.entries(invites).map(([seat, link]) => {
    const p = Number(seat), id = `${prefix}-${seat}`;
    const input = el("input", { type: "text", id, readonly: true, "data-seat": seat,
                                value: new URL(link, location.href).href });
    const partner = partners() && p === (g.seat + 2) % 4;
    return el("div", { class: "invite-seat" },
      el("label", { for: id }, partner ? t("{name}'s seat (your partner)", { name: words().names[p] })
        : t("{name}'s seat", { name: words().names[p] })),
      el("div", { class: "copy-row" }, input,
         el("button", { type: "button", onclick: () => copy(input) }, t("Copy"))));
  }));
}

// The host's panel at a table of three or four before it starts: a link per empty seat,
// and Start (computers at the table's level take the seats still empty).
function drawTableInvites() {
  const g = T.shown.game;
  const started = g.arrived ? g.arrived.every(Boolean) : true;
  const open = g.invites || {};
  const host = g.seat === 0 && g.mode === "friend" && !g.finished;
  $("invite").hidden = !(host && !started);
  $("invite-one").hidden = true;
  $("invite-seats").hidden = false;
  setTitle(t("Waiting for your friends"));
  inviteRows($("invite-seats"), started ? {} : open, "invite");
  const left = Object.keys(open).length;
  $("invite-print").textContent = t("Send each friend the link of one seat: it works once. The game starts when every seat is taken, or when you start it: then the computer ({level}) plays the empty seats, and a friend can still take one over between hands.", { level: t(g.level) });
  $("start-now").hidden = false;
  $("start-now").textContent = t("Start now, with the computer in the empty seats");
  $("menu-invites").hidden = !(host && started && left > 0);
  inviteRows($("menu-invite-seats"), started ? open : {}, "menu-invite");
}

function setTitle(text) {
  if ($("invite-title").textContent !== text) $("invite-title").textContent = text;
}

export function drawFriend() {
  const g = T.shown.game;
  $("watch").hidden = g.seat === null;
  $("watch-link").href = g.watch;
  if (g.names.length > 2) drawTableInvites();
  else {
    // the invite is shown until the friend has taken the seat (a server that does not say
    // whether he has arrived: until he is connected)
    const here = g.arrived ? arrived(1) : g.connected[1];
    $("invite").hidden = !(g.invite && !here && !g.finished);
    if (g.invite) $("invite-link").value = new URL(g.invite, location.href).href;
    $("invite-one").hidden = false;
    $("invite-seats").hidden = $("start-now").hidden = $("menu-invites").hidden = true;
  }
  $("friend-hints-row").hidden = !(g.mode === "friend" && g.seat === 0);
  $("set-friend-hints").checked = T.shown.match.hints;
  const wantsName = g.seat === 1 && g.mode === "friend" && g.names[1] === "Friend" && !g.finished;
  const saved = localStorage.getItem("euchre.name");
  $("name-form").hidden = !wantsName || Boolean(saved);
  if (wantsName && saved && !nameSent && T.online) {
    nameSent = true;
    send({ type: "name", name: saved });
  }
}

export function bindFriend() {
  $("copy").addEventListener("click", () => copy($("invite-link")));
  $("copy-watch").addEventListener("click", () => navigator.clipboard?.writeText($("watch-link").href).catch(() => {}));
  $("start-now").addEventListener("click", () => send({ type: "start" }));
  $("set-friend-hints").addEventListener("change", () => send({ type: "hints", allow: $("set-friend-hints").checked }));
  $("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (!name) return;
    localStorage.setItem("euchre.name", name);
    send({ type: "name", name });
  });
}
