// "Play people": the open tables, read again every few seconds (a table fills, another opens,
// in this server process or another), a seat at any of them in one click, and quick match.
// The seat's link is kept with this browser's other games, as the lobby keeps every game.
import { number, t } from "../i18n.js";
import { rememberGame } from "../remembered.js";

const $ = (id) => document.getElementById(id);
const EVERY = 3000;  // ms between readings of the list
const GAMES = { two: t("Two-handed"), three: t("Three-handed (cutthroat)"), four: t("Four-handed (partners)") };

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
  localStorage.setItem("euchre.name", body.name);
  rememberGame(data.id, data.link, data.seat);
  location.href = data.link;
}

function line(table) {
  const item = document.createElement("li");
  const waited = table.waiting < 60 ? t("{n} s", { n: number(table.waiting) })
    : t("{n} min", { n: number(Math.floor(table.waiting / 60)) });
  const who = table.names.join(", "), game = GAMES[table.game] ?? table.game;
  const values = { game, target: number(table.rules.target), taken: number(table.taken),
                   seats: number(table.seats), names: who, waited };
  const said = table.ranked
    ? t("{game}, to {target}: {taken} of {seats} seats taken ({names}), rated, waiting {waited}", values)
    : t("{game}, to {target}: {taken} of {seats} seats taken ({names}), rated unless the computer fills a seat, waiting {waited}", values);
  item.append(`${said} `);
  const sit = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: t("Sit here") });
  sit.setAttribute("aria-label", t("Sit at the {game} table of {names}", { game, names: who }));
  sit.addEventListener("click", () => seatMe(`/api/tables/${encodeURIComponent(table.id)}/sit`, { name: $("name").value.trim() }));
  item.append(sit);
  return item;
}

async function refresh() {
  try {
    const reply = await fetch("/api/tables");
    if (reply.ok) {
      const { tables } = await reply.json();
      $("open-tables").replaceChildren(...(tables.length ? tables.map(line)
        : [Object.assign(document.createElement("li"), { textContent: t("None waiting.") })]));
      document.body.dataset.tables = String(tables.length);
    }
  } catch { /* the next reading tries again */ }
  setTimeout(refresh, EVERY);
}

$("quick").addEventListener("click", () => seatMe("/api/quick", { game: $("quick-game").value, name: $("name").value.trim(),
                                                                bots: $("quick-bots").checked }));
refresh();
