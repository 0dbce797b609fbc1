"""The deal of the day's routes: today's page and board, a player's result, and starting a
game of today's deals (``server.days``).

The browser that starts a game gets its id in a cookie (``days.BROWSER_COOKIE``: HttpOnly,
SameSite=Lax, kept ``days.BROWSER_DAYS``), if it had none: its one game a day, and what it
may see of the day's deals once that game is over, go by it."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ... import daily
from ...game import Game
from ...i18n import _
from .. import daily_page, match, pages
from ..days import BROWSER_COOKIE, BROWSER_DAYS, known_browser, new_browser
from ..storage import StoredGame
from . import day_kept_secret, hub_of, kept_secret
from .accounts import holder_of
from .api import metered

router = APIRouter()
MAX_BODY = 1024


@router.get("/daily", response_class=HTMLResponse)
async def today_page(request: Request) -> HTMLResponse:
    day = daily.today()
    hub = hub_of(request)
    rows = await hub.days.board(day)
    linked = bool(rows) and not await day_kept_secret(request, day)
    return HTMLResponse(daily_page.board_page(day, rows, linked))


@router.get("/api/daily")
async def today_api(request: Request) -> dict:
    day = daily.today()
    return {"day": day, "hands": daily.HANDS, "board": await hub_of(request).days.board(day)}


@router.post("/api/daily")
async def play_today(request: Request) -> JSONResponse:
    """A game of today's deals for this browser, under the name given: metered like every
    new game (``api.metered``); one per browser a day (409)."""
    hub = hub_of(request)
    browser = known_browser(request.cookies.get(BROWSER_COOKIE))
    given = browser or new_browser()

    holder = await holder_of(request)

    async def make(data: object) -> StoredGame:
        if not isinstance(data, dict) or set(data) - {"name"}:
            raise ValueError(_('the request must be a JSON object with "name"'))
        if isinstance(data.get("name"), str):
            await hub.accounts.check_name(data["name"], holder)
        return await hub.days.start(data.get("name", ""), given)

    reply = await metered(request, MAX_BODY, make,
                          lambda stored: {"play": stored.link(0),
                                          "result": match.daily_block(stored)["result"]})
    if browser is None:
        reply.set_cookie(BROWSER_COOKIE, given, max_age=BROWSER_DAYS * 86400, httponly=True,
                         samesite="lax", secure=request.url.scheme == "https")
    return reply


class _NoResult(Exception):
    """A day's result that cannot be shown: no such day or game (404), kept secret (403),
    or not finished (409)."""

    def __init__(self, status: int, title: str, message: str) -> None:
        super().__init__(message)
        self.status, self.title = status, title


async def _finished(request: Request, day: str,
                    game_id: str) -> tuple[StoredGame, Game, StoredGame, Game]:
    """A player's finished game of a day and the expert's of the same cards, to a browser
    that may see the day's deals (``days.Days.hidden``); ``_NoResult`` when there is none to
    show."""
    hub = hub_of(request)
    if not daily.is_day(day):
        raise _NoResult(404, "No such day", f"{day[:20]!r} is not a day: the deals of a day "
                        "are at /daily/YYYY-MM-DD/GAME.")
    found = await hub.peek(game_id)
    if not found or found[0].facts.day != day:
        raise _NoResult(404, "No such result", f"No game of the deals of {day} has this link.")
    stored, game = found
    if await kept_secret(request, stored):
        raise _NoResult(403, *pages.DAILY_SECRET)
    if not match.finished(stored, game):
        raise _NoResult(409, "Still being played",
                        f"{stored.names[0]} has not finished the deals of {day} yet.")
    _, par_id = await hub.days.par(day)
    par_found = await hub.peek(par_id)
    assert par_found is not None
    return stored, game, *par_found


@router.get("/daily/{day}/{game_id}", response_class=HTMLResponse)
async def result_page(day: str, game_id: str, request: Request) -> HTMLResponse:
    """A player's result of a day beside the expert's (once his game is over)."""
    try:
        stored, _, par, _ = await _finished(request, day, game_id)
    except _NoResult as no:
        link = ("/daily", "Today's deals") if no.status in (403, 404) else None
        return HTMLResponse(pages.message_page(no.title, str(no), link),
                            status_code=no.status)
    hub = hub_of(request)
    rows = await hub.days.board(day)
    return HTMLResponse(await hub.builds.run(_result_html, day, stored, par, rows))


def _result_html(day: str, stored: StoredGame, par: StoredGame, rows: list) -> str:
    """In a build worker: a player's result of a day beside the expert's."""
    return daily_page.result_page(day, stored.names[0], stored.replay().record(),
                                  par.replay().record(), stored.id, par.id, rows)


@router.get("/api/daily/{day}/{game_id}")
async def result_api(day: str, game_id: str, request: Request) -> JSONResponse:
    """A player's result of a day beside the expert's, for the table's end of the day: the
    points of each over the day's hands and how they compare."""
    try:
        stored, game, _, par_game = await _finished(request, day, game_id)
    except _NoResult as no:
        return JSONResponse({"error": str(no)}, status_code=no.status)
    points = sum(daily.hand_margins(game.record()))
    expert = sum(daily.hand_margins(par_game.record()))
    return JSONResponse({"day": day, "name": stored.names[0], "hands": daily.HANDS,
                         "points": points, "expert": expert,
                         "compared": daily_page.compared(points, expert)})
