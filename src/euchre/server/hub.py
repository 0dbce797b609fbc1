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
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .. import agents
from ..engine.seeds import new_seed
from ..game import Game
from ..history import Stats
from ..i18n import _
from ..rules import Rules
from . import match
from .accounts import Accounts
from .builds import Builds
from .client import Client
from .committer import Committer
from .computer import Computer
from .days import Days
from .hints import Hints
from .limits import BOT_DELAY, Busy, Limits, RateLimiter, plausible
from .lobby_feed import LobbyFeed
from .match_facts import MatchFacts, with_seat
from .peers import EVERYTHING, Peers, SoloPeers, read_note
from .player_messages import Services, handle, rematch_if_ready
from .protocol import COMPUTER, Message, ProtocolError, check_name
from .storage import Claim, Conflict, Finish, NewGame, SetFacts, StoredGame, Write
from .table import Table, reload, seat_bots, tell_rematch
from .table_list import listing

log = logging.getLogger("euchre.server")
FRIEND = "Friend"
FINISHED_KEPT = 8
"""Finished games kept read for pages (``Hub.peek``)."""
"""The name of a friend's seat until he takes it (and names himself)."""


class Hub:
    """Every live table, the store behind them, the hint worker and the computer players."""

    def __init__(self, committer: Committer, bot_delay: float = BOT_DELAY,
                 limits: Limits | None = None,
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
        self._finished: OrderedDict[str, tuple[StoredGame, Game]] = OrderedDict()
        """The last finished games read for pages (a replay's pages, one after another,
        read and replay the game once), the least recently used let go first."""
        self._idle_since: dict[str, float] = {}
        """Live tables with nobody connected, and since when (``time.monotonic``)."""
        self.builds = Builds(self.limits.builds_at_once, self.limits.builds_waiting)
        """Work over a stored game's every move, off the event loop and bounded (``builds``)."""
        self.hints = Hints(self.limits.review_deals)
        self.computer = Computer(committer, self.peers, bot_delay,
                                 self.limits.computer_workers)
        self.accounts = Accounts(committer)
        """Registered names and their sessions (``accounts``)."""
        self.services = Services(committer, self.hints, self.computer.wake, self._rematch,
                                 self._wait_for, self.accounts, self.limits.bots_after)
        self.days = Days(committer, self.create, self.builds)
        """The deal of the day (``days``)."""
        self.lobby = LobbyFeed(lambda: listing(committer))
        """The open tables, pushed to the lobbies watching them (``lobby_feed``)."""
        committer.listeners.append(self.lobby.written)
        self._sweeper: asyncio.Task[None] | None = None
        self._abandoner: asyncio.Task[None] | None = None
        self._catching: set[asyncio.Task[None]] = set()
        """Live tables catching up with other processes' news (``_heard``)."""

    # --- creating, claiming and finding tables ---------------------------------------------

    async def create(self, mode: str, rules: Rules, name: str, level: str | None = None,
                     seed: int | None = None, seated: dict[int, str] | None = None,
                     facts: MatchFacts | None = None,
                     also: Callable[[StoredGame], list[Write]] | None = None,
                     seeded: bool | None = None) -> StoredGame:
        """A new game, stored before it is returned (its table opens when someone connects),
        with ``facts`` and the writes ``also(game)`` gives in the same transaction (all or
        nothing). A friend game's other seats are taken each with its one-time invite, but
        those ``seated`` names already (a rematch: then, at three or four, the computer
        plays the others from the start, their invites still open). ``ValueError`` for a bad
        choice; ``Busy`` when no table could be opened for it. A ``seed`` given here is the
        caller's (marked ``seeded`` unless ``seeded`` says otherwise: a deal of the day's is
        the server's); else the server's own."""
        if not self.has_room():
            raise Busy(_("the server is full: try again in a minute"))
        if rules.target > self.limits.max_target:
            raise ValueError(_("a match here is played to at most {max_target} points, not "
                               "{target}", max_target=self.limits.max_target, target=rules.target))
        if mode not in ("computer", "friend"):
            raise ValueError(_("mode must be computer or friend, not {mode}", mode=f"{mode!r}"))
        players = rules.players
        if (mode == "computer" or players > 2) and level not in agents.LEVELS:
            raise ValueError(_("level must be one of {levels}, not {level}",
                               levels=', '.join(agents.LEVELS), level=f"{level!r}"))
        facts = facts or MatchFacts()
        partner = facts.partner
        if partner is not None and (players != 4 or rules.game == "napoleon"
                                    or partner not in agents.LEVELS):
            raise ValueError("partner must be a level (" + ", ".join(agents.LEVELS) + ") and "
                             "is for a table of four")
        name = _name(name)
        seeded = seed is not None if seeded is None else seeded
        seed = new_seed() if seed is None else seed
        seated = seated or {}
        tokens: list[str | None] = [secrets.token_urlsafe(18)]
        names = [name]
        for seat in range(1, players):
            held = seated.get(seat) if mode == "friend" else None
            tokens.append(secrets.token_urlsafe(18) if held else None)
            names.append(held or (FRIEND if mode == "friend" and players == 2 else COMPUTER))
        stored = StoredGame(
            id=secrets.token_urlsafe(9), mode=mode,
            level=level if mode == "computer" or players > 2 else None, rules=rules,
            seed=seed, tokens=tuple(tokens), names=tuple(names), seeded=seeded, facts=facts)
        if rules.game != "euchre":  # its players' totals kept apart (``MatchFacts.game``)
            stored.facts = replace(stored.facts, game=rules.game)
        if mode == "friend":
            empty = [seat for seat in range(1, players) if tokens[seat] is None]
            stored.facts = replace(stored.facts, invites={
                **stored.facts.invites, **{seat: secrets.token_urlsafe(18) for seat in empty}})
            if seated and players > 2:
                stored.facts = replace(stored.facts,
                                       computers=match.computer_levels(stored, empty))
        Game(rules, seed=seed)  # refuses a bad seed before anything is stored
        await self.committer.submit([NewGame(stored), *(also(stored) if also else [])])
        return stored

    async def _rematch(self, old: StoredGame, address: str) -> StoredGame:
        """The rematch of a finished game: its rules and players (each person in his seat,
        with a new token; the computer plays for one who is away until he is back), metered
        with every other new game from ``address`` (``ProtocolError`` when over the
        limit)."""
        wait = self.creations.take(address)
        if wait:
            raise ProtocolError(_("too many new games from your address: ask for the rematch "
                                  "again in {wait} s", wait=f"{wait:.0f}"))
        seated = {seat: old.names[seat] for seat in match.people(old) if seat > 0} \
            if old.mode == "friend" else None
        facts = MatchFacts(partner=old.facts.partner, away=frozenset(match.away(old)))  # gone
        try:
            return await self.create(old.mode, old.rules, old.names[0], old.level,
                                     seated=seated, facts=facts)
        except ValueError:
            self.creations.give_back(address)
            raise

    async def claim(self, game_id: str, invite: str, name: str,
                    owner: str | None = None) -> tuple[StoredGame, int]:
        """Take a friend game's seat with its one-time invite, under ``name``: the seat's
        token is made now and returned to the caller alone, and the invite stops working.
        A computer's seat (at three or four, once the host started) is the claimer's from
        the next hand. ``ValueError`` (one line) for a wrong or used invite, or a bad
        name. ``owner``: the account (its key) the seat is taken by, if any."""
        name = _name(name)
        stored = await self.committer.read(self.committer.storage.load, game_id) \
            if plausible(game_id) else None
        if stored is None:
            raise LookupError(_("no game {game}", game=f"{game_id!r}"))
        codes = match.invites(stored)
        if not codes:
            raise Taken(match.SEAT_TAKEN)
        seat = match.invited_seat(stored, invite)
        if seat is None:  # at any size, as at two: used or wrong, the game can be watched
            raise Taken(match.NOT_INVITED)
        if stored.finished:
            raise Taken(_("that game is over: you can still watch it"))
        why = match.clash(stored, seat, name)
        if why:
            raise ValueError(why)
        token = secrets.token_urlsafe(18)
        writes: list[Write] = [Claim(game_id, seat, invite, token, name)]
        after = stored.facts
        if owner is not None:
            after = replace(after, owners=with_seat(after.owners, seat, owner))
        if seat in (stored.facts.computers or {}):
            found = await self.peek(game_id)
            assert found is not None  # (games are never deleted)
            hand = found[1].hand_number  # the computer finishes it
            after = replace(after, takeovers=with_seat(after.takeovers, seat, hand))
        if after != stored.facts:
            writes.append(SetFacts.of(stored, after))
        try:
            await self.committer.submit(writes)
        except Conflict:
            raise Taken(match.SEAT_TAKEN) from None
        await self._reread(game_id)
        tokens = list(stored.tokens)
        tokens[seat] = token
        stored.tokens = tuple(tokens)
        stored.facts = replace(after, invites=with_seat(after.invites, seat, None))
        return stored, seat

    async def _reread(self, game_id: str) -> None:
        """A live table here reads its game again (a seat was claimed, someone came back)."""
        table = self.tables.get(game_id)
        if table is not None:
            async with table.lock:
                await reload(table, self.committer)
            self.computer.wake(table)

    def _open(self, stored: StoredGame, game: Game | None = None) -> Table:
        """Make a game live (``game`` when it is already built, else replayed)."""
        self._finished.pop(stored.id, None)  # (the live table is the game from now on)
        if game is None:
            game = stored.replay()
        table = Table(stored, game, {},
                      rematch_asked=set(stored.facts.rematch_asked),
                      turn_timer=self.limits.turn_timer)
        seat_bots(table)
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
                        raise Busy(_("the server is full: try again in a minute"))
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

        def heard(note: str) -> None:  # (from the peers' thread)
            loop.call_soon_threadsafe(self._heard, note)

        self.peers.start(heard)

    # --- news from other processes ---------------------------------------------------------

    def _heard(self, note: str) -> None:
        """A note from ``peers``: the live table it concerns catches up (and the lobbies
        hear of anything but a move: a table may have opened, filled or started)."""
        if note == EVERYTHING or read_note(note)[1] is None:
            self.lobby.changed()
        if note == EVERYTHING:
            for live in list(self.tables.values()):
                self._later(self._catch_up(live, None))
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
                table.broadcast(move=True)
            else:
                await reload(table, self.committer)
        self.computer.wake(table)

    async def exists(self, game_id: str) -> bool:
        """Whether there is such a game (read, never replayed: a page that only needs to
        know costs the same for a game of any length)."""
        return await self.stored(game_id) is not None

    async def stored(self, game_id: str) -> StoredGame | None:
        """A game's stored setup (seats, tokens, options), read but never replayed."""
        table = self.tables.get(game_id)
        if table is not None:
            return table.stored
        if not plausible(game_id):
            return None
        return await self.committer.read(self.committer.storage.load, game_id)

    async def peek(self, game_id: str) -> tuple[StoredGame, Game] | None:
        """A game's setup and state for a page, without keeping it live."""
        table = self.tables.get(game_id)
        if table is not None:
            return table.stored, table.game
        found = self._finished.get(game_id)
        if found is not None:
            self._finished.move_to_end(game_id)
            return found
        stored = await self.committer.read(self.committer.storage.load, game_id)
        if stored is None:
            return None
        found = stored, await self.builds.replay(stored)
        if stored.finished and game_id not in self.tables:
            self._finished[game_id] = found
            if len(self._finished) > FINISHED_KEPT:
                self._finished.popitem(last=False)
        return found

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
                    if client.seat in match.away(table.stored):  # back: his seat again
                        await self._mark_away(table, client.seat, False)
                    table.broadcast()  # the others see who is connected
                    if client.seat is not None:
                        await tell_rematch(table, self.committer, [client])
                    self.computer.wake(table)  # (his turn's timer runs where he is)
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
            if client.seat is not None and not table.person_in(client.seat):
                self._wait_for(table, client.seat)

    # --- a person who leaves a friend table of three or four --------------------------------

    def _wait_for(self, table: Table, seat: int) -> None:
        """A person's seat at a friend table of three or four is left empty: after
        ``limits.seat_wait`` seconds with nobody back in it, the computer plays it (and,
        once the match is over and a rematch asked for, the rematch no longer waits for
        him: the computer plays for him in it)."""
        stored = table.stored
        if stored.mode != "friend" or len(stored.names) == 2 or seat not in \
                match.people(stored):
            return
        if table.over() and (not table.rematch_asked or stored.facts.rematch is not None):
            return
        self._later(self._stand_in(table, seat, self.limits.seat_wait))

    async def _stand_in(self, table: Table, seat: int, wait: float) -> None:
        await asyncio.sleep(wait)
        async with table.lock:
            stored = table.stored
            if (self.tables.get(stored.id) is not table or table.person_in(seat)
                    or seat in match.away(stored) or stored.facts.rematch is not None):
                return
            if not table.over():  # a rated game counts as his loss (ratings)
                note = SetFacts.of(stored, replace(stored.facts,
                                                   left=stored.facts.left | {seat}))
                await self.committer.submit([note])
                stored.facts = note.after
            await self._mark_away(table, seat, True)
            table.broadcast()
            asker = next((c for c in table.clients if c.seat in table.rematch_asked), None)
            if table.over() and asker is not None:  # the rematch may wait for nobody now
                try:
                    await rematch_if_ready(self.services, table, asker.address)
                except ProtocolError as err:
                    asker.send({"type": "error", "message": str(err)})
        self.computer.wake(table)

    async def _mark_away(self, table: Table, seat: int, away: bool) -> None:
        """Store whether the computer plays for the seat's absent player (every process
        reads it), and seat or unseat that computer here (the caller holds the lock)."""
        gone = table.stored.facts.away
        note = SetFacts.of(table.stored, replace(
            table.stored.facts, away=gone | {seat} if away else gone - {seat}))
        await self.committer.submit([note])
        table.stored.facts = note.after
        seat_bots(table)

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
            note = SetFacts.of(stored, replace(stored.facts, abandoned=True, resigned=0))
            stored.facts = note.after
            stored.settle(game)  # closed as left by the person: the engine's abandon
            summary = Stats.of_seats(match.scored_record(stored, game))
            await self.committer.submit([note, Finish(game_id, match.winner(stored, game),
                                                game.score, summary)])
            closed += 1
        return closed

    async def close(self) -> None:
        self.lobby.close()
        if self._sweeper is not None and self._abandoner is not None:  # (started together)
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
        self.builds.close()
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
