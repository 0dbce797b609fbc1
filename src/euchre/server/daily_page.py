"""The pages of the deal of the day: today's board with the way in, and a player's result
beside the expert's on the same cards. Plain HTML from the store (the form's script only
posts the name), in the shell of the other pages."""

from __future__ import annotations

from html import escape
from typing import Any

from .. import daily
from .pages import page


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def board_table(rows: list[dict[str, Any]], day: str, linked: bool = True) -> str:
    """A day's results as a table, best first (or a line saying there are none yet); each
    name links to its result when ``linked`` (not while the day's deals are kept from the
    reader: ``days.Days.hidden``)."""
    if not rows:
        return '<p data-testid="board-empty">Nobody has finished today\'s deals yet.</p>'

    def named(row: dict[str, Any]) -> str:
        shown = escape(row["name"])
        link = daily.result_link(day, row["game"])
        return f'<a href="{escape(link)}">{shown}</a>' if linked else shown

    body = "".join(
        f'<tr><td>{n}</td><td>{named(r)}</td><td>{_signed(r["points"])}</td>'
        f'<td>{_signed(r["par"])}</td><td>{_signed(r["difference"])}</td></tr>'
        for n, r in enumerate(rows, 1))
    return ('<table data-testid="board"><caption>Points over the six hands (yours less the '
            "computer's), beside the expert's from the same seat</caption><tr><th scope=col>#"
            "</th><th scope=col>Player</th><th scope=col>Points</th><th scope=col>Expert"
            f"</th><th scope=col>Difference</th></tr>{body}</table>")


def board_page(day: str, rows: list[dict[str, Any]], linked: bool) -> str:
    """Today's deals: what they are, the way in, and the board (its results linked when
    the reader may see the day's deals)."""
    form = ('<form id="daily" class="panel" data-testid="daily-form"><h2>Play today\'s '
            f"deals</h2><p>{daily.HANDS} hands against the expert, the same cards for "
            "everyone today. At the end you see your points beside the expert's own play of "
            'your seat on the same cards.</p><label>Your name <input type="text" id="name" '
            'maxlength="24" required></label> <button type="submit" data-testid="play-daily">'
            'Play</button><p class="error" id="error" role="alert"></p></form>')
    body = (f"<h1>The deal of the day</h1><p>{escape(day)} (UTC)</p>{form}"
            f"<h2>Today's board</h2>{board_table(rows, day, linked)}"
            + ("" if linked or not rows else "<p>The results open once you have played "
               "today's deals, and for everyone tomorrow.</p>")
            + '<script type="module" src="/static/daily.js"></script>')
    return page("The deal of the day", body)


def compared(points: int, expert: int) -> str:
    """A day's points beside the expert's, in words: "2 more than the expert"."""
    if points == expert:
        return "the same as the expert"
    return f"{abs(points - expert)} {'more' if points > expert else 'fewer'} than the expert"


def result_page(day: str, name: str, mine: dict[str, Any], par: dict[str, Any],
                game_id: str, par_id: str, rows: list[dict[str, Any]]) -> str:
    """A player's result of a day: his margin beside the expert's, the hands where they
    differed most (with both replays a link away), and the day's board."""
    points = sum(daily.hand_margins(mine))
    expert = sum(daily.hand_margins(par))
    differed = daily.differences(mine, par)[:3]
    hands = "".join(
        f"<li>Hand {n}: {escape(name)} {_signed(a)}, the expert {_signed(b)} "
        f'(<a href="/games/{game_id}#hand-{n}">{escape(name)}\'s play</a> · '
        f'<a href="/games/{par_id}#hand-{n}">the expert\'s</a>)</li>'
        for n, a, b in differed)
    said = compared(points, expert)
    body = (f"<h1>{escape(name)}'s deals of {escape(day)}</h1>"
            f'<p class="review-total" data-testid="daily-result">{escape(name)}: '
            f"<b>{_signed(points)}</b> over the {daily.HANDS} hands; the expert, from the same "
            f"seat on the same cards: <b>{_signed(expert)}</b>: {said}.</p>"
            + (f"<h2>Where you and the expert differed most</h2><ul data-testid="
               f'"differed">{hands}</ul>' if hands else "<p>You matched the expert hand "
               "for hand.</p>")
            + f'<h2 id="{daily.BOARD_ANCHOR}">The board of {escape(day)}</h2>'
            + board_table(rows, day) +
            '<p><a href="/daily">Today\'s deals</a></p>')
    return page(f"{name}, {day}", body)
