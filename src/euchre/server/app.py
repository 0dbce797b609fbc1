"""The web app: pages, a small JSON API and one WebSocket per seat (Starlette via FastAPI).

``create_app(db_path)`` builds the app around one store; ``euchre serve`` runs it with
uvicorn. Nothing lives in module globals: the store, the committer and the tables belong to
the app (``app.state.hub``), so tests can run several apps side by side.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from ..history import Stats
from ..rules import Rules
from . import cards_svg, pages
from .committer import Committer
from .protocol import MAX_MESSAGE, ProtocolError, parse
from .storage import open_storage
from .tables import LEVELS, Client, Hub

STATIC = Path(__file__).parent / "static"
MAX_BODY = 4096
"""Bytes of a request to create a game."""
WS_MAX_SIZE = 64 * MAX_MESSAGE
"""Frames above this are refused by the WebSocket layer itself (it closes with 1009);
anything up to it reaches ``parse``, which answers an oversized message with an error."""


def create_app(db_path: str | Path, bot_delay: float = 0.6) -> FastAPI:
    """The app serving the games stored in ``db_path`` (created if missing)."""
    storage = open_storage(db_path)  # a bad file fails here, before the server starts

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Committer(storage), bot_delay=bot_delay)
        app.state.hub = hub
        await hub.resume_all()
        yield
        await hub.close()

    app = FastAPI(title="Two-handed Euchre", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def hub_of(request: Request | WebSocket) -> Hub:
        return request.app.state.hub

    @app.exception_handler(ValueError)
    async def damaged(request: Request, err: ValueError) -> Response:
        """A game the store cannot replay: said in one line, the store left as it is."""
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": str(err)}, status_code=500)
        return HTMLResponse(pages.message_page("This game cannot be shown", str(err)),
                            status_code=500)

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    async def table_page(game_id: str, request: Request) -> Response:
        if await hub_of(request).peek(game_id) is None:
            return _missing(game_id)
        return FileResponse(STATIC / "table.html")

    @app.post("/api/games")
    async def new_game(request: Request) -> JSONResponse:
        body = await request.body()
        try:
            if len(body) > MAX_BODY:
                raise ValueError(f"request too long ({len(body)} bytes)")
            try:
                data = json.loads(body)
            except ValueError:
                raise ValueError("the request is not valid JSON") from None
            if not isinstance(data, dict):
                raise ValueError("the request must be a JSON object")
            unknown = sorted(set(data) - {"mode", "level", "name", "rules", "seed"})
            if unknown:
                raise ValueError(f"unknown field {unknown[0]!r}")
            seed = data.get("seed")
            rules = Rules.from_dict(data.get("rules", {}))
            stored = await hub_of(request).create(
                data.get("mode", "computer"), rules, data.get("name", "You"),
                data.get("level", "expert"), seed)
        except ValueError as err:
            return JSONResponse({"error": str(err)}, status_code=400)
        links = {"play": stored.link(0), "watch": stored.link(None)}
        if stored.tokens[1]:
            links["invite"] = stored.link(1)
        return JSONResponse({"id": stored.id, "links": links}, status_code=201)

    @app.get("/api/games/{game_id}/record")
    async def game_record(game_id: str, request: Request) -> JSONResponse:
        found = await hub_of(request).peek(game_id)
        if found is None:
            return JSONResponse({"error": f"no game {game_id!r}"}, status_code=404)
        if not found[1].is_over:
            return JSONResponse({"error": "the game is still being played"}, status_code=409)
        return JSONResponse(_record(*found))

    @app.get("/api/levels")
    async def levels() -> dict[str, Any]:
        return {"levels": list(LEVELS), "rules": Rules().to_dict()}

    @app.get("/api/recent")
    async def recent(request: Request) -> dict[str, Any]:
        committer = hub_of(request).committer
        games = await committer.read(committer.storage.recent, 20)
        return {"games": [{"id": g.id, "names": list(g.names), "score": list(g.score),
                           "winner": g.winner} for g in games]}

    @app.get("/games/{game_id}", response_class=HTMLResponse)
    async def finished_page(game_id: str, request: Request) -> Response:
        found = await hub_of(request).peek(game_id)
        if found is None:
            return _missing(game_id)
        if not found[1].is_over:
            return HTMLResponse(pages.message_page(
                "Still being played", f"Watch it at /play/{game_id}."), status_code=409)
        return HTMLResponse(pages.record_page(found[0], found[1], _record(*found)))

    @app.get("/players/{name}", response_class=HTMLResponse)
    async def player_page(name: str, request: Request) -> HTMLResponse:
        stats, games = await _stats(hub_of(request), name)
        return HTMLResponse(pages.stats_page(name, stats, games))

    @app.get("/api/players/{name}")
    async def player_api(name: str, request: Request) -> dict[str, Any]:
        stats, _ = await _stats(hub_of(request), name)
        return {k: v for k, v in vars(stats).items() if k != "unreadable"}

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(cards_svg.card("JK"), media_type="image/svg+xml")

    @app.get("/cards/{name}.svg")
    async def card_image(name: str) -> Response:
        try:
            svg = cards_svg.back() if name == "back" else cards_svg.card(name)
        except ValueError as err:
            return Response(str(err), status_code=404, media_type="text/plain")
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    @app.websocket("/ws/{game_id}")
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
            while True:
                incoming = await websocket.receive()
                if incoming["type"] == "websocket.disconnect":
                    break
                text = incoming.get("text")
                if text is None:
                    text = incoming.get("bytes") or b""
                try:
                    message = parse(text)
                except ProtocolError as err:
                    client.send({"type": "error", "message": str(err)})
                    continue
                await hub.handle(table, client, message)
        except WebSocketDisconnect:
            pass
        finally:
            await hub.leave(table, client)
            client.close()
            with contextlib.suppress(Exception):
                await sender

    return app


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


def _record(stored: Any, game: Any) -> dict[str, Any]:
    record = game.record()
    record["players"] = {"names": list(stored.names), "mode": stored.mode,
                         "level": stored.level}
    return record


async def _stats(hub: Hub, name: str) -> tuple[Stats, list[Any]]:
    committer = hub.committer
    games = await committer.read(committer.storage.finished_by, name)
    stats = Stats()
    for stored in games:
        game = stored.replay()
        stats.add(game.record(), stored.names.index(name))
    return stats, games


def _missing(game_id: str) -> HTMLResponse:
    return HTMLResponse(pages.message_page("No such game", f"There is no game {game_id!r}."),
                        status_code=404)
