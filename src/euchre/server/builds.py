"""Work whose cost grows with a stored game's length, kept off the event loop and bounded.

A replay's positions, a record, a replay or review page, a game read back from the store:
each is pure Python over every move of a game. On the event loop a long one held every
other connection (a game to 1,000 blocked the server for 30-46 s, issue 57). Here each runs
on a **worker thread**, at most ``at_once`` at a time, with at most ``waiting`` more in a
first-come queue; one more is refused at once with ``Busy`` (the routes answer 503 in one
line: try again in a moment).

Why a thread and not a process: each piece of work is bounded (a page of positions, one
record of a match to ``limits.max_target``: tens of milliseconds), its input is the game
already in memory (a process would need it pickled, or the game replayed again, and a
worker costs tens of MB), and the interpreter hands the event loop its turn every switch
interval (5 ms) however busy the thread is. The bench (``bench/replay_load.py``) measures
the bystander's wait beside it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from .limits import Busy

Result = TypeVar("Result")
BUSY = "the server is building as many replays and records as it may: try again in a moment"


class Builds:
    """The worker threads of one server and the count of builds running or waiting."""

    def __init__(self, at_once: int = 1, waiting: int = 16) -> None:
        self.at_once = at_once
        self.waiting = waiting
        self._pool = ThreadPoolExecutor(max_workers=at_once, thread_name_prefix="euchre-build")
        self.held = 0
        """Builds running or waiting now."""
        self.refused = 0
        """Builds refused since the start (the bench reports it)."""

    async def run(self, call: Callable[..., Result], *args: object) -> Result:
        """``call(*args)`` on a worker thread; ``Busy`` at once if the queue is full."""
        if self.held >= self.at_once + self.waiting:
            self.refused += 1
            raise Busy(BUSY)
        self.held += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, call, *args)
        finally:
            self.held -= 1

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
