"""The turn timer: at a table of people, a player who does not act is played by the computer.

A friend table where more than one person plays (``table.timed``) states its timer in every
state (``turn_timer``, from ``limits.Limits.turn_timer``). When a person's turn begins the
timer starts; if the turn is still his when it runs out, the rules of thumb
(``agents.stand_in``, the policy a table uses whenever the computer must choose for a seat
in a hurry) make that one move for him, stored with ``MatchFacts.timed_out`` naming it, so
every state after it, in every process on the database, tells the whole table who was played for
(the page says so). His next turn has its own timer: he is never locked out, and a player
who never comes back is played move after move, as a player gone from the table is after
``--seat-wait``.

With several processes on one database, the timer runs where the person's own connection
is (a process without it cannot tell a slow player from one connected elsewhere); a person
connected nowhere is the seat wait's (``hub``) to replace.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace

from ..agents.stand_in import stand_in
from . import match
from .committer import Committer
from .match_facts import TimedOut
from .storage import SetFacts
from .table import Stale, Table, Turn, accept, timed

log = logging.getLogger("euchre.server")


class TurnTimers:
    """The turn timers of one process's live tables."""

    def __init__(self, committer: Committer, shared: bool) -> None:
        self.committer = committer
        self.shared = shared
        """Other processes share the database: time only the seats connected here."""

    def due(self, table: Table) -> int | None:
        """The seat whose turn is timed now, or None."""
        seat = table.game.to_move
        if seat is None or seat in table.bots or not match.is_person(table.stored, seat) or \
                table.over() or not timed(table) or not all(match.arrived(table.stored)):
            return None
        if self.shared and not table.person_in(seat):
            return None
        return seat

    def arm(self, table: Table, after: Callable[[Table], None]) -> None:
        """Start the timer of the turn now, unless it runs already (``after(table)``: what
        follows the computer's move for him: the next seat's turn)."""
        seat = self.due(table)
        running = table.turn_task
        if seat is None or (running is not None and running.seq == table.seq and
                            not running.done()):
            return
        self.stop(table)
        table.turn_task = Turn(table.seq, asyncio.get_running_loop().call_later(
            table.turn_timer, self._ran_out, table, table.seq, seat, after))

    @staticmethod
    def stop(table: Table) -> None:
        if table.turn_task is not None:
            table.turn_task.cancel()
            table.turn_task = None

    def _ran_out(self, table: Table, seq: int, seat: int,
                 after: Callable[[Table], None]) -> None:
        turn = table.turn_task
        if turn is not None and turn.seq == seq:
            turn.task = asyncio.get_running_loop().create_task(
                self._run(table, seq, seat, after))

    async def _run(self, table: Table, seq: int, seat: int,
                   after: Callable[[Table], None]) -> None:
        async with table.lock:
            if table.seq != seq or self.due(table) != seat:
                return  # he moved, or the table changed meanwhile
            token = stand_in(table.game.view(seat), seed=seq)
            note = SetFacts.of(table.stored, replace(table.stored.facts,
                                                     timed_out=TimedOut(seat, seq)))
            try:
                await accept(table, self.committer, seat, token, also=(note,))
            except Stale:
                pass  # he moved in another window first
            except Exception:  # the store may be away a moment: his turn stays his
                log.exception("game %s: the move made for seat %d failed", table.stored.id,
                              seat)
                return
        table.turn_task = None
        after(table)
