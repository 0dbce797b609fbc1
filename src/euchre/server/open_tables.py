"""Open tables and quick match: friend tables anyone may sit at, found through the lobby.

An open table is a friend table (``hub.create``) marked ``OPEN`` in its options, with the
time it opened and whether its host lets the computer fill the empty seats after
``limits.Limits.bots_after`` seconds (``BOTS``). Its seats are taken exactly as a friend's
invite takes one (``hub.claim``: the store's conditional ``Claim``, so two people, even
on two server processes, never get one seat): sitting picks the free seat's invite on the
server, and nobody is shown an invite. The table starts when every seat is taken, as every friend
table does; until then the host may start it with the computer in the empty seats only if
he allowed it and the wait is over (``game_options.start_refusal``).

Quick match seats a person at the best waiting table of the game he chose (the fullest,
then the longest waiting), never with a player either of them asked not to be seated with
again (``account_store.Dislike``), or opens one for him. The list (``listing``) is read from the
store, so every process on a database shows every table; a table that waited
``OPEN_FOR`` seconds untouched leaves the list.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from ..rules import Rules
from . import match
from .account_store import Account
from .accounts import name_key, owner_of
from .game_options import BOTS, OPEN, OPENED
from .hub import Hub, Taken
from .ratings import game_key
from .storage import StoredGame

OPEN_FOR = 1800.0
"""Seconds an open table nobody joins stays on the list."""
SHOWN = 50
"""Open tables a list shows."""
PLAYERS = {"two": 2, "three": 3, "four": 4}
"""The games a table may be opened for, by their key (``ratings.game_key``)."""
LEVEL = "medium"
"""The computer's level when it fills an open table's seats (the host allowed it)."""


@dataclass(frozen=True)
class OpenTable:
    """An open table as the lobby lists it: nothing of it a seat's link would open."""

    id: str
    game: str
    rules: Rules
    names: tuple[str | None, ...]
    """Each seat's player, None for a free seat."""
    bots: bool
    opened: float

    @property
    def free(self) -> int:
        return sum(name is None for name in self.names)

    def as_json(self, now: float, bots_after: float) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "rules": self.rules.to_dict(),
                "seats": len(self.names), "taken": len(self.names) - self.free,
                "names": [name for name in self.names if name is not None],
                "ranked": not self.bots, "bots": self.bots, "bots_after": bots_after,
                "waiting": round(max(0.0, now - self.opened))}


def open_table(stored: StoredGame) -> OpenTable | None:
    """A stored game as an open table with a free seat, or None."""
    options = stored.options
    if not options.get(OPEN) or stored.finished or match.COMPUTERS in options:
        return None
    free = match.invites(stored)
    if not free:
        return None
    return OpenTable(stored.id, game_key(stored.rules), stored.rules,
                     tuple(None if seat in free else name
                           for seat, name in enumerate(stored.names)),
                     bool(options.get(BOTS)), float(options.get(OPENED, stored.created)))


async def listing(hub: Hub, game: str | None = None) -> list[OpenTable]:
    """The open tables with a free seat (of one game when given), longest waiting first."""
    since = time.time() - OPEN_FOR
    stored = await hub.committer.read(hub.committer.storage.open_games, since, SHOWN * 4)
    tables = [table for one in stored if (table := open_table(one)) is not None]
    return [table for table in tables if game is None or table.game == game][:SHOWN]


def rules_for(game: object) -> Rules:
    """The standard rules of a game offered at open tables; ``ValueError`` in one line."""
    if game not in PLAYERS:
        raise ValueError(_("game must be one of {players}, not {game}",
                           players=", ".join(PLAYERS), game=f"{str(game)[:20]!r}"))
    return Rules(players=PLAYERS[game])


async def open_new(hub: Hub, game: object, name: str, bots: bool,
                   holder: Account | None) -> StoredGame:
    """Open a table of ``game`` with its host in the first seat."""
    rules = rules_for(game)
    options: dict[str, Any] = {OPEN: True, OPENED: time.time(), BOTS: bool(bots)}
    owner = owner_of(name, holder)
    if owner is not None:
        options[f"account{0}"] = owner
    return await hub.create("friend", rules, name, LEVEL, options=options)


async def sit(hub: Hub, game_id: str, name: str, holder: Account | None) -> tuple[str, int]:
    """Take a free seat of an open table: its link and number. ``LookupError`` for no such
    open table; ``Taken`` when it has no free seat left."""
    stored = await hub.committer.read(hub.committer.storage.load, game_id)
    if stored is None or not stored.options.get(OPEN):
        raise LookupError(_("no open table {game}", game=f"{game_id[:40]!r}"))
    for seat, code in sorted(match.invites(stored).items()):
        try:
            taken, seat = await hub.claim(game_id, code, name, owner=owner_of(name, holder))
        except Taken:
            continue  # (taken a moment ago, here or in another process: the next)
        return taken.link(seat), seat
    raise Taken(_("that table is full: choose another, or ask for a quick match"))


async def quick(hub: Hub, game: object, name: str, bots: bool, holder: Account | None,
                before_opening: Callable[[], None] = lambda: None) -> tuple[str, str, int]:
    """Seat a person at the best waiting table of ``game`` (the fullest, then the longest
    waiting) where he is not seated already, nor anyone he will not be seated with (or who
    will not be seated with him: ``Dislike``), or open one (``before_opening`` first: the
    meter of new games, which may refuse): (game id, link, seat)."""
    rules_for(game)
    me = name_key(name)
    avoid = {me, *await hub.committer.read(hub.committer.storage.avoided, me)}
    tables = sorted(await listing(hub, str(game)), key=lambda t: (t.free, t.opened))
    for table in tables:
        if any(other is not None and name_key(other) in avoid for other in table.names):
            continue
        try:
            link, seat = await sit(hub, table.id, name, holder)
        except (Taken, LookupError):
            continue
        return table.id, link, seat
    before_opening()
    stored = await open_new(hub, game, name, bots, holder)
    return stored.id, stored.link(0), 0
