"""Where the server keeps its games: one small interface, and SQLite behind it.

A game is stored as its setup (rules, seed, mode, seat tokens and names) and the list of its
accepted actions; the live ``Game`` is rebuilt by replaying them, so the store never holds a
second, possibly disagreeing, copy of the state. Writes come in batches (``write``) that are
one transaction each: the server groups the actions of many tables into one commit, and an
action is acknowledged only after the commit that holds it.

Another database can be added later by implementing ``Storage``; ``SQLiteStorage`` is the
standard library's ``sqlite3`` in WAL mode (readers never wait for the writer).

>>> import tempfile, os
>>> from euchre import Rules
>>> folder = tempfile.mkdtemp()
>>> db = SQLiteStorage(os.path.join(folder, "games.db"))
>>> db.write([NewGame(StoredGame("g1", "computer", "expert", Rules(), 7, ("t0", None),
...                                ("Ann", "Computer"))), Action("g1", 0, 0, "pass")])
>>> db.load("g1").actions
['pass']
>>> db.close()
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..datadir import private_file
from ..game import Game
from ..rules import Rules
from . import account_store, ratings, totals
from .account_store import AccountReads, Dislike, EndSession, NewAccount, NewSession

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    mode     TEXT NOT NULL,
    level    TEXT,
    rules    TEXT NOT NULL,
    seed     TEXT NOT NULL,
    tokens   TEXT NOT NULL,
    names    TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    winner   INTEGER,
    score    TEXT NOT NULL DEFAULT '[0, 0]'
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    player  INTEGER NOT NULL,
    token   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_finished ON games (finished, updated);
"""
MIGRATIONS = [
    # 1: games whose seed a client chose (``euchre serve --allow-seeds``) are marked
    "ALTER TABLE games ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0",
    # 2: what happened to a match beyond its moves: undo used, a resignation, hints off
    "ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}'",
    # 3: each seat's statistics, stored when the game finishes (pages add them up)
    "ALTER TABLE games ADD COLUMN summary TEXT",
    # 4: the coach's review of a finished game's seat, worked out once (server.reviews)
    "CREATE TABLE IF NOT EXISTS reviews (game_id TEXT NOT NULL REFERENCES games(id), "
    "seat INTEGER NOT NULL, created REAL NOT NULL, review TEXT NOT NULL, "
    "PRIMARY KEY (game_id, seat)) WITHOUT ROWID",
    # 5-8: each player's running totals and an index of his finished games (server.totals)
    "CREATE TABLE IF NOT EXISTS seats (name TEXT NOT NULL, game_id TEXT NOT NULL "
    "REFERENCES games(id), seat INTEGER NOT NULL, updated REAL NOT NULL, "
    "PRIMARY KEY (game_id, seat)) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS seats_by_name ON seats (name, updated)",
    "CREATE TABLE IF NOT EXISTS player_totals (name TEXT PRIMARY KEY, counts TEXT NOT NULL) "
    "WITHOUT ROWID",
    lambda connection: totals.backfill(connection, "?"),
    # 9-10: the deal of the day (euchre.daily): who played which day, and a server's secrets
    "CREATE TABLE IF NOT EXISTS daily (day TEXT NOT NULL, name TEXT NOT NULL, game_id TEXT "
    "NOT NULL REFERENCES games(id), points INTEGER, PRIMARY KEY (day, name)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) "
    "WITHOUT ROWID",
    # 11: every total counted again (server.totals): points, lone hands, each count by game
    lambda connection: totals.rebuild(connection, "?"),
    # 12: a day's one game belongs to a browser, not to a typed name (server.days)
    lambda connection: daily_by_browser(connection, " WITHOUT ROWID"),
    # 13-14: registered names and their sessions (server.accounts)
    *account_store.steps("REAL", " WITHOUT ROWID"),
    # 15-16: each account's rating per game and its history (server.ratings)
    *ratings.steps("REAL", " WITHOUT ROWID"),
    # 17: "don't seat me with this player again" (server.open_tables)
    *account_store.steps("REAL", " WITHOUT ROWID", account_store.SQL_DISLIKES),
]
"""Each step brings a file from schema version ``i`` (SQLite's ``user_version``) to ``i + 1``:
a statement, or a function of the connection; ``SCHEMA`` is version 0, so a new file and an
old one take the same path."""


