"""The replay page of a finished game (``/games/ID``): the browser game's own table, drawn
position by position by ``static/replay/``, with the game as text below it.

Why the page is made from ``static/table.html`` rather than written again: the replay must
be the same table (its places, ``data-zone``, layout and styles), so this module takes that
file and changes only what a replay does differently: its script, its title and heading,
the menu's links to the text and the reviews, and the text of the game below the table.
Each change names the exact text it replaces; if ``table.html`` no longer has it, the page
is not made (``TableChanged``), and the tests say so at once.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from .. import i18n
from ..game import Game
from ..i18n import _
from ..i18n.html import translate_markup
from . import languages
from .match import worded_names
from .pages import REVIEW_OF, record_body, result_line, review_url
from .paths import STATIC
from .storage import StoredGame

_MODULE = '<script type="module" src="/static/table/main.js"></script>'
_STYLES = '<link rel="stylesheet" href="/static/css/panels.css">'
_TITLE = "<title>Euchre</title>"
_BODY = '<body class="table-page">'
_HEADING = '<h1 class="visually-hidden">Euchre table</h1>'
_MENU = '<a href="/">Lobby</a>'
_END = "</main>"


class TableChanged(RuntimeError):
    """``table.html`` no longer has a piece of text the replay page replaces."""


@lru_cache(maxsize=1)
def _table() -> str:
    html = (STATIC / "table.html").read_text(encoding="utf-8")
    for part in (_MODULE, _STYLES, _TITLE, _BODY, _HEADING, _MENU, _END):
        if html.count(part) != 1:
            raise TableChanged(f"table.html should have {part!r} once: the replay page "
                               "is made from it")
    return html


def replay_page(stored: StoredGame, game: Game, record: dict[str, Any]) -> str:
    """The table page turned into the replay of ``stored`` (a finished game of any size)."""
    result = escape(result_line(stored, game))
    reviews = "".join(
        f'<a href="{escape(review_url(stored.id, seat))}" data-testid="menu-review-{seat}">'
        f"{escape(_(REVIEW_OF, name=name))}</a>"
        for seat, name in enumerate(worded_names(stored)))
    text = (f'<section class="page record-text" id="record" aria-labelledby="record-title">'
            f"{record_body(stored, game, record, heading='h2')}</section>")
    title = escape(_("{title} · Euchre", title=_("Replay: {result}",
                                                  result=result_line(stored, game))))
    made = {  # (put in after the table's own words are translated: already in the language)
        "<!--title-->": f"<title>{title}</title>",
        "<!--heading-->": f'<h1 class="visually-hidden">{result}</h1>',
        "<!--menu-->": f'<a href="#record" data-testid="text-link">'
                       f'{escape(_("The game as text"))}</a>\n      {reviews}',
        "<!--record-->": text}
    swaps = (
        (_MODULE, '<script type="module" src="/static/replay/main.js"></script>'),
        (_STYLES, f'{_STYLES}\n<link rel="stylesheet" href="/static/css/replay.css">'),
        (_TITLE, "<!--title-->"),
        (_BODY, f'<body class="table-page replay-page" data-game="{escape(stored.id)}">'),
        (_HEADING, "<!--heading-->"),
        (_MENU, f"{_MENU}\n      <!--menu-->"),
        (_END, f"{_END}\n<!--record-->"),
    )
    html = _table()
    for old, new in swaps:
        html = html.replace(old, new)
    html = translate_markup(html, i18n.language(), languages.here())
    for marker, part in made.items():
        html = html.replace(marker, part, 1)
    return html
