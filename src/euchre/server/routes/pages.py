"""Pages people open: the lobby, a table, a player's record, the rules, the cards (a finished
game's replay is ``routes/replay.py``)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ...i18n import N_
from .. import cards_svg, match, pages
from ..languages import page_of
from ..paths import STATIC
from ..rating_page import ratings_section
from . import hub_of
from .api import player_stats, rating_history

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    return page_of(request, STATIC / "lobby.html")


@router.get("/play/{game_id}", response_class=HTMLResponse)
async def table_page(game_id: str, request: Request, token: str | None = None) -> Response:
    """The table: a seat's (its token in the link), or to watch (no token). A token that
    opens no seat is said so, with the way to watch, never opened as a spectator unsaid."""
    hub = hub_of(request)
    stored = await hub.stored(game_id)
    if stored is None:
        return missing(game_id)
    if token and match.token_seat(stored, token) is None:
        fresh = await hub.committer.read(hub.committer.storage.load, game_id)
        if match.token_seat(fresh or stored, token) is None:  # (fresh: a seat claimed in
            return HTMLResponse(pages.message_page(  # another process a moment ago)
                N_("Not your seat's link"),
                N_("This link's seat token is not valid for this game: it may be mistyped or "
                   "cut short. You can still watch the game."),
                (f"/play/{game_id}", N_("Watch the game"))),
                status_code=403)
    return page_of(request, STATIC / "table.html")


@router.get("/join/{game_id}", response_class=HTMLResponse)
async def join_page(game_id: str, request: Request) -> Response:
    """A friend's invite: the page that takes the second seat, once (``hub.claim``)."""
    if not await hub_of(request).exists(game_id):
        return missing(game_id)
    return page_of(request, STATIC / "join.html")


@router.get("/players/{name}", response_class=HTMLResponse)
async def player_page(name: str, request: Request, before: str | None = None
                      ) -> HTMLResponse:
    """A player's record: his totals, and his finished games a page at a time (``before``:
    the finishing time the previous page ended at)."""
    try:
        since = None if before is None else float(before)
    except ValueError:
        return HTMLResponse(pages.message_page(
            N_("No such page"), N_("That page of games does not exist: start from the newest.")),
            status_code=400)
    hub = hub_of(request)
    counts, games = await player_stats(hub, name, since)
    history = await rating_history(hub, name)
    return HTMLResponse(pages.stats_page(name, counts, games, since is not None,
                                         ratings_section(history or {})))


@router.get("/rules", response_class=HTMLResponse)
async def rules() -> HTMLResponse:
    """How to play: the rules people read (docs/rules.md) as a page of the app."""
    return HTMLResponse(pages.rules_page())


@router.get("/favicon.ico")
async def favicon() -> Response:
    return Response(cards_svg.card("JK"), media_type="image/svg+xml")


@router.get("/cards/{name}.svg")
async def card_image(name: str, colours: str = "2") -> Response:
    """A card's face (``?colours=4``: the four-colour deck) or its back."""
    if colours not in ("2", "4"):
        return Response(f"colours must be 2 or 4, not {colours[:20]!r}", status_code=400,
                        media_type="text/plain")
    try:
        svg = cards_svg.back() if name == "back" else cards_svg.card(name, colours == "4")
    except ValueError as err:
        return Response(str(err), status_code=404, media_type="text/plain")
    return Response(svg, media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=86400"})


def missing(game_id: str) -> HTMLResponse:
    """The page for a game id that names no game."""
    return HTMLResponse(pages.message_page(*pages.NO_GAME), status_code=404)
