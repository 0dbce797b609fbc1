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
import json
import logging
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .. import agents
from ..actions import action_token, parse_action
from ..game import Game
from ..rules import Rules
from ..state import new_seed
from .committer import Committer
from .protocol import Message, ProtocolError, check_name
from .storage import Action, Finish, NewGame, Rename, StoredGame

LEVELS = ("easy", "medium", "hard", "expert")
COMPUTER = "Computer"
OUTBOX_LIMIT = 256
"""Messages queued for one connection before it is dropped as too slow to keep up."""

log = logging.getLogger("euchre.server")


class Client:
    """One connection: its seat (None for a spectator) and the messages waiting to be sent.
    Messages are queued, never awaited by the table, so a slow connection slows only itself."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue()

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already encoded for several clients)."""
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
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
    coach: agents.Agent | None = None

    @property
    def seq(self) -> int:
        return len(self.stored.actions)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a secret token opens; ``ProtocolError`` for a token that opens none."""
        if token is None or token == "":
            return None
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
        view = game.view(seat).to_dict()  # None: the spectator's view, made by the engine
        last = self.last_action
        if last is not None and last[1].startswith("discard") and last[0] != seat:
            last = (last[0], "discard")  # the other player's discard stays face down
        invite = None
        if seat == 0 and stored.mode == "friend" and stored.tokens[1] is not None:
            invite = stored.link(1)
        return {"type": "state", "seq": self.seq, "view": view,
                "last_action": list(last) if last else None,
                "game": {"id": stored.id, "mode": stored.mode, "level": stored.level,
                         "names": list(stored.names), "seat": seat,
                         "connected": connected,
                         "finished": game.is_over, "winner": game.winner, "invite": invite}}

    def broadcast(self) -> None:
        """Send every connection its state; each seat's is encoded once for all its clients."""
        connected = self.connected()
        encoded: dict[int | None, str] = {}
        for client in list(self.clients):
            text = encoded.get(client.seat)
            if text is None:
                text = encoded[client.seat] = json.dumps(self.state(client.seat, connected),
                                                         separators=(",", ":"))
            client.send(text)


