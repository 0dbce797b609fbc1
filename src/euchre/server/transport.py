"""uvicorn's protocols with the two bounds uvicorn itself lacks.

* **Slow headers.** uvicorn times out an idle keep-alive connection, but not one that opens
  and then sends its request line and headers a byte at a time: each such connection holds a
  slot for ever. ``protocols(limits)`` gives the HTTP protocol a timer: a request whose
  headers are not complete ``limits.header_timeout`` seconds after its first byte (or after
  the connection opened) is cut off.
* **Peers that stop reading.** Closing an asyncio transport waits for its write buffer to
  drain, which never happens when the peer has stopped reading, so a dropped WebSocket (its
  outbox full, idle, or its pings unanswered) would stay open. Here, once the app is done
  with a connection, or a keepalive ping went unanswered, the transport is aborted if it is
  still open ``CLOSE_GRACE`` seconds later.

uvicorn accepts protocol classes for ``http=`` and ``ws=``; these subclass the ones it would
pick itself (httptools when installed, else h11; websockets' Sans-I/O implementation).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .limits import CLOSE_GRACE, Limits


def protocols(limits: Limits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """The HTTP and WebSocket protocol classes for ``uvicorn.run(http=..., ws=...)``."""
    http = type("BoundedHTTP", (_HeaderTimeout, AutoHTTPProtocol),
                {"header_timeout": limits.header_timeout})
    return http, BoundedWebSocket


class _HeaderTimeout:
    """Mixed into uvicorn's HTTP protocol: cut off a request whose headers are too slow."""

    header_timeout = 10.0
    transport: asyncio.Transport
    cycle: Any
    loop: asyncio.AbstractEventLoop

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)  # type: ignore[misc]
        self._header_timer: asyncio.TimerHandle | None = None
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        if self._header_timer is None and self._awaiting_headers():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)  # type: ignore[misc]

    def _awaiting_headers(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        self._header_timer = self.loop.call_later(self.header_timeout, self._expired)

    def _expired(self) -> None:
        self._header_timer = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed already, or upgraded to a WebSocket
        if self._awaiting_headers():
            self.transport.abort()


class BoundedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, whose connections always end within ``CLOSE_GRACE``
    seconds once they are over, even with a peer that has stopped reading."""

    async def run_asgi(self) -> None:
        await super().run_asgi()
        self._abort_later()

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self._abort_later()

    def _abort_later(self) -> None:
        self.loop.call_later(CLOSE_GRACE, self._abort_if_open)

    def _abort_if_open(self) -> None:
        if not self.disconnected:
            self.transport.abort()
