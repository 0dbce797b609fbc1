// The invite page: a friend takes the seat of a game the invite was made for, once (at a
// table of three or four each empty seat has its own invite, and a computer's seat taken
// over is his from the next hand). The server makes his seat's token then and gives it to
// this page alone; the invite then stops working (anyone opening it again, or opening a
// wrong one, is told so and offered to watch, at a table of any size).
import { t } from "./i18n.js";
import { rememberGame } from "./remembered.js";

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").pop();
const invite = new URLSearchParams(location.search).get("invite") || "";
const GAMES = { 2: t("two-handed Euchre"), 3: t("three-handed Euchre (cutthroat)"),
                4: t("four-handed Euchre (partners)") };

const USED = t("This invite has been used already or is not valid for this game: an invite works once. You can still watch the game.");
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) +
  (/[.!?]$/.test(text) ? "" : ".");

function taken(why) {
  $("join").hidden = true;
  $("taken").hidden = false;
  $("taken-why").textContent = why;
  $("watch").href = `/play/${encodeURIComponent(gameId)}`;
}

async function look() {
  const reply = await fetch(`/api/games/${encodeURIComponent(gameId)}` +
                            `?invite=${encodeURIComponent(invite)}`);
  if (!reply.ok) { $("error").textContent = t("There is no such game: check the link you were sent."); return; }
  const game = await reply.json();
  if (!game.invite_open) { taken(USED); return; }
  const kind = GAMES[game.players] || GAMES[2];
  $("title").textContent = t("A game of {kind}", { kind });
  document.title = t("Join a game · {kind}", { kind });
  $("invited").textContent = t("{name} invites you to a game of {kind}.", { name: game.names[0], kind });
  $("name").value = localStorage.getItem("euchre.name") || "";
  $("join").hidden = false;
  $("name").focus();
}

$("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) return;
  $("error").textContent = "";
  const reply = await fetch(`/api/games/${encodeURIComponent(gameId)}/claim`, {
    method: "POST", body: JSON.stringify({ invite, name }),
    headers: { "Content-Type": "application/json" } });
  const data = await reply.json();
  if (reply.status === 409) { taken(sentence(data.error)); return; }
  if (!reply.ok) { $("error").textContent = sentence(data.error); return; }
  localStorage.setItem("euchre.name", name);
  rememberGame(data.id, data.link, data.seat);
  location.replace(data.link);  // the invite leaves the history: only the seat's link stays
});
look();
