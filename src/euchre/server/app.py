"""The web app: pages, a small JSON API and one WebSocket per seat (Starlette via FastAPI).

``create_app(db_path)`` builds the app around one store and includes the routers of
``routes/``; ``euchre serve`` runs it with uvicorn. Nothing lives in module globals: the
store, the committer and the tables belong to the app (``app.state.hub``), as does the meter
of game creation (``app.state.creations``), so tests can run several apps side by side.
Every request must name this server and every WebSocket come from its pages
(``gate.Gate``); every HTTP response carries the security headers of
``limits.SecurityHeaders``. ``GET /health`` answers ``ok`` and touches nothing: the cheap
check for a proxy or a monitor.

Nothing is loaded at startup: after a restart each unfinished game comes back when someone
connects to it (and the computer then takes any turn it owes), so memory follows the people
playing, not the size of the store.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException

from ..i18n import N_
from . import pages
from .committer import Committer
from .gate import Gate
from .hub import Hub
from .languages import Languages
from .languages import router as language_router
from .limits import BOT_DELAY, Busy, Limits, RateLimiter, SecurityHeaders
from .paths import STATIC
from .protocol import MAX_MESSAGE
from .reviews import Reviews
from .routes import accounts, api, daily, ratings, replay, reviews, sockets, tables
from .routes import pages as page_routes
from .static_files import StaticFiles
from .stores import open_storage, peers_for

WS_MAX_SIZE = 64 * MAX_MESSAGE
"""Frames above this are refused by the WebSocket layer itself (it closes with 1009);
anything up to it reaches ``parse``, which answers an oversized message with an error."""


def create_app(db_path: str | Path, bot_delay: float = BOT_DELAY,
               limits: Limits | None = None) -> FastAPI:
    """The app serving the games stored in ``db_path`` (created if missing)."""
    storage = open_storage(db_path)  # a bad file fails here, before the server starts
    limits = limits or Limits()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Committer(storage), bot_delay=bot_delay, limits=limits,
                  peers=peers_for(storage), creations=app.state.creations)
        app.state.hub = hub
        app.state.reviews = Reviews(hub.committer, limits.review_deals,
                                    limits.reviews_at_once, limits.reviews_waiting)
        hub.start()
        yield
        app.state.reviews.close()
        await hub.close()

    app = FastAPI(title="Euchre", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url=None)
    app.mount("/static", StaticFiles(STATIC), name="static")
    app.add_exception_handler(ValueError, _damaged)  # type: ignore[arg-type]
    app.add_exception_handler(Busy, _busy)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    for router in (page_routes.router, accounts.router, api.router, reviews.router,
                   sockets.router, daily.router, replay.router, ratings.router, tables.router,
                   language_router):
        app.include_router(router)
    app.add_api_route("/health", _health, methods=["GET"])
    app.state.creations = RateLimiter(limits.games_per_minute)
    app.add_middleware(Languages)  # (inside the gate: each request in its reader's words)
    app.add_middleware(Gate, names=limits.allowed_hosts,
                       origins=limits.allowed_origins)
    app.add_middleware(SecurityHeaders)  # (outermost: the gate's refusals carry them too)
    return app


async def _refused(request: Request, err: HTTPException) -> Response:
    """An address the app does not serve, or a method it does not take: a page in a
    person's words (JSON with an ``error`` for the API), never a bare ``{"detail": ...}``."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": "no such address in the API" if err.status_code == 404
                             else str(err.detail).lower()}, status_code=err.status_code,
                            headers=err.headers)
    if err.status_code == 404:
        title, text = pages.NOT_FOUND
    else:
        title, text = N_("That did not work"), N_("This address cannot be used that way.")
    return HTMLResponse(pages.message_page(title, text), status_code=err.status_code,
                        headers=err.headers)


async def _invalid(request: Request, err: RequestValidationError) -> Response:
    """A parameter the route could not read: said in one line (400), as every other
    refusal is, never FastAPI's bare ``{"detail": [...]}``."""
    problem: dict[str, Any] = next(iter(err.errors()), {})
    where = [str(part) for part in problem.get("loc", ()) if part not in ("query", "path")]
    what = f"{'the parameter ' + repr(where[-1][:40]) if where else 'the request'}: " \
           f"{str(problem.get('msg', 'not understood')).lower()}"
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": what}, status_code=400)
    return HTMLResponse(pages.message_page(N_("That did not work"), what[:1].upper() + what[1:]
                                           + "."), status_code=400)


async def _health() -> Response:
    """The server is up and its event loop answering."""
    return PlainTextResponse("ok")


async def _busy(request: Request, err: Busy) -> Response:
    """A bound of the server reached (its builds queue full, its tables all taken): 503 in
    one line, to try again shortly."""
    headers = {"Retry-After": "5"}
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": str(err)}, status_code=503, headers=headers)
    return HTMLResponse(pages.message_page(N_("Busy"), f"{str(err)[:1].upper()}{str(err)[1:]}."),
                        status_code=503, headers=headers)


async def _damaged(request: Request, err: ValueError) -> Response:
    """A game the store cannot replay: said in one line, the store left as it is."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": str(err)}, status_code=500)
    return HTMLResponse(pages.message_page(
        N_("This game cannot be shown"), f"Its stored moves could not be read back ({err}). "
        "Nothing was changed."), status_code=500)
