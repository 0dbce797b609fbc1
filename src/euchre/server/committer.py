"""Group commit: many tables' writes in one transaction, each acknowledged after it is durable.

Every accepted action must be committed before the player hears it was accepted. With
``synchronous=FULL`` each commit waits for the disk, so one commit per action would cap the
whole server at the disk's sync rate. Instead ``submit`` queues a write and waits; a single
writer thread takes everything queued so far, commits it as one transaction and wakes every
waiter. Under load the batches grow and the disk syncs stay few; with one player the batch is
that player's action and the latency is one commit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from .storage import Storage, Write

Read = TypeVar("Read")


class Committer:
    """Serialises every write to ``storage`` through one thread, batching what waits."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._pending: list[tuple[Sequence[Write], asyncio.Future[None]]] = []
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="euchre-db")
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="euchre-read")
        """Reads run beside the writer (WAL: readers never wait for it), so a page that reads
        much never delays a move's commit."""
        self._wakeup: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self.commits = 0
        """Transactions made (a benchmark compares it with the writes submitted)."""
        self.listeners: list[Callable[[Sequence[Write]], None]] = []
        """Told of each batch of writes once it is committed (``lobby_feed``)."""

    async def submit(self, writes: Sequence[Write]) -> None:
        """Return once ``writes`` are committed; raise what the database raised if not."""
        loop = asyncio.get_running_loop()
        if self._task is None:
            self._wakeup = asyncio.Event()
            self._task = loop.create_task(self._run())
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((writes, done))
        assert self._wakeup is not None
        self._wakeup.set()
        await done

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._wakeup is not None
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            writes = [w for ws, _ in batch for w in ws]
            try:
                await loop.run_in_executor(self._thread, self.storage.write, writes)
                self.commits += 1
            except Exception:
                # one bad write must not sink the others: commit them one by one
                for ws, done in batch:
                    try:
                        await loop.run_in_executor(self._thread, self.storage.write, ws)
                    except Exception as err:
                        if not done.done():
                            done.set_exception(err)
                    else:
                        self._tell(ws)
                        if not done.done():
                            done.set_result(None)
                continue
            self._tell(writes)
            for _, done in batch:
                if not done.done():
                    done.set_result(None)

    def _tell(self, writes: Sequence[Write]) -> None:
        for listener in self.listeners:
            listener(writes)

    async def read(self, call: Callable[..., Read], *args: object) -> Read:
        """Run a read on a reader thread (so neither the event loop nor the writer waits on
        it); it sees every write committed before it began."""
        return await asyncio.get_running_loop().run_in_executor(self._readers, call, *args)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._readers.shutdown(wait=True)
        await asyncio.get_running_loop().run_in_executor(self._thread, self.storage.close)
        self._thread.shutdown(wait=True)
