"""A finished game replayed: its page (``/games/ID``, the table drawn position by position)
and the positions it draws (``GET /api/games/ID/positions``).

Both serve every game of the family (the table draws two, three or four seats) and refuse in
one line: a game that is not there (404) or not over (409: its cards are still hidden), and
on the page a bad ``at`` or ``seat`` (400).
"""

from __future__ import annotations

import gzip
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ...game import Game
from .. import match, pages
from ..match import public_record
from ..protocol import encode
from ..replay import positions
from ..replay_page import replay_page
from ..storage import StoredGame
from . import hub_of, kept_secret

router = APIRouter()
STILL_PLAYED = ("Still being played", "This game is not over yet: its record is shown once "
                "it is.")


async def _replayable(request: Request, game_id: str
                      ) -> tuple[StoredGame, Game] | tuple[int, tuple[str, str]]:
    """The finished game, or (HTTP status, (title, why not))."""
    found = await hub_of(request).peek(game_id)
    if found is None:
        return 404, pages.NO_GAME
    stored, game = found
    if await kept_secret(request, stored):  # (played or not: nothing of the day's cards)
        return 403, pages.DAILY_SECRET
    if not match.finished(stored, game):
        return 409, STILL_PLAYED
    return stored, game


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def replay_html(game_id: str, request: Request, at: str | None = None,
                      seat: str | None = None) -> Response:
    found = await _replayable(request, game_id)
    if isinstance(found[0], int):
        status, (title, text) = found
        link = {409: (f"/play/{game_id}", "Watch it being played"),
                403: ("/daily", "Today's deals")}.get(status)
        return HTMLResponse(pages.message_page(title, text, link), status_code=status)
    stored, game = found
    moves = len(stored.actions)
    if at is not None and not (at.isascii() and at.isdigit() and len(at) <= 9
                               and int(at) <= moves):
        return HTMLResponse(pages.message_page(
            "No such moment", f"This game has {moves} moves: at= must be a whole number from "
            f"0 to {moves}, not {at[:20]!r}.", (f"/games/{game_id}", "The replay from the "
                                                 "start")), status_code=400)
    if seat is not None and seat not in [str(s) for s in range(game.players)]:
        return HTMLResponse(pages.message_page(
            "No such seat", f"This game's seats are 0 to {game.players - 1}, not "
            f"{seat[:20]!r}.", (f"/games/{game_id}", "The replay from the start")),
            status_code=400)
    return HTMLResponse(replay_page(stored, game, public_record(stored, game)))


@router.get("/api/games/{game_id}/positions")
async def positions_api(game_id: str, request: Request) -> Response:
    """Every position of a finished game, every hand face up (``server.replay``)."""
    found = await _replayable(request, game_id)
    if isinstance(found[0], int):
        status, (_, text) = found
        return JSONResponse({"error": text}, status_code=status)
    stored, game = found
    result = pages.result_line(stored, game)
    if match.RESIGNED in stored.options:  # the moves stop: the last position says why
        result = f"{stored.names[int(stored.options[match.RESIGNED])]} resigned: {result}"
    names, seats = match.shown_names(stored), range(game.players)
    told: dict[str, Any] = positions(game.record(), names, result)
    told["game"] = {"id": stored.id, "mode": stored.mode, "level": stored.level,
                    "names": list(names), "seat": None, "finished": True,
                    "levels": [match.computer_seats(stored, game).get(seat) for seat in seats],
                    "winner": match.winner(stored, game), "connected": [True for _ in seats],
                    "arrived": [True for _ in seats],
                    "reviews": [pages.review_url(stored.id, seat) for seat in seats],
                    "review_api": [pages.review_url(stored.id, seat, api=True)
                                   for seat in seats]}
    body = encode(told).encode()
    headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        body, headers["Content-Encoding"] = gzip.compress(body, 6), "gzip"
    return Response(body, media_type="application/json", headers=headers)
