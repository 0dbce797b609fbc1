"""Hints and coach notes: the expert's values, worked out off the computer players' path, in a
bounded queue that is fair between tables.

A hint is a full search, as costly as a computer move. Asked freely on the computer players'
threads, twenty sockets asking for hints slowed another table's computer twentyfold; queued
first come first served, one table asking often delayed every other table's hints. So hints
and notes run on their own worker thread, one at a time, taken **in turn from each table**
that has work waiting (a hint before a note at the same table): a table's hint waits for at
most one computation of each other table. The worker is a process of its own, at a lower
priority (as the builds' and the computer players' are: ``builds``, ``workers``): a search
on a thread of the server held the interpreter's lock against the event loop, and so
against every person's move (issue 57). A worker that dies is replaced at the next job; the
seat whose job it was is told, in one line, that its hint could not be worked out.

Each seat has at most one hint and one note waiting or in flight (a second hint is refused
in one line; a newer note replaces a waiting one), so the queue is bounded by the seats connected.

A hint is the very valuation the match's review will make of that decision
(``coach.decision_values``: the same seed, from the match's own, and the same deals, the
server's ``--review-deals``), so the hint, the coach note and the review give one value to
one decision. Each hint carries the ``seq`` of the state it was computed for, so a page
that has moved on can drop it. A **coach note** (``coaching``) is, after a seat's own move,
what the expert preferred and by how much, valued from the view before the move (the values
of the hint for that very view when one was asked: the same numbers).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ..agents.rule_games import is_rule_game
from ..coach import DEFAULT_DEALS, coach_seed, convention_note, decision_place, decision_values
from ..i18n import _
from ..view import View
from . import coaching, match
from .builds import worker_start
from .client import Client
from .protocol import ProtocolError
from .table import Table

log = logging.getLogger("euchre.server")
REMEMBERED = 4096
"""Seats whose last hint is remembered for the coach's note on the move that follows."""


@dataclass
class _Job:
    """One computation waiting its turn: ``work(*args)`` runs in the worker process (a
    function of a module, its arguments picklable), and what it returns (or the error it
    raised) goes to ``done`` on the event loop."""

    table: str
    seat: int
    kind: str  # "hint" or "note"
    work: Callable[..., Any]
    args: tuple[Any, ...]
    done: Callable[[Any, BaseException | None], None]


