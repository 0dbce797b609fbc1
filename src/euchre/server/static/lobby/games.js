// "Your games" and "Recently finished": the games this browser sits in (the table keeps
// the list), each with its opponent, level and state as the server has them now. A game
// not opened for a week is marked as left; any game not finished can be removed from the
// list (it stays on the server, for its record).
import { language, number, t } from "../i18n.js";
import { forgetGame, rememberedGames } from "../remembered.js";

const $ = (id) => document.getElementById(id);
const LEVELS = { easy: t("easy"), medium: t("medium"), hard: t("hard"), expert: t("expert") };
const WEEK = 7 * 24 * 3600 * 1000;


function el(tag, text = "", attrs = {}) {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function opponent(game, seat) {
  const level = LEVELS[game.level] ?? game.level;
  if (game.names.length === 4) return t("Against two computers ({level}), with a partner", { level });
  if (game.names.length === 3) return t("Against two computers ({level}), cutthroat", { level });
  const name = game.names[1 - seat];
  return game.mode === "computer" ? t("Against {name} ({level})", { name, level }) : t("Against {name}", { name });
}

// How the game stands, in words, for the player of `seat` (at four, his side's score; at
// three, his against the best of the others').
function standing(game, seat) {
  const side = game.names.length === 4 ? seat % 2 : seat;
  const mine = game.score[side];
  const theirs = Math.max(...game.score.filter((_, i) => i !== side));
  const won = game.winner === side;
  const score = { mine: number(mine), theirs: number(theirs) };
  if (game.abandoned) return t("left unfinished at {mine}-{theirs}: counted as lost", score);
  if (game.resigned !== null && game.resigned !== undefined)
    return game.resigned === seat ? t("you resigned at {mine}-{theirs}", score)
      : t("{name} resigned at {theirs}-{mine}: you won", { ...score, name: game.names[game.resigned] });
  if (game.finished) return won ? t("you won {mine}-{theirs}", score) : t("you lost {mine}-{theirs}", score);
  return game.to_move === seat ? t("your turn, {mine}-{theirs}", score) : t("being played, {mine}-{theirs}", score);
}

function forget(id) {
  forgetGame(id);
  showGames();
}

function item(entry, game) {
  const seat = entry.seat ?? 0;
  const li = el("li");
  li.dataset.game = entry.id;
  const left = !game.finished && Date.now() - (entry.opened || entry.created || 0) > WEEK;
  const started = new Date(entry.created).toLocaleDateString(language === "qps" ? "en" : language);
  const said = { standing: standing(game, seat), date: started };
  li.append(el("a", opponent(game, seat), { href: game.finished ? `/games/${entry.id}` : entry.link }), ": ",
            left ? t("{standing} (left for a week or more), started {date}", said) : t("{standing}, started {date}", said));
  if (game.finished) li.append(" · ", el("a", t("the table"), { href: entry.link }));
  else {
    const remove = el("button", t("Remove"), { type: "button", class: "quiet small", "data-testid": "remove",
                                            "aria-label": t("Remove this game from the list ({game})", { game: opponent(game, seat) }) });
    remove.addEventListener("click", () => forget(entry.id));
    li.append(" ", remove);
  }
  return li;
}

export async function showGames() {
  const games = rememberedGames().reverse();
  const found = await Promise.all(games.map(async (entry) => {
    try {
      const reply = await fetch(`/api/games/${encodeURIComponent(entry.id)}`);
      return reply.ok ? [entry, await reply.json()] : null;
    } catch { return null; }
  }));
  const known = found.filter(Boolean);
  const playing = known.filter(([, g]) => !g.finished), done = known.filter(([, g]) => g.finished);
  $("mine").replaceChildren(...(playing.length ? playing.map(([e, g]) => item(e, g)) : [el("li", t("None being played."))]));
  $("recent").replaceChildren(...(done.length ? done.slice(0, 20).map(([e, g]) => item(e, g)) : [el("li", t("None yet."))]));
  document.body.dataset.games = "1";
}
