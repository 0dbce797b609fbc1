"""The coach's review of a finished game's seat: its page and its JSON.

``GET /games/ID/review/SEAT`` is the page (the review, or its progress while it is worked
out); ``GET /api/games/ID/review/SEAT`` is where the page follows it: ``status`` (``queued``,
``running``, ``done`` or ``failed``), ``done`` of ``total`` decisions valued, ``ahead``
(reviews before it in the queue), ``words`` (that, in one line) and, once done, ``review``:
the ``euchre review --json`` object. Asking for either starts the review if it is neither
stored nor under way (``server.reviews``). A game still being played is refused (409), as
is a seat other than 0 or 1 (404), each in one line.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ...game import Game
from ...i18n import N_, _
from .. import match, pages
from ..limits import Busy
from ..protocol import encode
from ..review_page import capital, progress_page, progress_words, review_page
from ..reviews import Reviews
from ..storage import StoredGame
from . import hub_of, kept_secret

router = APIRouter()
STILL_PLAYED = N_("the game is still being played: only a finished game can be reviewed")


def reviews_of(request: Request) -> Reviews:
    """The review worker of the app serving this request."""
    return request.app.state.reviews


async def _reviewable(request: Request, game_id: str,
                      seat: str) -> tuple[StoredGame, Game, int] | tuple[int, str]:
    """The finished game and the seat asked for, or (HTTP status, why not in one line)."""
    found = await hub_of(request).peek(game_id)
    if found is None:
        return 404, _("there is no game {game}", game=f"{game_id[:40]!r}")
    stored, game = found
    seats = [str(s) for s in range(len(stored.names)) if match.reviewed(stored, s)]
    if seat not in seats:
        return 404, (_("there is no review of seat {seat}: this game's reviewed seat is {seats}",
                       seat=f"{seat[:20]!r}", seats=seats[0]) if len(seats) == 1 else
                     _("there is no review of seat {seat}: this game's reviewed seats are "
                       "{first} and {second}", seat=f"{seat[:20]!r}", first=seats[0],
                       second=seats[1]))
    if await kept_secret(request, stored):
        return 403, _(pages.DAILY_SECRET[1])
    if not match.finished(stored, game):
        return 409, _(STILL_PLAYED)
    return stored, game, int(seat)


async def _ask(request: Request, stored: StoredGame, game: Game,
               seat: int) -> dict[str, Any] | tuple[int, str]:
    try:
        return await reviews_of(request).ask(stored, game, seat)
    except Busy as err:
        return 503, str(err)


@router.get("/api/games/{game_id}/review/{seat}")
async def review_api(game_id: str, seat: str, request: Request) -> Response:
    found = await _reviewable(request, game_id, seat)
    if len(found) == 2:
        return JSONResponse({"error": found[1]}, status_code=found[0])
    stored, game, number = found
    told = await _ask(request, stored, game, number)
    if isinstance(told, tuple):
        return JSONResponse({"error": told[1]}, status_code=told[0])
    status = {"done": 200, "failed": 500}.get(told["status"], 202)
    names = match.shown_names(stored)  # as the review's page names them
    told = {"game": stored.id, "seat": number, "names": list(names), **told,
            "words": progress_words(told, names[number])}
    headers = {"Cache-Control": "no-store"}
    if told["status"] != "done":  # (where a review is: a few lines)
        return JSONResponse(told, status_code=status, headers=headers)
    body = await hub_of(request).builds.run(_encoded, told)  # (a whole match's review)
    return Response(body, status_code=status, media_type="application/json",
                    headers=headers)


@router.get("/games/{game_id}/review/{seat}", response_class=HTMLResponse)
async def review_html(game_id: str, seat: str, request: Request) -> Response:
    found = await _reviewable(request, game_id, seat)
    if len(found) == 2:
        title = {404: N_("No such review"), 409: N_("Still being played"),
                 403: pages.DAILY_SECRET[0]}[found[0]]
        text = found[1] if found[0] == 403 else capital(found[1]) + "."
        return HTMLResponse(pages.message_page(title, text), status_code=found[0])
    stored, game, number = found
    told = await _ask(request, stored, game, number)
    if isinstance(told, tuple):
        return HTMLResponse(pages.message_page(N_("Too many reviews"), capital(told[1]) + "."),
                            status_code=told[0])
    if told["status"] == "done":
        return HTMLResponse(await hub_of(request).builds.run(
            _review_html, stored, number, told["review"]))
    return HTMLResponse(progress_page(stored, number, told),
                        headers={"Cache-Control": "no-store"})


def _encoded(told: dict[str, Any]) -> bytes:
    """In a build worker: a review's JSON."""
    return encode(told).encode()


def _review_html(stored: StoredGame, seat: int, review: dict[str, Any]) -> str:
    """In a build worker: the review page of a seat."""
    return review_page(stored, stored.replay(), seat, review)