class Hints:
    """The hint and coach-note worker of one hub."""

    def __init__(self, deals: int = DEFAULT_DEALS) -> None:
        self.deals = deals
        """The expert's deals per card decision (twice a bid), the reviews' own."""
        self._worker: ProcessPoolExecutor | None = None
        """The worker process, started with the first job and after one died."""
        self._tables: OrderedDict[str, deque[_Job]] = OrderedDict()
        """Each table with work waiting, in the order its turn comes."""
        self._busy: set[tuple[str, int, str]] = set()
        """(table, seat, kind) of every job waiting or being worked out."""
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._last: dict[tuple[str, int], tuple[int, View, dict[str, float]]] = {}
        """Each seat's last hint: the seq and the view it was for, and its values."""

    # --- the queue ---------------------------------------------------------------------

    def _queue(self, job: _Job) -> None:
        """Add ``job`` at its table (a hint before the table's notes; a newer note in place
        of a waiting one of the same seat) and make sure the worker runs."""
        jobs = self._tables.setdefault(job.table, deque())
        if job.kind == "note":
            for old in [j for j in jobs if j.kind == "note" and j.seat == job.seat]:
                jobs.remove(old)  # superseded: the newer move's note is the one wanted
            jobs.append(job)
        else:
            notes = sum(1 for j in jobs if j.kind == "note")
            jobs.insert(len(jobs) - notes, job)
        self._busy.add((job.table, job.seat, job.kind))
        if self._task is None or self._task.done():
            self._wake = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._run())
        assert self._wake is not None
        self._wake.set()

    def waiting(self) -> list[tuple[str, int, str]]:
        """The jobs waiting, in the order they will run: (table, seat, kind)."""
        order, queues = [], {t: list(jobs) for t, jobs in self._tables.items()}
        while any(queues.values()):
            for jobs in queues.values():
                if jobs:
                    job = jobs.pop(0)
                    order.append((job.table, job.seat, job.kind))
        return order

    def _next(self) -> _Job | None:
        """The next job: the first of the table whose turn it is (that table then goes to
        the back of the line if it has more)."""
        while self._tables:
            table, jobs = self._tables.popitem(last=False)
            if jobs:
                job = jobs.popleft()
                if jobs:
                    self._tables[table] = jobs
                return job
        return None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._wake is not None
        while True:
            job = self._next()
            if job is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            if self._worker is None:
                self._worker = ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"), initializer=worker_start)
            error: BaseException | None
            try:
                result, error = await loop.run_in_executor(self._worker, job.work,
                                                           *job.args), None
            except BrokenProcessPool as err:  # killed, or out of memory: the next job
                self._worker, result, error = None, None, err  # starts another
            except Exception as err:  # a bug in the search must not silence the seat
                result, error = None, err
            finally:
                self._busy.discard((job.table, job.seat, job.kind))
            job.done(result, error)

    # --- hints ---------------------------------------------------------------------------

    async def ask(self, table: Table, client: Client) -> None:
        """Queue a hint for the client's seat; it is sent when ready, while the connection
        goes on (a move made meanwhile makes the hint stale, not wrong). ``ProtocolError``
        if none can be given now."""
        if client.seat is None:
            raise ProtocolError(_("spectators get no hints"))
        key = (table.stored.id, client.seat)
        if (*key, "hint") in self._busy:
            raise ProtocolError(_("a hint is already being worked out for your seat"))
        async with table.lock:
            view = table.game.view(client.seat)
            seq = table.seq
            place = decision_place(table.game)
        if not view.legal:
            raise ProtocolError(_("a hint is for your turn: it is not your turn"))
        seed, deals = coach_seed(table.stored.seed), self.deals

        def done(values: Any, error: BaseException | None) -> None:
            if error is not None:
                log.error("game %s: the hint failed: %r", key[0], error)
                client.send({"type": "error", "message": "the hint could not be worked out"})
                return
            shown = {t: round(v, 3) for t, v in values.items()}
            self._last.pop(key, None)
            self._last[key] = (seq, view, shown)  # the coach's note on this move quotes these
            if len(self._last) > REMEMBERED:
                del self._last[next(iter(self._last))]
            client.send({"type": "hint", "seq": seq, "values": shown,
                         "convention": None if is_rule_game(view)  # (Euchre's partners')
                         else convention_note(view, shown)})

        self._queue(_Job(key[0], key[1], "hint", decision_values, (view, seed, place, deals),
                         done))

    # --- coach notes ---------------------------------------------------------------------

    async def note(self, table: Table, client: Client, seq: int) -> None:
        """Queue the coach's note on the client's own move at state ``seq`` (the move that
        state answered); it is sent as a ``coach`` message when ready. ``ProtocolError`` if
        none can be given."""
        stored = table.stored
        if client.seat is None:
            raise ProtocolError(_("spectators get no coach notes"))
        if not match.hints_allowed(stored):
            raise ProtocolError(_("hints are turned off for this game, and coach notes with them"))
        key = (stored.id, client.seat)
        async with table.lock:
            if not 0 <= seq < table.seq:
                raise ProtocolError(f"there is no move at state {seq}: the game is at state "
                                    f"{table.seq}")
            actions = list(stored.actions[:seq + 1])
        hinted = self._last.get(key)
        shown = hinted[1:] if hinted is not None and hinted[0] == seq else None
        work = (stored.rules, stored.seed, actions, key[1], self.deals, shown, seq)

        def done(said: Any, error: BaseException | None) -> None:
            if isinstance(error, ProtocolError):
                said = {"type": "error", "message": str(error)}
            elif error is not None:
                log.error("game %s: the coach's note failed: %r", key[0], error)
                said = {"type": "error", "message": "the coach's note could not be worked out"}
            client.send(said)

        self._queue(_Job(key[0], key[1], "note", coaching.judged, work, done))

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
