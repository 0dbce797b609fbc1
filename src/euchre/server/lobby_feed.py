"""The list of open tables, pushed to every lobby that watches it (``/ws-tables``).

A lobby no longer reads the list every few seconds: it opens a socket and is sent the list
whenever it may have changed: a write here that could touch an open table (a new game, a
seat taken, an option set, a finish: ``Committer.listeners``), or news of such a write from
another process on the database (``peers``: a table opened elsewhere says so with an option
written in its creation's transaction). One reading serves every watcher of the process,
and readings are at least ``SETTLE`` seconds apart however many changes come, so a busy
server costs the store at most a few readings a second, and none when nobody watches. A
watcher is also sent the list every ``REFRESH`` seconds (tables that waited too long leave
it; the waiting times move on).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .storage import Claim, Finish, NewGame, SetFacts

SETTLE = 0.25
"""Least seconds between two readings of the list."""
REFRESH = 15.0
"""Seconds after which a watcher is sent the list again even if nothing changed."""
TOUCHING = (NewGame, Claim, SetFacts, Finish)
"""The writes that may open, fill, start or close an open table."""


@dataclass(eq=False)
class _Watcher:
    news: asyncio.Event = field(default_factory=asyncio.Event)
    latest: Any = None


class LobbyFeed:
    """The open tables for every watching lobby of one process (see the module)."""

    def __init__(self, read: Callable[[], Awaitable[Any]]) -> None:
        self._read = read
        self._watchers: set[_Watcher] = set()
        self._changed: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    def changed(self) -> None:
        """The list may have changed: read it again soon (if anyone watches)."""
        if self._changed is not None and self._watchers:
            self._changed.set()

    def written(self, writes: Sequence[Any]) -> None:
        """A committed batch (``Committer.listeners``): news if it may touch a table."""
        if any(isinstance(write, TOUCHING) for write in writes):
            self.changed()

    async def watch(self) -> AsyncGenerator[Any, None]:
        """The list now, then each time it may have changed (at least every ``REFRESH``
        seconds), until the caller stops."""
        watcher = _Watcher()
        self._watchers.add(watcher)
        if self._changed is None:
            self._changed = asyncio.Event()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        self._changed.set()  # (a new watcher gets a fresh reading)
        try:
            while True:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(REFRESH + SETTLE):
                        await watcher.news.wait()
                watcher.news.clear()
                if watcher.latest is not None:
                    yield watcher.latest
        finally:
            self._watchers.discard(watcher)

    async def _run(self) -> None:
        """Read the list for every watcher when it may have changed, or every ``REFRESH``
        seconds; stop when nobody watches."""
        assert self._changed is not None
        while self._watchers:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(REFRESH):
                    await self._changed.wait()
            self._changed.clear()
            try:
                tables = await self._read()
            except Exception:  # the store away a moment: the next change reads again
                tables = None
            if tables is not None:
                for watcher in self._watchers:
                    watcher.latest = tables
                    watcher.news.set()
            await asyncio.sleep(SETTLE)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
