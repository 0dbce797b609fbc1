"""Every read and write of the store, written once for SQLite and PostgreSQL.

The SQL here is what both databases accept, with ``?`` marks (``dialect.Db`` puts each
database's own); a store (``storage.SQLiteStorage``, ``postgres.PostgresStorage``) only
connects, runs a batch in a transaction and migrates. A write that reads a row before
rewriting it (a rename, an option, an invite claimed) reads it ``FOR UPDATE`` where the
database needs that (``Dialect.for_update``), so two processes never both rewrite it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import Any

from ..game import Game
from ..rules import Rules
from . import account_store, ratings, stored, totals
from .account_store import AccountReads
from .dialect import Db, Dialect
from .match_facts import (
    OPEN_MARK,
    MatchFacts,
    merge_stored,
    read_stored,
    stored_form,
    with_seat,
)
from .stored import Conflict, StoredGame

COLUMNS = "id, mode, level, rules, seed, tokens, names, finished, winner, score, created, updated"
"""The columns of every schema version (``euchre stats`` reads files it may not migrate)."""
ALL = COLUMNS + ", seeded, options, summary"
"""The columns of the current schema, which a store has migrated its database to."""
_ALL_G = ", ".join(f"g.{column.strip()}" for column in ALL.split(","))
"""``ALL`` of the games table named ``g`` in a join."""


def row_of(game: StoredGame) -> tuple:
    """A ``StoredGame`` in the column order of ``ALL`` (for copying whole games)."""
    return (game.id, game.mode, game.level, json.dumps(game.rules.to_dict()), str(game.seed),
            json.dumps(list(game.tokens)), json.dumps(list(game.names)), int(game.finished),
            game.winner, json.dumps(list(game.score)), game.created, game.updated,
            int(game.seeded), json.dumps(stored_form(game.facts)),
            None if game.summary is None else json.dumps(game.summary))


def game_of(row: tuple) -> StoredGame:
    """A ``StoredGame`` (without its actions) from the columns of ``ALL``, or of
    ``COLUMNS`` for a file from before the last three. ``ValueError`` in one line naming
    the game for stored facts it cannot read (``match_facts.read_stored``)."""
    (game_id, mode, level, rules, seed, tokens, names, finished, winner, score, created,
     updated) = row[:12]
    seeded = row[12] if len(row) > 12 else 0
    try:
        facts = read_stored(json.loads(row[13]) if len(row) > 13 and row[13] else None)
    except ValueError as err:
        raise ValueError(f"game {game_id}: {err}") from None
    summary = json.loads(row[14]) if len(row) > 14 and row[14] else None
    return StoredGame(game_id, mode, level, Rules.from_dict(json.loads(rules)), int(seed),
                      tuple(json.loads(tokens)), tuple(json.loads(names)), [],
                      bool(finished), winner, tuple(json.loads(score)), created, updated,
                      bool(seeded), facts, summary)


def players_of(game: StoredGame) -> list[tuple[int, str]]:
    """Who made each stored action, and the action (the replay knows whose turn it was)."""
    replay = Game(game.rules, seed=game.seed)
    out = []
    for token in game.actions:
        out.append((replay.to_move, token))
        replay.apply(token)
    return out


def actions_of(db: Db, game_id: str) -> list[str]:
    """A game's accepted actions in order."""
    return [token for (token,) in db.execute(
        "SELECT token FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]


def put_whole(db: Db, game: StoredGame) -> None:
    """A game as it stands elsewhere (its times, result and actions), inside the caller's
    transaction; a game already here is refused by its key."""
    db.execute(f"INSERT INTO games ({ALL}) VALUES ({', '.join('?' * 15)})", row_of(game))
    db.execute_many("INSERT INTO actions (game_id, seq, player, token) VALUES (?, ?, ?, ?)",
                    [(game.id, seq, player, token)
                     for seq, (player, token) in enumerate(players_of(game))])
    totals.add_whole(db, game)


# --- the writes -------------------------------------------------------------------------

def _new_game(db: Db, item: stored.NewGame, now: float) -> None:
    g = item.game
    db.execute("INSERT INTO games (id, created, updated, mode, level, rules, seed, tokens, "
               "names, seeded, options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (g.id, now, now, g.mode, g.level, json.dumps(g.rules.to_dict()), str(g.seed),
                json.dumps(list(g.tokens)), json.dumps(list(g.names)), int(g.seeded),
                json.dumps(stored_form(g.facts))))


def _touch(db: Db, game_id: str, now: float) -> None:
    db.execute("UPDATE games SET updated = ? WHERE id = ?", (now, game_id))


def _action(db: Db, item: stored.Action, now: float) -> None:
    db.execute("INSERT INTO actions (game_id, seq, player, token) VALUES (?, ?, ?, ?)",
               (item.game_id, item.seq, item.player, item.token))
    _touch(db, item.game_id, now)


def _finish(db: Db, item: stored.Finish, now: float) -> None:
    done = db.execute(
        "UPDATE games SET finished = 1, winner = ?, score = ?, updated = ?, summary = ? "
        "WHERE id = ? AND finished = 0 RETURNING names, options",
        (item.winner, json.dumps(list(item.score)), now,
         None if item.summary is None else json.dumps(item.summary), item.game_id)).fetchall()
    if done and item.summary is not None:  # a game finishes once
        (names, options), = done
        totals.add_game(db, item.game_id, json.loads(names),
                        read_stored(json.loads(options)), item.summary, now)
        ratings.rate_finished(db, item.game_id, now)


def _held(db: Db, game_id: str) -> tuple[list, list, dict] | None:
    """A game's seat tokens, names and stored facts (``match_facts.stored_form``), held until
    the transaction ends (None: no such game)."""
    row = db.one(f"SELECT tokens, names, options FROM games WHERE id = ?{db.for_update}",
                 (game_id,))
    return None if row is None else (json.loads(row[0]), json.loads(row[1]),
                                     json.loads(row[2]))


def _rewrite(db: Db, game_id: str, now: float, tokens: list, names: list,
             options: dict) -> None:
    db.execute("UPDATE games SET tokens = ?, names = ?, options = ?, updated = ? WHERE id = ?",
               (json.dumps(tokens), json.dumps(names), json.dumps(options), now, game_id))


def _rename(db: Db, item: stored.Rename, now: float) -> None:
    if (held := _held(db, item.game_id)) is not None:
        tokens, names, options = held
        names[item.seat] = item.name
        _rewrite(db, item.game_id, now, tokens, names, options)


def _set_facts(db: Db, item: stored.SetFacts, now: float) -> None:
    if (held := _held(db, item.game_id)) is not None:
        tokens, names, options = held
        _rewrite(db, item.game_id, now, tokens, names,
                 merge_stored(options, item.before, item.after))


def _claim(db: Db, item: stored.Claim, now: float) -> None:
    held = _held(db, item.game_id)
    facts = MatchFacts() if held is None else read_stored(held[2])
    if held is None or facts.invites.get(item.seat) != item.invite:
        raise Conflict(f"game {item.game_id}: the invite was used already")
    tokens, names, options = held
    claimed = replace(facts, invites=with_seat(facts.invites, item.seat, None))
    tokens[item.seat], names[item.seat] = item.token, item.name
    _rewrite(db, item.game_id, now, tokens, names, merge_stored(options, facts, claimed))


def _take_back(db: Db, item: stored.TakeBack, now: float) -> None:
    db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (item.game_id, item.seq))
    _touch(db, item.game_id, now)


