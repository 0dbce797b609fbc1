"""Hints: the expert's value of each legal choice, worked out off the computer players' path.

A hint is a full search, as costly as a computer move. Asked freely on the computer players'
threads, twenty sockets asking for hints slowed another table's computer twentyfold. So hints
run on their own worker thread, at most one per seat is in flight (a second request while one
is being worked out is refused in one line), and each hint carries the ``seq`` of the state it
was computed for, so a page that has moved on can drop it.

The same worker writes the **coach notes** (``coaching``): after a seat's own move, what the
expert preferred and by how much, valued from the view before the move (the values of the
hint for that very view when one was asked, so the note quotes the numbers the hint showed).
At most ``NOTES_IN_FLIGHT`` per seat wait their turn; hints and notes are allowed together
(``match.hints_allowed``).
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from .. import agents
from ..view import View
from . import coaching, match
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .tables import Client, Table

log = logging.getLogger("euchre.server")
NOTES_IN_FLIGHT = 3
"""Coach notes one seat may have waiting (a person moving fast gets each of them)."""
REMEMBERED = 4096
"""Seats whose last hint is remembered for the coach's note on the move that follows."""


class Hints:
    """The hint worker of one hub."""

    def __init__(self, threads: int = 1) -> None:
        self._worker = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="euchre-hint")
        self._in_flight: set[tuple[str, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._notes: dict[tuple[str, int], int] = {}
        """Coach notes being worked out, per seat."""
        self._last: dict[tuple[str, int], tuple[int, View, dict[str, float]]] = {}
        """Each seat's last hint: the seq and the view it was for, and its values."""

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
        self._in_flight.add(key)
        self._start(self._work(key, self.expert(table), view, seq, client))

    def expert(self, table: Table) -> agents.Agent:
        """The table's expert for hints and coach notes, made on first use."""
        if table.coach is None:
            table.coach = agents.load("expert", seed=table.stored.seed + 29)
        return table.coach

    def _start(self, work) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def note(self, table: Table, client: Client, seq: int) -> None:
        """Start working out the coach's note on the client's own move at state ``seq`` (the
        move that state answered); it is sent as a ``coach`` message when ready.
        ``ProtocolError`` if none can be given."""
        stored = table.stored
        if client.seat is None:
            raise ProtocolError("spectators get no coach notes")
        if not match.hints_allowed(stored):
            raise ProtocolError("hints are turned off for this game, and coach notes with them")
        key = (stored.id, client.seat)
        if self._notes.get(key, 0) >= NOTES_IN_FLIGHT:
            raise ProtocolError("coach notes on your last moves are still being worked out")
        async with table.lock:
            if not 0 <= seq < table.seq:
                raise ProtocolError(f"there is no move at state {seq}: the game is at state "
                                    f"{table.seq}")
            actions = list(stored.actions[:seq + 1])
        hinted = self._last.get(key)
        shown = hinted[1:] if hinted is not None and hinted[0] == seq else None
        self._notes[key] = self._notes.get(key, 0) + 1
        self._start(self._note(key, self.expert(table), stored, actions, shown, seq, client))

    async def _note(self, key: tuple[str, int], expert: agents.Agent, stored, actions: list[str],
                    hinted: tuple[View, dict[str, float]] | None, seq: int,
                    client: Client) -> None:
        try:
            said = await asyncio.get_running_loop().run_in_executor(
                self._worker, coaching.judged, stored.rules, stored.seed, actions, key[1],
                expert, hinted, seq)
        except ProtocolError as err:
            said = {"type": "error", "message": str(err)}
        except Exception:  # a bug in the search must not silence the seat for good
            log.exception("game %s: the coach's note failed", key[0])
            said = {"type": "error", "message": "the coach's note could not be worked out"}
        finally:
            left = self._notes.pop(key, 1) - 1
            if left:
                self._notes[key] = left
        client.send(said)

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
        shown = {t: round(v, 3) for t, v in values.items()}
        self._last.pop(key, None)
        self._last[key] = (seq, view, shown)  # the coach's note on this move quotes these
        if len(self._last) > REMEMBERED:
            del self._last[next(iter(self._last))]
        client.send({"type": "hint", "seq": seq, "values": shown})

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)
