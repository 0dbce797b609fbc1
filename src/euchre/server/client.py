"""One connection to a table: its seat and the messages waiting to be sent to it.

Messages are queued, never awaited by the table, so a slow connection slows only itself; a
connection whose queue overflows is dropped (its socket closes, and is aborted within
``limits.CLOSE_GRACE`` seconds if need be).
"""

from __future__ import annotations

import asyncio
from typing import Any

OUTBOX_LIMIT = 256
"""Messages queued for one connection before it is dropped as too slow to keep up."""


class Client:
    """One connection: its seat (None for a spectator), the address it came from (for the
    creation meter) and the messages waiting to be sent."""

    def __init__(self, seat: int | None, address: str = "unknown") -> None:
        self.seat = seat
        self.address = address
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue()
        self.dropped = False
        """Set once the outbox overflowed: nothing more is queued, and the socket closes."""
        self.deadline: asyncio.Timeout | None = None
        """The socket loop's wait for the next message, cut short when the client drops."""

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already encoded for several clients)."""
        if self.dropped:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.dropped = True
            if self.deadline is not None:
                self.deadline.reschedule(asyncio.get_running_loop().time())
            return
        self.outbox.put_nowait(message)

    def close(self) -> None:
        self.outbox.put_nowait(None)
