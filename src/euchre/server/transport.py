"""uvicorn's protocols with the bounds uvicorn itself lacks, each per connection.

* **Connections in all and per address.** uvicorn's ``limit_concurrency`` counts WebSockets
  among the open connections but checks the count only when an HTTP request arrives, so a
  WebSocket handshake always got in (120 idle sockets past a limit of 50). Here a handshake
  is checked too, and a ``Doorman`` counts each client address's connections: past
  ``limits.max_per_address`` the next as many are answered 503 or closed with 1013, any more
  closed unanswered. The count falls as they close, so an address gets its share back.
* **Request heads.** httptools buffers a request's line and headers however long they grow
  (four 40 MB headers took the server from 148 to 308 MB). Here they are fed to it at most
  ``limits.header_bytes`` at a time; a head still unfinished then is answered 431 and
  nothing more is read. A head must also be complete ``limits.header_timeout`` seconds after
  its first byte (or after the connection opened): slow-header attacks.
* **Request bodies.** A body must arrive whole ``limits.body_timeout`` seconds after its
  head, else 408: a body trickled a byte at a time no longer holds a connection for ever.
* **Peers that stop reading.** Closing an asyncio transport waits for its write buffer to
  drain, which never happens when the peer has stopped reading, so a dropped WebSocket (its
  outbox full, idle, or its pings unanswered) would stay open: once the app is done with a
  connection, or a keepalive ping went unanswered, the transport is aborted if it is still
  open ``CLOSE_GRACE`` seconds later. And a peer that leaves more than the transport's
  high-water mark (64 KB) unread and takes nothing of it (``PROGRESS`` bytes) for
  ``limits.write_stall`` seconds is cut off; meanwhile
  nothing more is read from a WebSocket, so a flood of pings is not answered by a flood of
  pongs queued in memory (websockets answers each ping as it is read).
* **WebSocket input** is parsed ``SLICE`` bytes at a time, each slice in a callback of its
  own, so that no read of tiny frames holds the event loop (``BoundedWebSocket``).

uvicorn accepts protocol classes for ``http=`` and ``ws=``; ``protocols(limits)`` makes
them, sharing one ``Doorman``. They subclass uvicorn's httptools protocol (``uvicorn
[standard]`` installs httptools) and its websockets Sans-I/O one.
"""

from __future__ import annotations

import asyncio
import enum
import ipaddress
import socket
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request as Handshake

from .limits import CLOSE_GRACE, SECURITY_HEADERS, Limits

SLICE = 2 * 1024
"""Bytes of a WebSocket's input parsed in one callback (at most a few milliseconds)."""
SEND_BUFFER = 64 * 1024
"""The kernel's send buffer of a WebSocket (Linux doubles it): past it, and past the
transport's own 64 KB, a peer that does not read is found out."""
PROGRESS = 16 * 1024
"""Bytes a peer that leaves replies unread must take every ``limits.write_stall`` seconds
(``_Stall``): a steady reader of 1.6 KB/s at the default, however long the reply."""
TOO_MANY = "too many connections from your address: close some and try again"
FULL = "the server has as many connections as it takes: try again in a minute"


