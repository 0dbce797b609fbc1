"""Hints: the expert's value of each legal choice, worked out off the computer players' path.

A hint is a full search, as costly as a computer move. Asked freely on the computer players'
threads, twenty sockets asking for hints slowed another table's computer twentyfold. So hints
run on their own worker thread, at most one per seat is in flight (a second request while one
is being worked out is refused in one line), and each hint carries the ``seq`` of the state it
was computed for, so a page that has moved on can drop it.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from .. import agents
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .tables import Client, Table

log = logging.getLogger("euchre.server")


class Hints:
    """The hint worker of one hub."""

    def __init__(self, threads: int = 1) -> None:
        self._worker = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="euchre-hint")
        self._in_flight: set[tuple[str, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def ask(self, table: Table, client: Client) -> None:
        """Start working out a hint for the client's seat; it is sent when ready, while the
        connection goes on (a move made meanwhile makes the hint stale, not wrong).
        ``ProtocolError`` if none can be given now."""
        if client.seat is None:
            raise ProtocolError("spectators get no hints")
        key = (table.stored.id, client.seat)
        if key in self._in_flight:
            raise ProtocolError("a hint is already being worked out for your seat")
        async with table.lock:
            view = table.game.view(client.seat)
            seq = table.seq
        if not view.legal:
            raise ProtocolError("a hint is for your turn: it is not your turn")
        if table.coach is None:
            table.coach = agents.load("expert", seed=table.stored.seed + 29)
        self._in_flight.add(key)
        task = asyncio.get_running_loop().create_task(
            self._work(key, table.coach, view, seq, client))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _work(self, key: tuple[str, int], coach: agents.Agent, view, seq: int,
                    client: Client) -> None:
        try:
            values = await asyncio.get_running_loop().run_in_executor(
                self._worker, coach.analyse, view)  # type: ignore[attr-defined]
        except Exception:  # a bug in the search must not silence the seat for good
            log.exception("game %s: the hint failed", key[0])
            client.send({"type": "error", "message": "the hint could not be worked out"})
            return
        finally:
            self._in_flight.discard(key)
        client.send({"type": "hint", "seq": seq,
                     "values": {t: round(v, 3) for t, v in values.items()}})

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)
