"""One WebSocket per seat (``/ws/GAME?token=T``); without a valid token, a spectator's.

A connection is closed by the server when it sends nothing for ``limits.socket_idle``
seconds, or when it stops reading and its outbox fills (``client.OUTBOX_LIMIT``): it is then
removed from its table at once and its socket is gone within ``limits.CLOSE_GRACE`` seconds
(``transport.BoundedWebSocket`` aborts what will not close).
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ...i18n import _
from ..accounts import SESSION_COOKIE
from ..client import Client
from ..hub import Hub
from ..limits import CLOSE_GRACE, Busy
from ..pages import DAILY_SECRET
from ..protocol import ProtocolError, encode, parse
from ..table import Table
from . import hub_of, kept_secret

router = APIRouter()


@router.websocket("/ws/{game_id}")
async def seat_socket(websocket: WebSocket, game_id: str) -> None:
    await websocket.accept()
    hub = hub_of(websocket)
    try:
        found = await hub.table(game_id)
        if found is None:
            raise ValueError(_("no game {game}", game=f"{game_id!r}"))
    except ValueError as err:  # missing, or damaged in the store (and left as it is)
        with contextlib.suppress(WebSocketDisconnect):  # (it may have closed already)
            await websocket.send_json({"type": "error", "message": str(err)})
            await websocket.close(code=1013 if isinstance(err, Busy) else 4404)
        return
    try:
        seat = found.seat_of(websocket.query_params.get("token"))
        problem = None
    except ProtocolError as err:  # still welcome, as a spectator
        seat, problem = None, str(err)
    if seat is None and await kept_secret(websocket, found.stored):
        with contextlib.suppress(WebSocketDisconnect):  # (it may have closed already)
            await websocket.send_json({"type": "error", "message": problem or _(DAILY_SECRET[1])})
            await websocket.close(code=4403)
        return
    holder = None if seat is None else await hub.accounts.holder(
        websocket.cookies.get(SESSION_COOKIE))
    client = Client(seat, websocket.client.host if websocket.client else "unknown",
                    websocket.scope.get("state", {}).get("language", "en"), holder)
    if problem:
        client.send({"type": "error", "message": problem})
    sender = asyncio.create_task(_pump(websocket, client))
    table = await hub.join(game_id, client)
    assert table is not None  # games are never deleted
    try:
        why = await _receive(websocket, hub, table, client)
        if why is not None:
            await _drop(websocket, sender, why)
    except WebSocketDisconnect:
        pass
    finally:
        await hub.leave(table, client)
        client.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await sender


async def _receive(websocket: WebSocket, hub: Hub, table: Table, client: Client
                   ) -> str | None:
    """Hand each message to the hub until the connection closes (None) or must be closed
    (why); a bad message gets an error and the connection goes on."""
    idle = hub.limits.socket_idle
    while True:
        if client.dropped:  # (its outbox overflowed while a message was being handled)
            return "too slow to keep up"
        try:
            async with asyncio.timeout(idle) as client.deadline:
                incoming = await websocket.receive()
        except TimeoutError:
            return "too slow to keep up" if client.dropped else "idle for too long"
        finally:
            client.deadline = None
        if incoming["type"] == "websocket.disconnect":
            return None
        text = incoming.get("text")
        if text is None:
            client.send({"type": "error", "message": "binary frames are not accepted: send "
                                                      "each message as JSON text"})
            continue
        try:
            message = parse(text)
        except ProtocolError as err:
            client.send({"type": "error", "message": str(err)})
            continue
        await hub.handle(table, client, message)


async def _drop(websocket: WebSocket, sender: asyncio.Task, why: str) -> None:
    """Close a connection the server gives up on: its unsent messages are discarded, and the
    close frame is tried for ``CLOSE_GRACE`` seconds (a peer that reads nothing never takes
    it; its transport is then aborted by ``transport.BoundedWebSocket``)."""
    sender.cancel()
    with contextlib.suppress(Exception, TimeoutError):
        await asyncio.wait_for(websocket.close(code=1008, reason=why), CLOSE_GRACE)


async def _pump(websocket: WebSocket, client: Client) -> None:
    """Send a connection's queued messages in order; None closes it."""
    try:
        while True:
            message = await client.next()
            if message is None:
                break
            if not isinstance(message, str):
                message = encode(message)
            await websocket.send_text(message)
    except Exception:  # the peer went away: the receive loop sees it and cleans up
        return
    with contextlib.suppress(Exception):
        await websocket.close()