def protocols(limits: Limits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """The HTTP and WebSocket protocol classes for ``uvicorn.run(http=..., ws=...)``."""
    shared = {"limits": limits,
              "doorman": Doorman(limits.max_per_address, trusted(limits.trusted_proxies))}
    return (type("EuchreHTTP", (BoundedHTTP,), shared),
            type("EuchreWebSocket", (BoundedWebSocket,), shared))


def trusted(proxies: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether an address is one of ``proxies`` (addresses or networks; ``*``: any).

    >>> is_proxy = trusted(("10.0.0.0/8", "::1"))
    >>> is_proxy("10.1.2.3"), is_proxy("::1"), is_proxy("127.0.0.1"), is_proxy("nonsense")
    (True, True, False, False)
    """
    if "*" in proxies:
        return lambda address: True
    networks = [ipaddress.ip_network(proxy, strict=False) for proxy in proxies]

    def matches(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in networks)

    return matches


class Verdict(enum.Enum):
    """What becomes of a new connection: served, answered 503/1013, or closed at once."""

    IN = "in"
    REFUSE = "refuse"
    DROP = "drop"


class Doorman:
    """The open connections of each client address, shared by one server's protocols.

    A connection counts from the moment it opens until it closes (whatever it becomes: an
    HTTP keep-alive, a WebSocket), by the address it comes from; connections from a trusted
    proxy are not counted.

    >>> class Fake:
    ...     def __init__(self, ip): self.ip = ip
    ...     def get_extra_info(self, name): return (self.ip, 1)
    >>> door = Doorman(2, trusted(()))
    >>> a = [Fake("192.0.2.1") for _ in range(5)]
    >>> [door.admit(t).value for t in a], door.admit(Fake("192.0.2.9")).value
    (['in', 'in', 'refuse', 'refuse', 'drop'], 'in')
    >>> door.release(a[0]); door.release(a[4]); door.admit(Fake("192.0.2.1")).value
    'refuse'
    """

    def __init__(self, per_address: int, is_proxy: Callable[[str], bool]) -> None:
        self.per_address = per_address
        self.is_proxy = is_proxy
        self._open: dict[str, int] = {}
        self._held: dict[Any, tuple[str, Verdict]] = {}

    def admit(self, transport: Any) -> Verdict:
        """Count a new connection in, and say what becomes of it."""
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) else None
        if address is None or self.is_proxy(address):
            return Verdict.IN
        count = self._open.get(address, 0) + 1
        self._open[address] = count
        verdict = (Verdict.IN if count <= self.per_address else
                   Verdict.REFUSE if count <= 2 * self.per_address else Verdict.DROP)
        self._held[transport] = (address, verdict)
        return verdict

    def verdict(self, transport: Any) -> Verdict:
        """What was decided for this connection when it opened."""
        return self._held.get(transport, ("", Verdict.IN))[1]

    def release(self, transport: Any) -> None:
        """The connection has closed (called once per connection; again is harmless)."""
        held = self._held.pop(transport, None)
        if held is None:
            return
        count = self._open[held[0]] - 1
        if count:
            self._open[held[0]] = count
        else:
            del self._open[held[0]]

    def __len__(self) -> int:
        """Addresses with a connection open (the table is bounded by the connections)."""
        return len(self._open)


class _Stall:
    """Mixed into both protocols: cut off a peer that stops taking our replies.

    Once more than the transport's high-water mark waits unsent (``pause_writing``), the
    peer is looked at every ``limits.write_stall`` seconds: it is cut off if it took less
    than ``PROGRESS`` bytes (or all that waited) since the last look. A reader that is slow
    but steady is never cut, however long a reply takes it (a 4 MB/s reader was cut 42 MB
    into a 126 MB reply, issue 57); one that has stopped is gone within twice as long.
    Meanwhile the writers wait (uvicorn's drain), so what waits only shrinks as the peer
    reads."""

    limits: Limits
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    _stall: asyncio.TimerHandle | None = None
    _unsent = 0

    def pause_writing(self) -> None:
        super().pause_writing()  # type: ignore[misc]
        if self._stall is None:
            self._unsent = self.transport.get_write_buffer_size()
            self._stall = self.loop.call_later(self.limits.write_stall, self._look)

    def _look(self) -> None:
        """Cut the peer off if it took (nearly) nothing since the last look, else look
        again later."""
        unsent = self.transport.get_write_buffer_size()
        if self._unsent - unsent >= min(PROGRESS, self._unsent):
            self._unsent = unsent
            self._stall = self.loop.call_later(self.limits.write_stall, self._look)
        else:
            self.transport.abort()

    def resume_writing(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        super().resume_writing()  # type: ignore[misc]


class BoundedHTTP(_Stall, HttpToolsProtocol):
    """uvicorn's HTTP protocol with its connections counted, its request heads bounded in
    time and bytes, and its bodies in time."""

    doorman: Doorman

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._in_head, self._head_bytes, self._done = True, 0, False
        self._timer: asyncio.TimerHandle | None = None
        self._verdict = self.doorman.admit(transport)
        if self._verdict is Verdict.DROP:
            transport.abort()
            return
        self._arm(self.limits.header_timeout, self._head_expired)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._stall is not None:
            self._stall.cancel()
        if self.transport.get_protocol() is self:  # (else the WebSocket's to release)
            self.doorman.release(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        while data and not self._done:
            if not self._in_head:  # a body, or what follows a request already read
                super().data_received(data)
                break
            room = self.limits.header_bytes - self._head_bytes
            if room <= 0:
                self._refuse(431, f"the request's headers are longer than "
                                  f"{self.limits.header_bytes} bytes")
                return
            piece, data = data[:room], data[room:]
            self._head_bytes += len(piece)
            super().data_received(piece)
            upgraded = self.transport.get_protocol()
            if upgraded is not self:  # a WebSocket now: the rest is its
                if data:
                    upgraded.data_received(data)  # type: ignore[attr-defined]
                return
        if self._in_head and self._timer is None and not self._done:
            self._arm(self.limits.header_timeout, self._head_expired)

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._disarm()
        upgrading = self.parser.should_upgrade() and self._should_upgrade()
        if self._verdict is Verdict.REFUSE and not upgrading:
            app, self.app = self.app, _too_many
            try:
                super().on_headers_complete()
            finally:
                self.app = app
        else:
            super().on_headers_complete()
        if not upgrading:
            self._arm(self.limits.body_timeout, self._body_expired)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
        self._in_head, self._head_bytes = True, 0

    def _arm(self, seconds: float, expired: Callable[[], None]) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, expired)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _head_expired(self) -> None:
        self._timer = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed already, or upgraded to a WebSocket
        if self.cycle is not None and not self.cycle.response_complete:
            # still answering the request before (a replay built by a worker can take
            # longer on a busy machine): the next head's time starts once it is answered
            self._arm(self.limits.header_timeout, self._head_expired)
        elif self._in_head:
            self.transport.abort()

    def _body_expired(self) -> None:
        self._timer = None
        if self.transport.is_closing() or self._in_head:
            return
        cycle = self.cycle
        if cycle is not None and not cycle.response_started:
            cycle.disconnected = True  # to the app: the client is gone (its reply dropped)
            cycle.message_event.set()
            self._refuse(408, f"the request's body did not arrive within "
                              f"{self.limits.body_timeout:g} s")
        else:  # answered already (without reading the body): nothing more to read
            self._done = True
            self.transport.close()

    def _refuse(self, status: int, why: str) -> None:
        """Answer ``status`` with ``why``, read nothing more, and close: at once if the
        peer reads, else after ``CLOSE_GRACE`` seconds."""
        self._done = True
        self._disarm()
        self.transport.write(answer(status, why))
        self.transport.pause_reading()
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(CLOSE_GRACE, self.transport.abort)


def answer(status: int, why: str) -> bytes:
    """A whole plain-text HTTP response that closes its connection.

    >>> answer(431, "too long").split(b"\\r\\n")[0]
    b'HTTP/1.1 431 Request Header Fields Too Large'
    """
    body = why.encode()
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}".encode(),
            b"content-type: text/plain; charset=utf-8", b"content-length: %d" % len(body),
            b"connection: close", *(name + b": " + value for name, value in SECURITY_HEADERS)]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


async def _too_many(scope: Any, receive: Any, send: Any) -> None:
    """The answer to a request from an address holding too many connections."""
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"connection", b"close"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": TOO_MANY.encode()})


class BoundedWebSocket(_Stall, WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, whose handshakes are counted against the limits, whose
    peers must read, whose bytes are parsed a slice at a time, and whose connections always
    end within ``CLOSE_GRACE`` seconds once they are over, even with a peer that has stopped
    reading.

    What arrives is fed to websockets' parser ``SLICE`` bytes at a time, each slice in a
    callback of its own, and not while the peer is leaving our replies unread: a read of
    256 KB of empty ping frames is 44,000 frames and half a second of parsing, which in one
    piece would stall every other connection (a health request waited 0.8 s); a slice is at
    most a few milliseconds. Reading from the socket is paused while bytes wait their turn.
    """

    doorman: Doorman
    _unfed = b""
    _held = False
    _feeding: asyncio.Handle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:  # (a small kernel buffer: a peer that stops reading shows soon)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._stall is not None:
            self._stall.cancel()
        if self._feeding is not None:
            self._feeding.cancel()
        self._unfed = b""
        self.doorman.release(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self._unfed = self._unfed + data if self._unfed else data
        self._feed()

    def _feed(self) -> None:
        """Parse the next slice of what has arrived, if the connection may go on."""
        self._feeding = None
        if self._unfed and self._may_read():
            piece, self._unfed = self._unfed[:SLICE], self._unfed[SLICE:]
            super().data_received(piece)
        self._hold()

    def _may_read(self) -> bool:
        return not (self.read_paused or self._stall is not None or self.transport.is_closing())

    def _hold(self) -> None:
        """Read from the socket only while nothing waits: no unparsed bytes, no message the
        app has not taken (uvicorn's own pause), no replies left unread by the peer. Parse
        what waits in a later callback once the connection may go on."""
        if self.transport.is_closing():
            self._unfed = b""
            return
        held = bool(self._unfed) or not self._may_read()
        if held:
            self.transport.pause_reading()
        elif self._held:
            self.transport.resume_reading()
        self._held = held
        if self._unfed and self._may_read() and self._feeding is None:
            self._feeding = self.loop.call_soon(self._feed)

    def handle_connect(self, event: Handshake) -> None:
        if self.doorman.verdict(self.transport) is Verdict.REFUSE:
            self._refuse(event, TOO_MANY)
        elif len(self.connections) > self.limits.max_connections:
            self._refuse(event, FULL)
        else:
            super().handle_connect(event)

    def _refuse(self, event: Handshake, why: str) -> None:
        """Open the socket and close it at once with 1013 (try again later): a page's
        WebSocket sees why. The app never hears of it."""
        self.request = event
        response = self.conn.accept(event)
        self.handshake_initiated = self.handshake_complete = self.close_sent = True
        self.conn.send_response(response)
        if response.status_code == 101:
            self.conn.send_close(1013, why)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.transport.close()
        self._abort_later()

    def pause_writing(self) -> None:
        super().pause_writing()
        self._hold()  # no more pings read, so no more pongs queued

    def resume_writing(self) -> None:
        super().resume_writing()
        self._hold()

    async def receive(self) -> Any:
        message = await super().receive()
        self._hold()  # (uvicorn resumes reading once the app has taken every message)
        return message

    async def send(self, message: Any) -> None:
        await super().send(message)
        self._hold()  # (and when the app closes)

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
