"""What a player's messages do at a table: a move, a name, undo, resigning, a rematch, hints
on or off, a hint, a coach note.

Each handler gets the table, the connection that sent the message and the few ``Services``
it needs (the committer, the hint worker, waking the computer, making a rematch), never the
hub. Problems go back to that connection alone, in one line, and change nothing.

Undo is the engine's ``Game.pop`` and a ``TakeBack`` of the stored actions, and it marks the
game (``MatchFacts.undo_used``). A resignation is stored with the finish. A rematch is a new game
with the same rules and players, made once, when every person at the table asked for it (in
a friend game, one click each); each connection is sent its own link to it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from ..game import IllegalAction
from ..history import Stats
from ..i18n import N_, _
from . import match
from .accounts import Accounts, name_key
from .client import PHRASE_EVERY, TOO_FAST, Client
from .committer import Committer
from .game_options import start_refusal
from .hints import Hints
from .match_facts import with_seat
from .protocol import Message, ProtocolError, check_name
from .storage import Finish, Rename, SetFacts, StoredGame, TakeBack
from .table import Table, accept, seat_bots, tell_rematch
from .wording import PHRASES


@dataclass(frozen=True)
class Services:
    """What the handling of a player's messages needs from the server around the table."""

    committer: Committer
    hints: Hints
    wake_bots: Callable[[Table], None]
    """Let the computer take its turn if it is now its move."""
    new_game: Callable[[StoredGame, str], Awaitable[StoredGame]]
    """A new game with the setup of a finished one (its rematch), metered by the client's
    address with every other new game; ``ProtocolError`` when refused."""
    absent: Callable[[Table, int], None]
    """A person's seat at a friend table of three or four is empty: the computer plays it
    after ``limits.seat_wait`` if nobody is back in it by then."""
    accounts: Accounts | None = None
    """Whose the registered names are (a rename to another's is refused)."""
    bots_after: float = 60.0
    """Seconds an open table waits for people before its host may seat computers
    (``limits.Limits.bots_after``)."""


async def handle(services: Services, table: Table, client: Client, message: Message) -> None:
    """Carry out one parsed message; problems go back to this client alone."""
    handler = HANDLERS[message.type]
    try:
        if handler.seated:
            _seat(client, message.type)
        if handler.broadcasts and not client.may_broadcast():
            raise ProtocolError(TOO_FAST)
        await handler.run(services, table, client, message)
    except ValueError as err:  # IllegalAction and ProtocolError are ValueErrors
        client.send({"type": "error", "message": str(err)})


async def _on_ping(services: Services, table: Table, client: Client, message: Message) -> None:
    client.send({"type": "pong"})


async def _on_action(services: Services, table: Table, client: Client,
                     message: Message) -> None:
    await _act(services, table, client, message.value or "", message.seq)


async def _on_hint(services: Services, table: Table, client: Client, message: Message) -> None:
    if table.over():
        raise ProtocolError(_("the match is over: there is nothing left to choose"))
    if not match.hints_allowed(table.stored):
        raise ProtocolError(_("hints are turned off for this game"))
    await services.hints.ask(table, client)


async def _on_coach(services: Services, table: Table, client: Client,
                    message: Message) -> None:
    """The coach's note on the seat's own move (hints.py)."""
    await services.hints.note(table, client, message.seq or 0)


async def _on_name(services: Services, table: Table, client: Client, message: Message) -> None:
    await _rename(services, table, client, message.value or "")


async def _on_say(services: Services, table: Table, client: Client, message: Message) -> None:
    if not client.may_say():
        raise ProtocolError(_("one phrase every {phrase_every} s: wait a moment",
                                  phrase_every=f"{PHRASE_EVERY:g}"))
    said = {"type": "said", "seat": client.seat, "phrase": message.value,
            "words": PHRASES[message.value or ""]}
    for other in table.clients:
        other.send(said)


def _seat_of(run: Callable[[Services, Table, int], Awaitable[None]]) -> Runner:
    """A handler of the sender's seat alone."""
    async def on_seat(services: Services, table: Table, client: Client,
                      message: Message) -> None:
        await run(services, table, _seat(client, message.type))
    return on_seat


Runner = Callable[[Services, Table, Client, Message], Awaitable[None]]


@dataclass(frozen=True)
class Handler:
    """What a type of message does (``run``), and what it needs first."""

    run: Runner
    seated: bool = True
    """Only a seat may send it (a spectator is refused)."""
    broadcasts: bool = False
    """Its handling sends every connection at the table a new state: metered per
    connection (``Client.may_broadcast``)."""


