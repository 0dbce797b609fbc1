"""Pages the server renders itself: a finished game hand by hand, and a player's record.

The lobby and the table are static pages driven by ``static/*.js``; these two are plain HTML
made here from the store, so they work without JavaScript and can be linked and kept.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markdown_it import MarkdownIt

from .. import i18n
from ..game import Game
from ..history import Stats
from ..i18n import N_, _, ngettext
from ..words import GAME_NAMES, score_words, side_name
from . import languages, match
from .storage import StoredGame
from .totals import by_game, read_total

_SHELL = """<!doctype html>
<html lang="{lang}" dir="{dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<title>{title}</title>
<script src="/static/theme.js"></script>
<link rel="stylesheet" href="/static/css/base.css">
<link rel="stylesheet" href="/static/css/review.css">
<link rel="stylesheet" href="/static/css/ratings.css"></head>
<body><main class="page">
<nav><a href="/">{lobby}</a> · <a href="/rules">{rules}</a> {languages}</nav>
{body}
</main></body></html>"""


def page(title: str, body: str) -> str:
    """A complete page around ``body`` (already HTML)."""
    return _SHELL.format(title=escape(_("{title} · Euchre", title=title)), body=body,
                         lang=i18n.language(), dir=i18n.direction(), lobby=escape(_("← Lobby")),
                         rules=escape(_("How to play")), languages=languages.menu())


def message_page(title: str, text: str, link: tuple[str, str] | None = None) -> str:
    """A page that says one thing (a missing game, a refusal), in a person's words, with
    the way on: ``link`` is (href, words), else the lobby. Its title, text and link's words
    are each looked up in the catalog (a sentence made with figures is shown as it is)."""
    href, words = link or ("/", N_("Back to the lobby, to start or find a game"))
    title, text, words = _(title), _(text), _(words)
    return page(title, f'<h1>{escape(title)}</h1><p data-testid="message">{escape(text)}</p>'
                       f'<p><a href="{escape(href)}">{escape(words)}</a></p>')


NO_GAME = (N_("No such game"), N_("No game has this link: it may be mistyped or cut short, "
                                   "or the game was made on another server."))
"""The page for a game id that names no game."""
NOT_FOUND = (N_("Nothing here"), N_("There is no page at this address: the link may be "
                                     "mistyped or cut short."))
"""The page for an address the app does not serve (not a raw ``{"detail": ...}``)."""
DAILY_SECRET = (N_("Today's deals are secret"), N_(
    "This game was dealt today's deal of the day: its cards are shown once you have finished "
    "your own game of today's deals in this browser, and to everyone when the day is over "
    "(midnight UTC)."))
"""The refusal of a replay, record or review of a game of the day while the day lasts
(``days.Days.hidden``)."""


LEADERBOARD_TITLE = N_("Top players")
LEADERBOARD_ABOUT = N_("Registered players who finished a rated game in the last {days} days, "
                       "best first. A rating is the cautious estimate of a player's strength "
                       "(it starts at 0 and rises as he wins); it is provisional (marked *) "
                       "until he has played {games} rated games. A game is rated when people "
                       "hold every seat from its start.")
LEADERBOARD_EMPTY = N_("Nobody has finished a rated game of this kind in the last {days} days.")
LEADERBOARD_GAMES = N_("Other games:")
PROVISIONAL_MARK = ("*", N_("provisional: fewer than {games} rated games"))
RATING_HEADING = N_("Rating over time")
RATING_AXES = (N_("rated games, oldest first"), N_("rating"))
RATING_OF = N_("{game}: rating")


def result_line(stored: StoredGame, game: Game) -> str:
    """The match's result in one line: "Ann won 10-6" (the replay's last position and the
    heading of the game's page)."""
    score, names = game.score, match.worded_names(stored)
    winner = match.winner(stored, game)
    if len(score) == 3:  # cutthroat: each for himself
        told = score_words(score, names, 3)
        if winner is not None:
            return _("{name} won ({score})", name=names[winner], score=told)
        return _("Level ({score})", score=told) if match.finished(stored, game) else \
            _("Not finished")
    if winner is not None:
        return _("{side} won {points}-{other}", side=side_name(names, len(names), winner),
                 points=score[winner], other=score[1 - winner])
    return _("Level at {points}-{other}", points=score[0], other=score[1]) \
        if match.finished(stored, game) else _("Not finished")


