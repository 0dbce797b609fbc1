"""The live tables: one ``Table`` per game being played, and the ``Hub`` that holds them.

The server is authoritative. A connection is bound to a seat by the secret token in its link
(or to no seat: a spectator). Everything a connection receives is built from its own seat's
``View`` (spectators get the public part), so a hidden card can never leak through a bug in a
page. An action is checked by the engine, committed to the store, and only then broadcast;
if the commit fails it is taken back and the player is told. The computer's turns run the
same way, on a worker thread so that a long search never stalls the other tables.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .. import agents
from ..actions import action_token, parse_action
from ..game import Game
from ..history import Stats
from ..rules import Rules
from ..state import new_seed
from . import match, scorepad, wording
from .committer import Committer
from .hints import Hints
from .limits import Busy, Limits, plausible
from .peers import EVERYTHING, LEASE_RETRY, Peers, SoloPeers, read_note
from .protocol import Message, ProtocolError, check_name, encode
from .storage import Action, Conflict, Finish, NewGame, Rename, StoredGame

LEVELS = ("easy", "medium", "hard", "expert")
COMPUTER = "Computer"
OUTBOX_LIMIT = 256
"""Messages queued for one connection before it is dropped as too slow to keep up (its
socket is then closed, and aborted within ``limits.CLOSE_GRACE`` seconds if need be)."""

log = logging.getLogger("euchre.server")


class Stale(ProtocolError):
    """A move refused because the game had moved on (in another process or window)."""


class Client:
    """One connection: its seat (None for a spectator) and the messages waiting to be sent.
    Messages are queued, never awaited by the table, so a slow connection slows only itself."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue()
        self.dropped = False
        """Set once the outbox overflowed: nothing more is queued, and the socket closes."""
        self.deadline: asyncio.Timeout | None = None
        """The socket loop's wait for the next message, cut short when the client drops."""

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already encoded for several clients)."""
        if self.dropped:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.dropped = True
            if self.deadline is not None:
                self.deadline.reschedule(asyncio.get_running_loop().time())
            return
        self.outbox.put_nowait(message)

    def close(self) -> None:
        self.outbox.put_nowait(None)


@dataclass
class Table:
    """A game in play: the stored setup, the live engine state and who is watching."""

    stored: StoredGame
    game: Game
    bots: dict[int, agents.Agent]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    last_action: tuple[int, str] | None = None
    bot_task: asyncio.Task[None] | None = None
    rematch_asked: set[int] = field(default_factory=set)
    """Seats that asked for a rematch of this finished match (``match``)."""
    coach: agents.Agent | None = None
    lease: bool = False
    """This process holds the computer's lease for the game (``peers``): it makes its moves."""
    waiting: bool = False
    """The computer's task is waiting for a lease another process holds."""
    bots_told: dict[int, int] = field(default_factory=dict)
    """For each bot's seat, the hands it was told of (``agents.tell_past_hands``): a table
    loaded again tells its new bot of every hand so far before it moves."""

    @property
    def seq(self) -> int:
        return len(self.stored.actions)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a secret token opens; ``ProtocolError`` for a token that opens none."""
        if token is None or token == "":
            return None
        if plausible(token):  # compare_digest refuses non-ASCII text with a TypeError
            for seat, secret in enumerate(self.stored.tokens):
                if secret is not None and secrets.compare_digest(secret, token):
                    return seat
        raise ProtocolError("this link's seat token is not valid for this game")

    def connected(self) -> list[bool]:
        """Whether each seat is held by a connection (the computer always is)."""
        connected = [s in self.bots for s in (0, 1)]
        for client in self.clients:
            if client.seat is not None:
                connected[client.seat] = True
        return connected

    def state(self, seat: int | None, connected: list[bool]) -> dict[str, Any]:
        """The ``state`` message for one seat (or a spectator)."""
        game, stored = self.game, self.stored
        seen = game.view(seat)  # None: the spectator's view, made by the engine
        view = seen.to_dict(shared=True)  # encoded at once, never changed
        said = wording.words(seen, stored.names)
        if match.over(self) and not game.is_over:  # resigned: nothing is left to choose
            view["legal"], said["choices"], said["prompt"] = [], [], ""
        last = self.last_action
        if last is not None and last[1].startswith("discard") and last[0] != seat:
            last = (last[0], "discard")  # the other player's discard stays face down
        said["last"] = wording.last_words(seen, stored.names, last)
        invite = None
        if seat == 0 and stored.mode == "friend" and stored.tokens[1] is not None:
            invite = stored.link(1)
        return {"type": "state", "seq": self.seq, "view": view,
                "last_action": list(last) if last else None,
                "game": {"id": stored.id, "mode": stored.mode, "level": stored.level,
                         "names": list(stored.names), "seat": seat,
                         "connected": connected,
                         "finished": match.over(self), "winner": match.winner(stored, game),
                         "invite": invite, "watch": stored.link(None)},
                "words": said, "match": match.state_block(self),
                "scorepad": scorepad.rows(game, seen.last_hand)}

    def broadcast(self) -> None:
        """Send every connection its state; each seat's is encoded once for all its clients."""
        connected = self.connected()
        encoded: dict[int | None, str] = {}
        for client in list(self.clients):
            text = encoded.get(client.seat)
            if text is None:
                text = encoded[client.seat] = encode(self.state(client.seat, connected))
            client.send(text)


