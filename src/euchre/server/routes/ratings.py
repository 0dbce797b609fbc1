"""Ratings over HTTP: a game's top list as a page (``/leaderboard?game=...``) and as JSON
(``/api/leaderboard?game=...``); a player's ratings are on his page (``routes/pages``)."""

from __future__ import annotations

import time

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ...i18n import N_, _
from .. import pages
from ..rating_page import GAMES, leaderboard_page
from ..ratings import ACTIVE_DAYS, Standing
from . import hub_of

router = APIRouter()
SHOWN = 100
"""Players a top list shows."""


async def _top(request: Request, game: str) -> tuple[list[Standing], list[str]] | str:
    """A game's top list and every game offered, or why there is none (one line)."""
    hub = hub_of(request)
    read = hub.committer.read
    kinds = [*GAMES, *(kind for kind in await read(hub.committer.storage.rated_kinds)
                       if kind not in GAMES)]
    if game not in kinds:
        return _("no top list for the game {game}: choose one of {games}",
                 game=f"{game[:40]!r}", games=", ".join(kinds))
    since = time.time() - ACTIVE_DAYS * 86400
    return await read(hub.committer.storage.leaderboard, game, since, SHOWN), kinds


@router.get("/leaderboard", response_class=HTMLResponse)
async def leaderboard(request: Request, game: str = "two") -> Response:
    found = await _top(request, game)
    if isinstance(found, str):
        return HTMLResponse(pages.message_page(N_("No such top list"), found[:1].upper()
                                               + found[1:] + "."), status_code=404)
    rows, kinds = found
    return HTMLResponse(leaderboard_page(game, rows, kinds))


@router.get("/api/leaderboard")
async def leaderboard_api(request: Request, game: str = "two") -> JSONResponse:
    found = await _top(request, game)
    if isinstance(found, str):
        return JSONResponse({"error": found}, status_code=404)
    rows, _games = found
    return JSONResponse({"game": game, "active_days": ACTIVE_DAYS,
                         "players": [row.as_json() for row in rows]})
