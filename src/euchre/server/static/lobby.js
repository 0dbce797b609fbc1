// The lobby: start a game against the computer or a friend; list your games.
const $ = (id) => document.getElementById(id);
const saved = () => JSON.parse(localStorage.getItem("euchre.games") || "[]");

function text(tag, content, attrs = {}) {
  const el = document.createElement(tag);
  el.textContent = content;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// Every game this browser sits in, created here or joined through a link, with its state
// and score as the server has them now.
async function showMine() {
  const games = saved().reverse();  // every game it remembers (the newest 50, kept below)
  if (!games.length) return;
  const items = await Promise.all(games.map(async (g) => {
    const reply = await fetch(`/api/games/${encodeURIComponent(g.id)}`);
    if (!reply.ok) return null;
    const game = await reply.json();
    const li = document.createElement("li");
    const [a, b] = game.names;
    const state = game.finished ? `${game.names[game.winner]} won` : "being played";
    li.append(text("a", `${a} against ${b}`, { href: g.link }),
              `: ${state}, ${game.score[0]}-${game.score[1]}, started ${new Date(g.created).toLocaleString()}`);
    if (game.finished) li.append(" · ", text("a", "record", { href: `/games/${g.id}` }));
    return li;
  }));
  const shown = items.filter(Boolean);
  if (shown.length) $("mine").replaceChildren(...shown);
}

async function showRecent() {
  const reply = await fetch("/api/recent");
  if (!reply.ok) return;
  const { games } = await reply.json();
  if (!games.length) return;
  $("recent").replaceChildren(...games.map((g) => {
    const li = document.createElement("li");
    const [a, b] = g.names;
    li.append(text("a", `${g.names[g.winner]} won ${g.score[g.winner]}-${g.score[1 - g.winner]}`,
                   { href: `/games/${g.id}` }), ` (${a} against ${b})`);
    return li;
  }));
}

$("name").value = localStorage.getItem("euchre.name") || "You";
$("my-stats").href = `/players/${encodeURIComponent($("name").value)}`;
$("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("name").value.trim();
  const mode = document.querySelector("input[name=opponent]:checked").value;
  const rules = { deck: Number($("deck").value), target: Number($("target").value) };
  for (const option of ["stick_the_dealer", "dealer_must_pick_up", "may_call_turned_suit"])
    rules[option] = $(option).checked;
  const body = { mode, name, rules };
  if (mode === "computer") body.level = $("level").value;
  const reply = await fetch("/api/games", { method: "POST", body: JSON.stringify(body),
                                            headers: { "Content-Type": "application/json" } });
  const data = await reply.json();
  if (!reply.ok) { $("error").textContent = data.error; return; }
  localStorage.setItem("euchre.name", name);
  const games = saved();
  games.push({ id: data.id, link: data.links.play, created: Date.now(),
               against: mode === "computer" ? `Against the computer (${body.level})` : "Against a friend" });
  localStorage.setItem("euchre.games", JSON.stringify(games.slice(-50)));
  location.href = data.links.play;
});
showMine();
showRecent();
