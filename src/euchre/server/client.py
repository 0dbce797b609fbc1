"""One connection to a table: its seat and the messages waiting to be sent to it.

Messages are queued, never awaited by the table, so a slow connection slows only itself; a
connection whose queue overflows is dropped (its socket closes, and is aborted within
``limits.CLOSE_GRACE`` seconds if need be).

Floods cost the flooder only (issue 57): a state that follows no move (a name, hints turned
on or off, a rematch asked for, someone arriving or leaving) is queued ``replaceable``, and
replaces the replaceable state still waiting at the end of the queue rather than queueing
behind it: however many such changes come, a reader holds at most one of them unsent, so no
reader is dropped for another's flood. And the messages that make the table broadcast
(``player_messages.Handler.broadcasts``) are metered per connection (``may_broadcast``): a burst of
``BROADCAST_BURST``, then one a second; past it the sender alone is told to wait.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .account_store import Account

OUTBOX_LIMIT = 256
"""Messages queued for one connection before it is dropped as too slow to keep up."""
BROADCAST_BURST = 5
"""Such messages one connection may send at once; then one a second (``BROADCAST_RATE``)."""
PHRASE_BURST, PHRASE_EVERY = 3, 5.0
"""Preset phrases one connection may send at once, then one every so many seconds."""
BROADCAST_RATE = 1.0
TOO_FAST = "too many changes at once: wait a second and try again"

Message = dict[str, Any] | str | None


class Client:
    """One connection: its seat (None for a spectator), the address it came from (for the
    creation meter) and the messages waiting to be sent."""

    def __init__(self, seat: int | None, address: str = "unknown",
                 language: str = "en", holder: Account | None = None) -> None:
        self.seat = seat
        self.language = language
        """The language the person reads (``languages.chosen``): his states are worded in it."""
        self.address = address
        self.holder = holder
        """The account whose session the connection's cookie opened, if any."""
        self._queue: deque[Message] = deque()
        self._ready = asyncio.Event()
        self._tail_replaceable = False
        """The last message queued is a state that a newer replaceable one may replace."""
        self._tokens, self._stamp = float(BROADCAST_BURST), time.monotonic()
        self._phrases, self._phrase_stamp = float(PHRASE_BURST), time.monotonic()
        self.dropped = False
        """Set once the outbox overflowed: nothing more is queued, and the socket closes."""
        self.deadline: asyncio.Timeout | None = None
        """The socket loop's wait for the next message, cut short when the client drops."""

    def send(self, message: dict[str, Any] | str, replaceable: bool = False) -> None:
        """Queue a message (a dict, or JSON text already encoded for several clients);
        ``replaceable``: a state that follows no move (see the module)."""
        if self.dropped:
            return
        if replaceable and self._tail_replaceable and self._queue:
            self._queue[-1] = message
            return
        if len(self._queue) >= OUTBOX_LIMIT:
            self.dropped = True
            if self.deadline is not None:
                self.deadline.reschedule(asyncio.get_running_loop().time())
            return
        self._queue.append(message)
        self._tail_replaceable = replaceable
        self._ready.set()

    def waiting(self) -> int:
        """Messages queued and not yet sent."""
        return len(self._queue)

    async def next(self) -> Message:
        """The next message to send, once there is one (None: close the connection)."""
        while not self._queue:
            self._ready.clear()
            await self._ready.wait()
        message = self._queue.popleft()
        if not self._queue:
            self._tail_replaceable = False
        return message

    def may_broadcast(self) -> bool:
        """Spend one of the connection's broadcasts (a token bucket); False when it has
        sent too many too fast."""
        now = time.monotonic()
        self._tokens = min(BROADCAST_BURST, self._tokens + (now - self._stamp) * BROADCAST_RATE)
        self._stamp = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def may_say(self) -> bool:
        """Spend one of the connection's phrases (``PHRASE_BURST``, then one every
        ``PHRASE_EVERY`` seconds); False when it has said too many too fast."""
        now = time.monotonic()
        self._phrases = min(PHRASE_BURST, self._phrases + (now - self._phrase_stamp)
                            / PHRASE_EVERY)
        self._phrase_stamp = now
        if self._phrases < 1:
            return False
        self._phrases -= 1
        return True

    def close(self) -> None:
        self._queue.append(None)
        self._tail_replaceable = False
        self._ready.set()
