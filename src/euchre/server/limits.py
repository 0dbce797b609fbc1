"""What keeps one server fair and bounded against abusive or broken clients.

``Limits`` gathers every bound ``euchre serve`` sets (each flag's default lives here once);
``RateLimiter`` meters game creation per client address; ``SecurityHeaders`` adds the browser
hardening headers to every HTTP response; ``read_json_body`` refuses an oversized, cross-site
or mistyped creation request before reading it; ``plausible`` refuses a game id or seat token
that could not have been made by this server before it reaches the store.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..coach.review import DEFAULT_DEALS
from ..i18n import _
from .gate import foreign_origin

if TYPE_CHECKING:  # (the command line reads the defaults without loading the web stack)
    from starlette.requests import Request
    from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass(frozen=True)
class Limits:
    """The bounds of one server; the defaults suit a public server on a small machine."""

    allow_seeds: bool = False
    """Accept a client's ``seed`` (tests, demos). Off: a seed fixes every deal, so whoever
    chose it would know the other hand; such games are marked seeded."""
    games_per_minute: int = 10
    """Games one client address may create per minute (a burst of as many, then refilled)."""
    max_tables: int = 500
    """Games live in memory at once; beyond it, idle ones are let go first, then refused."""
    table_idle: float = 60.0
    """Seconds a table nobody is connected to stays live (a reload is then instant)."""
    socket_idle: float = 1800.0
    """Seconds a connection may send nothing before it is closed (the page reconnects)."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's headers (slow-header attacks)."""
    keep_alive: float = 5.0
    """Seconds an idle HTTP keep-alive connection is kept."""
    ws_ping: float = 20.0
    """Seconds between WebSocket pings; a peer that does not answer within as long is dropped."""
    max_connections: int = 1000
    """Connections at once, HTTP and WebSocket alike; beyond, a request is answered 503 and a
    WebSocket closed with 1013 (try again later)."""
    max_per_address: int = 60
    """Connections one client address may hold at once (room for a household behind one
    address at a table of four, each page loading over a few connections, and watchers); its
    next as many are answered 503 (HTTP) or closed with 1013 (WebSocket), any more closed
    unanswered. Connections from a
    trusted proxy are not counted (its clients differ only in ``X-Forwarded-For``: cap them
    at the proxy)."""
    header_bytes: int = 16 * 1024
    """Bytes of a request's line and headers; a longer one is answered 431 unread and its
    connection closed (a browser's requests here take under 2 KB)."""
    body_timeout: float = 10.0
    """Seconds a request's body has to arrive whole once its headers have; then 408 and the
    connection closed (slowly trickled bodies holding connections)."""
    write_stall: float = 10.0
    """Seconds a peer may leave more than 64 KB of the server's replies unread while taking
    nothing of them (under 16 KB) before it is cut off: a slow but steady reader is never
    cut. Meanwhile nothing more is read from it: a client that floods pings without
    reading the pongs stops being answered, and is gone within as long."""
    allowed_hosts: tuple[str, ...] = ()
    """Names a request's ``Host`` may give besides ``--host``, an IP address and
    ``localhost`` ("*": any name); any other is refused, defeating DNS rebinding."""
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://name[:port]``) besides the served host itself whose pages may open
    WebSockets and create games ("*": any)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses (or networks) of reverse proxies whose ``X-Forwarded-For`` names the
    client; from anyone else the header is ignored (it would let one client pass for many)."""
    reviews_at_once: int = 1
    """The coach's reviews worked out at once, each in a process of its own
    (``server.reviews``); the others wait their turn."""
    reviews_waiting: int = 20
    """Reviews that may wait their turn; one more is refused (503: try again later)."""
    abandon_after: float = 7 * 86_400.0
    """Seconds a game against the computer may lie unfinished, the person having moved,
    before it is closed as resigned by him (a loss in his statistics, marked abandoned)."""
    seat_wait: float = 60.0
    """Seconds a person's seat at a friend table of three or four waits for him once he has
    left (no connection) before the computer plays it for him, until he is back."""
    turn_timer: float = 30.0
    """Seconds a person at a table of people (``turn_timer``) has for each move before the
    computer makes it for him, and the whole table is told so."""
    bots_after: float = 60.0
    """Seconds an open table (``open_tables``) waits for people before its host, if he
    allowed it, may fill its empty seats with computers."""
    builds_at_once: int = 1
    """Replays, records and review pages of stored games built at once, each in a worker
    process beside the event loop (``server.builds``); one is enough on a small machine: a
    build is a bounded piece (a page of positions) of a game."""
    builds_waiting: int = 16
    """Builds that may wait their turn; one more is refused (503: try again in a moment)."""
    max_target: int = 30
    """The most points a match here may be played to. Real matches are played to 5, 7, 10,
    11, 15 or 21; 30 is Napoleon's target, the largest any of the family's rule books names
    (RULES-more.md). The engine still takes up to ``rules.MAX_TARGET`` (research, the
    terminal, and games stored before this bound, which stay readable): a match's cost to
    store, replay and review grows with its length, and a match to 1,000 took 3.9 GB to
    replay (issue 57)."""
    computer_workers: int | None = None
    """Worker processes where the computer's searching levels (hard, expert) decide
    (``server.workers``); None: one per core."""
    review_deals: int = DEFAULT_DEALS
    """The expert's deals per card decision in a review (twice as many per bid or discard):
    fewer is faster and noisier."""


BOT_DELAY = 0.15
"""Seconds from the computer's turn to its move, its thinking included (``--bot-delay``):
the page's fastest pace (``SPEEDS.fast.move`` in ``static/settings.js``), so the speed a
player chooses is the pace he sees; the slower speeds are the page's to keep."""