def record_body(stored: StoredGame, game: Game, record: dict[str, Any],
                heading: str = "h1") -> str:
    """The finished game in text (the replay's page carries it below the table, under an
    ``h2``): who won, then every hand's deal, bidding, tricks and points."""
    names = match.worded_names(stored)
    blocks = game.transcript(names=names).split("\n\n")
    head, hands = blocks[0], blocks[1:-1]
    played = record["players"].get("hands")  # a deal of the day: its hands, not the next
    items = []
    for number, block in enumerate(hands[:played] if played else hands, 1):
        lines = block.splitlines()
        summary = lines[-1].strip()
        items.append(f'<details class="hand" id="text-hand-{number}"><summary><b>'
                     f'{escape(lines[0])}</b> {escape(summary)}</summary><pre>'
                     f'{escape(chr(10).join(lines[1:]))}</pre></details>')
    players = _players_line(stored, names)
    replay = html_message(N_("replay it with {command}"),
                          command="<code>euchre replay FILE</code>")
    return (f'<{heading} id="record-title">{escape(result_line(stored, game))}</{heading}>'
            f'<p>{players}. {escape(head)}.</p>{_marks(stored, game)}'
            f'<p><a href="/api/games/{escape(stored.id)}/record" download>'
            f'{escape(_("Download the record (JSON)"))}</a> · {replay}'
            f'</p>{_reviews(stored)}<section class="hands" data-testid="hands">'
            f'{"".join(items)}</section>')


def html_message(message: str, **html: str) -> str:
    """``message`` in the reader's language, escaped, with its placeholders filled by
    ``html`` (already HTML: links, code), which a translator may move as any placeholder."""
    return escape(_(message)).format(**html)


def html_counted(one: str, many: str, n: int, **html: str) -> str:
    """``html_message`` for a counted message: the form that agrees with ``n``."""
    return escape(ngettext(one, many, n, **{key: f"{{{key}}}" for key in html})).format(
        **html)


PLAYERS_LINES = {
    (1, 1): N_("{first} against {second}"),
    (1, 2): N_("{first} against {second} and {third}"),
    (2, 2): N_("{first} and {second} against {third} and {fourth}"),
    (1, 1, 1): N_("{first}, {second} and {third}, each for himself"),
    (1, 1, 1, 1): N_("{first}, {second}, {third} and {fourth}, each for himself"),
    (1, 1, 1, 1, 1): N_("{first}, {second}, {third}, {fourth} and {fifth}, each for himself")}
"""Who played whom, by the sizes of the sides (the person's first): two-handed, cutthroat
(the person against both), partners (four-handed Euchre, Railroad, Hasenpfeffer), and
Napoleon's three, four or five each playing for himself. Each a whole sentence, its names
in the order of the sides."""
PLACES = ("first", "second", "third", "fourth", "fifth")


def _players_line(stored: StoredGame, names: tuple[str, ...]) -> str:
    """Who played whom, each player a link to his page (kept whole in a sentence of the
    other direction, ``<bdi>``): "Ann and Cy against Bob and Di"."""
    sides = match.sides_of(stored)
    seats = [seat for side in sides for seat in side]
    linked = {PLACES[i]: f'<bdi><a href="/players/{quote(stored.names[seat], safe="")}">'
                         f"{escape(names[seat])}</a></bdi>" for i, seat in enumerate(seats)}
    shape = tuple(len(side) for side in sides)
    return html_message(PLAYERS_LINES[shape], **linked)


def review_url(game_id: str, seat: int, api: bool = False) -> str:
    """Where a seat's review is read (``routes/reviews.py``): its page, or its JSON."""
    return f"{'/api' if api else ''}/games/{game_id}/review/{seat}"


REVIEW_OF = N_("Review {name}'s play")
"""A link to a seat's review (the game's page, the replay's menu, the other review)."""


def _reviews(stored: StoredGame) -> str:
    """The coach's review of either seat: worked out on the first visit, kept with the
    game."""
    links = " ".join(f'<a class="button" href="{escape(review_url(stored.id, seat))}" '
                     f'data-testid="review-{seat}">'
                     f'{escape(_(REVIEW_OF, name=name))}</a>'
                     for seat, name in enumerate(stored.names) if match.reviewed(stored, seat))
    return (f'<p class="reviews" data-testid="reviews">'
            f'{escape(_("Where the points went, choice by choice:"))} {links}</p>')


def _marks(stored: StoredGame, game: Game) -> str:
    """What the moves of a record do not show: a resignation (the engine's outcome), undo."""
    notes = []
    resigned = match.ended_early(game)
    if resigned is not None:
        notes.append(_("{name} resigned.", name=stored.names[resigned]))
    if stored.facts.undo_used:
        notes.append(_("Played with undo: moves were taken back."))
    return "".join(f'<p class="mark" data-testid="mark">{escape(n)}</p>' for n in notes)


RULES_FILE = "rules.md"
"""``docs/rules.md``: the rules people read, the same file the terminal's ``rules`` command
shows (the terminal package carries a link to it, so an install has it too)."""
_SOURCE_TREE = Path(__file__).resolve().parents[3] / "docs" / RULES_FILE


def rules_in(code: str) -> str | None:
    """The rules written in language ``code`` (``locale/<code>/rules.md``), or None: English."""
    try:
        return resources.files("euchre").joinpath("locale", code, RULES_FILE).read_text("utf-8")
    except OSError:
        return None