@dataclass
class StoredGame:
    """A game as the store keeps it: its setup and its accepted actions, in order."""

    id: str
    mode: str
    """``computer`` (every seat but the first is a bot of ``level``) or ``friend`` (people
    in the seats they claimed; at three or four, computers of ``level`` in the others)."""
    level: str | None
    rules: Rules
    seed: int
    tokens: tuple[str | None, ...]
    """Each seat's secret; None for the computer's seat (and a seat not yet claimed)."""
    names: tuple[str, ...]
    actions: list[str] = field(default_factory=list)
    finished: bool = False
    winner: int | None = None
    score: tuple[int, int] = (0, 0)
    created: float = 0.0
    updated: float = 0.0
    seeded: bool = False
    """The deal came from a seed the creator chose (a test or demo), not the server's own."""
    options: dict = field(default_factory=dict)
    """Facts about the match beyond its moves (``server.match`` names the keys): whether
    undo was used, who resigned, whether hints are allowed, the rematch it led to."""
    summary: dict | None = None
    """Each seat's statistics (``history.Stats.of_seats``) once finished; None before, and
    for games finished before summaries were stored."""

    def link(self, seat: int | None) -> str:
        """The table's address for a seat (its secret in the link), or to watch (None)."""
        token = None if seat is None else self.tokens[seat]
        return f"/play/{self.id}" + (f"?token={token}" if token else "")

    def replay(self) -> Game:
        """The live game: the setup with every stored action applied (checked by the engine,
        so a store that was tampered with is refused with the engine's message)."""
        game = Game(self.rules, seed=self.seed)
        for i, token in enumerate(self.actions):
            try:
                game.apply(token)
            except ValueError as err:
                raise ValueError(f"game {self.id}: stored action {i + 1} ({token!r}) "
                                 f"does not replay: {err}") from None
        self.settle(game)
        return game

    def settle(self, game: Game) -> None:
        """Tell the engine's game how the match ended early, if the store says it did: the
        seat that resigned (``Game.resign``) or left it unfinished (``Game.abandon``). The
        engine then decides who won (``Game.outcome``), as for every other end."""
        seat = self.options.get(totals.RESIGNED)
        if seat is None or game.is_over:
            return
        if self.options.get(totals.ABANDONED):
            game.abandon(int(seat))
        else:
            game.resign(int(seat))


# --- the writes a batch is made of ------------------------------------------------------

@dataclass(frozen=True)
class NewGame:
    game: StoredGame


@dataclass(frozen=True)
class Action:
    game_id: str
    seq: int
    """0 for the game's first action; a repeated seq is refused (never applied twice)."""
    player: int
    token: str


@dataclass(frozen=True)
class Finish:
    game_id: str
    winner: int | None
    """None: a deal of the day that ended level."""
    score: tuple[int, int]
    summary: dict | None = None
    """Each seat's statistics of the match (``history.Stats.of_seats``), stored with it."""


@dataclass(frozen=True)
class Rename:
    game_id: str
    seat: int
    name: str


@dataclass(frozen=True)
class SetOption:
    """One key of a game's ``options`` set (``value`` is JSON)."""

    game_id: str
    key: str
    value: object


@dataclass(frozen=True)
class TakeBack:
    """Undo: the game's actions from ``seq`` on are deleted (the record keeps no trace of
    them; ``options.undo_used`` says that it happened)."""

    game_id: str
    seq: int


def invite_key(seat: int) -> str:
    """The key of a seat's one-time invite in a game's options: ``invite`` for the second
    seat (as every friend game of two has stored it), ``invite2``, ``invite3`` for the
    others of a table of three or four.

    >>> invite_key(1), invite_key(3)
    ('invite', 'invite3')
    """
    return "invite" if seat == 1 else f"invite{seat}"


