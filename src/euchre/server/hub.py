"""The hub: every live table of one server process, the connections at them, and the store
behind them.

A table is opened only when someone connects to it, and let go once nobody has been
connected for ``limits.table_idle`` seconds and the computer owes no move; at most
``limits.max_tables`` are live, so memory follows the people playing, not the store. Other
processes on the same database (``peers``) send news of their writes; the table it concerns
catches up. What a player's messages do is ``player_messages``; the computer's turns are
``computer``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from .. import agents
from ..game import Game
from ..history import Stats
from ..rules import Rules
from ..state import new_seed
from . import match
from .client import Client
from .committer import Committer
from .computer import Computer
from .days import Days
from .hints import Hints
from .limits import Busy, Limits, RateLimiter, plausible
from .peers import EVERYTHING, Peers, SoloPeers, read_note
from .player_messages import Services, handle
from .protocol import COMPUTER, Message, ProtocolError, check_name
from .storage import Claim, Conflict, Finish, NewGame, SetOption, StoredGame, Write
from .table import Table, reload, tell_rematch

log = logging.getLogger("euchre.server")
FRIEND = "Friend"
"""The name of a friend's seat until he takes it (and names himself)."""


class Hub:
    """Every live table, the store behind them, the hint worker and the computer players."""

    def __init__(self, committer: Committer, bot_delay: float = 0.6,
                 bot_threads: int = 2, limits: Limits | None = None,
                 peers: Peers | None = None, creations: RateLimiter | None = None) -> None:
        self.committer = committer
        self.peers: Peers = peers or SoloPeers()
        """The other processes on the same database, if any (``peers``)."""
        self.shared = not isinstance(self.peers, SoloPeers)
        self.limits = limits or Limits()
        self.creations = RateLimiter(self.limits.games_per_minute) if creations is None \
            else creations
        """The meter of new games per client address (rematches included)."""
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        """Only while a game is being loaded (so two connections never load it twice)."""
        self._idle_since: dict[str, float] = {}
        """Live tables with nobody connected, and since when (``time.monotonic``)."""
        self.hints = Hints(self.limits.review_deals)
        self.computer = Computer(committer, self.peers, bot_delay, bot_threads)
        self.services = Services(committer, self.hints, self.computer.wake, self._rematch)
        self.days = Days(committer, self.create)
        """The deal of the day (``days``)."""
        self._sweeper: asyncio.Task[None] | None = None
        self._abandoner: asyncio.Task[None] | None = None
        self._catching: set[asyncio.Task[None]] = set()
        """Live tables catching up with other processes' news (``_heard``)."""

    # --- creating, claiming and finding tables ---------------------------------------------

    async def create(self, mode: str, rules: Rules, name: str, level: str | None = None,
                     seed: int | None = None, friend: str | None = None,
                     options: dict[str, Any] | None = None,
                     also: Callable[[StoredGame], list[Write]] | None = None,
                     seeded: bool | None = None) -> StoredGame:
        """A new game, stored before it is returned (its table opens when someone connects),
        with ``options`` and the writes ``also(game)`` gives in the same transaction (all or
        nothing). A friend game's second seat is taken with its one-time invite, unless
        ``friend`` names him already (a rematch). ``ValueError`` for a bad choice; ``Busy``
        when no table could be opened for it. A ``seed`` given here is the caller's (marked
        ``seeded`` unless ``seeded`` says otherwise: a deal of the day's is the server's);
        else the server's own."""
        if not self.has_room():
            raise Busy("the server is full: try again in a minute")
        if mode not in ("computer", "friend"):
            raise ValueError(f"mode must be computer or friend, not {mode!r}")
        if mode == "computer" and level not in agents.LEVELS:
            raise ValueError(f"level must be one of {', '.join(agents.LEVELS)}, not {level!r}")
        players = rules.players
        if players != 2 and mode != "computer":
            raise ValueError(f"a table of {players} is played against the computer for now: "
                             "friend tables are two-handed")
        partner = (options or {}).get(match.PARTNER)
        if partner is not None and (players != 4 or partner not in agents.LEVELS):
            raise ValueError("partner must be a level (" + ", ".join(agents.LEVELS) + ") and "
                             "is for a table of four")
        name = _name(name)
        seeded = seed is not None if seeded is None else seeded
        seed = new_seed() if seed is None else seed
        second = COMPUTER if mode == "computer" else friend or FRIEND
        token = secrets.token_urlsafe(18) if mode == "friend" and friend else None
        stored = StoredGame(
            id=secrets.token_urlsafe(9), mode=mode,
            level=level if mode == "computer" else None, rules=rules, seed=seed,
            tokens=(secrets.token_urlsafe(18), token, *[None] * (players - 2)),
            names=(name, second, *[COMPUTER] * (players - 2)), seeded=seeded)
        stored.options.update(options or {})
        if mode == "friend" and not friend:
            stored.options[match.INVITE] = secrets.token_urlsafe(18)
        Game(rules, seed=seed)  # refuses a bad seed before anything is stored
        await self.committer.submit([NewGame(stored), *(also(stored) if also else [])])
        return stored

    async def _rematch(self, old: StoredGame, address: str) -> StoredGame:
        """The rematch of a finished game: its rules and players, metered with every other
        new game from ``address`` (``ProtocolError`` when over the limit)."""
        wait = self.creations.take(address)
        if wait:
            raise ProtocolError(f"too many new games from your address: ask for the rematch "
                                f"again in {wait:.0f} s")
        friend = old.names[1] if old.mode == "friend" else None
        try:
            return await self.create(old.mode, old.rules, old.names[0], old.level,
                                     friend=friend)
        except ValueError:
            self.creations.give_back(address)
            raise

    async def claim(self, game_id: str, invite: str, name: str) -> StoredGame:
        """Take a friend game's second seat with its one-time invite, under ``name``: the
        seat's token is made now and returned to the caller alone, and the invite stops
        working. ``ValueError`` (one line) for a wrong or used invite, or a bad name."""
        name = _name(name)
        stored = await self.committer.read(self.committer.storage.load, game_id) \
            if plausible(game_id) else None
        if stored is None:
            raise LookupError(f"no game {game_id!r}")
        code = stored.options.get(match.INVITE)
        if code is None:
            raise Taken("that seat has been taken already: the invite works once")
        if not (plausible(invite) and secrets.compare_digest(code, invite)):
            raise ValueError("this invite is not valid for this game")
        token = secrets.token_urlsafe(18)
        try:
            await self.committer.submit([Claim(game_id, 1, invite, token, name)])
        except Conflict:
            raise Taken("that seat has been taken already: the invite works once") from None
        table = self.tables.get(game_id)
        if table is not None:
            async with table.lock:
                await reload(table, self.committer)
        stored.tokens = (stored.tokens[0], token)
        stored.options.pop(match.INVITE)
        return stored

    def _open(self, stored: StoredGame, game: Game | None = None) -> Table:
        """Make a game live (``game`` when it is already built, else replayed)."""
        if game is None:
            game = stored.replay()
        bots = {}
        if stored.mode == "computer":  # every seat but the person's (seat 1's seed as ever)
            bots = {seat: agents.load(match.level_of(stored, seat),
                                      seed=stored.seed + 17 + 7919 * (seat - 1))
                    for seat in range(1, len(stored.names))}
        table = Table(stored, game, bots,
                      rematch_asked=set(stored.options.get(match.REMATCH_ASKED, [])))
        self.tables[stored.id] = table
        self._idle_since[stored.id] = time.monotonic()  # until someone joins
        return table

    async def table(self, game_id: str) -> Table | None:
        """The live table of a game, loaded from the store on first use (None if there is
        no such game; ``Busy`` if the server holds all the tables it may)."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        if not plausible(game_id):
            return None
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                table = self.tables.get(game_id)
                if table is None:
                    stored = await self.committer.read(self.committer.storage.load, game_id)
                    if stored is None:
                        return None
                    if game_id in self.tables:  # loaded meanwhile under a newer lock
                        return self.tables[game_id]
                    if not self.has_room():
                        raise Busy("the server is full: try again in a minute")
                    table = self._open(stored)
                    self.computer.wake(table)
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)
        return table

    def has_room(self) -> bool:
        """Whether one more table may be opened, letting go of idle ones if need be."""
        if len(self.tables) < self.limits.max_tables:
            return True
        self.sweep(0.0, len(self.tables) - self.limits.max_tables + 1)
        return len(self.tables) < self.limits.max_tables

    def sweep(self, idle: float, most: int | None = None) -> int:
        """Let go of up to ``most`` tables nobody has been connected to for ``idle`` seconds
        and whose computer owes no move, longest idle first; returns how many."""
        now, dropped = time.monotonic(), 0
        for game_id, since in sorted(self._idle_since.items(), key=lambda item: item[1]):
            if now - since < idle or (most is not None and dropped >= most):
                break
            table = self.tables.get(game_id)
            if table is not None and (table.clients or not self.computer.idle(table)):
                continue
            del self._idle_since[game_id]
            if table is not None:
                del self.tables[game_id]
                dropped += 1
                self.computer.let_go(table)
        return dropped

    def start(self) -> None:
        """Begin letting idle tables go, closing abandoned games and hearing other processes'
        news (called once the event loop runs)."""
        async def sweeping() -> None:
            while True:
                await asyncio.sleep(max(0.5, min(self.limits.table_idle / 2, 10.0)))
                self.sweep(self.limits.table_idle)

        async def abandoning() -> None:
            while True:
                try:
                    await self.abandon_stale()
                except Exception as err:  # the store may be away a moment: next time
                    log.warning("closing abandoned games failed: %s", err)
                await asyncio.sleep(max(0.5, min(self.limits.abandon_after / 4, 3600.0)))

        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(sweeping())
        self._abandoner = loop.create_task(abandoning())

        self.peers.start(lambda note: loop.call_soon_threadsafe(self._heard, note))

    # --- news from other processes ---------------------------------------------------------

    def _heard(self, note: str) -> None:
        """A note from ``peers``: the live table it concerns catches up."""
        if note == EVERYTHING:
            for table in list(self.tables.values()):
                self._later(self._catch_up(table, None))
            return
        game_id, action = read_note(note)
        table = self.tables.get(game_id)
        if table is not None:
            self._later(self._catch_up(table, action))

    def _later(self, work: Any) -> None:
        """Run ``work`` as a task, held until it is done (the loop keeps only weak ones)."""
        task = asyncio.get_running_loop().create_task(work)
        self._catching.add(task)
        task.add_done_callback(self._catching.discard)

    async def _catch_up(self, table: Table, action: tuple[int, int, str] | None) -> None:
        """Bring a live table to what the store holds: the heard action applied when it
        follows on here, else the game read again."""
        async with table.lock:
            if self.tables.get(table.stored.id) is not table:
                return
            if action is not None and action[0] < table.seq:
                return  # our own move, or one we have already
            if action is not None and action[0] == table.seq and \
                    _apply_heard(table, action[1], action[2]):
                table.broadcast()
            else:
                await reload(table, self.committer)
        self.computer.wake(table)

    async def peek(self, game_id: str) -> tuple[StoredGame, Game] | None:
        """A game's setup and state for a page, without keeping it live."""
        table = self.tables.get(game_id)
        if table is not None:
            return table.stored, table.game
        stored = await self.committer.read(self.committer.storage.load, game_id)
        return None if stored is None else (stored, stored.replay())

    # --- connections -----------------------------------------------------------------

    async def join(self, game_id: str, client: Client) -> Table | None:
        """Seat ``client`` at the game's live table (None if there is no such game). A table
        let go while we waited is loaded again, so there is never a second live copy. A seat
        that comes back to a match whose rematch was made meanwhile is sent its link."""
        while True:
            table = await self.table(game_id)
            if table is None:
                return None
            async with table.lock:
                if self.tables.get(game_id) is table:
                    table.clients.add(client)
                    self._idle_since.pop(game_id, None)
                    table.broadcast()  # the others see who is connected
                    if client.seat is not None:
                        await tell_rematch(table, self.committer, [client])
                    return table

    async def leave(self, table: Table, client: Client) -> None:
        """Drop a connection; a table nobody is connected to is let go by ``sweep`` after
        ``limits.table_idle`` seconds (it is in the store, and comes back on the next
        connection)."""
        async with table.lock:
            table.clients.discard(client)
            table.broadcast()
            if not table.clients and self.tables.get(table.stored.id) is table:
                self._idle_since[table.stored.id] = time.monotonic()

    async def handle(self, table: Table, client: Client, message: Message) -> None:
        """Carry out one parsed message of a connection (``player_messages``)."""
        await handle(self.services, table, client, message)

    async def abandon_stale(self, now: float | None = None, most: int = 100) -> int:
        """Close up to ``most`` games against the computer that the person left unfinished
        for ``limits.abandon_after`` seconds, as resigned by him and marked abandoned (a loss
        in his statistics: leaving a lost game no longer keeps it out of them). A game live
        here is being played, and is left alone. Returns how many were closed."""
        before = (time.time() if now is None else now) - self.limits.abandon_after
        closed = 0
        for game_id in await self.committer.read(self.committer.storage.stale, before, most):
            if game_id in self.tables:
                continue
            stored = await self.committer.read(self.committer.storage.load, game_id)
            if stored is None or stored.finished:
                continue
            game = await asyncio.get_running_loop().run_in_executor(None, stored.replay)
            stored.options.update({match.ABANDONED: True, match.RESIGNED: 0})
            summary = Stats.of_seats(match.scored_record(stored, game))
            await self.committer.submit([SetOption(game_id, match.ABANDONED, True),
                                         SetOption(game_id, match.RESIGNED, 0),
                                         Finish(game_id, match.winner(stored, game),
                                                game.score, summary)])
            closed += 1
        return closed

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._abandoner.cancel()
            self.days.close()
        await asyncio.get_running_loop().run_in_executor(None, self.peers.close)
        self.hints.close()
        for table in self.tables.values():
            self.computer.stop(table)
            for client in table.clients:
                client.close()
        self.computer.close()
        await self.committer.close()


class Taken(ValueError):
    """An invite used already: the seat is someone's (HTTP 409, with a way to watch)."""


def _apply_heard(table: Table, seat: int, token: str) -> bool:
    """Apply another process's committed action; False if it does not follow on here."""
    game = table.game
    if game.to_move != seat:
        return False
    try:
        game.apply(token)
    except ValueError:
        return False
    table.applied(seat, token)
    return True


def _name(name: object) -> str:
    try:
        return check_name(name)
    except ProtocolError as err:
        raise ValueError(str(err)) from None
