"""The deal of the day's routes: today's page and board, a player's result, and starting a
game of today's deals (``server.days``)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ... import daily
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


@router.get("/daily/{day}/{name}", response_class=HTMLResponse)
async def result_page(day: str, name: str, request: Request) -> HTMLResponse:
    """A player's result of a day beside the expert's (once his game is over)."""
    hub = hub_of(request)
    storage = hub.committer.storage
    game_id = await hub.committer.read(storage.daily_game, day, name)
    found = game_id and await hub.peek(game_id)
    if not found:
        return HTMLResponse(pages.message_page(
            "No such result", f"{name} has not played the deals of {day[:10]}."),
            status_code=404)
    stored, game = found
    if not match.finished(stored, game):
        return HTMLResponse(pages.message_page(
            "Still being played", f"{name} has not finished the deals of {day[:10]} yet."),
            status_code=409)
    _, par_id = await hub.days.par(day)
    par_found = await hub.peek(par_id)
    assert par_found is not None
    rows = await hub.days.board(day)
    return HTMLResponse(await hub.builds.run(_result_html, day, stored, par_found[0], rows))


def _result_html(day: str, stored: StoredGame, par: StoredGame, rows: list) -> str:
    """In a build worker: a player's result of a day beside the expert's."""
    return daily_page.result_page(day, stored.names[0], stored.replay().record(),
                                  par.replay().record(), stored.id, par.id, rows)
