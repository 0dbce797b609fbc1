"""``euchre serve``: check the address and the database, then run the app with uvicorn."""

from __future__ import annotations

import contextlib
import errno
import gc
import socket
import sys
from dataclasses import replace
from pathlib import Path

from .limits import Limits


def run_server(host: str, port: int, db: str | None, bot_delay: float,
               limits: Limits | None = None) -> int:
    """Serve until interrupted; ``ValueError`` (one line) if the port or the database is
    unusable, before anything starts."""
    import uvicorn

    from . import quiet
    from .app import WS_MAX_SIZE, create_app
    from .gate import served_names
    from .postgres import is_postgres_url
    from .storage import default_path
    from .transport import protocols

    limits = limits or Limits()
    limits = replace(limits, allowed_hosts=served_names(host, limits.allowed_hosts))

    if db and is_postgres_url(db):
        path: str | Path = db  # a database URL, not a file: kept whole
    else:
        path = Path(db) if db else default_path()
        if path.is_dir():
            raise ValueError(f"--db {path} is a folder: name a file")
    _check_port(host, port)
    app = create_app(path, bot_delay=bot_delay, limits=limits)
    http, ws = protocols(limits)
    config = uvicorn.Config(
        app, host=host, port=port, ws_max_size=WS_MAX_SIZE, log_level="warning",
        ws_per_message_deflate=False, lifespan="on", http=http, ws=ws,
        access_log=False,  # a seat's secret token is in its URL: never logged
        # (uvicorn annotates an int but hands it to loop.call_later: --keep-alive 0.5 works)
        timeout_keep_alive=limits.keep_alive,  # type: ignore[arg-type]
        limit_concurrency=limits.max_connections,
        ws_ping_interval=limits.ws_ping, ws_ping_timeout=limits.ws_ping,
        # X-Forwarded-For is believed only from the proxies named (uvicorn's default
        # believes it from loopback: any local client could pass for as many as it liked)
        proxy_headers=bool(limits.trusted_proxies),
        forwarded_allow_ips=",".join(limits.trusted_proxies) or "")
    # (no per-message compression: a state is about 1 KB, and deflating every one cost the
    # server a sixth of its time under load, for little on a network)
    quiet.install()  # (after uvicorn has set its loggers up)
    gc.freeze()  # what is loaded by now lives as long as the server: never scan it again
    gc.set_threshold(50_000, 20, 20)  # each move makes many small objects, nearly all freed
    shown = f"[{host}]" if ":" in host else host
    print(f"Euchre at http://{shown}:{port}  (games kept in {_shown(path)}; "
          "Ctrl-C stops)", file=sys.stderr, flush=True)
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    return 0 if server.started else 3  # (as uvicorn.run: it could not start)


def _check_port(host: str, port: int) -> None:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise ValueError(f"--host {host!r} is not an address of this machine") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise ValueError(f"port {port} on {host} is already in use: choose another "
                                 "with --port") from None
            raise ValueError(f"cannot listen on {host}:{port}: {err.strerror}") from None


def _shown(path: object) -> str:
    """Where the games are, for the start-up line: a database URL without its password."""
    from .postgres import safe_url

    return safe_url(str(path)) if "://" in str(path) else str(path)
