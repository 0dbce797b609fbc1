// Around the play: the invite while a friend's seat is empty (over the table, never pushing
// it away), the friend's name, the watch link (in the menu, opened in a new tab so the
// player keeps his seat) and the host's switch for hints in a friend game.
import { $ } from "./dom.js";
import { T, arrived } from "./store.js";
import { send } from "./connection.js";

let nameSent = false;

export function drawFriend() {
  const g = T.shown.game;
  $("watch").hidden = g.seat === null;
  $("watch-link").href = g.watch;
  // the invite is shown until the friend has taken the seat (a server that does not say
  // whether he has arrived: until he is connected)
  const here = g.arrived ? arrived(1) : g.connected[1];
  $("invite").hidden = !(g.invite && !here && !g.finished);
  if (g.invite) $("invite-link").value = new URL(g.invite, location.href).href;
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
  $("copy").addEventListener("click", () => { $("invite-link").select(); navigator.clipboard?.writeText($("invite-link").value).catch(() => {}); });
  $("copy-watch").addEventListener("click", () => navigator.clipboard?.writeText($("watch-link").href).catch(() => {}));
  $("set-friend-hints").addEventListener("change", () => send({ type: "hints", allow: $("set-friend-hints").checked }));
  $("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (!name) return;
    localStorage.setItem("euchre.name", name);
    send({ type: "name", name });
  });
}
