"""Ratings: one per account and game, worked out with ``openskill`` (Weng-Lin, Plackett-Luce).

A finished game is rated when people held every seat from its start (a friend table no
computer sat at, not a seeded deal, not a deal of the day) and at least one seat was an
account's (``MatchFacts.owners``). Partnerships are rated as teams, every other game
(cutthroat, Napoleon, two-handed) as each player for himself, placed by his points. A seat
whose player left and was played by the computer after the table's wait (``LEFT``)
counts as his loss: his side is placed last. A guest's seat plays at a new player's rating
and keeps nothing.

The rating shown is one number, the conservative estimate ``mu - 3 sigma`` (openskill's
``ordinal``), rounded, on a scale where a new player has mu 1500 and sigma 500 (openskill's
defaults times 60); under ``PROVISIONAL`` games it is marked provisional.

The ratings (``ratings``) and each game's step (``rating_history``) are worked out when a
game finishes, in its transaction (both stores run this SQL, ``dialect.Db``), and are
nothing but a function of the stored games: ``rebuild`` drops them and plays every rated
game again in the order they finished (the seats index's time), to the same floating-point
numbers. In PostgreSQL a rated finish takes an advisory lock, so
two processes rate one after the other.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from ..rules import GAME_SPECS, Rules
from .dialect import Db
from .match_facts import OWNED_MARK, MatchFacts, read_stored

MODEL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)
"""openskill's Plackett-Luce model at 60 times its default scale."""
PROVISIONAL = 10
"""Games before a rating stops being provisional."""
ACTIVE_DAYS = 14
"""A top list shows the players who finished a rated game in as many days."""
_RATING_LOCK = 0x6575636873  # PostgreSQL's advisory lock around a rated finish

SQL_TABLES = (  # (schema steps: ``Dialect.ddl`` templates, in ``schema.STEPS``)
    "CREATE TABLE IF NOT EXISTS ratings (account TEXT NOT NULL REFERENCES accounts(key), "
    "game TEXT NOT NULL, mu {real} NOT NULL, sigma {real} NOT NULL, games INTEGER NOT NULL, "
    "last {real} NOT NULL, PRIMARY KEY (game, account)){without_rowid}",
    "CREATE TABLE IF NOT EXISTS rating_history (account TEXT NOT NULL, game TEXT NOT NULL, "
    "game_id TEXT NOT NULL REFERENCES games(id), at {real} NOT NULL, mu {real} NOT NULL, "
    "sigma {real} NOT NULL, PRIMARY KEY (account, game, at, game_id)){without_rowid}",
)


EUCHRE_KEYS = {2: "two", 3: "three", 4: "four"}
"""Euchre's ratings, by its players: one per table size."""


def rated_games() -> tuple[str, ...]:
    """Every game a rating may be of (``game_key``): Euchre's three, then each game of the
    family (one Napoleon rating for three, four or five players: free-for-all either way)."""
    return (*EUCHRE_KEYS.values(), *GAME_SPECS)


def game_key(rules: Rules) -> str:
    """The game a rating is of: ``two``, ``three``, ``four`` (Euchre by its players), else
    the game's name (``napoleon``, ``railroad``, ...).

    >>> game_key(Rules()), game_key(Rules(players=4)), game_key(Rules(game="napoleon"))
    ('two', 'four', 'napoleon')
    """
    if rules.game == "euchre":
        return EUCHRE_KEYS[rules.players]
    return rules.game


def shown(mu: float, sigma: float) -> int:
    """The one number a rating is shown as (``mu - 3 sigma``, rounded)."""
    return round(mu - 3 * sigma)


@dataclass(frozen=True)
class RatedGame:
    """What rating a finished game needs of it."""

    id: str
    rules: Rules
    mode: str
    seeded: bool
    facts: MatchFacts
    score: tuple[int, ...]
    winner: int | None

    def owners(self) -> dict[int, str]:
        """The seats played by accounts (their keys), when the game is rated; else empty."""
        players = self.rules.players
        if self.mode != "friend" or self.seeded or self.facts.computers is not None \
                or self.facts.day is not None:
            return {}
        return {seat: key for seat, key in self.facts.owners.items() if seat < players}

    def sides(self) -> list[list[int]]:
        """The seats of each side, in the order of ``score``."""
        players = self.rules.players
        if len(self.score) == players:
            return [[seat] for seat in range(players)]
        return [[seat for seat in range(players) if seat % len(self.score) == side]
                for side in range(len(self.score))]

    def places(self) -> list[int]:
        """Each side's place (1 is best): by points, the winner first, and a side whose
        player left last of all."""
        sides = self.sides()
        left = {side for side, seats in enumerate(sides)
                if any(seat in self.facts.left for seat in seats)}
        order = sorted(range(len(sides)), key=lambda side: (
            side in left, side != self.winner, -self.score[side]))
        places = [0] * len(sides)
        for place, side in enumerate(order, 1):
            previous = order[place - 2] if place > 1 else None
            if previous is not None and (previous in left, previous != self.winner,
                                         -self.score[previous]) == (
                    side in left, side != self.winner, -self.score[side]):
                places[side] = places[previous]  # tied with the side before
            else:
                places[side] = place
        return places


def rated_game(row: tuple) -> RatedGame:
    """A ``RatedGame`` from ``id, rules, mode, seeded, options, score, winner`` columns."""
    game_id, rules, mode, seeded, options, score, winner = row
    return RatedGame(game_id, Rules.from_dict(json.loads(rules)), mode, bool(seeded),
                     read_stored(json.loads(options)), tuple(json.loads(score)), winner)


