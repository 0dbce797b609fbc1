"""Ratings on pages: a game's top list (``/leaderboard``) and, on a registered player's page,
his rating over time in each game as a line chart with its axes (an inline SVG, drawn in the
page's colours by ``static/css/ratings.css``, so both themes show it)."""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from ..i18n import N_, _, ngettext
from ..words import GAME_NAMES
from . import pages
from .ratings import ACTIVE_DAYS, EUCHRE_KEYS, PROVISIONAL, Standing, rated_games

GAMES = rated_games()
"""The games a top list is offered for, each by its key (``ratings.game_key``): Euchre's
three, then the family's; a game added later is offered once someone is rated in it."""
_PLAYERS = {key: players for players, key in EUCHRE_KEYS.items()}
_COLUMNS = (N_("player"), N_("rating"), N_("rated games"))
"""The top list's headings after its place."""
WIDTH, HEIGHT, MARGIN = 640, 260, (48, 16, 40, 56)
"""The chart's size and its margins (top, right, bottom, left) in SVG units."""


def game_title(game: str) -> str:
    """A game's heading: Euchre's by its players, another by its name.

    >>> game_title("four"), game_title("napoleon"), game_title("railroad")
    ('Four-handed (partners)', 'Napoleon', 'Railroad Euchre')
    """
    name = GAME_NAMES.get(_PLAYERS.get(game, game))
    return _(name) if name is not None else game.capitalize()


def _mark(games: int) -> str:
    symbol, words = pages.PROVISIONAL_MARK
    if games >= PROVISIONAL:
        return ""
    return f'<abbr title="{escape(_(words, games=PROVISIONAL))}">{symbol}</abbr>'


def leaderboard_page(game: str, rows: list[Standing], games: list[str]) -> str:
    """A game's top list, with links to the others' (``games``: every game's key)."""
    about = _(pages.LEADERBOARD_ABOUT, days=ACTIVE_DAYS, games=PROVISIONAL)
    if rows:
        lines = "".join(
            f'<tr><td>{place}</td><td><a href="/players/{quote(row.name, safe="")}">'
            f"{escape(row.name)}</a></td><td>{row.rating}{_mark(row.games)}</td>"
            f"<td>{row.games}</td></tr>" for place, row in enumerate(rows, 1))
        table = (f'<table data-testid="leaderboard"><caption>{escape(game_title(game))}'
                 "</caption><tr><th scope=\"col\">#</th>"
                 + "".join(f'<th scope="col">{escape(_(word))}</th>' for word in _COLUMNS)
                 + f"</tr>{lines}</table>")
    else:
        table = (f'<p data-testid="leaderboard-empty">'
                 f"{escape(_(pages.LEADERBOARD_EMPTY, days=ACTIVE_DAYS))}</p>")
    others = " · ".join(
        escape(game_title(other)) if other == game else
        f'<a href="/leaderboard?game={quote(other)}">{escape(game_title(other))}</a>'
        for other in games)
    title = _(pages.LEADERBOARD_TITLE)
    return pages.page(_("{title}: {game}", title=title, game=game_title(game)),
                      f"<h1>{escape(title)}</h1><p>{escape(about)}</p>"
                      f"{table}<p>{escape(_(pages.LEADERBOARD_GAMES))} {others}</p>")


def _ticks(low: int, high: int, most: int = 5) -> list[int]:
    """Round values spanning ``low`` to ``high``, at most about ``most`` of them.

    >>> _ticks(0, 100), _ticks(-37, 212)
    ([0, 20, 40, 60, 80, 100], [0, 50, 100, 150, 200])
    """
    span = max(high - low, 1)
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        step = candidate
        if span / candidate <= most:
            break
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def chart(points: list[tuple[float, int]], label: str) -> str:
    """A line chart of a rating after each rated game: x the games in order, y the
    rating, each axis with its ticks and its name."""
    top, right, bottom, left = MARGIN
    ratings = [rating for _when, rating in points]
    low, high = min(ratings), max(ratings)
    pad = max(10, (high - low) // 10)
    low, high = low - pad, high + pad
    count = len(points)

    def x(index: int) -> float:
        return left + (WIDTH - left - right) * (index / max(count - 1, 1))

    def y(rating: float) -> float:
        return top + (HEIGHT - top - bottom) * (1 - (rating - low) / (high - low))

    x_axis, y_axis = (_(axis) for axis in pages.RATING_AXES)
    parts = [f'<line class="axis" x1="{left}" y1="{HEIGHT - bottom}" x2="{WIDTH - right}" '
             f'y2="{HEIGHT - bottom}"/>',
             f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{HEIGHT - bottom}"/>']
    for value in _ticks(low, high):
        parts.append(f'<line class="grid" x1="{left}" y1="{y(value):.1f}" x2="{WIDTH - right}"'
                     f' y2="{y(value):.1f}"/><text class="tick" x="{left - 6}" '
                     f'y="{y(value) + 4:.1f}" text-anchor="end">{value}</text>')
    for number in _ticks(1, count):
        parts.append(f'<text class="tick" x="{x(number - 1):.1f}" y="{HEIGHT - bottom + 16}" '
                     f'text-anchor="middle">{number}</text>')
    parts.append(f'<text class="label" x="{(left + WIDTH - right) / 2}" y="{HEIGHT - 6}" '
                 f'text-anchor="middle">{escape(x_axis)}</text>')
    parts.append(f'<text class="label" x="14" y="{(top + HEIGHT - bottom) / 2}" '
                 f'text-anchor="middle" transform="rotate(-90 14 '
                 f'{(top + HEIGHT - bottom) / 2})">{escape(y_axis)}</text>')
    line = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, r in enumerate(ratings))
    parts.append(f'<polyline class="rating" points="{line}"/>')
    parts += [f'<circle class="point" cx="{x(i):.1f}" cy="{y(r):.1f}" r="3"/>'
              for i, r in enumerate(ratings)]
    return (f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-label="{escape(label)}">{"".join(parts)}</svg>')


def ratings_section(history: dict[str, list[tuple[float, int]]]) -> str:
    """A registered player's ratings: for each game, the number now and the chart."""
    if not history:
        return ""
    blocks = []
    for game, points in sorted(history.items()):
        now = ngettext("{game}: {rating}{mark} after {n} rated game",
                       "{game}: {rating}{mark} after {n} rated games", len(points),
                       game=game_title(game), rating=points[-1][1],
                       mark="*" if len(points) < PROVISIONAL else "")
        blocks.append(f'<h3>{escape(_(pages.RATING_OF, game=game_title(game)))}</h3>'
                      f'<p data-testid="rating-{game}">'
                      f"{escape(now)}</p>{chart(points, now)}")
    return (f'<section data-testid="ratings"><h2>{escape(_(pages.RATING_HEADING))}</h2>'
            f"{''.join(blocks)}</section>")
