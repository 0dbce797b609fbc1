"""The pages of the deal of the day: today's board with the way in, and a player's result
beside the expert's on the same cards. Plain HTML from the store (the form's script only
posts the name), in the shell of the other pages."""

from __future__ import annotations

import datetime
from html import escape
from typing import Any

from .. import daily
from ..i18n import N_, _, ngettext
from .pages import html_counted, html_message, page

_PLAY_OF = N_("{name}'s play")
_BOARD_COLUMNS = ("#", N_("Player"), N_("Points"), N_("Expert"), N_("Difference"))
"""The headings of a day's board."""


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def board_table(rows: list[dict[str, Any]], day: str, linked: bool = True) -> str:
    """A day's results as a table, best first (or a line saying there are none yet); each
    name links to its result when ``linked`` (not while the day's deals are kept from the
    reader: ``days.Days.hidden``)."""
    if not rows:
        empty = _("Nobody has finished today's deals yet.")
        return f'<p data-testid="board-empty">{escape(empty)}</p>'

    def named(row: dict[str, Any]) -> str:
        shown = escape(row["name"])
        link = daily.result_link(day, row["game"])
        return f'<a href="{escape(link)}">{shown}</a>' if linked else shown

    body = "".join(
        f'<tr><td>{n}</td><td>{named(r)}</td><td>{_signed(r["points"])}</td>'
        f'<td>{_signed(r["par"])}</td><td>{_signed(r["difference"])}</td></tr>'
        for n, r in enumerate(rows, 1))
    caption = ngettext("Points over the {n} hand (yours less the computer's), beside the "
                       "expert's from the same seat",
                       "Points over the {n} hands (yours less the computer's), beside the "
                       "expert's from the same seat", daily.HANDS)
    heads = "".join(f"<th scope=col>{escape(_(word) if word != '#' else word)}</th>"
                    for word in _BOARD_COLUMNS)
    return (f'<table data-testid="board"><caption>{escape(caption)}</caption><tr>{heads}</tr>'
            f"{body}</table>")


def board_page(day: str, rows: list[dict[str, Any]], linked: bool) -> str:
    """Today's deals: what they are, the way in, and the board (its results linked when
    the reader may see the day's deals)."""
    about = ngettext("{n} hand against the expert, the same cards for everyone today. At the "
                     "end you see your points beside the expert's own play of your seat on "
                     "the same cards.",
                     "{n} hands against the expert, the same cards for everyone today. At the "
                     "end you see your points beside the expert's own play of your seat on "
                     "the same cards.", daily.HANDS)
    play = _("Play today's deals")
    form = ('<form id="daily" class="panel" data-testid="daily-form">'
            f'<h2>{escape(play)}</h2><p>{escape(about)}</p>'
            f'<label>{escape(_("Your name"))} <input type="text" id="name" '
            'maxlength="24" required></label> <button type="submit" data-testid="play-daily">'
            f'{escape(_("Play"))}</button><p class="error" id="error" role="alert"></p></form>')
    title, board = _("The deal of the day"), _("Today's board")
    body = (f"<h1>{escape(title)}</h1><p>{escape(_('{day} (UTC)', day=_date(day)))}</p>{form}"
            f"<h2>{escape(board)}</h2>{board_table(rows, day, linked)}"
            + ("" if linked or not rows else "<p>" + escape(_(
                "The results open once you have played today's deals, and for everyone "
                "tomorrow.")) + "</p>")
            + '<script type="module" src="/static/daily.js"></script>')
    return page(title, body)


def _date(day: str) -> str:
    """A day (``YYYY-MM-DD``, UTC) in the reader's language: "December 7, 2026"."""
    from ..i18n.numbers import day as worded
    try:
        return worded(datetime.datetime.fromisoformat(day).replace(
            tzinfo=datetime.UTC).timestamp())
    except ValueError:
        return day


def compared(points: int, expert: int) -> str:
    """A day's points beside the expert's, in words: "2 more than the expert"."""
    if points == expert:
        return _("the same as the expert")
    if points > expert:
        return ngettext("{n} more than the expert", "{n} more than the expert",
                        points - expert)
    return ngettext("{n} fewer than the expert", "{n} fewer than the expert", expert - points)


def result_page(day: str, name: str, mine: dict[str, Any], par: dict[str, Any],
                game_id: str, par_id: str, rows: list[dict[str, Any]]) -> str:
    """A player's result of a day: his margin beside the expert's, the hands where they
    differed most (with both replays a link away), and the day's board."""
    points = sum(daily.hand_margins(mine))
    expert = sum(daily.hand_margins(par))
    differed = daily.differences(mine, par)[:3]
    expert_s, today = _("the expert's"), _("Today's deals")
    hands = "".join(
        "<li>" + html_message(
            N_("Hand {number}: {name} {points}, the expert {expert} ({mine} · {theirs})"),
            number=str(n), name=f"<bdi>{escape(name)}</bdi>", points=_signed(a),
            expert=_signed(b),
            mine=f'<a href="/games/{game_id}#hand-{n}">'
                 f'{escape(_(_PLAY_OF, name=name))}</a>',
            theirs=f'<a href="/games/{par_id}#hand-{n}">{escape(expert_s)}</a>')
        + "</li>" for n, a, b in differed)
    when = _date(day)
    told = html_counted(
        "{name}: {points} over the {n} hand; the expert, from the same seat on the same "
        "cards: {expert}: {compared}.",
        "{name}: {points} over the {n} hands; the expert, from the same seat on the same "
        "cards: {expert}: {compared}.", daily.HANDS, name=f"<bdi>{escape(name)}</bdi>",
        points=f"<b>{_signed(points)}</b>", expert=f"<b>{_signed(expert)}</b>",
        compared=escape(compared(points, expert)))
    body = (f"<h1>{escape(_('The deals of {name}, {day}', name=name, day=when))}</h1>"
            f'<p class="review-total" data-testid="daily-result">{told}</p>'
            + (f"<h2>{escape(_('Where you and the expert differed most'))}</h2><ul "
               f'data-testid="differed">{hands}</ul>' if hands else
               f"<p>{escape(_('You matched the expert hand for hand.'))}</p>")
            + f'<h2 id="{daily.BOARD_ANCHOR}">'
              f"{escape(_('The board of {day}', day=when))}</h2>"
            + board_table(rows, day) +
            f'<p><a href="/daily">{escape(today)}</a></p>')
    return page(_("{name}, {day}", name=name, day=when), body)