def rules_page() -> str:
    """The rules as a page of the app, in the reader's language (``_rules_page``)."""
    return _rules_page(i18n.language())


@lru_cache(maxsize=8)
def _rules_page(code: str) -> str:
    """The rules as a page of the app, rendered with raw HTML disabled (everything in the
    file is escaped), so the page can never carry a script. (Its language menu comes back
    to ``/rules``, the only address it is served at.)"""
    try:
        text = rules_in(code) or \
            resources.files("euchre.terminal").joinpath(RULES_FILE).read_text("utf-8")
    except OSError:
        try:
            text = _SOURCE_TREE.read_text(encoding="utf-8")
        except OSError:
            return message_page(N_("How to play"), N_(
                "The rules are docs/rules.md in the project's source; this copy was "
                "installed without them."))
    converter = MarkdownIt("commonmark", {"html": False}).enable("table")
    return page(_("How to play"), f'<article class="rules" data-testid="rules">'
                f'{converter.render(text)}</article>')


def stats_page(name: str, counts: dict[str, int] | None, games: list[StoredGame],
               older: bool = False, ratings: str = "") -> str:
    """A player's record over the finished games stored under that name (his running
    totals, ``server.totals``), for each game he has played apart (a partner's results are
    his side's), and one page of those games, newest first, with a link to the older ones;
    ``ratings``: a registered player's ratings (``rating_page.ratings_section``)."""
    stats, _extra = read_total(counts)
    if not stats.matches:
        return page(name, f"<h1>{escape(name)}</h1><p>{escape(_('No finished games yet.'))}</p>")
    records = "".join(
        f'<h2>{escape(_(GAME_NAMES[players]) if players in GAME_NAMES else str(players))}</h2>'
        f'<ul class="stats" data-testid="stats-{players}">{_stats_lines(*total, players)}</ul>'
        for players, total in by_game(counts).items())
    rows = [_game_row(game, seat, name) for game in games
            for seat in match.seats_of(game, name)]
    more = ""
    if len(games) == PLAYER_PAGE:
        more = (f'<p><a data-testid="older" href="/players/{quote(name, safe="")}?before='
                f'{games[-1].updated!r}">{escape(_("Older games"))}</a></p>')
    heads = "".join(f"<th>{escape(_(word))}</th>" for word in _COLUMNS)
    body = (f'<h1>{escape(name)}</h1>{ratings}<div data-testid="stats">{records}</div>'
            f"<h2>{escape(_('Older games') if older else _('Latest games'))}</h2><table><tr>"
            f"{heads}</tr>{''.join(rows)}</table>{more}")
    return page(name, body)


def _stats_lines(stats: Stats, extra: dict[str, int], players: int | str) -> str:
    lines = "".join(f"<li>{escape(line)}</li>" for line in stats.lines(players))
    if extra["with_undo"]:
        told = ngettext("Of these, {n} played with undo", "Of these, {n} played with undo",
                        extra["with_undo"])
        lines += f'<li data-testid="undo-count">{escape(told)}</li>'
    if extra["abandoned"]:
        told = ngettext("Of these, {n} left unfinished and counted as lost",
                        "Of these, {n} left unfinished and counted as lost", extra["abandoned"])
        lines += f'<li data-testid="abandoned-count">{escape(told)}</li>'
    return lines


PLAYER_PAGE = 50
"""Games on one page of a player's record (older ones a link away)."""
_COLUMNS = (N_("result"), N_("score"), N_("against"), N_("rules"))
"""The headings of a player's list of games."""


def _game_row(game: StoredGame, seat: int, name: str) -> str:
    """One finished game in a player's list, from his seat."""
    side = match.side_of(game, seat)
    won = _("won") if game.winner == side else _("lost")
    names = match.worded_names(game)
    others = [s for s in range(len(names)) if match.side_of(game, s) != side]
    score = (f"{game.score[side]}-{game.score[1 - side]}" if len(game.score) == 2 else
             f"{game.score[side]} ({', '.join(f'{names[s]} {game.score[s]}' for s in others)})")
    notes = ([_("(abandoned)")] if game.facts.abandoned else
             [_("(resigned)")] if game.facts.resigned is not None else []) + (
        [_("(with undo)")] if game.facts.undo_used else [])
    note = "".join(f" {escape(n)}" for n in notes)
    against = names[others[0]] if len(others) == 1 else \
        _("{first} and {second}", first=names[others[0]], second=names[others[1]])
    rules = ngettext("{deck} cards, to {n} point", "{deck} cards, to {n} points",
                     game.rules.target, deck=game.rules.deck)
    return (f'<tr><td><a href="/games/{escape(game.id)}">{escape(won)}</a>{note}</td>'
            f"<td>{escape(score)}</td><td>{escape(against)}</td><td>{escape(rules)}</td></tr>")
