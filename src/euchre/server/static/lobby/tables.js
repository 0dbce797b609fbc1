// "Play people": the open tables, sent by the server over a socket as they change (a table
// opens, fills or starts, in this server process or another), each with its game, rules
// preset and points, a seat at any of them in one click, quick match (the game chosen, and
// its preset and points if chosen) and a new table of one's own. The socket is opened again after any loss, waiting longer each
// time. The seat's link is kept with this browser's other games, as the lobby keeps every
// game.
import { listed, number, t } from "../i18n.js";
import { rememberGame } from "../remembered.js";
import { offered } from "./offered.js";

const $ = (id) => document.getElementById(id);
let retry = 500;  // ms before the socket is opened again (doubled up to 8 s)
const GAMES = { two: t("Two-handed"), three: t("Three-handed (cutthroat)"), four: t("Four-handed (partners)"),
                railroad: t("Railroad Euchre"), hasenpfeffer: t("Hasenpfeffer"), napoleon: t("Napoleon") };
const { presets } = await offered;  // each game's presets (by Rules.game), its standard first

// The game chosen ("napoleon:5": a game and its table size) and the presets of its rules.
function chosen() {
  const [game, players] = $("quick-game").value.split(":");
  return { game, players: players ? Number(players) : undefined, rules: game in presets ? game : "euchre" };  // (two, three, four: Euchre's)
}

function showPresets() {
  const pick = $("quick-preset").value, { rules } = chosen();
  $("quick-preset").replaceChildren(new Option(t("any"), ""), ...presets[rules].map((p) => new Option(p.name, p.key)));
  $("quick-preset").value = presets[rules].some((p) => p.key === pick) ? pick : "";
}

// What the person asks for: the game, and the preset and points when he chose them.
function wanted() {
  const { game, players } = chosen(), body = { game, name: $("name").value.trim(), bots: $("quick-bots").checked };
  if (players) body.players = players;
  if ($("quick-preset").value) body.preset = $("quick-preset").value;
  if ($("quick-target").value.trim()) body.target = Number($("quick-target").value);
  return body;
}

async function seatMe(path, body) {
  $("quick-error").textContent = "";
  let reply, data;
  try {
    reply = await fetch(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    data = await reply.json();
  } catch {
    $("quick-error").textContent = t("The server cannot be reached just now: try again in a moment.");
    return;
  }
  if (!reply.ok) { $("quick-error").textContent = t("No seat: {reason}.", { reason: data.error }); return; }
  const link = data.link ?? data.links.play;  // (a table opened: its host's seat, the first)
  localStorage.setItem("euchre.name", body.name);
  rememberGame(data.id, link, data.seat ?? 0);
  location.href = link;
}

function line(table) {
  const item = document.createElement("li");
  const waited = table.waiting < 60 ? t("{n} s", { n: number(table.waiting) })
    : t("{n} min", { n: number(Math.floor(table.waiting / 60)) });
  const who = listed(table.names), game = GAMES[table.game] ?? table.game;
  const preset = presets[table.rules.game ?? "euchre"]?.find((p) => p.key === table.preset);
  const values = { game, rules: preset?.name ?? table.preset, target: number(table.rules.target), taken: number(table.taken),
                   seats: number(table.seats), names: who, waited };
  const said = table.ranked
    ? t("{game}, {rules}, to {target}: {taken} of {seats} seats taken ({names}), rated, waiting {waited}", values)
    : t("{game}, {rules}, to {target}: {taken} of {seats} seats taken ({names}), rated unless the computer fills a seat, waiting {waited}", values);
  item.append(`${said} `);
  const sit = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: t("Sit here") });
  sit.setAttribute("aria-label", t("Sit at the {game} table of {names}", { game, names: who }));
  sit.dataset.table = table.id;
  sit.addEventListener("click", () => seatMe(`/api/tables/${encodeURIComponent(table.id)}/sit`, { name: $("name").value.trim() }));
  item.append(sit);
  return item;
}

function show(tables) {
  const focused = document.activeElement?.dataset?.table;  // (kept on its table's button)
  $("open-tables").replaceChildren(...(tables.length ? tables.map(line)
    : [Object.assign(document.createElement("li"), { textContent: t("None waiting.") })]));
  document.body.dataset.tables = String(tables.length);
  if (focused) document.querySelector(`[data-table="${CSS.escape(focused)}"]`)?.focus();
}

function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/live`);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "tables") { retry = 500; show(message.tables); }
  };
  socket.onclose = () => { setTimeout(listen, retry); retry = Math.min(retry * 2, 8000); };
}

$("quick-game").addEventListener("change", showPresets);
$("quick").addEventListener("click", () => seatMe("/api/quick", wanted()));
$("open-table").addEventListener("click", () => seatMe("/api/tables", wanted()));
showPresets();
listen();
