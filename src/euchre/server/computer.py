"""The computer's turns at the live tables of one process.

A searching level thinks in a worker process (``workers``), so a long search never holds
the event loop; the rules of thumb decide in place, in microseconds. The move is then
accepted like a person's (``table.accept``): checked by the engine, committed, broadcast,
once (a decision whose worker died is asked again, and only the answer that comes back is
played). The computer moves no sooner than ``bot_delay`` after its turn began, its thinking
included, so a fast search is paced like a person and a slow one is not made slower; the
page paces what it shows at the speed its player chose. With several processes on one
database, only the holder of a game's lease (``peers``) moves for the computer; the others
wait, and take the lease over if its holder dies.
"""

from __future__ import annotations

import asyncio
import logging

from .. import agents
from ..agents import stand_in
from .committer import Committer
from .limits import BOT_DELAY
from .peers import LEASE_RETRY, Peers, SoloPeers
from .table import Stale, Table, accept, reload
from .turn_timer import TurnTimers
from .workers import Remote, Workers

log = logging.getLogger("euchre.server")


class Computer:
    """The computer players of one process: their worker processes, and the lease of each
    game."""

    def __init__(self, committer: Committer, peers: Peers, bot_delay: float = BOT_DELAY,
                 workers: int | None = None) -> None:
        self.committer = committer
        self.peers = peers
        self.shared = not isinstance(peers, SoloPeers)
        self.bot_delay = bot_delay
        """Least seconds from the computer's turn to its move (thinking included)."""
        self.workers = Workers(workers)
        self.timers = TurnTimers(committer, self.shared)
        """A person's turn at a table of people: the computer moves for him once its timer
        runs out (``turn_timer``)."""

    def wake(self, table: Table) -> None:
        """Start the computer's turns at ``table`` if it is to move (and not already on it),
        or the timer of a person's turn."""
        if table.over() or table.game.to_move not in table.bots:
            self.timers.arm(table, self.wake)
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._turns(table))

    @staticmethod
    def idle(table: Table) -> bool:
        """The computer owes nothing here (a task waiting for another process's lease owes
        nothing: that process moves)."""
        return table.bot_task is None or table.bot_task.done() or table.waiting

    def stop(self, table: Table) -> None:
        if table.bot_task is not None:
            table.bot_task.cancel()
        self.timers.stop(table)

    def let_go(self, table: Table) -> None:
        """A table is no longer live here: its computer's task stops and its lease goes."""
        self.stop(table)
        self.workers.forget(table.stored.id)
        if table.lease and self.shared:
            table.lease = False
            asyncio.get_running_loop().run_in_executor(None, self.peers.release,
                                                       table.stored.id)

    async def _turns(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while not table.over() and table.game.to_move in table.bots:
            if not table.lease and not await self._lease(table):
                continue
            seat, seq, began = table.game.to_move, table.seq, loop.time()
            bot = table.bots.get(seat)
            if bot is None:  # its person came back meanwhile
                continue
            try:
                token = await self._decide(table, seat, bot)
            except Exception as err:  # a failed bot must not stall the table: the policy
                if self.workers.closed:  # of every table (``agents.stand_in``)
                    return
                log.error("game %s, seat %d: %s", table.stored.id, seat,
                          stand_in.failure(table.levels.get(seat, "?"), err))
                token = stand_in.stand_in(table.game.view(seat))
            await asyncio.sleep(max(0.0, self.bot_delay - (loop.time() - began)))
            async with table.lock:
                if table.seq != seq or table.game.to_move != seat or table.over() or \
                        table.bots.get(seat) is not bot:
                    continue  # its person is back, or a move was made: think again
                try:
                    await accept(table, self.committer, seat, token)
                except Stale:
                    continue  # another process moved first: think again from there
                except ValueError as err:
                    log.error("game %s: the computer's move %r failed: %s", table.stored.id,
                              token, err)
                    await asyncio.sleep(1)
                except Exception:  # a bug must be seen, not stop the computer for good
                    log.exception("game %s: the computer's move %r failed", table.stored.id,
                                  token)
                    await asyncio.sleep(1)
        self.timers.arm(table, self.wake)  # a person's turn now, perhaps

    async def _decide(self, table: Table, seat: int, bot: agents.Agent | Remote) -> str:
        """The bot's choice at ``seat``, told first of the hands that ended since it last
        chose: a searching level's in a worker, the others' here."""
        table.bots_told[seat] = agents.tell_past_hands(bot, table.game, seat,
                                                       table.bots_told.get(seat, 0))
        view = table.game.view(seat)
        if isinstance(bot, Remote):
            return await self.workers.decide(bot, view)
        return bot.act(view)

    async def _lease(self, table: Table) -> bool:
        """Take the computer's lease (``peers``), or wait ``LEASE_RETRY`` for it; a lease
        newly taken reads the game again, as its last holder may have moved before dying."""
        loop = asyncio.get_running_loop()
        table.lease = await loop.run_in_executor(None, self.peers.claim, table.stored.id)
        if not table.lease:
            table.waiting = True
            try:
                await asyncio.sleep(LEASE_RETRY)
            finally:
                table.waiting = False
            return False
        if self.shared:
            log.info("game %s: this process makes the computer's moves", table.stored.id)
            async with table.lock:
                await reload(table, self.committer)
        return True

    def close(self) -> None:
        self.workers.close()
