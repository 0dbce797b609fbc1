"""What a table does beyond playing moves: undo, resigning, a rematch, hints on or off, and
the summary of a finished match.

These keep the match honest in the store. Undo is the engine's ``Game.pop`` and a
``TakeBack`` of the stored actions, and it marks the game (``options["undo_used"]``) so its
record and statistics say so. A resignation is stored as ``options["resigned"]`` with the
finish; the engine's game is not over, so everything that asks "is the match over" asks
``over(table)`` here. A rematch is a new game with the same rules and players, made when
every person at the table asked for it (in a friend game, one click each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import state
from ..game import Game, state_of
from ..history import Stats
from .protocol import Message, ProtocolError
from .storage import Finish, Rename, SetOption, StoredGame, TakeBack

if TYPE_CHECKING:
    from .tables import Client, Hub, Table

UNDO_USED, RESIGNED, HINTS, REMATCH_OF = "undo_used", "resigned", "hints", "rematch_of"
REMATCH, REMATCH_ASKED = "rematch", "rematch_asked"
"""Keys of ``StoredGame.options`` (the rematch's id; the seats that asked for one, stored so
that every server process knows them)."""
KINDS = ("undo", "resign", "rematch", "hints", "coach")
"""The message types this module carries out (``protocol.parse`` accepts them)."""


def over(table: Table) -> bool:
    """Whether the table's match is over: won on points, or resigned."""
    return finished(table.stored, table.game)


def finished(stored: StoredGame, game: Game) -> bool:
    """Whether a stored match is over: won on points, or resigned."""
    return game.is_over or RESIGNED in stored.options


def seats_of(stored: StoredGame, name: str) -> list[int]:
    """Every seat that carries ``name``: two friends who share a name each count their own
    seat's game (never both the first seat's)."""
    return [seat for seat, held in enumerate(stored.names) if held == name]


def scored_record(stored: StoredGame, game: Game) -> dict[str, Any]:
    """The record that statistics count: marked, and won by the other seat of one who
    resigned (the engine's record of an unfinished match has no winner)."""
    record = mark_record(stored, game.record())
    record["winner"] = winner(stored, game)
    return record


def winner(stored: StoredGame, game: Game) -> int | None:
    """Who won: the engine's winner, or the other seat of one who resigned."""
    if RESIGNED in stored.options:
        return 1 - int(stored.options[RESIGNED])
    return game.winner


def hints_allowed(stored: StoredGame) -> bool:
    return bool(stored.options.get(HINTS, True))


def public_record(stored: StoredGame, game: Game) -> dict[str, Any]:
    """A finished game's record with who played it and what the moves do not show (the JSON
    ``euchre replay`` reads, ``/api/games/ID/record`` serves and ``euchre stats`` counts)."""
    record = game.record()
    record["players"] = {"names": list(stored.names), "mode": stored.mode,
                         "level": stored.level}
    if stored.seeded:
        record["seeded"] = True  # its creator chose the seed, and so knew every deal
    return mark_record(stored, record)


def mark_record(stored: StoredGame, record: dict[str, Any]) -> dict[str, Any]:
    """A record's ``players`` block told what the moves do not show: undo, a resignation."""
    players = record.setdefault("players", {})
    players[UNDO_USED] = bool(stored.options.get(UNDO_USED))
    if RESIGNED in stored.options:  # the moves end early; "winner" stays the engine's
        players[RESIGNED] = int(stored.options[RESIGNED])
        players["winner"] = 1 - int(stored.options[RESIGNED])
    return record


def state_block(table: Table) -> dict[str, Any]:
    """The ``match`` part of a state message: what the page offers around the play."""
    stored = table.stored
    block: dict[str, Any] = {
        "undo_used": bool(stored.options.get(UNDO_USED)),
        "can_undo": stored.mode == "computer" and _person_has_moved(table.game)
        and not over(table),
        "hints": hints_allowed(stored),
        "resigned": stored.options.get(RESIGNED),
        "rematch_asked": sorted(table.rematch_asked),
        "summary": summary(table.game) if over(table) else None,
    }
    return block


def summary(game: Game) -> dict[str, Any]:
    """The match hand by hand: the score after each hand (for a small chart) and, for each
    side, how many hands it made, marched and euchred (as defender)."""
    running, score = [[0, 0]], [0, 0]
    made, march, euchres = [0, 0], [0, 0], [0, 0]
    for hand in game.record()["hands"]:
        result = hand.get("result")
        if not result:
            continue
        score = [score[0] + result["points"][0], score[1] + result["points"][1]]
        running.append(score)
        if result["thrown_in"]:
            continue
        maker = result["maker"]
        if result["outcome"] == "made":
            made[maker] += 1
        elif result["outcome"] == "march":
            march[maker] += 1
        elif result["outcome"] == "euchred":
            euchres[1 - maker] += 1
    return {"scores": running, "made": made, "march": march, "euchres": euchres}


