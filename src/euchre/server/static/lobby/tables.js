// "Play people": the open tables, read again every few seconds (a table fills, another opens,
// in this server process or another), a seat at any of them in one click, and quick match.
// The seat's link is kept with this browser's other games, as the lobby keeps every game.
const $ = (id) => document.getElementById(id);
const EVERY = 3000;  // ms between readings of the list
const GAMES = { two: "Two-handed", three: "Three-handed (cutthroat)", four: "Four-handed (partners)" };

function remember(id, link, seat) {
  let games = [];
  try { games = JSON.parse(localStorage.getItem("euchre.games") || "[]") || []; } catch { games = []; }
  games.push({ id, link, created: Date.now(), seat });
  localStorage.setItem("euchre.games", JSON.stringify(games.slice(-50)));
}

async function seatMe(path, body) {
  $("quick-error").textContent = "";
  let reply, data;
  try {
    reply = await fetch(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    data = await reply.json();
  } catch {
    $("quick-error").textContent = "The server cannot be reached just now: try again in a moment.";
    return;
  }
  if (!reply.ok) { $("quick-error").textContent = `No seat: ${data.error}.`; return; }
  localStorage.setItem("euchre.name", body.name);
  remember(data.id, data.link, data.seat);
  location.href = data.link;
}

function line(table) {
  const item = document.createElement("li");
  const waited = table.waiting < 60 ? `${table.waiting} s` : `${Math.floor(table.waiting / 60)} min`;
  const who = table.names.join(", ");
  item.append(`${GAMES[table.game] ?? table.game}, to ${table.rules.target}: ${table.taken} of ${table.seats} seats taken (${who}), `
              + `${table.ranked ? "rated" : "rated unless the computer fills a seat"}, waiting ${waited} `);
  const sit = Object.assign(document.createElement("button"), { type: "button", className: "quiet", textContent: "Sit here" });
  sit.setAttribute("aria-label", `Sit at the ${GAMES[table.game] ?? table.game} table of ${who}`);
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
        : [Object.assign(document.createElement("li"), { textContent: "None waiting." })]));
      document.body.dataset.tables = String(tables.length);
    }
  } catch { /* the next reading tries again */ }
  setTimeout(refresh, EVERY);
}

$("quick").addEventListener("click", () => seatMe("/api/quick", { game: $("quick-game").value, name: $("name").value.trim(),
                                                                bots: $("quick-bots").checked }));
refresh();