def _save_review(db: Db, item: stored.SaveReview, now: float) -> None:
    db.execute("INSERT INTO reviews (game_id, seat, created, review) VALUES (?, ?, ?, ?) "
               "ON CONFLICT (game_id, seat) DO NOTHING",
               (item.game_id, item.seat, now, json.dumps(item.review)))


def _daily_entry(db: Db, item: stored.DailyEntry, now: float) -> None:
    db.execute("INSERT INTO daily (day, player, name, game_id) VALUES (?, ?, ?, ?)",
               (item.day, item.player, item.name, item.game_id))


def _daily_result(db: Db, item: stored.DailyResult, now: float) -> None:
    db.execute("UPDATE daily SET points = ? WHERE game_id = ?", (item.points, item.game_id))


def _setting(db: Db, item: stored.Setting, now: float) -> None:
    db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
               (item.key, item.value))


WRITERS: dict[type, Callable[[Db, Any, float], None]] = {
    stored.NewGame: _new_game, stored.Action: _action, stored.Finish: _finish,
    stored.Rename: _rename, stored.SetFacts: _set_facts, stored.TakeBack: _take_back,
    stored.Claim: _claim, stored.SaveReview: _save_review, stored.DailyEntry: _daily_entry,
    stored.DailyResult: _daily_result, stored.Setting: _setting,
    **account_store.WRITERS, **ratings.WRITERS}
"""The writer of each kind of write: the ``Db``, the write and the time."""


# --- the reads --------------------------------------------------------------------------

