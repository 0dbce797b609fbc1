"""The deal of the day at one server: its seed, its par, starting a player's game, the board.

``daily`` says what a day's match is; this module keeps it in the store. The seed of a day
mixes the date with this database's secret (a ``Setting`` made once), so every process on
the database deals the same cards and nobody can work them out in advance. The par (the
expert's own play of the player's seat) is worked out once a day, off the event loop, while
the day's first player plays, and stored as a finished game of its own (its replay is a page
like any game's), its margin and id in a setting of the day; a player's result is his
margin alone, set beside the par when it is read.

A day's one game belongs to the browser that starts it, not to the name typed: the browser
carries a long-lived random id in an HttpOnly cookie (``BROWSER_COOKIE``, given on its first
start), and the store keeps a hash of it (``player_key``), never the id itself. The same id
lets a browser that has finished its game of a day see that day's deals in replays, records
and reviews: until the day is over nobody else does (``hidden``), the expert's par game
included, since every game of a day is dealt the same cards.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from .. import daily
from ..game import Game
from ..history import Stats
from .builds import Builds
from .committer import Committer
from .limits import Refused, plausible
from .match import finished
from .match_facts import MatchFacts
from .protocol import check_name
from .storage import (
    Action,
    Conflict,
    DailyEntry,
    Finish,
    NewGame,
    Setting,
    StoredGame,
    Write,
)

BOARD = 100
"""Results a day's board shows."""


BROWSER_COOKIE = "euchre_player"
"""The cookie that carries a browser's id (``new_browser``)."""
BROWSER_DAYS = 400
"""Days a browser's id cookie is kept (the longest a browser keeps any cookie)."""


def new_browser() -> str:
    """A new browser id: random, so nobody can take another's day by guessing it."""
    return secrets.token_urlsafe(18)


def player_key(browser: str) -> str:
    """What the store keeps of a browser id: a hash (a copied database gives no cookie)."""
    return hashlib.sha256(f"euchre player {browser}".encode()).hexdigest()


def known_browser(browser: str | None) -> str | None:
    """A cookie's browser id if it could be one this server gave, else None."""
    return browser if browser and len(browser) <= 64 and plausible(browser) else None


class PlayedToday(Refused):
    """A browser that has a game of the day's deals already (one a day): 409."""

    def __init__(self) -> None:
        super().__init__(409, "you have played today's deals already: one game a day in "
                              "each browser (tomorrow brings new ones)")


