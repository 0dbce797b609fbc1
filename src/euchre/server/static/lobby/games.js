// "Your games" and "Recently finished": the games this browser sits in (the table keeps
// the list), each with its opponent, level and state as the server has them now. A game
// not opened for a week is marked as left; any game not finished can be removed from the
// list (it stays on the server, for its record).
const $ = (id) => document.getElementById(id);
const KEY = "euchre.games";
const WEEK = 7 * 24 * 3600 * 1000;

const saved = () => { try { return JSON.parse(localStorage.getItem(KEY) || "[]") || []; } catch { return []; } };

function el(tag, text = "", attrs = {}) {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function opponent(game, seat) {
  if (game.names.length === 4) return `two computers (${game.level}), with a partner`;
  if (game.names.length === 3) return `two computers (${game.level}), cutthroat`;
  const other = game.names[1 - seat];
  return game.mode === "computer" ? `${other} (${game.level})` : other;
}

// How the game stands, in words, for the player of `seat` (at four, his side's score; at
// three, his against the best of the others').
function standing(game, seat) {
  const side = game.names.length === 4 ? seat % 2 : seat;
  const mine = game.score[side];
  const theirs = Math.max(...game.score.filter((_, i) => i !== side));
  const won = game.winner === side;
  if (game.abandoned) return `left unfinished at ${mine}-${theirs}: counted as lost`;
  if (game.resigned !== null && game.resigned !== undefined)
    return game.resigned === seat ? `you resigned at ${mine}-${theirs}` : `${game.names[game.resigned]} resigned at ${theirs}-${mine}: you won`;
  if (game.finished) return won ? `you won ${mine}-${theirs}` : `you lost ${mine}-${theirs}`;
  return `${game.to_move === seat ? "your turn" : "being played"}, ${mine}-${theirs}`;
}

function forget(id) {
  localStorage.setItem(KEY, JSON.stringify(saved().filter((g) => g.id !== id)));
  showGames();
}

function item(entry, game) {
  const seat = entry.seat ?? 0;
  const li = el("li");
  li.dataset.game = entry.id;
  const left = !game.finished && Date.now() - (entry.opened || entry.created || 0) > WEEK;
  li.append(el("a", `Against ${opponent(game, seat)}`, { href: game.finished ? `/games/${entry.id}` : entry.link }),
            `: ${standing(game, seat)}${left ? " (left for a week or more)" : ""}, started ${new Date(entry.created).toLocaleDateString()}`);
  if (game.finished) li.append(" · ", el("a", "the table", { href: entry.link }));
  else {
    const remove = el("button", "Remove", { type: "button", class: "quiet small", "data-testid": "remove",
                                            "aria-label": `Remove the game against ${opponent(game, seat)} from this list` });
    remove.addEventListener("click", () => forget(entry.id));
    li.append(" ", remove);
  }
  return li;
}

export async function showGames() {
  const games = saved().reverse();
  const found = await Promise.all(games.map(async (entry) => {
    try {
      const reply = await fetch(`/api/games/${encodeURIComponent(entry.id)}`);
      return reply.ok ? [entry, await reply.json()] : null;
    } catch { return null; }
  }));
  const known = found.filter(Boolean);
  const playing = known.filter(([, g]) => !g.finished), done = known.filter(([, g]) => g.finished);
  $("mine").replaceChildren(...(playing.length ? playing.map(([e, g]) => item(e, g)) : [el("li", "None being played.")]));
  $("recent").replaceChildren(...(done.length ? done.slice(0, 20).map(([e, g]) => item(e, g)) : [el("li", "None yet.")]));
  document.body.dataset.games = "1";
}
