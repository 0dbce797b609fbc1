"""Each player's statistics, kept as running totals, and the index of the games he played.

A player's page must cost the same with ten games or ten thousand: adding up every game's
statistics on each visit grew with the games and held the database thread (and, with it,
every move's acknowledgement). So when a game finishes, each seat's statistics
(``history.Stats.of_seats``, stored with the finish) are added to that name's row of
``player_totals`` and the seat is indexed in ``seats`` (name, finishing time) in the same
transaction; the page reads one row and one page of the index. Names are final once a game
is over, so a total never needs taking apart. Both stores run this code (``dialect.Db``).

Beside the ``Stats`` counts a total holds ``with_undo`` (games in which undo was used) and
``abandoned`` (games left unfinished against the computer and closed as lost). Each count is
kept twice: over every game (``matches``), and for the game it was played in, by its number
of players (``4:matches``), so the player's page gives the two-handed, four-handed and
cutthroat records apart.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..game import Game
from ..history import Stats
from .dialect import Db
from .match_facts import MatchFacts, read_stored

EXTRA = ("with_undo", "abandoned")
"""Counts of a total beyond ``Stats.counts()``."""


def seat_counts(summary: dict[str, int], facts: MatchFacts, players: int
                ) -> dict[str, int]:
    """What one seat of a finished game of ``players`` adds to its player's total: each
    count over every game, and again under the game's own key (``MatchFacts.game``: a
    finish knows a game's facts, not its rules)."""
    counts = {**summary, "with_undo": int(facts.undo_used), "abandoned": int(facts.abandoned)}
    game = facts.game or players
    return {**counts, **{f"{game}:{key}": value for key, value in counts.items()}}


def add_game(db: Db, game_id: str, names: list[str],
             facts: MatchFacts, summary: dict[str, dict[str, int]],
             updated: float) -> None:
    """Index a finished game's seats and add them to their players' totals (inside the
    caller's transaction). The total's row is created empty, then read under a row lock
    and rewritten, so two processes finishing games of one player never lose a game."""
    for seat, name in enumerate(names):
        db.execute("INSERT INTO seats (name, game_id, seat, updated) VALUES (?, ?, ?, ?) ON "
                   "CONFLICT (game_id, seat) DO NOTHING", (name, game_id, seat, updated))
        db.execute("INSERT INTO player_totals (name, counts) VALUES (?, '{}') ON CONFLICT "
                   "(name) DO NOTHING", (name,))
        (held,) = db.one(f"SELECT counts FROM player_totals WHERE name = ?{db.for_update}",
                         (name,))
        total = json.loads(held)
        for key, value in seat_counts(summary[str(seat)], facts, len(names)).items():
            total[key] = total.get(key, 0) + int(value)
        db.execute("UPDATE player_totals SET counts = ? WHERE name = ?",
                   (json.dumps(total), name))


def backfill(db: Db) -> None:
    """Index and total every game finished before totals were kept (a schema migration):
    each seat's stored statistics, or, for a game older than those (or than some of their
    counts), the game replayed."""
    from ..rules import Rules

    rows = db.execute(
        "SELECT id, rules, seed, names, winner, options, summary, updated FROM games "
        "WHERE finished = 1 ORDER BY updated").fetchall()
    for game_id, rules, seed, names, winner, options, summary, updated in rows:
        seats = json.loads(summary) if summary else None
        if seats is None or "points_scored" not in seats["0"]:
            # (finished before points and lone hands were counted: the game replayed)
            actions = [token for (token,) in db.execute(
                "SELECT token FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
            seats = summary_of(Rules.from_dict(json.loads(rules)), int(seed), actions, winner)
        add_game(db, game_id, json.loads(names), read_stored(json.loads(options)), seats,
                 updated)


def rebuild(db: Db) -> None:
    """Every total counted again from the games (a schema migration: the totals gained
    counts, and each count a copy by game)."""
    db.execute("DELETE FROM player_totals")
    backfill(db)


def add_whole(db: Db, game: Any) -> None:
    """A finished ``StoredGame`` copied in whole (``euchre db copy``): indexed and totalled
    as if it had finished here."""
    if game.finished:
        seats = game.summary if game.summary and "points_scored" in game.summary["0"] \
            else summary_of(game.rules, game.seed, game.actions, game.winner)
        add_game(db, game.id, list(game.names), game.facts, seats,
                 game.updated)


def read_total(counts: dict[str, int] | None, players: int | str | None = None
               ) -> tuple[Stats, dict[str, int]]:
    """A stored total as ``Stats`` and its extra counts (zero for a name with no games):
    over every game, or over the games of ``players`` only (Euchre's; or a game's name)."""
    stats, extra = Stats(), {key: 0 for key in EXTRA}
    wanted = str(players) if players else ""  # ("" for a count over every game)
    for key, value in (counts or {}).items():
        game, _, name = key.rpartition(":")
        if game != wanted:
            continue
        if name in extra:
            extra[name] = int(value)
        else:
            stats.merge({name: value})
    return stats, extra


def by_game(counts: dict[str, int] | None
            ) -> dict[int | str, tuple[Stats, dict[str, int]]]:
    """A stored total read for each game the player has finished: Euchre's by number of
    players (two-handed first), then the other games by name."""
    keys = {key.partition(":")[0] for key in counts or {} if ":" in key}
    games = sorted((int(k) if k.isdigit() else k for k in keys),
                   key=lambda game: (isinstance(game, str), str(game)))
    return {game: read_total(counts, game) for game in games}


def summary_of(rules: Any, seed: int, actions: Iterable[str], winner: int | None
               ) -> dict[str, dict[str, int]]:
    """The seat statistics of a game finished before they were stored with its finish: the
    game replayed, its winner the stored one (a resignation's included)."""
    game = Game(rules, seed=seed)
    for token in actions:
        game.apply(token)
    record = game.record()
    record["winner"] = winner
    return Stats.of_seats(record)
