"""Open tables over HTTP (``open_tables`` does the work).

``GET /api/tables`` (``?game=two|three|four|railroad|hasenpfeffer|napoleon``) lists the
open tables with a free seat; ``POST /api/tables`` ``{"game", "players", "preset",
"target", "name", "bots"}`` opens one (metered as every new game; ``players``, ``preset``
and ``target`` may be left out: the game's usual seats, its standard preset, the preset's
points); ``POST /api/tables/{id}/sit`` ``{"name"}`` takes a free seat; ``POST /api/quick``
(the same fields) seats the caller at the best waiting table that has what he chose, or
opens one. Each
answers the seat's own link; a registered name needs its session, as everywhere. The
WebSocket ``/api/tables/live`` sends ``{"type": "tables", "tables": [...]}`` (as ``GET``
lists them) at once and whenever the list may have changed (``lobby_feed``); it takes no
messages: one sent to it closes it (1003).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from ...i18n import _
from ...words import GUEST
from .. import open_tables
from ..hub import Taken
from ..limits import Busy, Refused, read_json_body
from ..storage import StoredGame
from ..table_list import listing
from . import hub_of
from .accounts import holder_of
from .api import metered

router = APIRouter(prefix="/api")
MAX_BODY = 1024
FIELDS = {"game", "players", "preset", "target", "name", "bots"}


def _fields(data: Any, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(_("the request must be a JSON object"))
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ValueError(_("unknown field {field}", field=f"{str(unknown[0])[:40]!r}"))
    if "name" in data and not isinstance(data["name"], str):
        raise ValueError(_('"name" must be text: the name to play under'))
    if "bots" in data and not isinstance(data["bots"], bool):
        raise ValueError(_('"bots" must be true or false'))
    return data


@router.get("/tables")
async def tables(request: Request, game: str | None = None) -> JSONResponse:
    try:
        game = None if game is None else open_tables.check_game(game)
    except ValueError as err:
        return JSONResponse({"error": str(err)}, status_code=400)
    now, hub = time.time(), hub_of(request)
    return JSONResponse({"tables": [table.as_json(now, hub.limits.bots_after) for table in
                                    await listing(hub.committer, game)]})


@router.websocket("/tables/live")
async def live(websocket: WebSocket) -> None:
    await websocket.accept()
    hub = hub_of(websocket)
    listener = asyncio.create_task(_until_closed(websocket))
    feed = hub.lobby.watch()
    try:
        while not listener.done():
            news = asyncio.ensure_future(anext(feed))
            await asyncio.wait({news, listener}, return_when=asyncio.FIRST_COMPLETED)
            if not news.done():
                news.cancel()
                break
            now = time.time()
            await websocket.send_json({"type": "tables", "tables": [
                table.as_json(now, hub.limits.bots_after) for table in news.result()]})
    except (WebSocketDisconnect, RuntimeError):
        pass  # (gone while being sent the list)
    finally:
        listener.cancel()
        await feed.aclose()
        with contextlib.suppress(Exception):
            await websocket.close(code=1000)


async def _until_closed(websocket: WebSocket) -> None:
    """Wait until the lobby goes; a message from it (it should send none) closes it."""
    incoming = await websocket.receive()
    if incoming["type"] != "websocket.disconnect":
        with contextlib.suppress(Exception):
            await websocket.close(code=1003, reason="this socket takes no messages")


@router.post("/tables")
async def open_one(request: Request) -> JSONResponse:
    hub, holder = hub_of(request), await holder_of(request)

    async def make(data: Any) -> StoredGame:
        data = _fields(data, FIELDS)
        name = data.get("name", GUEST)
        if isinstance(name, str):
            await hub.accounts.check_name(name, holder)
        return await open_tables.open_new(hub, open_tables.wanted(data), name,
                                          data.get("bots", False), holder)

    return await metered(request, MAX_BODY, make, lambda stored: {"play": stored.link(0)})


@router.post("/tables/{game_id}/sit")
async def sit(game_id: str, request: Request) -> JSONResponse:
    return await _seating(request, lambda hub, data, holder: open_tables.sit(
        hub, game_id, data.get("name", GUEST), holder), {"name"})


@router.post("/quick")
async def quick(request: Request) -> JSONResponse:
    address = request.client.host if request.client else "unknown"

    def meter() -> None:  # a table opened by a quick match is a new game like any other
        wait = hub_of(request).creations.take(address)
        if wait:
            raise Refused(429, _("too many new games from your address: try again in {wait} s",
                                 wait=f"{wait:.0f}"))

    async def seat_me(hub: Any, data: dict, holder: Any) -> tuple[str, int]:
        _, link, seat = await open_tables.quick(
            hub, open_tables.wanted(data), data.get("name", GUEST), data.get("bots", False),
            holder, meter)
        return link, seat

    return await _seating(request, seat_me, FIELDS)


async def _seating(request: Request, seat_me: Any, allowed: set[str]) -> JSONResponse:
    """Read the request, check the name is the caller's to use, seat him: his link."""
    hub = hub_of(request)
    try:
        data = _fields(await read_json_body(request, MAX_BODY, hub.limits.allowed_origins),
                       allowed)
        holder = await holder_of(request)
        name = data.get("name", GUEST)
        if isinstance(name, str):
            await hub.accounts.check_name(name, holder)
        link, seat = await seat_me(hub, data, holder)
    except Refused as err:
        return JSONResponse({"error": str(err)}, status_code=err.status)
    except LookupError as err:
        return JSONResponse({"error": str(err)}, status_code=404)
    except Taken as err:
        return JSONResponse({"error": str(err)}, status_code=409)
    except Busy as err:
        return JSONResponse({"error": str(err)}, status_code=503)
    except ValueError as err:
        return JSONResponse({"error": str(err)}, status_code=400)
    return JSONResponse({"id": link.removeprefix("/play/").partition("?")[0], "link": link,
                         "seat": seat})