async def handle(hub: Hub, table: Table, client: Client, message: Message) -> None:
    """Carry out one of ``KINDS`` for a seat; ``ProtocolError`` says why it cannot be."""
    if client.seat is None:
        raise ProtocolError(f"spectators cannot {message.type}: open your seat's link")
    if message.type == "undo":
        await _undo(hub, table, client.seat)
    elif message.type == "resign":
        await _resign(hub, table, client.seat)
    elif message.type == "rematch":
        await _rematch(hub, table, client.seat)
    elif message.type == "coach":  # the coach's note on the seat's own move (hints.py)
        await hub.hints.note(table, client, message.seq or 0)
    else:
        await _hints(hub, table, client.seat, message.value == "on")


def _person_has_moved(game: Game) -> bool:
    """Whether seat 0 (the person against the computer) has made a move this match: read
    from the engine's log, newest first (every state message asks, so no record is built)."""
    log = state.log_items(state_of(game))
    return any(type(item) is int and state.item_player(item) == 0 for item in reversed(log))


async def _undo(hub: Hub, table: Table, seat: int) -> None:
    """Take back the person's last choice and the computer's replies after it."""
    async with table.lock:
        stored = table.stored
        if stored.mode != "computer":
            raise ProtocolError("undo is only for a game against the computer")
        if over(table):
            raise ProtocolError("the match is over: nothing can be taken back")
        if table.game.to_move != seat:
            raise ProtocolError("undo waits for your turn: the computer is still choosing")
        moves = [p for hand in table.game.record()["hands"] for p, _ in hand["actions"]]
        if seat not in moves:
            raise ProtocolError("there is nothing of yours to take back yet")
        game = table.game.copy()
        while moves:
            game.pop()  # the engine takes each move back, never a replay of our own
            if moves.pop() == seat:
                break
        keep = len(moves)
        await hub.committer.submit([TakeBack(stored.id, keep), SetOption(stored.id,
                                                                         UNDO_USED, True)])
        table.game = game
        del stored.actions[keep:]
        stored.options[UNDO_USED] = True
        table.last_action = None
        table.broadcast()


async def _resign(hub: Hub, table: Table, seat: int) -> None:
    async with table.lock:
        if over(table):
            raise ProtocolError("the match is over already")
        stored, game = table.stored, table.game
        record = game.record()
        record["winner"] = 1 - seat  # the statistics count it won by the other seat
        await hub.committer.submit([SetOption(stored.id, RESIGNED, seat),
                                    Finish(stored.id, 1 - seat, game.score,
                                           Stats.of_seats(record))])
        stored.options[RESIGNED] = seat
        stored.finished, stored.winner, stored.score = True, 1 - seat, game.score
        table.broadcast()


async def _hints(hub: Hub, table: Table, seat: int, allow: bool) -> None:
    async with table.lock:
        if table.stored.mode != "friend" or seat != 0:
            raise ProtocolError("only the player who made a friend game can turn hints off")
        await hub.committer.submit([SetOption(table.stored.id, HINTS, allow)])
        table.stored.options[HINTS] = allow
        table.broadcast()


async def _rematch(hub: Hub, table: Table, seat: int) -> None:
    """Ask for a rematch; once every person at the table asked, make it and send each seat
    its own link (a spectator is sent the watch link)."""
    async with table.lock:
        if not over(table):
            raise ProtocolError("a rematch is for when the match is over")
        asked = sorted(table.rematch_asked | {seat})
        await hub.committer.submit([SetOption(table.stored.id, REMATCH_ASKED, asked)])
        table.stored.options[REMATCH_ASKED] = asked
        table.rematch_asked = set(asked)
        people = {0} if table.stored.mode == "computer" else {0, 1}
        if not people <= table.rematch_asked:
            table.broadcast()  # the other player is offered it
            return
        old = table.stored
        new = await hub.create(old.mode, old.rules, old.names[0], old.level)
        writes: list[Any] = [SetOption(new.id, REMATCH_OF, old.id),
                             SetOption(old.id, REMATCH, new.id)]
        if old.mode == "friend":
            writes.append(Rename(new.id, 1, old.names[1]))
        await hub.committer.submit(writes)
        old.options[REMATCH] = new.id
        for client in list(table.clients):
            client.send({"type": "rematch", "link": new.link(client.seat)})
