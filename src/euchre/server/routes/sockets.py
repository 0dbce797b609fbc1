"""One WebSocket per seat (``/ws/GAME?token=T``); without a valid token, a spectator's."""

from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..protocol import ProtocolError, parse
from ..tables import Client
from . import hub_of

router = APIRouter()


@router.websocket("/ws/{game_id}")
async def seat_socket(websocket: WebSocket, game_id: str) -> None:
    await websocket.accept()
    hub = hub_of(websocket)
    try:
        found = await hub.table(game_id)
        if found is None:
            raise ValueError(f"no game {game_id!r}")
    except ValueError as err:  # missing, or damaged in the store (and left as it is)
        await websocket.send_json({"type": "error", "message": str(err)})
        await websocket.close(code=4404)
        return
    try:
        seat = found.seat_of(websocket.query_params.get("token"))
        problem = None
    except ProtocolError as err:  # still welcome, as a spectator
        seat, problem = None, str(err)
    client = Client(seat)
    if problem:
        client.send({"type": "error", "message": problem})
    sender = asyncio.create_task(_pump(websocket, client))
    table = await hub.join(game_id, client)
    assert table is not None  # games are never deleted
    try:
        await _receive(websocket, hub, table, client)
    except WebSocketDisconnect:
        pass
    finally:
        await hub.leave(table, client)
        client.close()
        with contextlib.suppress(Exception):
            await sender


async def _receive(websocket: WebSocket, hub, table, client: Client) -> None:
    """Hand each message to the hub until the connection closes; a bad one gets an error."""
    while True:
        incoming = await websocket.receive()
        if incoming["type"] == "websocket.disconnect":
            return
        text = incoming.get("text")
        if text is None:
            text = incoming.get("bytes") or b""
        try:
            message = parse(text)
        except ProtocolError as err:
            client.send({"type": "error", "message": str(err)})
            continue
        await hub.handle(table, client, message)


async def _pump(websocket: WebSocket, client: Client) -> None:
    """Send a connection's queued messages in order; None closes it."""
    try:
        while True:
            message = await client.outbox.get()
            if message is None:
                break
            if not isinstance(message, str):
                message = json.dumps(message, separators=(",", ":"))
            await websocket.send_text(message)
    except Exception:  # the peer went away: the receive loop sees it and cleans up
        return
    with contextlib.suppress(Exception):
        await websocket.close()
