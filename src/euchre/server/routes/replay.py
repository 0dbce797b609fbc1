"""A finished game replayed: its page (``/games/ID``, the table drawn position by position)
and the positions it draws (``GET /api/games/ID/positions``).

Both serve every game of the family (the table draws two, three or four seats) and refuse in
one line: a game that is not there (404) or not over (409: its cards are still hidden), and
on the page a bad ``at`` or ``seat`` (400).
"""

from __future__ import annotations

import gzip
import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ...game import Game
from ...i18n import N_, _
from .. import match, pages
from ..match import public_record
from ..protocol import encode
from ..replay import positions
from ..replay_page import replay_page
from ..storage import StoredGame
from . import hub_of, kept_secret

router = APIRouter()
STILL_PLAYED = (N_("Still being played"), N_("This game is not over yet: its record is shown "
                                              "once it is."))


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
        link = {409: (f"/play/{game_id}", N_("Watch it being played")),
                403: ("/daily", N_("Today's deals"))}.get(status)
        return HTMLResponse(pages.message_page(title, text, link), status_code=status)
    stored, game = found
    moves = len(stored.actions)
    if at is not None and not (at.isascii() and at.isdigit() and len(at) <= 9
                               and int(at) <= moves):
        return HTMLResponse(pages.message_page(
            N_("No such moment"), _("This game has {moves} moves: at= must be a whole number "
                                    "from 0 to {moves}, not {at}.", moves=moves,
                                    at=f"{at[:20]!r}"),
            (f"/games/{game_id}", N_("The replay from the start"))), status_code=400)
    if seat is not None and seat not in [str(s) for s in range(game.players)]:
        return HTMLResponse(pages.message_page(
            N_("No such seat"), _("This game's seats are 0 to {last}, not {seat}.",
                                  last=game.players - 1, seat=f"{seat[:20]!r}"),
            (f"/games/{game_id}", N_("The replay from the start"))), status_code=400)
    return HTMLResponse(await hub_of(request).builds.run(_replay_html, stored))


PAGE_BYTES = 256 * 1024
"""The JSON of one page of positions (before gzip): a game of any length is served in pages
of about this size, each built on its own (``replay.positions``)."""


@router.get("/api/games/{game_id}/positions")
async def positions_api(game_id: str, request: Request) -> Response:
    """A page of the positions of a finished game, every hand face up (``server.replay``):
    ``?from=N`` the page that starts at move ``N`` (0, the first, by default); ``next`` in
    each page is where the next starts (null: the last). Built off the event loop
    (``builds``: 503 when its queue is full)."""
    found = await _replayable(request, game_id)
    if isinstance(found[0], int):
        status, (_title, text) = found
        return JSONResponse({"error": _(text)}, status_code=status)
    stored, game = found
    start = request.query_params.get("from", "0")
    if not re.fullmatch(r"[0-9]{1,9}", start) or int(start) > len(stored.actions):
        return JSONResponse({"error": _("from= must be a move number from 0 to {last}, not "
                                        "{start}", last=len(stored.actions),
                                        start=f"{start[:20]!r}")},
                            status_code=400)
    result = pages.result_line(stored, game)
    resigned = match.ended_early(game)  # the moves stop: the last position says why
    if resigned is not None:
        result = _("{name} resigned: {result}", name=stored.names[resigned], result=result)
    names, seats = match.worded_names(stored), range(game.players)
    about = {"id": stored.id, "mode": stored.mode, "level": stored.level,
             "names": list(names), "seat": None, "finished": True,
             "levels": [match.computer_seats(stored, game).get(seat) for seat in seats],
             "winner": match.winner(stored, game), "connected": [True for _ in seats],
             "arrived": [True for _ in seats],
             "reviews": [pages.review_url(stored.id, seat) for seat in seats],
             "review_api": [pages.review_url(stored.id, seat, api=True) for seat in seats]}
    packed = "gzip" in request.headers.get("accept-encoding", "")
    body = await hub_of(request).builds.run(_page, stored, names, result, int(start), about,
                                            packed)
    headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
    if packed:
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)


def _page(stored: StoredGame, names: tuple[str, ...], result: str, start: int,
          about: dict[str, Any], packed: bool) -> bytes:
    """In a build worker: one page of positions as the body to send (gzipped if
    ``packed``)."""
    told: dict[str, Any] = positions(stored.replay().record(), names, result, start,
                                     PAGE_BYTES)
    told["game"] = about
    body = encode(told).encode()
    return gzip.compress(body, 6) if packed else body


def _replay_html(stored: StoredGame) -> str:
    """In a build worker: the replay page of a finished game."""
    game = stored.replay()
    return replay_page(stored, game, public_record(stored, game))