class Hub:
    """Every live table, the store behind them and the computer players' thread."""

    def __init__(self, committer: Committer, bot_delay: float = 0.6,
                 bot_threads: int = 2) -> None:
        self.committer = committer
        self.bot_delay = bot_delay
        """Seconds the computer waits before each move, so a person can follow the play."""
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._thinking = ThreadPoolExecutor(max_workers=bot_threads,
                                            thread_name_prefix="euchre-bot")

    # --- creating and finding tables -----------------------------------------------------

    async def create(self, mode: str, rules: Rules, name: str, level: str | None = None,
                     seed: int | None = None) -> StoredGame:
        """A new game, stored before it is returned. ``ValueError`` for a bad choice."""
        if mode not in ("computer", "friend"):
            raise ValueError(f"mode must be computer or friend, not {mode!r}")
        if mode == "computer" and level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        name = _name(name)
        seed = new_seed() if seed is None else seed
        stored = StoredGame(
            id=secrets.token_urlsafe(9), mode=mode,
            level=level if mode == "computer" else None, rules=rules, seed=seed,
            tokens=(secrets.token_urlsafe(18),
                    None if mode == "computer" else secrets.token_urlsafe(18)),
            names=(name, COMPUTER if mode == "computer" else "Friend"))
        game = Game(rules, seed=seed)  # refuses a bad seed before anything is stored
        await self.committer.submit([NewGame(stored)])
        table = self._open(stored, game)
        self._wake_bots(table)
        return stored

    def _open(self, stored: StoredGame, game: Game | None = None) -> Table:
        """Make a game live (``game`` when it is already built, else replayed)."""
        if game is None:
            game = stored.replay()
        bots = {}
        if stored.mode == "computer":
            bots[1] = agents.load(stored.level or "expert", seed=stored.seed + 17)
        table = Table(stored, game, bots)
        self.tables[stored.id] = table
        return table

    async def table(self, game_id: str) -> Table | None:
        """The live table of a game, loaded from the store on first use."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(game_id)
            if table is None:
                stored = await self.committer.read(self.committer.storage.load, game_id)
                if stored is None:
                    return None
                table = self._open(stored)
                self._wake_bots(table)
        return table

    async def peek(self, game_id: str) -> tuple[StoredGame, Game] | None:
        """A game's setup and state for a page, without keeping it live."""
        table = self.tables.get(game_id)
        if table is not None:
            return table.stored, table.game
        stored = await self.committer.read(self.committer.storage.load, game_id)
        return None if stored is None else (stored, stored.replay())

    async def resume_all(self) -> int:
        """Load every unfinished game and let the computer take the turns it owes (after a
        restart). Returns how many games were loaded."""
        ids = await self.committer.read(self.committer.storage.unfinished)
        count = 0
        for game_id in ids:
            try:
                if await self.table(game_id) is not None:
                    count += 1
            except ValueError as err:  # a damaged game is reported and left as it is
                log.error("%s", err)
        return count

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
                    table.broadcast()  # the others see who is connected
                    return table

    async def leave(self, table: Table, client: Client) -> None:
        """Drop a connection; a table nobody watches and the computer does not owe a move is
        let go (it is in the store, and comes back on the next connection)."""
        async with table.lock:
            table.clients.discard(client)
            table.broadcast()
            idle = table.bot_task is None or table.bot_task.done()
            if not table.clients and idle and self.tables.get(table.stored.id) is table:
                del self.tables[table.stored.id]
                self._loading.pop(table.stored.id, None)

    async def handle(self, table: Table, client: Client, message: Message) -> None:
        """Carry out one parsed message; problems go back to this client alone."""
        try:
            if message.type == "ping":
                client.send({"type": "pong"})
            elif message.type == "action":
                await self._act(table, client, message.value or "")
            elif message.type == "hint":
                await self._hint(table, client)
            elif message.type == "name":
                await self._rename(table, client, message.value or "")
        except ValueError as err:  # IllegalAction and ProtocolError are ValueErrors
            client.send({"type": "error", "message": str(err)})

    async def _act(self, table: Table, client: Client, token: str) -> None:
        if client.seat is None:
            raise ProtocolError("spectators cannot play: open the link with your seat's token")
        async with table.lock:
            game = table.game
            if game.is_over:
                raise ProtocolError("the game is over")
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
            writes.append(Finish(stored.id, game.winner, game.score))  # type: ignore[arg-type]
        try:
            await self.committer.submit(writes)
        except Exception as err:
            game.pop()
            log.error("game %s: could not store %r: %s", stored.id, canonical, err)
            raise ProtocolError("the server could not save that move; try again") from None
        stored.actions.append(canonical)
        if game.is_over:
            stored.finished, stored.winner, stored.score = True, game.winner, game.score
        table.last_action = (seat, canonical)
        table.broadcast()

    async def _rename(self, table: Table, client: Client, name: str) -> None:
        if client.seat is None:
            raise ProtocolError("spectators have no name at the table")
        name = check_name(name)
        async with table.lock:
            await self.committer.submit([Rename(table.stored.id, client.seat, name)])
            names = list(table.stored.names)
            names[client.seat] = name
            table.stored.names = (names[0], names[1])
            table.broadcast()

    async def _hint(self, table: Table, client: Client) -> None:
        if client.seat is None:
            raise ProtocolError("spectators get no hints")
        async with table.lock:
            view = table.game.view(client.seat)
        if not view.legal:
            raise ProtocolError("a hint is for your turn: it is not your turn")
        if table.coach is None:
            table.coach = agents.load("expert", seed=table.stored.seed + 29)
        coach = table.coach
        values = await asyncio.get_running_loop().run_in_executor(
            self._thinking, coach.analyse, view)  # type: ignore[attr-defined]
        client.send({"type": "hint", "seq": table.seq,
                     "values": {t: round(v, 3) for t, v in values.items()}})

    # --- the computer's turns --------------------------------------------------------

    def _wake_bots(self, table: Table) -> None:
        game = table.game
        if game.is_over or game.to_move not in table.bots:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while not table.game.is_over and table.game.to_move in table.bots:
            seat = table.game.to_move
            seq = table.seq
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            view = table.game.view(seat)
            try:
                token = await loop.run_in_executor(self._thinking, table.bots[seat].act, view)
            except Exception:  # a bug in a bot must not stall the table for good
                log.exception("game %s: the computer failed to choose", table.stored.id)
                await asyncio.sleep(1)
                continue
            async with table.lock:
                if table.seq != seq or table.game.to_move != seat:
                    continue
                try:
                    await self._accept(table, seat, token)
                except ValueError as err:
                    log.error("game %s: the computer's move %r failed: %s", table.stored.id,
                              token, err)
                    await asyncio.sleep(1)

    async def close(self) -> None:
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            for client in table.clients:
                client.close()
        self._thinking.shutdown(wait=False, cancel_futures=True)
        await self.committer.close()


def _name(name: object) -> str:
    try:
        return check_name(name)
    except ProtocolError as err:
        raise ValueError(str(err)) from None
