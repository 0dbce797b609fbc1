"""The deal of the day's routes: today's page and board, a player's result, and starting a
game of today's deals (``server.days``)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ... import daily
from ...game import Game
from .. import daily_page, match, pages
from ..storage import StoredGame
from . import hub_of
from .api import metered

router = APIRouter()
MAX_BODY = 1024


@router.get("/daily", response_class=HTMLResponse)
async def today_page(request: Request) -> HTMLResponse:
    day = daily.today()
    return HTMLResponse(daily_page.board_page(day, await hub_of(request).days.board(day)))


@router.get("/api/daily")
async def today_api(request: Request) -> dict:
    day = daily.today()
    return {"day": day, "hands": daily.HANDS, "board": await hub_of(request).days.board(day)}


@router.post("/api/daily")
async def play_today(request: Request) -> JSONResponse:
    """A game of today's deals for a name: metered like every new game (``api.metered``);
    one per name a day (409)."""
    hub = hub_of(request)

    async def make(data: object) -> StoredGame:
        if not isinstance(data, dict) or set(data) - {"name"}:
            raise ValueError('the request must be a JSON object with "name"')
        return await hub.days.start(data.get("name", ""))

    return await metered(request, MAX_BODY, make, lambda stored: {"play": stored.link(0)})


class _NoResult(Exception):
    """A day's result that cannot be shown: no such game (404), or not finished (409)."""

    def __init__(self, status: int, title: str, message: str) -> None:
        super().__init__(message)
        self.status, self.title = status, title


async def _finished(request: Request, day: str,
                    name: str) -> tuple[StoredGame, Game, StoredGame, Game]:
    """A player's finished game of a day and the expert's of the same cards (``_NoResult``
    when there is none to show)."""
    hub = hub_of(request)
    game_id = await hub.committer.read(hub.committer.storage.daily_game, day, name)
    found = game_id and await hub.peek(game_id)
    if not found:
        raise _NoResult(404, "No such result", f"{name} has not played the deals of {day[:10]}.")
    stored, game = found
    if not match.finished(stored, game):
        raise _NoResult(409, "Still being played",
                        f"{name} has not finished the deals of {day[:10]} yet.")
    _, par_id = await hub.days.par(day)
    par_found = await hub.peek(par_id)
    assert par_found is not None
    return stored, game, *par_found


@router.get("/daily/{day}/{name}", response_class=HTMLResponse)
async def result_page(day: str, name: str, request: Request) -> HTMLResponse:
    """A player's result of a day beside the expert's (once his game is over)."""
    try:
        stored, game, par, par_game = await _finished(request, day, name)
    except _NoResult as no:
        return HTMLResponse(pages.message_page(no.title, str(no)), status_code=no.status)
    rows = await hub_of(request).days.board(day)
    return HTMLResponse(daily_page.result_page(day, stored.names[0], game.record(),
                                               par_game.record(), stored.id, par.id, rows))


@router.get("/api/daily/{day}/{name}")
async def result_api(day: str, name: str, request: Request) -> JSONResponse:
    """A player's result of a day beside the expert's, for the table's end of the day: the
    points of each over the day's hands and how they compare."""
    try:
        stored, game, _, par_game = await _finished(request, day, name)
    except _NoResult as no:
        return JSONResponse({"error": str(no)}, status_code=no.status)
    points = sum(daily.hand_margins(game.record()))
    expert = sum(daily.hand_margins(par_game.record()))
    return JSONResponse({"day": day, "name": stored.names[0], "hands": daily.HANDS,
                         "points": points, "expert": expert,
                         "compared": daily_page.compared(points, expert)})