class Reads(AccountReads, ratings.RatingReads):
    """The reads of a store (``Storage``'s and the accounts' and ratings'), on the
    connection ``_connection`` gives the calling thread."""

    dialect: Dialect

    def _connection(self) -> Any:
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        """``text`` in this store's parameter marks."""
        return self.dialect.sql(text)

    def _db(self) -> Db:
        return Db(self._connection(), self.dialect)

    def load(self, game_id: str) -> StoredGame | None:
        db = self._db()
        row = db.one(f"SELECT {ALL} FROM games WHERE id = ?", (game_id,))
        if row is None:
            return None
        game = game_of(row)
        game.actions = actions_of(db, game_id)
        return game

    def unfinished(self) -> list[str]:
        return [i for (i,) in self._db().execute(
            "SELECT id FROM games WHERE finished = 0 ORDER BY created")]

    def player_total(self, name: str) -> dict[str, int] | None:
        row = self._db().one("SELECT counts FROM player_totals WHERE name = ?", (name,))
        return None if row is None else json.loads(row[0])

    def games_of(self, name: str, limit: int, before: float | None = None) -> list[StoredGame]:
        after = "" if before is None else " AND s.updated < ?"
        rows = self._db().execute(
            f"SELECT DISTINCT {_ALL_G}, s.updated FROM seats s JOIN games g ON g.id = "
            f"s.game_id WHERE s.name = ?{after} ORDER BY s.updated DESC LIMIT ?",
            (name, limit) if before is None else (name, before, limit)).fetchall()
        return [game_of(row[:-1]) for row in rows]

    def recent(self, limit: int) -> list[StoredGame]:
        rows = self._db().execute(f"SELECT {ALL} FROM games WHERE finished = 1 ORDER BY "
                                  "updated DESC LIMIT ?", (limit,)).fetchall()
        return [game_of(row) for row in rows]

    def open_games(self, since: float, limit: int) -> list[StoredGame]:
        rows = self._db().execute(
            f"SELECT {ALL} FROM games WHERE finished = 0 AND updated > ? AND mode = 'friend' "
            "AND options LIKE ? ORDER BY created LIMIT ?", (since, OPEN_MARK, limit)).fetchall()
        return [game_of(row) for row in rows]

    def stale(self, before: float, limit: int) -> list[str]:
        return [i for (i,) in self._db().execute(
            "SELECT id FROM games WHERE finished = 0 AND updated < ? AND mode = 'computer' "
            "AND EXISTS (SELECT 1 FROM actions WHERE actions.game_id = games.id AND "
            "actions.player = 0) ORDER BY updated LIMIT ?", (before, limit))]

    def setting(self, key: str) -> str | None:
        row = self._db().one("SELECT value FROM settings WHERE key = ?", (key,))
        return None if row is None else row[0]

    def daily_board(self, day: str, limit: int) -> list[tuple[str, str, int]]:
        return [(name, game_id, points) for name, game_id, points in self._db().execute(
            "SELECT name, game_id, points FROM daily WHERE day = ? AND points IS NOT NULL "
            "ORDER BY points DESC, name LIMIT ?", (day, limit))]

    def daily_game(self, day: str, player: str) -> str | None:
        row = self._db().one("SELECT game_id FROM daily WHERE day = ? AND player = ?",
                             (day, player))
        return None if row is None else row[0]

    def load_review(self, game_id: str, seat: int) -> dict | None:
        row = self._db().one("SELECT review FROM reviews WHERE game_id = ? AND seat = ?",
                             (game_id, seat))
        return None if row is None else json.loads(row[0])

    def all_ids(self) -> list[str]:
        """Every game's id, oldest first (for ``euchre db copy``)."""
        return [i for (i,) in self._db().execute("SELECT id FROM games ORDER BY created")]


class Store(Reads):
    """What both stores do alike: a connection per thread (neither driver's connection is
    shared between threads), closed together; and the writes beside the batches."""

    def __init__(self) -> None:
        self._local = threading.local()
        self._all: list[Any] = []
        self._guard = threading.Lock()

    def _connect(self) -> Any:
        """A new connection of this store's driver."""
        raise NotImplementedError

    def _transaction(self) -> AbstractContextManager[Db]:
        """One transaction on this thread's connection: committed when the block ends,
        rolled back if it raises."""
        raise NotImplementedError

    def _connection(self) -> Any:
        connection = getattr(self._local, "connection", None)
        if connection is None or getattr(connection, "closed", False):
            connection = self._local.connection = self._connect()
            with self._guard:
                self._all.append(connection)
        return connection

    def put_whole(self, game: StoredGame) -> None:
        """A game as it stands elsewhere (its times, result and actions), in one transaction;
        a game already here is refused."""
        with self._transaction() as db:
            put_whole(db, game)

    def rebuild_ratings(self) -> int:
        """Drop every rating and work them out again from the stored games (``ratings``),
        in one transaction: the number of games rated."""
        with self._transaction() as db:
            return ratings.rebuild(db)

    def close(self) -> None:
        with self._guard:
            for connection in self._all:
                connection.close()
            self._all.clear()
        self._local = threading.local()