class Hub:
    """Every live table, the store behind them and the computer players' thread.

    A table is opened only when someone connects to it, and let go once nobody has been
    connected for ``limits.table_idle`` seconds and the computer owes no move; at most
    ``limits.max_tables`` are live, so memory follows the people playing, not the store."""

    def __init__(self, committer: Committer, bot_delay: float = 0.6,
                 bot_threads: int = 2, limits: Limits | None = None,
                 peers: Peers | None = None) -> None:
        self.committer = committer
        self.peers: Peers = peers or SoloPeers()
        """The other processes on the same database, if any (``peers``)."""
        self.shared = not isinstance(self.peers, SoloPeers)
        self.bot_delay = bot_delay
        """Seconds the computer waits before each move, so a person can follow the play."""
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        """Only while a game is being loaded (so two connections never load it twice)."""
        self._idle_since: dict[str, float] = {}
        """Live tables with nobody connected, and since when (``time.monotonic``)."""
        self._thinking = ThreadPoolExecutor(max_workers=bot_threads,
                                            thread_name_prefix="euchre-bot")
        self.hints = Hints()
        self._sweeper: asyncio.Task[None] | None = None
        self._catching: set[asyncio.Task[None]] = set()
        """Live tables catching up with other processes' news (``_heard``)."""

    # --- creating and finding tables -----------------------------------------------------

    async def create(self, mode: str, rules: Rules, name: str, level: str | None = None,
                     seed: int | None = None) -> StoredGame:
        """A new game, stored before it is returned (its table opens when someone connects).
        ``ValueError`` for a bad choice; ``Busy`` when no table could be opened for it. A
        ``seed`` given here is the caller's (marked ``seeded``); else the server's own."""
        if not self.has_room():
            raise Busy("the server is full: try again in a minute")
        if mode not in ("computer", "friend"):
            raise ValueError(f"mode must be computer or friend, not {mode!r}")
        if mode == "computer" and level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        name = _name(name)
        seeded = seed is not None
        seed = new_seed() if seed is None else seed
        stored = StoredGame(
            id=secrets.token_urlsafe(9), mode=mode,
            level=level if mode == "computer" else None, rules=rules, seed=seed,
            tokens=(secrets.token_urlsafe(18),
                    None if mode == "computer" else secrets.token_urlsafe(18)),
            names=(name, COMPUTER if mode == "computer" else "Friend"), seeded=seeded)
        Game(rules, seed=seed)  # refuses a bad seed before anything is stored
        await self.committer.submit([NewGame(stored)])
        return stored

    def _open(self, stored: StoredGame, game: Game | None = None) -> Table:
        """Make a game live (``game`` when it is already built, else replayed)."""
        if game is None:
            game = stored.replay()
        bots = {}
        if stored.mode == "computer":
            bots[1] = agents.load(stored.level or "expert", seed=stored.seed + 17)
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
                    self._wake_bots(table)
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
            if table is not None and (table.clients or not _bots_idle(table)):
                continue
            del self._idle_since[game_id]
            if table is not None:
                del self.tables[game_id]
                dropped += 1
                self._let_go(table)
        return dropped

    def _let_go(self, table: Table) -> None:
        """A table is no longer live here: its computer's task stops and its lease goes."""
        if table.bot_task is not None:
            table.bot_task.cancel()
        if table.lease and self.shared:
            table.lease = False
            asyncio.get_running_loop().run_in_executor(None, self.peers.release,
                                                       table.stored.id)

    def start(self) -> None:
        """Begin letting idle tables go and hearing other processes' news (called once the
        event loop runs)."""
        async def sweeping() -> None:
            while True:
                await asyncio.sleep(max(0.5, min(self.limits.table_idle / 2, 10.0)))
                self.sweep(self.limits.table_idle)

        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(sweeping())
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
                    self._apply_heard(table, action[1], action[2]):
                table.broadcast()
            else:
                await self._reload(table)
        self._wake_bots(table)

    def _apply_heard(self, table: Table, seat: int, token: str) -> bool:
        """Apply another process's committed action; False if it does not follow on here."""
        game = table.game
        if game.to_move != seat:
            return False
        try:
            game.apply(token)
        except ValueError:
            return False
        self._applied(table, seat, token)
        return True

    async def _reload(self, table: Table) -> None:
        """Read the game again and bring the table to it (the caller holds its lock): the
        actions it lacks are applied; one taken back elsewhere means replaying it whole."""
        stored = await self.committer.read(self.committer.storage.load, table.stored.id)
        if stored is None:
            return
        had, game = table.stored.actions, table.game
        if stored.actions[:len(had)] == had:
            for token in stored.actions[len(had):]:
                table.last_action = (game.to_move, token)
                game.apply(token)
        else:
            game = stored.replay()
            table.last_action = None
        rematch = stored.options.get(match.REMATCH)
        told = table.stored.options.get(match.REMATCH)
        table.stored, table.game = stored, game
        table.rematch_asked = set(stored.options.get(match.REMATCH_ASKED, []))
        if rematch and rematch != told:
            await self._tell_rematch(table, rematch)
        table.broadcast()

    async def _tell_rematch(self, table: Table, new_id: str) -> None:
        """The rematch was made by another process: this one's clients get their links."""
        new = await self.committer.read(self.committer.storage.load, new_id)
        if new is not None:
            for client in list(table.clients):
                client.send({"type": "rematch", "link": new.link(client.seat)})

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
        let go while we waited is loaded again, so there is never a second live copy."""
        while True:
            table = await self.table(game_id)
            if table is None:
                return None
            async with table.lock:
                if self.tables.get(game_id) is table:
                    table.clients.add(client)
                    self._idle_since.pop(game_id, None)
                    table.broadcast()  # the others see who is connected
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
        """Carry out one parsed message; problems go back to this client alone."""
        try:
            if message.type == "ping":
                client.send({"type": "pong"})
            elif message.type == "action":
                await self._act(table, client, message.value or "", message.seq)
            elif message.type == "hint":
                if not match.hints_allowed(table.stored):
                    raise ProtocolError("hints are turned off for this game")
                await self.hints.ask(table, client)
            elif message.type in match.KINDS:
                await match.handle(self, table, client, message)
            elif message.type == "name":
                await self._rename(table, client, message.value or "")
        except ValueError as err:  # IllegalAction and ProtocolError are ValueErrors
            client.send({"type": "error", "message": str(err)})

    async def _act(self, table: Table, client: Client, token: str,
                   seq: int | None = None) -> None:
        """Make a seat's move. ``seq``, when given, is the state the move answers: a frame
        re-sent or delayed past a later move is refused, never applied a second time."""
        if client.seat is None:
            raise ProtocolError("spectators cannot play: open the link with your seat's token")
        async with table.lock:
            game = table.game
            if match.over(table):
                raise ProtocolError("the game is over")
            if seq is not None and seq != table.seq:
                raise ProtocolError(f"that move answers state {seq}, but the game is at state "
                                    f"{table.seq}: nothing was played")
            if game.to_move != client.seat:
                raise ProtocolError("it is not your turn")
            await self._accept(table, client.seat, token)
        self._wake_bots(table)

    async def _accept(self, table: Table, seat: int, token: str) -> None:
        """Apply, commit, then broadcast (the caller holds the table's lock)."""
        game, stored = table.game, table.stored
        game.apply(token)  # IllegalAction, with the reason, and nothing changed
        canonical = action_token(parse_action(token))  # stored as TH, not 10h
        writes: list[Any] = [Action(stored.id, table.seq, seat, canonical)]
        if game.is_over:
            writes.append(Finish(stored.id, game.winner, game.score,  # type: ignore[arg-type]
                                 Stats.of_seats(game.record())))
        try:
            await self.committer.submit(writes)
        except Conflict:
            game.pop()
            await self._reload(table)
            raise Stale("the game had moved on (a move was made first elsewhere): "
                        "nothing was played") from None
        except Exception as err:
            game.pop()
            log.error("game %s: could not store %r: %s", stored.id, canonical, err)
            raise ProtocolError("the server could not save that move; try again") from None
        self._applied(table, seat, canonical)
        table.broadcast()

    @staticmethod
    def _applied(table: Table, seat: int, token: str) -> None:
        """The bookkeeping of an action the engine has applied and the store holds."""
        stored, game = table.stored, table.game
        stored.actions.append(token)
        if game.is_over:
            stored.finished, stored.winner, stored.score = True, game.winner, game.score
        table.last_action = (seat, token)

    async def _rename(self, table: Table, client: Client, name: str) -> None:
        if client.seat is None:
            raise ProtocolError("spectators have no name at the table")
        name = check_name(name)
        async with table.lock:
            if table.game.is_over:
                raise ProtocolError("the match is over: its names are final")
            await self.committer.submit([Rename(table.stored.id, client.seat, name)])
            names = list(table.stored.names)
            names[client.seat] = name
            table.stored.names = (names[0], names[1])
            table.broadcast()

    # --- the computer's turns --------------------------------------------------------

    def _wake_bots(self, table: Table) -> None:
        game = table.game
        if match.over(table) or game.to_move not in table.bots:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while not match.over(table) and table.game.to_move in table.bots:
            if not table.lease and not await self._lease(table):
                continue
            seat = table.game.to_move
            seq = table.seq
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            bot = table.bots[seat]
            table.bots_told[seat] = agents.tell_past_hands(bot, table.game, seat,
                                                           table.bots_told.get(seat, 0))
            view = table.game.view(seat)
            try:
                token = await loop.run_in_executor(self._thinking, bot.act, view)
            except Exception:  # a bug in a bot must not stall the table for good
                log.exception("game %s: the computer failed to choose", table.stored.id)
                await asyncio.sleep(1)
                continue
            async with table.lock:
                if table.seq != seq or table.game.to_move != seat or match.over(table):
                    continue
                try:
                    await self._accept(table, seat, token)
                except Stale:
                    continue  # another process moved first: think again from there
                except ValueError as err:
                    log.error("game %s: the computer's move %r failed: %s", table.stored.id,
                              token, err)
                    await asyncio.sleep(1)

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
                await self._reload(table)
        return True

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        await asyncio.get_running_loop().run_in_executor(None, self.peers.close)
        self.hints.close()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            for client in table.clients:
                client.close()
        self._thinking.shutdown(wait=False, cancel_futures=True)
        await self.committer.close()


def _bots_idle(table: Table) -> bool:
    """The computer owes nothing here (a task waiting for another process's lease owes
    nothing: that process moves)."""
    return table.bot_task is None or table.bot_task.done() or table.waiting


def _name(name: object) -> str:
    try:
        return check_name(name)
    except ProtocolError as err:
        raise ValueError(str(err)) from None
