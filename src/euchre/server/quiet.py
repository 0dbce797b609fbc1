"""What the server writes to its log: one short line for each thing worth telling, and not a
flood of them about one client.

* **Hanging up is not an error.** A client that disconnects mid-request, or closes its
  WebSocket while it is being opened, used to put a 65-line traceback in the log each time
  ("Exception in ASGI application" over a ``ClientDisconnect``). Such a record is dropped.
* **A client's bad bytes are its own.** uvicorn logs a WebSocket text frame that is not
  UTF-8 with a traceback; the line alone says it.
* **Rate-limited.** ``LogLimiter`` lets ``BURST`` lines of one kind through in ``PERIOD``
  seconds and counts the rest; the first line let through after that says how many were
  left out. A kind is a logger, a message (its template, before its arguments) and the
  client it is about when the line names one (``extra={"client": address}``), so one
  client's flood of bad requests costs a few lines a minute.

``install()`` puts one ``LogLimiter`` on the loggers the server writes to.
"""

from __future__ import annotations

import logging
import time

from starlette.requests import ClientDisconnect
from starlette.websockets import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

BURST = 5
PERIOD = 60.0
LOGGERS = ("uvicorn.error", "euchre.server", "asyncio")
HANG_UPS = (ClientDisconnect, WebSocketDisconnect, ClientDisconnected, ConnectionError)
"""Exceptions that mean only that the client went away."""
CLIENT_FAULTS = (UnicodeDecodeError,)
"""Exceptions from a client's bad input: worth a line, not a traceback."""


class LogLimiter(logging.Filter):
    """A logging filter: hang-ups dropped, client faults without their traceback, and at
    most ``burst`` lines of one kind per ``period`` seconds.

    >>> limiter = LogLimiter(burst=2, period=60)
    >>> record = lambda: logging.LogRecord("x", logging.WARNING, "", 0, "bad request", (), None)
    >>> [limiter.filter(record()) for _ in range(4)]
    [True, True, False, False]
    """

    def __init__(self, burst: int = BURST, period: float = PERIOD,
                 kinds: int = 1000) -> None:
        super().__init__()
        self.burst, self.period, self.kinds = burst, period, kinds
        self._seen: dict[tuple[str, str, object], tuple[float, int, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            if isinstance(error, HANG_UPS):
                return False
            if isinstance(error, CLIENT_FAULTS):
                record.exc_info, record.exc_text = None, None
        key = (record.name, str(record.msg), getattr(record, "client", None))
        now = time.monotonic()
        since, shown, left_out = self._seen.pop(key, (now, 0, 0))
        if now - since >= self.period:
            if left_out:
                record.msg = (f"{record.msg} ({left_out} more like this in the "
                              f"{now - since:.0f} s before were not logged)")
            since, shown, left_out = now, 0, 0
        let_through = shown < self.burst
        self._seen[key] = (since, shown + let_through, left_out + (not let_through))
        while len(self._seen) > self.kinds:  # the oldest kinds are forgotten
            del self._seen[next(iter(self._seen))]
        return let_through


def install(limiter: LogLimiter | None = None) -> LogLimiter:
    """Put ``limiter`` (a new one by default) on every logger in ``LOGGERS``."""
    limiter = limiter or LogLimiter()
    for name in LOGGERS:
        logging.getLogger(name).addFilter(limiter)
    return limiter
