// The lobby: start a game against the computer or a friend; list your games.
"use strict";
const $ = (id) => document.getElementById(id);
const saved = () => JSON.parse(localStorage.getItem("euchre.games") || "[]");

function text(tag, content, attrs = {}) {
  const el = document.createElement(tag);
  el.textContent = content;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

function showMine() {
  const games = saved();
  if (!games.length) return;
  $("mine").replaceChildren(...games.slice(-10).reverse().map((g) => {
    const li = document.createElement("li");
    li.append(text("a", `${g.against}, started ${new Date(g.created).toLocaleString()}`,
                   { href: g.link }), " · ", text("a", "record", { href: `/games/${g.id}` }));
    return li;
  }));
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