CLOSE_GRACE = 5.0
"""Seconds a connection dropped by the server (outbox full, idle) is given to take the close
frame before its transport is aborted: a client that stops reading is gone within
``CLOSE_GRACE`` seconds of its outbox filling, twice that at most."""

_PLAUSIBLE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def plausible(text: str) -> bool:
    """Whether ``text`` could be a game id or seat token this server made (``token_urlsafe``:
    ASCII letters, digits, ``-`` and ``_``); anything else names nothing, and is refused
    without a look-up (no lock, no query for a hostile id)."""
    return _PLAUSIBLE.fullmatch(text) is not None


class RateLimiter:
    """A token bucket per client address: ``per_minute`` creations at once, refilled evenly.

    The table of addresses is itself bounded: past ``max_addresses`` the full buckets (those
    that would allow a burst anyway) are forgotten, then the oldest."""

    def __init__(self, per_minute: int, max_addresses: int = 10_000) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.max_addresses = max_addresses
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, address: str) -> float:
        """Spend one creation; 0 if allowed, else the seconds until one is allowed."""
        now = time.monotonic()
        tokens, stamp = self._buckets.pop(address, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - stamp) * self.rate)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return (1 - tokens) / self.rate
        self._buckets[address] = (tokens - 1, now)
        if len(self._buckets) > self.max_addresses:
            self._forget(now)
        return 0.0

    def give_back(self, address: str) -> None:
        """Refund a creation that was refused for another reason (a bad request)."""
        tokens, stamp = self._buckets.get(address, (self.capacity, time.monotonic()))
        self._buckets[address] = (min(self.capacity, tokens + 1), stamp)

    def _forget(self, now: float) -> None:
        full = [a for a, (t, s) in self._buckets.items()
                if t + (now - s) * self.rate >= self.capacity]
        for address in full:
            del self._buckets[address]
        while len(self._buckets) > self.max_addresses:
            del self._buckets[next(iter(self._buckets))]

    def __len__(self) -> int:
        return len(self._buckets)


class Refused(ValueError):
    """A request refused before it is read; ``status`` is its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Busy(ValueError):
    """The server holds as many live tables as it may: try again shortly (HTTP 503)."""


async def read_json_body(request: Request, limit: int, origins: tuple[str, ...] = ()
                         ) -> Any:
    """The JSON object of a creation request, refused early: not ``application/json`` (415;
    a cross-site form or ``text/plain`` POST needs no preflight, JSON does), from a page of
    another site than this one or ``origins`` (403), declared or found longer than
    ``limit`` bytes (413, the declared length checked before a byte is read), not JSON or
    with a key given twice (400), or ended by its client before it is whole (400, unseen)."""
    from starlette.requests import ClientDisconnect

    from .protocol import RepeatedKey, strict_json

    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, _("send the request with Content-Type: application/json"))
    origin = request.headers.get("origin")
    foreign = foreign_origin(origin, request.headers.get("host"), origins)
    if foreign is not None:
        raise Refused(403, _("this request may only come from this site, not {origin}",
                             origin=foreign[:80]))
    if origin is None and request.headers.get("sec-fetch-site", "same-origin") not in (
            "same-origin", "none"):
        raise Refused(403, _("this request may only come from this site"))
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise Refused(413, _("request too long ({declared} bytes; at most {limit})",
                             declared=declared[:20], limit=limit))
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise Refused(413, _("request too long (over {limit} bytes)", limit=limit))
    except ClientDisconnect:  # (hung up, or too slow: transport.BoundedHTTP answered 408)
        raise Refused(400, _("the request ended before its body did")) from None
    try:
        return strict_json(body)
    except RepeatedKey as err:
        raise Refused(400, _("the request is not valid JSON: {reason}", reason=str(err))) \
            from None
    except (ValueError, RecursionError):
        raise Refused(400, _("the request is not valid JSON")) from None


CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # the seat token is in the page's URL
]


class SecurityHeaders:
    """Pure ASGI middleware adding ``SECURITY_HEADERS`` to every HTTP response.

    Written against ASGI rather than as a ``BaseHTTPMiddleware`` so it costs one list
    extension per response and leaves WebSockets and streaming untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)
