// Every game this browser sits in (created or joined), for the lobby's "Your games": its
// link, when it was made and last opened, and, once known, its level and opponent.
const KEY = "euchre.games";

export function savedGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]") || []; } catch { return []; }
}

export function remember(link, state) {
  const token = new URLSearchParams(link.split("?")[1] || "").get("token");
  if (!token) return;  // a spectator's link is not one of your games
  const games = savedGames();
  const id = link.split("?")[0].split("/").pop();
  let game = games.find((g) => g.id === id);
  if (!game) { game = { id, link, created: Date.now() }; games.push(game); }
  if (Date.now() - (game.opened || 0) < 60000 && game.seat === state.game.seat) return;  // once a minute
  game.opened = Date.now();
  game.seat = state.game.seat;
  localStorage.setItem(KEY, JSON.stringify(games.slice(-50)));
}