_SPECTATORS_CANNOT = {
    "hint": N_("spectators cannot ask for a hint: open your seat's link"),
    "name": N_("spectators cannot take a name at the table: open your seat's link"),
    "say": N_("spectators cannot say anything at the table: open your seat's link"),
    "hints": N_("spectators cannot turn hints on or off: open your seat's link")}
"""What a spectator was refused, by the message he sent."""


def _seat(client: Client, kind: str) -> int:
    """The sender's seat; ``ProtocolError`` for a spectator."""
    if client.seat is None:
        raise ProtocolError(_(_SPECTATORS_CANNOT[kind]) if kind in _SPECTATORS_CANNOT else
                            _("spectators cannot {action}: open your seat's link", action=kind))
    return client.seat


async def _act(services: Services, table: Table, client: Client, token: str,
               seq: int | None = None) -> None:
    """Make a seat's move. ``seq``, when given, is the state the move answers: a frame
    re-sent or delayed past a later move is refused, never applied a second time."""
    if client.seat is None:
        raise ProtocolError(_("spectators cannot play: open the link with your seat's token"))
    async with table.lock:
        if table.over():
            raise ProtocolError(_("the game is over"))
        if not all(match.arrived(table.stored)):
            raise ProtocolError(f"{table.stored.names[1]} has not taken the seat yet: nobody "
                                "plays until your friend opens the invite"
                                if len(table.stored.names) == 2 else
                                "the table has not started: nobody plays until every seat "
                                "is taken or the host starts")
        if client.seat in table.bots:
            raise ProtocolError(_("the computer plays your seat until this hand is over"))
        if seq is not None and seq != table.seq:
            raise ProtocolError(_("that move answers state {seq}, but the game is at state "
                                  "{now}: nothing was played", seq=seq, now=table.seq))
        if table.game.to_move != client.seat:
            raise ProtocolError(_("it is not your turn"))
        await accept(table, services.committer, client.seat, token)
    services.wake_bots(table)


async def _rename(services: Services, table: Table, client: Client, name: str) -> None:
    """A seat's new name: refused if it is another's registered name; the seat is the
    account's while it carries the account's own name (``MatchFacts.owners``)."""
    name, seat = check_name(name), client.seat
    assert seat is not None
    owner = None
    if services.accounts is not None:
        why = await services.accounts.refusal(name, client.holder)
        if why:
            raise ProtocolError(why)
        owner = client.holder.key if client.holder is not None and \
            name_key(name) == client.holder.key else None
    async with table.lock:
        if table.over():  # won, resigned, abandoned or a day's deals played out
            raise ProtocolError(_("the match is over: its names are final"))
        why = match.clash(table.stored, seat, name)
        if why:
            raise ProtocolError(why)
        writes: list = [Rename(table.stored.id, seat, name)]
        facts = table.stored.facts
        note = SetFacts.of(table.stored, replace(
            facts, owners=with_seat(facts.owners, seat, owner)))
        if note.after != facts:
            writes.append(note)
        await services.committer.submit(writes)
        table.stored.facts = note.after
        names = list(table.stored.names)
        names[seat] = name
        table.stored.names = tuple(names)
        table.broadcast()


async def _undo(services: Services, table: Table, seat: int) -> None:
    """Take back the person's last choice and the computer's replies after it."""
    async with table.lock:
        stored = table.stored
        if stored.mode != "computer":
            raise ProtocolError(_("undo is only for a game against the computer"))
        if table.over():
            raise ProtocolError(_("the match is over: nothing can be taken back"))
        if table.game.to_move != seat:
            raise ProtocolError(_("undo waits for your turn: the computer is still choosing"))
        game = table.game.copy()
        try:  # the engine's undo, which the terminal's uses too
            keep = table.seq - game.take_back_to(seat)
        except IllegalAction:
            raise ProtocolError(_("there is nothing of yours to take back yet")) from None
        note = SetFacts.of(stored, replace(stored.facts, undo_used=True))
        await services.committer.submit([TakeBack(stored.id, keep), note])
        table.game = game
        del stored.actions[keep:]
        stored.facts = note.after
        table.last_action = None
        table.broadcast()


async def _resign(services: Services, table: Table, seat: int) -> None:
    async with table.lock:
        if table.over():
            raise ProtocolError(_("the match is over already"))
        stored, game = table.stored, table.game.copy()
        game.resign(seat)  # the engine decides who won (``Game.outcome``)
        note = SetFacts.of(stored, replace(stored.facts, resigned=seat))
        await services.committer.submit([note,
                                         Finish(stored.id, game.winner, game.score,
                                                Stats.of_seats(game.record()))])
        stored.facts = note.after
        stored.finished, stored.winner, stored.score = True, game.winner, game.score
        table.game = game
        table.broadcast()


