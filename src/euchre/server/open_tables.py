"""Open tables and quick match: friend tables anyone may sit at, found through the lobby.

An open table is a friend table (``hub.create``) marked ``MatchFacts.open``, with the
time it opened and whether its host lets the computer fill the empty seats after
``limits.Limits.bots_after`` seconds (``MatchFacts.bots``). Its seats are taken exactly as a
friend's invite takes one (``hub.claim``: the store's conditional ``Claim``, so two people, even
on two server processes, never get one seat): sitting picks the free seat's invite on the
server, and nobody is shown an invite. The table starts when every seat is taken, as every friend
table does; until then the host may start it with the computer in the empty seats only if
he allowed it and the wait is over (``game_options.start_refusal``).

A table is of any game rated (``ratings.rated_games``), at any of its table sizes, with one
of the game's rules presets (``presets``, the lobby's list) and the points its host chose.
Quick match seats a person at the best waiting table of the game he chose, and of the
seats, preset and points if he chose them (the fullest, then the longest waiting), never
with a player either of them asked not to be seated with again (``account_store.Dislike``),
or opens one for him. The list is ``table_list``'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..i18n import _
from ..rules import GAME_SPECS, MAX_TARGET, Rules
from . import match
from .account_store import Account
from .accounts import name_key, owner_of
from .hub import Hub, Taken
from .match_facts import MatchFacts
from .presets import STANDARD, preset_of, preset_rules
from .ratings import EUCHRE_KEYS, rated_games
from .storage import SetFacts, StoredGame
from .table_list import OpenTable, listing

LEVEL = "medium"
"""The computer's level when it fills an open table's seats (the host allowed it)."""


def games() -> tuple[str, ...]:
    """The games a table may be opened for, by their key: the games rated
    (``ratings.game_key``: ``two``, ``three``, ``four``, ``railroad``, ...)."""
    return rated_games()


def check_game(game: object) -> str:
    """A game a table may be opened for, or ``ValueError`` in one line."""
    if game not in games():
        raise ValueError(_("game must be one of {players}, not {game}",
                           players=", ".join(games()), game=f"{str(game)[:20]!r}"))
    return str(game)


def _seats_of(game: str) -> tuple[int, ...]:
    """The table sizes of a game, its usual first."""
    euchre = [players for players, key in EUCHRE_KEYS.items() if key == game]
    return tuple(euchre) if euchre else GAME_SPECS[game].players


def _rules_game(game: str) -> str:
    """The game of ``Rules`` (and of the presets) a game key is played by."""
    return "euchre" if game in EUCHRE_KEYS.values() else game


@dataclass(frozen=True)
class Wanted:
    """The table a person asks for: its game and, when he chose them, its seats, rules
    preset and points; what he left out, any table has (and a table he opens, the game's
    usual seats, its standard preset and that preset's points)."""

    game: str
    players: int | None = None
    preset: str | None = None
    target: int | None = None

    def rules(self) -> Rules:
        """The rules of a table opened for it."""
        return preset_rules(_rules_game(self.game), self.players or _seats_of(self.game)[0],
                            self.preset or STANDARD, self.target)

    def fits(self, table: OpenTable) -> bool:
        """Whether a waiting table is one he asked for."""
        return (table.game == self.game
                and self.players in (None, len(table.names))
                and self.preset in (None, table.preset)
                and self.target in (None, table.rules.target))


def wanted(data: Mapping[str, Any]) -> Wanted:
    """A ``Wanted`` from a request's ``game``, ``players``, ``preset`` and ``target``;
    ``ValueError`` in one line naming what was wrong."""
    game = check_game(data.get("game"))
    players, preset, target = data.get("players"), data.get("preset"), data.get("target")
    if players is not None and (type(players) is not int or players not in _seats_of(game)):
        raise ValueError(_("players at {game} must be {counts}, not {players}", game=game,
                           counts=", ".join(map(str, sorted(_seats_of(game)))),
                           players=repr(players)[:20]))
    if preset is not None:
        preset = preset_of(_rules_game(game), preset).key
    if target is not None and (type(target) is not int or not 1 <= target <= MAX_TARGET):
        raise ValueError(_('"target" must be a whole number of points from 1 to {most}, not '
                           '{target}', most=MAX_TARGET, target=repr(target)[:20]))
    made = Wanted(game, players, preset, target)
    made.rules()  # (the choices together make rules: else ValueError)
    return made


async def open_new(hub: Hub, want: Wanted, name: str, bots: bool,
                   holder: Account | None) -> StoredGame:
    """Open a table ``want`` asks for with its host in the first seat."""
    owner = owner_of(name, holder)
    facts = MatchFacts(open=True, opened=time.time(), bots=bool(bots),
                       preset=want.preset or STANDARD,
                       owners={} if owner is None else {0: owner})
    return await hub.create(  # (the facts written again: news to the other processes)
        "friend", want.rules(), name, LEVEL, facts=facts,
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


async def quick(hub: Hub, want: Wanted, name: str, bots: bool, holder: Account | None,
                before_opening: Callable[[], None] = lambda: None) -> tuple[str, str, int]:
    """Seat a person at the best waiting table ``want`` asks for (the fullest, then the
    longest waiting) where he is not seated already, nor anyone he will not be seated with (or who
    will not be seated with him: ``Dislike``), or open one (``before_opening`` first: the
    meter of new games, which may refuse): (game id, link, seat)."""
    me = name_key(name)
    avoid = {me, *await hub.committer.read(hub.committer.storage.avoided, me)}
    tables = sorted(await listing(hub.committer, want.game), key=lambda t: (t.free, t.opened))
    for table in filter(want.fits, tables):
        if any(other is not None and name_key(other) in avoid for other in table.names):
            continue
        try:
            link, seat = await sit(hub, table.id, name, holder)
        except (Taken, LookupError):
            continue
        return table.id, link, seat
    before_opening()
    stored = await open_new(hub, want, name, bots, holder)
    return stored.id, stored.link(0), 0
