"""Open tables and quick match: friend tables anyone may sit at, found through the lobby.

An open table is a friend table (``hub.create``) marked ``MatchFacts.open``, with the
time it opened and whether its host lets the computer fill the empty seats after
``limits.Limits.bots_after`` seconds (``MatchFacts.bots``). Its seats are taken exactly as a
friend's invite takes one (``hub.claim``: the store's conditional ``Claim``, so two people, even
on two server processes, never get one seat): sitting picks the free seat's invite on the
server, and nobody is shown an invite. The table starts when every seat is taken, as every friend
table does; until then the host may start it with the computer in the empty seats only if
he allowed it and the wait is over (``game_options.start_refusal``).

Quick match seats a person at the best waiting table of the game he chose (the fullest,
then the longest waiting), never with a player either of them asked not to be seated with
again (``account_store.Dislike``), or opens one for him. The list is ``table_list``'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from ..i18n import _
from ..rules import Rules
from . import match
from .account_store import Account
from .accounts import name_key, owner_of
from .hub import Hub, Taken
from .match_facts import MatchFacts
from .storage import SetFacts, StoredGame
from .table_list import listing

PLAYERS = {"two": 2, "three": 3, "four": 4}
"""The games a table may be opened for, by their key (``ratings.game_key``)."""
LEVEL = "medium"
"""The computer's level when it fills an open table's seats (the host allowed it)."""


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
    owner = owner_of(name, holder)
    facts = MatchFacts(open=True, opened=time.time(), bots=bool(bots),
                       owners={} if owner is None else {0: owner})
    return await hub.create(  # (the facts written again: news to the other processes)
        "friend", rules, name, LEVEL, facts=facts,
        also=lambda stored: [SetFacts(stored.id, replace(stored.facts, opened=None),
                                      stored.facts)])


async def sit(hub: Hub, game_id: str, name: str, holder: Account | None) -> tuple[str, int]:
    """Take a free seat of an open table: its link and number. ``LookupError`` for no such
    open table; ``Taken`` when it has no free seat left."""
    stored = await hub.committer.read(hub.committer.storage.load, game_id)
    if stored is None or not stored.facts.open:
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
    tables = sorted(await listing(hub.committer, str(game)), key=lambda t: (t.free, t.opened))
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