def add_game(db: Db, game: RatedGame, at: float) -> None:
    """Rate a finished game (inside its finishing transaction): each account's rating in
    the game read, moved by openskill and written back, with a step of its history."""
    owners = game.owners()
    if not owners:
        return
    db.take_turns(_RATING_LOCK)
    key = game_key(game.rules)
    before: dict[str, tuple[float, float, int]] = {}
    for account in sorted(set(owners.values())):
        row = db.one("SELECT mu, sigma, games FROM ratings WHERE game = ? AND account = ?",
                     (key, account))
        before[account] = (MODEL.mu, MODEL.sigma, 0) if row is None else tuple(row)
    teams = [[MODEL.rating(mu=before[owners[seat]][0], sigma=before[owners[seat]][1])
              if seat in owners else MODEL.rating() for seat in seats]
             for seats in game.sides()]
    after = MODEL.rate(teams, ranks=[float(place) for place in game.places()])
    for side, seats in enumerate(game.sides()):
        for rating, seat in zip(after[side], seats, strict=True):
            if seat not in owners:
                continue
            account = owners[seat]
            games = before[account][2] + 1
            db.execute(
                "INSERT INTO ratings (account, game, mu, sigma, games, last) VALUES (?, ?, ?, "
                "?, ?, ?) ON CONFLICT (game, account) DO UPDATE SET mu = excluded.mu, sigma = "
                "excluded.sigma, games = excluded.games, last = excluded.last",
                (account, key, rating.mu, rating.sigma, games, at))
            db.execute(
                "INSERT INTO rating_history (account, game, game_id, at, mu, sigma) VALUES "
                "(?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (account, key, game.id, at, rating.mu, rating.sigma))


@dataclass(frozen=True)
class SeatTimes:
    """When each seat of copied games finished where they were played, as the index of
    seats there holds it (``euchre db copy``): the ratings are rebuilt in that order, so a
    copy rates exactly as the original did, whatever was set on a game after its end."""

    rows: tuple[tuple[str, int, float], ...]
    """(game id, seat, time)."""


def _seat_times(db: Db, item: SeatTimes, now: float) -> None:
    db.execute_many("UPDATE seats SET updated = ? WHERE game_id = ? AND seat = ?",
                    [(at, game_id, seat) for game_id, seat, at in item.rows])


WRITERS: dict[type, Callable[[Db, Any, float], None]] = {SeatTimes: _seat_times}
"""Each write of this module, taking the ``Db``, the write and the time."""


RATED_COLUMNS = "g.id, g.rules, g.mode, g.seeded, g.options, g.score, g.winner"


def rate_finished(db: Db, game_id: str, at: float) -> None:
    """Rate a game that has just finished at ``at`` (its seats indexed at that time)."""
    row = db.one(f"SELECT {RATED_COLUMNS} FROM games g WHERE g.id = ?", (game_id,))
    add_game(db, rated_game(row), at)


def rebuild(db: Db) -> int:
    """Every rating worked out again from the stored games, in the order they finished
    (inside the caller's transaction): the games rated."""
    db.execute("DELETE FROM rating_history")
    db.execute("DELETE FROM ratings")
    rows = db.execute(
        f"SELECT {RATED_COLUMNS}, s.updated FROM games g JOIN seats s ON s.game_id = g.id AND "
        "s.seat = 0 WHERE g.finished = 1 AND g.mode = 'friend' AND g.options LIKE ? "
        "ORDER BY s.updated, g.id", (OWNED_MARK,)).fetchall()
    rated = 0
    for row in rows:
        game = rated_game(row[:-1])
        if game.owners():
            add_game(db, game, row[-1])
            rated += 1
    return rated


@dataclass(frozen=True)
class Standing:
    """One account's rating in one game, as a top list or a player's page shows it."""

    name: str
    rating: int
    games: int
    last: float

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "rating": self.rating, "games": self.games,
                "provisional": self.provisional}


class RatingReads:
    """The reads of ratings, mixed into ``queries.Reads`` (its ``_db``)."""

    def _db(self) -> Db:
        raise NotImplementedError

    def leaderboard(self, game: str, since: float, limit: int) -> list[Standing]:
        """A game's top list: the accounts that finished a rated game after ``since``, best
        first."""
        rows = self._db().execute(
            "SELECT a.name, r.mu, r.sigma, r.games, r.last FROM ratings r JOIN accounts a ON "
            "a.key = r.account WHERE r.game = ? AND r.last > ? ORDER BY r.mu - 3 * r.sigma "
            "DESC, a.name LIMIT ?", (game, since, limit)).fetchall()
        return [Standing(name, shown(mu, sigma), games, last)
                for name, mu, sigma, games, last in rows]

    def seat_times(self, game_ids: set[str]) -> SeatTimes:
        """The index's time of each seat of ``game_ids`` (``SeatTimes``)."""
        return SeatTimes(tuple(
            (game_id, seat, at) for game_id, seat, at in self._db().execute(
                "SELECT game_id, seat, updated FROM seats ORDER BY game_id, seat")
            if game_id in game_ids))

    def rated_kinds(self) -> list[str]:
        """The games someone is rated in."""
        return [game for (game,) in self._db().execute(
            "SELECT DISTINCT game FROM ratings ORDER BY game")]

    def ratings_of(self, account: str) -> dict[str, list[tuple[float, int]]]:
        """An account's rating over time in each game it is rated in: (time, rating) after
        each rated game, oldest first."""
        out: dict[str, list[tuple[float, int]]] = {}
        for game, at, mu, sigma in self._db().execute(
                "SELECT game, at, mu, sigma FROM rating_history WHERE account = ? ORDER BY "
                "game, at, game_id", (account,)):
            out.setdefault(game, []).append((at, shown(mu, sigma)))
        return out
