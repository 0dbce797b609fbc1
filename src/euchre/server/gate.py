"""Who may come in: the name a request gives for the server, and the site a page comes from.

* **Host.** A page on ``evil.example`` whose name the attacker re-points at 127.0.0.1 (DNS
  rebinding) reaches a server on this machine as the same origin, and could create games
  and read the lobby's. Its requests still say ``Host: evil.example``, so every request
  (HTTP and WebSocket) must name this server: an IP address (a rebinding needs a name), a
  loopback name, ``--host`` itself, or a name given with ``--allowed-host``.
* **Origin.** A browser says which site a WebSocket or a ``POST`` comes from; any site
  other than this server's own (or one given with ``--allowed-origin``) is refused, so
  another site's page cannot play for its visitor (cross-site WebSocket hijacking). A
  client that is not a browser sends no ``Origin`` and is let in.

``Gate`` is the ASGI middleware that checks the Host of every request and the Origin of
every WebSocket; ``limits.read_json_body`` checks the Origin of a creation request with
``foreign_origin``.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger("euchre.server")

ANY = "*"
LOOPBACK_NAMES = frozenset({"localhost"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def served_names(host: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    """The names a request's Host may give: ``allowed``, ``host`` when it is a name, and
    this machine's own names when the server listens on every address.

    >>> served_names("127.0.0.1", ("Euchre.example",))
    ('euchre.example',)
    >>> served_names("games.lan", ())
    ('games.lan',)
    """
    names = [name.lower().rstrip(".") for name in allowed]
    if host in WILDCARDS:
        machine = socket.gethostname().lower()
        names += [machine, f"{machine}.local", socket.getfqdn().lower()]
    elif not _is_address(host):
        names.append(host.lower().rstrip("."))
    return tuple(dict.fromkeys(names))


def foreign_host(host: str | None, names: frozenset[str]) -> str | None:
    """The name ``host`` (a Host header) gives when this server does not answer to it, else
    None. No Host at all is let in: every browser sends one.

    >>> names = frozenset({"euchre.example"})
    >>> [foreign_host(h, names) for h in ("127.0.0.1:8000", "[::1]:8000", "localhost:80",
    ...                                   "EUCHRE.example", None)]
    [None, None, None, None, None]
    >>> foreign_host("evil.example:8000", names), foreign_host("[::1", names)
    ('evil.example', '[::1')
    """
    if host is None or ANY in names:
        return None
    try:
        name = (urlsplit("//" + host).hostname or "").rstrip(".")
    except ValueError:  # such as an unclosed IPv6 bracket
        return host
    if _is_address(name) or name in LOOPBACK_NAMES or name in names:
        return None
    return name or host


def foreign_origin(origin: str | None, host: str | None,
                   origins: tuple[str, ...]) -> str | None:
    """``origin`` (an Origin header) when it is neither this server's own (the one ``host``
    names) nor one of ``origins``, else None. None when there is no Origin: the client is
    not a browser, and could send any header it liked.

    >>> [foreign_origin(o, "127.0.0.1:8000", ("https://Front.example/",))
    ...  for o in ("http://127.0.0.1:8000", "https://front.example", None)]
    [None, None, None]
    >>> foreign_origin("https://evil.example", "127.0.0.1:8000", ())
    'https://evil.example'
    """
    if origin is None:
        return None
    shown = origin.strip().lower()
    if ANY in origins or shown in {allowed.lower().rstrip("/") for allowed in origins}:
        return None
    try:
        netloc = urlsplit(shown).netloc
    except ValueError:
        return origin
    return None if host is not None and netloc == host.lower() else origin


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Gate:
    """ASGI middleware: a request naming another host is answered 400, a WebSocket from
    another site refused before its handshake (403); each refusal is logged in one line."""

    def __init__(self, app: Any, names: tuple[str, ...], origins: tuple[str, ...]) -> None:
        self.app = app
        self.names = frozenset(names)
        self.origins = origins

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = origin = None
        for name, value in scope["headers"]:
            if name == b"host":
                host = value.decode("latin-1")
            elif name == b"origin":
                origin = value.decode("latin-1")
        name = foreign_host(host, self.names)
        problem = (f"this server does not answer to the name {name[:80]!r} (start it with "
                   f"--allowed-host {name[:80]} if it should)") if name else None
        if problem is None and kind == "websocket":
            other = foreign_origin(origin, host, self.origins)
            if other is not None:
                problem = f"a page from {other[:80]} may not connect here"
        if problem is None:
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        log.warning("refused: %s", problem, extra={"client": client[0] if client else None})
        if kind == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
        await send({"type": "http.response.body", "body": problem.encode()})