@dataclass(frozen=True)
class Claim:
    """A friend takes a seat with its one-time invite (``invite_key``): the seat gets its
    token and his name, and the invite is removed. Refused (``Conflict``, nothing written)
    unless the stored invite is still ``invite``: two claims never both succeed, even from
    two processes."""

    game_id: str
    seat: int
    invite: str
    token: str
    name: str


def daily_by_browser(connection: Any, without_rowid: str = "") -> None:
    """The migration that keys the ``daily`` table by the browser that played (``player``,
    ``days.player_key``) instead of the name: two people may share a name, and a stranger
    typing yours no longer uses up your day. A day played before keeps its rows, each under
    a key no browser has (``name:`` and the name)."""
    connection.execute(
        "CREATE TABLE daily_by_player (day TEXT NOT NULL, player TEXT NOT NULL, name TEXT "
        "NOT NULL, game_id TEXT NOT NULL REFERENCES games(id), points INTEGER, PRIMARY KEY "
        f"(day, player)){without_rowid}")
    connection.execute("INSERT INTO daily_by_player SELECT day, 'name:' || name, name, "
                       "game_id, points FROM daily")
    connection.execute("DROP TABLE daily")
    connection.execute("ALTER TABLE daily_by_player RENAME TO daily")


@dataclass(frozen=True)
class DailyEntry:
    """A browser starts the deal of a day (``euchre.daily``) under a name: refused
    (``Conflict``) when that browser (``player``, ``days.player_key``) has a game of that
    day already."""

    day: str
    player: str
    name: str
    game_id: str


@dataclass(frozen=True)
class DailyResult:
    """A daily game played to its end: its margin (its points less the computer's)."""

    game_id: str
    points: int


@dataclass(frozen=True)
class Setting:
    """A setting of this database, written once: a second value for the key is ignored
    (the first stays), so processes that race agree on the first."""

    key: str
    value: str


@dataclass(frozen=True)
class SaveReview:
    """The coach's review of one seat of a finished game (``Review.to_dict()``), stored
    once: a second one for the same game and seat is ignored (the first stays)."""

    game_id: str
    seat: int
    review: dict


Write = (NewGame | Action | Finish | Rename | SetOption | TakeBack | Claim | SaveReview
         | DailyEntry | DailyResult | Setting | NewAccount | NewSession | EndSession | Dislike)


class Conflict(ValueError):
    """An action at a seq the store already holds: another process (or a re-sent frame)
    moved first. Nothing of the batch it was in is written."""


class Storage(Protocol):
    """What the server needs of a database."""

    def write(self, batch: Sequence[Write]) -> None:
        """Apply every write of ``batch`` in one transaction, durably, or none of them."""

    def load(self, game_id: str) -> StoredGame | None:
        """A game with its actions, or None if there is no such game."""

    def unfinished(self) -> list[str]:
        """Ids of the games still being played."""

    def player_total(self, name: str) -> dict[str, int] | None:
        """The running total of ``name``'s finished games (``server.totals``), or None."""

    def games_of(self, name: str, limit: int, before: float | None = None) -> list[StoredGame]:
        """The newest ``limit`` finished games in which a seat carries ``name`` (finished
        before ``before``, a time from a previous page, when given), newest first, without
        their actions: one page of the player's index."""

    def recent(self, limit: int) -> list[StoredGame]:
        """The newest finished games (without their actions)."""

    def open_games(self, since: float, limit: int) -> list[StoredGame]:
        """Unfinished friend games marked open (``open_tables``) touched after ``since``,
        the longest waiting first (without their actions)."""

    def stale(self, before: float, limit: int) -> list[str]:
        """Ids of games against the computer, unfinished, untouched since ``before``, in
        which the person has moved (``limit`` at most, the longest untouched first)."""

    def setting(self, key: str) -> str | None:
        """A setting of this database (``Setting``), or None."""

    def daily_board(self, day: str, limit: int) -> list[tuple[str, str, int]]:
        """A day's results, best first: ``(name, game id, points)``."""

    def daily_game(self, day: str, player: str) -> str | None:
        """The id of the game a browser (``player``) played of a day's deals, or None."""

    def load_review(self, game_id: str, seat: int) -> dict | None:
        """The stored review of a game's seat (``SaveReview``), or None if there is none."""

    def close(self) -> None: ...


