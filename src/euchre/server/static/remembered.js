// The games this browser sits in ("Your games" in the lobby): each one's id, its seat's link
// (the seat's secret in it), when it was joined and last opened and the seat, kept in
// localStorage, the last 50. Every page that seats the browser at a table adds the game
// here, and the table marks it opened; nothing else writes the list.
const KEY = "euchre.games";
const KEEP = 50;

export function rememberedGames() {
  try {
    const games = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(games) ? games : [];
  } catch { return []; }  // (a value another program damaged is a list of none)
}

export function rememberGame(id, link, seat) {
  const games = rememberedGames();
  games.push({ id, link, created: Date.now(), seat });
  localStorage.setItem(KEY, JSON.stringify(games.slice(-KEEP)));
}

export function rememberOpened(link, seat) {
  const token = new URLSearchParams(link.split("?")[1] || "").get("token");
  if (!token) return;  // a spectator's link is not one of your games
  const games = rememberedGames();
  const id = link.split("?")[0].split("/").pop();
  let game = games.find((g) => g.id === id);
  if (!game) { game = { id, link, created: Date.now() }; games.push(game); }
  if (Date.now() - (game.opened || 0) < 60000 && game.seat === seat) return;  // once a minute
  game.opened = Date.now();
  game.seat = seat;
  localStorage.setItem(KEY, JSON.stringify(games.slice(-KEEP)));
}

export function forgetGame(id) {
  localStorage.setItem(KEY, JSON.stringify(rememberedGames().filter((g) => g.id !== id)));
}
