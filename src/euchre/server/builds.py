"""Work whose cost grows with a stored game's length, kept off the event loop and bounded.

A replay's positions, a record, a replay or review page: each is pure Python over every move
of a game. On the event loop a long one held every other connection (a game to 1,000
blocked the server for 30-46 s, issue 57). Here each runs in a **worker process**, at most
``at_once`` at a time, with at most ``waiting`` more in a first-come queue; one more is
refused at once with ``Busy`` (the routes answer 503 in one line: try again in a moment).
Reading a game back (``replay``: the engine applying its moves, milliseconds) runs on a
thread under the same count.

Why a process and not a thread: on a thread the work holds the interpreter's lock against
the event loop, and on a busy machine the thread can be descheduled while it holds it, so
the loop waits for the operating system as well as for the work (a bystander's ``/health``
waited 375 ms at p99 beside four clients fetching a long replay, on a machine loaded 15
deep). A worker process runs beside the loop, at a lower priority (``nice`` 10), so the
people playing come first. It is spawned (a fresh interpreter: a server with threads is
never forked) once and reused; it is given the stored game (its setup and moves) and gives
back the finished body, so what crosses is small. A worker that dies is replaced at the next
build (that build is refused).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from ..game import Game
from ..i18n import language, use
from . import languages
from .limits import Busy
from .storage import StoredGame

Result = TypeVar("Result")
BUSY = "the server is building as many replays and records as it may: try again in a moment"
NICE = 10
"""How much lower a worker's priority is than the server's."""


def worker_start() -> None:
    """A worker process's start: lower priority; Ctrl-C stops the server, which stops it;
    and it ends once the server is gone, however it went (killed, it cannot say so)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(NICE)
    server = os.getppid()

    def orphaned() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=orphaned, name="euchre-build-server", daemon=True).start()


def in_language(code: str, here: str, call: Callable[..., Result], *args: object) -> Result:
    """In a worker: ``call(*args)`` in the language of the request that asked for it (a
    worker is another process: the request's language and address do not cross by
    themselves), so a page built there reads in its reader's language."""
    with use(code), languages.at(here):
        return call(*args)


class Builds:
    """The worker processes of one server and the count of builds running or waiting."""

    def __init__(self, at_once: int = 1, waiting: int = 16) -> None:
        self.at_once = at_once
        self.waiting = waiting
        self._pool: ProcessPoolExecutor | None = None
        self._threads = ThreadPoolExecutor(max_workers=at_once,
                                           thread_name_prefix="euchre-build")
        self.held = 0
        """Builds running or waiting now."""
        self.refused = 0
        """Builds refused since the start."""

    async def run(self, call: Callable[..., Result], *args: object,
                  refusable: bool = True) -> Result:
        """``call(*args)`` in a worker process (a function of a module, its arguments and
        result picklable); ``Busy`` at once if the queue is full. The server's own work
        (``refusable=False``: the deal of the day's expert game, once a day) waits its turn
        instead and is not counted against the people's builds."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.at_once, mp_context=multiprocessing.get_context("spawn"),
                initializer=worker_start)
        pool = self._pool
        worded: Callable[..., Result] = in_language  # (the request's language crosses too)
        whole = (language(), languages.here(), call, *args)
        try:
            if not refusable:
                return await asyncio.get_running_loop().run_in_executor(pool, worded, *whole)
            return await self._held(pool, worded, *whole)
        except BrokenProcessPool:  # a worker died: the next build starts a new pool
            if self._pool is pool:
                self._pool = None
            raise Busy(BUSY) from None

    async def replay(self, stored: StoredGame) -> Game:
        """A stored game read back (its moves applied by the engine) on a thread."""
        return await self._held(self._threads, stored.replay)

    async def _held(self, executor: Executor, call: Callable[..., Result],
                    *args: object) -> Result:
        if self.held >= self.at_once + self.waiting:
            self.refused += 1
            raise Busy(BUSY)
        self.held += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, call, *args)
        finally:
            self.held -= 1

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:  # (waits for the build under way, if any)
            self._pool.shutdown(wait=True, cancel_futures=True)
