"""The app's routes, one router per kind: pages people open, the JSON API, the seat sockets.

Each reaches the app's ``Hub`` through ``hub_of(request)``; nothing lives in module globals.
"""

from __future__ import annotations

from fastapi import Request, WebSocket

from ..days import BROWSER_COOKIE
from ..hub import Hub
from ..storage import StoredGame


def hub_of(request: Request | WebSocket) -> Hub:
    """The hub of the app serving this request."""
    return request.app.state.hub


async def kept_secret(request: Request | WebSocket, stored: StoredGame) -> bool:
    """Whether a game's cards are kept from whoever sent this request: a game of a day's
    deals while the day lasts, to a browser that has not finished its own (``days``)."""
    hub = hub_of(request)
    return await hub.days.hidden(stored, request.cookies.get(BROWSER_COOKIE), hub.peek)


async def day_kept_secret(request: Request, day: str) -> bool:
    """Whether a day's deals are kept from whoever sent this request (``kept_secret``)."""
    hub = hub_of(request)
    return await hub.days.day_hidden(day, request.cookies.get(BROWSER_COOKIE), hub.peek)