class Reads(AccountReads, ratings.RatingReads):
    """The reads both stores make, in one place: the same SQL but for the parameter mark
    (``MARK``)."""

    MARK = "?"

    def _connection(self) -> Any:
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        return text.replace("?", self.MARK)

    def _actions(self, connection: Any, game_id: str) -> list[str]:
        return actions_of(connection, game_id, self.MARK)

    def load(self, game_id: str) -> StoredGame | None:
        connection = self._connection()
        row = connection.execute(self._sql(f"SELECT {_ALL} FROM games WHERE id = ?"),
                                 (game_id,)).fetchone()
        if row is None:
            return None
        game = _game(row)
        game.actions = self._actions(connection, game_id)
        return game

    def unfinished(self) -> list[str]:
        return [i for (i,) in self._connection().execute(
            "SELECT id FROM games WHERE finished = 0 ORDER BY created")]

    def player_total(self, name: str) -> dict[str, int] | None:
        row = self._connection().execute(
            self._sql("SELECT counts FROM player_totals WHERE name = ?"), (name,)).fetchone()
        return None if row is None else json.loads(row[0])

    def games_of(self, name: str, limit: int, before: float | None = None) -> list[StoredGame]:
        after = "" if before is None else " AND s.updated < ?"
        rows = self._connection().execute(
            self._sql(f"SELECT DISTINCT {_ALL_G}, s.updated FROM seats s JOIN games g ON "
                      f"g.id = s.game_id WHERE s.name = ?{after} ORDER BY s.updated DESC "
                      "LIMIT ?"),
            (name, limit) if before is None else (name, before, limit)).fetchall()
        return [_game(row[:-1]) for row in rows]

    def recent(self, limit: int) -> list[StoredGame]:
        rows = self._connection().execute(
            self._sql(f"SELECT {_ALL} FROM games WHERE finished = 1 ORDER BY updated DESC "
                      "LIMIT ?"), (limit,)).fetchall()
        return [_game(row) for row in rows]

    def open_games(self, since: float, limit: int) -> list[StoredGame]:
        """Unfinished friend games marked open (``open_tables``) touched after ``since``,
        the longest waiting first (without their actions)."""
        rows = self._connection().execute(self._sql(
            f"SELECT {_ALL} FROM games WHERE finished = 0 AND updated > ? AND mode = 'friend' "
            "AND options LIKE ? ORDER BY created LIMIT ?"), (since, '%"open"%', limit)).fetchall()
        return [_game(row) for row in rows]

    def stale(self, before: float, limit: int) -> list[str]:
        return [i for (i,) in self._connection().execute(self._sql(
            "SELECT id FROM games WHERE finished = 0 AND updated < ? AND mode = 'computer' "
            "AND EXISTS (SELECT 1 FROM actions WHERE actions.game_id = games.id AND "
            "actions.player = 0) ORDER BY updated LIMIT ?"), (before, limit))]

    def setting(self, key: str) -> str | None:
        row = self._connection().execute(self._sql("SELECT value FROM settings WHERE key = ?"),
                                         (key,)).fetchone()
        return None if row is None else row[0]

    def daily_board(self, day: str, limit: int) -> list[tuple[str, str, int]]:
        return [tuple(row) for row in self._connection().execute(self._sql(
            "SELECT name, game_id, points FROM daily WHERE day = ? AND points IS NOT NULL "
            "ORDER BY points DESC, name LIMIT ?"), (day, limit))]

    def daily_game(self, day: str, player: str) -> str | None:
        row = self._connection().execute(self._sql(
            "SELECT game_id FROM daily WHERE day = ? AND player = ?"), (day, player)).fetchone()
        return None if row is None else row[0]

    def load_review(self, game_id: str, seat: int) -> dict | None:
        row = self._connection().execute(
            self._sql("SELECT review FROM reviews WHERE game_id = ? AND seat = ?"),
            (game_id, seat)).fetchone()
        return None if row is None else json.loads(row[0])

    def all_ids(self) -> list[str]:
        """Every game's id, oldest first (for ``euchre db copy``)."""
        return [i for (i,) in self._connection().execute("SELECT id FROM games ORDER BY created")]


