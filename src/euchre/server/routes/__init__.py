"""The app's routes, one router per kind: pages people open, the JSON API, the seat sockets.

Each reaches the app's ``Hub`` through ``hub_of(request)``; nothing lives in module globals.
"""

from __future__ import annotations

from fastapi import Request, WebSocket

from ..hub import Hub


def hub_of(request: Request | WebSocket) -> Hub:
    """The hub of the app serving this request."""
    return request.app.state.hub