async def _allow_hints(services: Services, table: Table, seat: int, allow: bool) -> None:
    async with table.lock:
        if table.stored.mode != "friend" or seat != 0:
            raise ProtocolError(_("only the player who made a friend game can turn hints off"))
        note = SetFacts.of(table.stored, replace(table.stored.facts, hints=allow))
        await services.committer.submit([note])
        table.stored.facts = note.after
        table.broadcast()


async def _start(services: Services, table: Table, seat: int) -> None:
    """The host starts a friend table of three or four: the computer takes every seat
    nobody has claimed (its invite stays open: a person may still take it over)."""
    async with table.lock:
        stored = table.stored
        if seat != 0 or stored.mode != "friend" or len(stored.names) == 2:
            raise ProtocolError(_("only the host of a friend table of three or four starts it "
                                  "with computers in the empty seats"))
        waiting = [s for s, here in enumerate(match.arrived(stored)) if not here]
        if not waiting:
            raise ProtocolError(_("every seat is taken: the game has started"))
        why = start_refusal(stored.facts, services.bots_after)
        if why:
            raise ProtocolError(why)
        levels = match.computer_levels(stored, waiting)
        note = SetFacts.of(stored, replace(stored.facts, computers=levels))
        await services.committer.submit([note])
        stored.facts = note.after
        seat_bots(table)
        table.broadcast()
        for person in match.people(stored):  # one who took his seat and is not here
            if not table.person_in(person):
                services.absent(table, person)
    services.wake_bots(table)


async def _rematch(services: Services, table: Table, client: Client, seat: int) -> None:
    """Ask for a rematch; once every person at the table asked, make it (once: asking again
    afterwards is sent the link again) and send each connection its own link. A person
    not here when it is asked for is waited for as long as the seat wait (``absent``), and
    after that no longer (``match.rematch_needed``)."""
    async with table.lock:
        if not table.over():
            raise ProtocolError(_("a rematch is for when the match is over"))
        old = table.stored
        if old.facts.day is not None:
            raise ProtocolError(_("the deal of the day has no rematch: tomorrow brings new deals"))
        if old.facts.rematch is not None:  # made already: one rematch per match
            await tell_rematch(table, services.committer, [client])
            return
        if seat not in table.rematch_asked:
            asked = frozenset(table.rematch_asked | {seat})
            note = SetFacts.of(old, replace(old.facts, rematch_asked=asked))
            await services.committer.submit([note])
            old.facts = note.after
            table.rematch_asked = set(asked)
        elif not match.rematch_needed(old) <= table.rematch_asked:
            return  # asked again: nothing new to tell anyone
        if not await rematch_if_ready(services, table, client.address):
            table.broadcast()  # the others are offered it
            for person in match.rematch_needed(old) - table.rematch_asked:
                if not table.person_in(person):
                    services.absent(table, person)


async def rematch_if_ready(services: Services, table: Table, address: str) -> bool:
    """Make the rematch of the table's finished match if everyone it waits for has asked
    (the caller holds the table's lock; ``address`` is metered for the new game): True if
    it is made."""
    old = table.stored
    if not table.rematch_asked or old.facts.rematch is not None or \
            not match.rematch_needed(old) <= table.rematch_asked:
        return False
    new = await services.new_game(old, address)
    writes: list[Any] = [SetFacts.of(new, replace(new.facts, rematch_of=old.id)),
                         SetFacts.of(old, replace(old.facts, rematch=new.id))]
    await services.committer.submit(writes)
    new.facts, old.facts = writes[0].after, writes[1].after
    await tell_rematch(table, services.committer, list(table.clients))
    return True


async def _on_rematch(services: Services, table: Table, client: Client,
                      message: Message) -> None:
    await _rematch(services, table, client, _seat(client, message.type))


async def _on_hints(services: Services, table: Table, client: Client,
                    message: Message) -> None:
    await _allow_hints(services, table, _seat(client, message.type), message.value == "on")


HANDLERS: dict[str, Handler] = {
    "ping": Handler(_on_ping, seated=False), "action": Handler(_on_action, seated=False),
    "hint": Handler(_on_hint), "coach": Handler(_on_coach),
    "name": Handler(_on_name, broadcasts=True), "undo": Handler(_seat_of(_undo), broadcasts=True),
    "resign": Handler(_seat_of(_resign), broadcasts=True),
    "rematch": Handler(_on_rematch, broadcasts=True),
    "hints": Handler(_on_hints, broadcasts=True),
    "start": Handler(_seat_of(_start), broadcasts=True), "say": Handler(_on_say)}
"""The handler of each type of ``protocol.CLIENT_MESSAGES`` (a test checks they are the
same types)."""