class Days:
    """The deal of the day of one server process."""

    def __init__(self, committer: Committer, create: Callable[..., Awaitable[StoredGame]],
                 builds: Builds) -> None:
        self.committer = committer
        self.create = create
        self.builds = builds
        self._pars: dict[str, tuple[int, str]] = {}
        self._lock = asyncio.Lock()
        """Held while a day's par is worked out (once per process, and stored)."""
        self._warming: asyncio.Task[tuple[int, str]] | None = None

    async def _setting(self, key: str, make: Callable[[], str]) -> str:
        """A setting of the store, written first (``make()``) if it has none yet; a race
        between processes keeps the first value written."""
        found = await self.committer.read(self.committer.storage.setting, key)
        if found is None:
            await self.committer.submit([Setting(key, make())])
            found = await self.committer.read(self.committer.storage.setting, key)
        assert found is not None
        return found

    async def seed(self, day: str) -> int:
        secret = await self._setting(daily.SECRET, lambda: secrets.token_hex(16))
        return daily.day_seed(day, secret)

    async def par(self, day: str) -> tuple[int, str]:
        """The day's par (the expert's margin in seat 0) and the id of the expert's game."""
        if day in self._pars:
            return self._pars[day]
        async with self._lock:
            if day not in self._pars:
                seed = await self.seed(day)
                stored = await self.committer.read(self.committer.storage.setting,
                                                   f"{daily.PAR}:{day}")
                if stored is None:
                    made = await self._play_par(day, seed)
                    stored = await self._setting(f"{daily.PAR}:{day}", lambda: made)
                points, game_id = stored.split(" ", 1)
                self._pars[day] = (int(points), game_id)
        return self._pars[day]

    async def _play_par(self, day: str, seed: int) -> str:
        """The expert plays the day; its game is stored finished. ``"MARGIN GAME_ID"``."""
        game = await self.builds.run(daily.expert_game, seed, refusable=False)  # (a search
        # of minutes: in the builds' worker process, off the event loop and its lock)
        record = game.record()
        moves = [(p, t) for hand in record["hands"] for p, t in hand["actions"]]
        stored = StoredGame(secrets.token_urlsafe(9), "computer", daily.LEVEL, daily.rules(),
                            seed, (None, None), ("Expert", "Computer"),
                            facts=MatchFacts(day=day))
        margin = daily.margin(game)
        winner = None if margin == 0 else int(margin < 0)
        record["winner"] = winner
        writes: list[Write] = [NewGame(stored)]
        writes += [Action(stored.id, seq, p, t) for seq, (p, t) in enumerate(moves)]
        writes.append(Finish(stored.id, winner, game.score, Stats.of_seats(record)))
        await self.committer.submit(writes)
        return f"{margin} {stored.id}"

    async def start(self, name: str, browser: str) -> StoredGame:
        """A new game of today's deals for the browser ``browser`` (its id), under ``name``,
        against the expert; ``PlayedToday`` if that browser has one today (played to its end
        or not: one a day)."""
        name = check_name(name)
        day, player = daily.today(), player_key(browser)
        storage = self.committer.storage
        if await self.committer.read(storage.daily_game, day, player) is not None:
            raise PlayedToday()
        try:
            stored = await self.create(
                "computer", daily.rules(), name, daily.LEVEL, seed=await self.seed(day),
                seeded=False, facts=MatchFacts(day=day),
                also=lambda game: [DailyEntry(day, player, game.names[0], game.id)])
        except Conflict:  # the same browser, twice at once
            raise PlayedToday() from None
        self._warm(day)
        return stored

    async def hidden(self, stored: StoredGame, browser: str | None,
                     peek: Callable[[str], Awaitable[tuple[StoredGame, Game] | None]]
                     ) -> bool:
        """Whether a game's cards are kept from the browser ``browser`` (its id, or None):
        a game of a day's deals (a player's or the expert's) while that day lasts, unless
        that browser's own game of the day is over (played out or given up). ``peek`` finds
        a game as it is now (``Hub.peek``)."""
        day = stored.facts.day
        return day is not None and await self.day_hidden(day, browser, peek)

    async def day_hidden(self, day: str, browser: str | None,
                         peek: Callable[[str], Awaitable[tuple[StoredGame, Game] | None]]
                         ) -> bool:
        """Whether the deals of ``day`` are kept from the browser ``browser`` (``hidden``)."""
        if day < daily.today():
            return False
        browser = known_browser(browser)
        if browser is None:
            return True
        own = await self.committer.read(self.committer.storage.daily_game, day,
                                        player_key(browser))
        found = None if own is None else await peek(own)
        return found is None or not finished(*found)

    async def board(self, day: str) -> list[dict[str, Any]]:
        """A day's results, best first, each beside the day's par."""
        rows = await self.committer.read(self.committer.storage.daily_board, day, BOARD)
        par = (await self.par(day))[0] if rows else 0
        return [{"name": name, "game": game, "points": points, "par": par,
                 "difference": points - par} for name, game, points in rows]

    def _warm(self, day: str) -> None:
        """Begin working out the day's par, if it is not known or under way, while the
        first player of the day plays: he starts at once and finds it ready at the end (a
        server nobody plays the day on never spends the search)."""
        if day in self._pars or (self._warming is not None and not self._warming.done()):
            return
        self._warming = asyncio.get_running_loop().create_task(self.par(day))

    def close(self) -> None:
        if self._warming is not None:
            self._warming.cancel()