class SQLiteStorage(Reads):
    """``Storage`` in one SQLite file, WAL mode, ``synchronous=FULL``: an acknowledged action
    survives the server being killed and the machine losing power. Each thread gets its own
    connection (SQLite connections are not shared between threads)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        private_file(self.path)  # (its -wal and -shm files take its mode: owner only)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        connection = self._connection()
        journal = connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if journal.lower() != "wal":
            raise ValueError(f"{self.path}: SQLite would not use WAL mode (got {journal})")
        connection.executescript(SCHEMA)
        self._migrate(connection)

    def _migrate(self, connection: sqlite3.Connection) -> None:
        """Bring the file to the current schema, one step per transaction (another server on
        the same file waits, then finds it done)."""
        while True:
            connection.execute("BEGIN IMMEDIATE")
            try:
                (version,) = connection.execute("PRAGMA user_version").fetchone()
                if version > len(MIGRATIONS):
                    raise ValueError(f"{self.path} was written by a newer euchre (schema "
                                     f"{version}; this one knows {len(MIGRATIONS)})")
                if version == len(MIGRATIONS):
                    connection.execute("COMMIT")
                    return
                step = MIGRATIONS[version]
                if callable(step):
                    step(connection)
                else:
                    connection.execute(step)
                connection.execute(f"PRAGMA user_version = {version + 1}")
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise

    def _connection(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            try:
                connection = sqlite3.connect(self.path, isolation_level=None,
                                             check_same_thread=False, timeout=30)
                connection.execute("PRAGMA synchronous=FULL")
                connection.execute("PRAGMA foreign_keys=ON")
                connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.DatabaseError as err:
                raise ValueError(f"{self.path} is not a usable SQLite database: {err}") from None
            self._local.connection = connection
            with self._guard:
                self._all.append(connection)
        return connection

    def write(self, batch: Sequence[Write]) -> None:
        connection = self._connection()
        now = time.time()
        connection.execute("BEGIN IMMEDIATE")
        try:
            for item in batch:
                _WRITERS[type(item)](connection, item, now)
            connection.execute("COMMIT")
        except sqlite3.IntegrityError as err:
            connection.execute("ROLLBACK")
            raise Conflict(f"that move was made already: {err}") from None
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    def put_whole(self, game: StoredGame) -> None:
        """A game as it stands elsewhere (its times, result and actions), in one transaction;
        a game already here is refused."""
        connection = self._connection()
        connection.execute("BEGIN IMMEDIATE")
        try:
            connection.execute(f"INSERT INTO games ({_ALL}) VALUES ({', '.join('?' * 15)})",
                               row_of(game))
            connection.executemany(
                "INSERT INTO actions (game_id, seq, player, token) VALUES (?, ?, ?, ?)",
                [(game.id, seq, player, token)
                 for seq, (player, token) in enumerate(players_of(game))])
            totals.add_whole(connection, "?", game)
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    def rebuild_ratings(self) -> int:
        """Drop every rating and work them out again from the stored games (``ratings``),
        in one transaction: the number of games rated."""
        connection = self._connection()
        connection.execute("BEGIN IMMEDIATE")
        try:
            rated = ratings.rebuild(connection, "?")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        return rated

    def close(self) -> None:
        with self._guard:
            for connection in self._all:
                connection.close()
            self._all.clear()
        self._local = threading.local()


_COLUMNS = "id, mode, level, rules, seed, tokens, names, finished, winner, score, created, updated"
"""The columns of every schema version (``euchre stats`` reads files it may not migrate)."""
_ALL = _COLUMNS + ", seeded, options, summary"
"""The columns of the current schema, which this store has migrated its file to."""
_ALL_G = ", ".join(f"g.{column.strip()}" for column in _ALL.split(","))
"""``_ALL`` of the games table named ``g`` in a join."""


def row_of(game: StoredGame) -> tuple:
    """A ``StoredGame`` in the column order of ``_ALL`` (for copying whole games)."""
    return (game.id, game.mode, game.level, json.dumps(game.rules.to_dict()), str(game.seed),
            json.dumps(list(game.tokens)), json.dumps(list(game.names)), int(game.finished),
            game.winner, json.dumps(list(game.score)), game.created, game.updated,
            int(game.seeded), json.dumps(game.options),
            None if game.summary is None else json.dumps(game.summary))


def players_of(game: StoredGame) -> list[tuple[int, str]]:
    """Who made each stored action, and the action (the replay knows whose turn it was)."""
    replay = Game(game.rules, seed=game.seed)
    out = []
    for token in game.actions:
        out.append((replay.to_move, token))
        replay.apply(token)
    return out


def _game(row: tuple) -> StoredGame:
    (game_id, mode, level, rules, seed, tokens, names, finished, winner, score, created,
     updated) = row[:12]
    seeded = row[12] if len(row) > 12 else 0
    options = json.loads(row[13]) if len(row) > 13 else {}
    summary = json.loads(row[14]) if len(row) > 14 and row[14] else None
    return StoredGame(game_id, mode, level, Rules.from_dict(json.loads(rules)), int(seed),
                      tuple(json.loads(tokens)), tuple(json.loads(names)), [],
                      bool(finished), winner, tuple(json.loads(score)), created, updated,
                      bool(seeded), options, summary)


def _new_game(connection: sqlite3.Connection, item: NewGame, now: float) -> None:
    g = item.game
    connection.execute(
        "INSERT INTO games (id, created, updated, mode, level, rules, seed, tokens, names, "
        "seeded, options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (g.id, now, now, g.mode, g.level, json.dumps(g.rules.to_dict()), str(g.seed),
         json.dumps(list(g.tokens)), json.dumps(list(g.names)), int(g.seeded),
         json.dumps(g.options)))


def _action(connection: sqlite3.Connection, item: Action, now: float) -> None:
    connection.execute("INSERT INTO actions (game_id, seq, player, token) VALUES (?, ?, ?, ?)",
                       (item.game_id, item.seq, item.player, item.token))
    connection.execute("UPDATE games SET updated = ? WHERE id = ?", (now, item.game_id))


def _finish(connection: sqlite3.Connection, item: Finish, now: float) -> None:
    done = connection.execute(
        "UPDATE games SET finished = 1, winner = ?, score = ?, updated = ?, summary = ? "
        "WHERE id = ? AND finished = 0",
        (item.winner, json.dumps(list(item.score)), now,
         None if item.summary is None else json.dumps(item.summary), item.game_id))
    if done.rowcount == 1 and item.summary is not None:  # a game finishes once
        names, options = connection.execute("SELECT names, options FROM games WHERE id = ?",
                                            (item.game_id,)).fetchone()
        totals.add_game(connection, "?", item.game_id, json.loads(names), json.loads(options),
                        item.summary, now)
        ratings.rate_finished(connection, "?", item.game_id, now)


def _rename(connection: sqlite3.Connection, item: Rename, now: float) -> None:
    (names,) = connection.execute("SELECT names FROM games WHERE id = ?",
                                  (item.game_id,)).fetchone()
    names = json.loads(names)
    names[item.seat] = item.name
    connection.execute("UPDATE games SET names = ?, updated = ? WHERE id = ?",
                       (json.dumps(names), now, item.game_id))


def _set_option(connection: sqlite3.Connection, item: SetOption, now: float) -> None:
    connection.execute("UPDATE games SET options = json_set(options, '$.' || ?, json(?)), "
                       "updated = ? WHERE id = ?",
                       (item.key, json.dumps(item.value), now, item.game_id))


def _take_back(connection: sqlite3.Connection, item: TakeBack, now: float) -> None:
    connection.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?",
                       (item.game_id, item.seq))
    connection.execute("UPDATE games SET updated = ? WHERE id = ?", (now, item.game_id))


def _claim(connection: sqlite3.Connection, item: Claim, now: float) -> None:
    path = "$." + invite_key(item.seat)
    done = connection.execute(
        "UPDATE games SET tokens = json_set(tokens, '$[' || ? || ']', ?), "
        "names = json_set(names, '$[' || ? || ']', ?), "
        "options = json_remove(options, ?), updated = ? "
        "WHERE id = ? AND json_extract(options, ?) = ?",
        (item.seat, item.token, item.seat, item.name, path, now, item.game_id, path,
         item.invite))
    if done.rowcount != 1:
        raise sqlite3.IntegrityError(f"game {item.game_id}: the invite was used already")


def _save_review(connection: sqlite3.Connection, item: SaveReview, now: float) -> None:
    connection.execute("INSERT INTO reviews (game_id, seat, created, review) VALUES "
                       "(?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
                       (item.game_id, item.seat, now, json.dumps(item.review)))


def _daily_entry(connection: sqlite3.Connection, item: DailyEntry, now: float) -> None:
    connection.execute("INSERT INTO daily (day, player, name, game_id) VALUES (?, ?, ?, ?)",
                       (item.day, item.player, item.name, item.game_id))


def _daily_result(connection: sqlite3.Connection, item: DailyResult, now: float) -> None:
    connection.execute("UPDATE daily SET points = ? WHERE game_id = ?",
                       (item.points, item.game_id))


def _setting(connection: sqlite3.Connection, item: Setting, now: float) -> None:
    connection.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO "
                       "NOTHING", (item.key, item.value))


_WRITERS = {NewGame: _new_game, Action: _action, Finish: _finish, Rename: _rename,
            SetOption: _set_option, TakeBack: _take_back, Claim: _claim,
            SaveReview: _save_review, DailyEntry: _daily_entry, DailyResult: _daily_result,
            Setting: _setting,
            **{kind: account_store.writer(kind, "?") for kind in account_store.WRITERS},
            **{kind: account_store.writer(kind, "?", ratings.WRITERS) for kind in ratings.WRITERS}}


def actions_of(connection: Any, game_id: str, mark: str = "?") -> list[str]:
    """A game's accepted actions in order (``mark``: the database's parameter mark)."""
    return [token for (token,) in connection.execute(
        f"SELECT token FROM actions WHERE game_id = {mark} ORDER BY seq", (game_id,))]


def finished_games(path: str | Path) -> list[StoredGame]:
    """Every finished game of a database file with its actions, oldest first, read-only: the
    file is never created, migrated or written (``euchre stats`` reads it while a server may
    be running). ``ValueError`` in one line if it is not a games database."""
    try:
        connection = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as err:
        raise ValueError(f"{path} cannot be opened: {err}") from None
    try:
        columns = {row[1] for row in connection.execute("PRAGMA table_info(games)")}
        wanted = _ALL if {"seeded", "options", "summary"} <= columns else _COLUMNS
        rows = connection.execute(
            f"SELECT {wanted} FROM games WHERE finished = 1 ORDER BY updated").fetchall()
        games = [_game(row) for row in rows]
        for game in games:
            game.actions = actions_of(connection, game.id)
        return games
    except sqlite3.Error as err:
        raise ValueError(f"{path} is not a euchre games database: {err}") from None
    finally:
        connection.close()


def default_path() -> Path:
    """``games.db`` in the user's data folder (``$EUCHRE_DATA_DIR`` overrides it)."""
    from ..datadir import data_dir

    return data_dir() / "games.db"
