"""``Storage`` in PostgreSQL (psycopg 3): the server's database when it outgrows one file.

The same interface as ``SQLiteStorage`` and the same shape of data (a game is its setup and
its accepted actions; JSON columns hold the same text), so ``StoredGame`` rows read alike
from either and ``euchre db copy`` moves games between them. The schema is created on first
start and versioned in ``schema_version``; a start takes an advisory lock while it creates or
migrates, so several servers starting together on one database do it once.

``euchre serve --db postgresql://USER@HOST:PORT/DB`` selects it (``stores.open_storage``).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from . import account_store, ratings, totals
from .peers import CHANNEL, action_note, application_name, other_note
from .storage import (
    _ALL,
    Action,
    Claim,
    Conflict,
    DailyEntry,
    DailyResult,
    Finish,
    NewGame,
    Reads,
    Rename,
    SaveReview,
    SetOption,
    Setting,
    StoredGame,
    TakeBack,
    Write,
    daily_by_browser,
    invite_key,
    players_of,
    row_of,
)

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS games (
        id       TEXT PRIMARY KEY,
        created  DOUBLE PRECISION NOT NULL,
        updated  DOUBLE PRECISION NOT NULL,
        mode     TEXT NOT NULL,
        level    TEXT,
        rules    TEXT NOT NULL,
        seed     TEXT NOT NULL,
        tokens   TEXT NOT NULL,
        names    TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        winner   INTEGER,
        score    TEXT NOT NULL DEFAULT '[0, 0]',
        seeded   INTEGER NOT NULL DEFAULT 0,
        options  TEXT NOT NULL DEFAULT '{}',
        summary  TEXT)""",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq     INTEGER NOT NULL,
        player  INTEGER NOT NULL,
        token   TEXT NOT NULL,
        PRIMARY KEY (game_id, seq))""",
    "CREATE INDEX IF NOT EXISTS games_finished ON games (finished, updated)",
]
"""Schema version 1 (the SQLite store's current schema, in PostgreSQL's types)."""
MIGRATIONS: list[str | Callable[[Any], None]] = [
    # 2: the coach's review of a finished game's seat, worked out once (server.reviews)
    """CREATE TABLE IF NOT EXISTS reviews (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat    INTEGER NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        review  TEXT NOT NULL,
        PRIMARY KEY (game_id, seat))""",
    # 3-6: each player's running totals and an index of his finished games (server.totals)
    """CREATE TABLE IF NOT EXISTS seats (
        name    TEXT NOT NULL,
        game_id TEXT NOT NULL REFERENCES games(id),
        seat    INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat))""",
    "CREATE INDEX IF NOT EXISTS seats_by_name ON seats (name, updated)",
    "CREATE TABLE IF NOT EXISTS player_totals (name TEXT PRIMARY KEY, counts TEXT NOT NULL)",
    lambda connection: totals.backfill(connection, "%s"),
    # 7-8: the deal of the day (euchre.daily): who played which day, and a server's secrets
    """CREATE TABLE IF NOT EXISTS daily (
        day     TEXT NOT NULL,
        name    TEXT NOT NULL,
        game_id TEXT NOT NULL REFERENCES games(id),
        points  INTEGER,
        PRIMARY KEY (day, name))""",
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # 9: every total counted again (server.totals): points, lone hands, each count by game
    lambda connection: totals.rebuild(connection, "%s"),
    # 10: a day's one game belongs to a browser, not to a typed name (server.days)
    daily_by_browser,
    # 11-12: registered names and their sessions (server.accounts)
    *account_store.steps("DOUBLE PRECISION", ""),
    # 13-14: each account's rating per game and its history (server.ratings)
    *ratings.steps("DOUBLE PRECISION", ""),
    # 15: "don't seat me with this player again" (server.open_tables)
    *account_store.steps("DOUBLE PRECISION", "", account_store.SQL_DISLIKES),
]
"""Each step brings a database from version ``i + 1`` to ``i + 2``: a statement, or a
function of the connection."""
VERSION = 1 + len(MIGRATIONS)
_SCHEMA_LOCK = 0x6575636872  # "euchr": the advisory lock taken while creating the schema


def is_postgres_url(text: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than a file."""
    return text.startswith(("postgresql://", "postgres://"))


class PostgresStorage(Reads):
    """``Storage`` in PostgreSQL; one connection per thread (see the module docstring)."""

    MARK = "%s"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise ValueError("PostgreSQL needs psycopg: pip install 'euchre[postgres]'") from None
        self._psycopg = psycopg
        self.url = url
        self._local = threading.local()
        self._all: list[Any] = []
        self._guard = threading.Lock()
        self._create_or_migrate(self._connection())

    def _connection(self) -> Any:
        connection = getattr(self._local, "connection", None)
        if connection is None or connection.closed:
            try:
                connection = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10,
                                                   application_name=application_name())
            except self._psycopg.Error as err:
                first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
                raise ValueError(f"cannot connect to {safe_url(self.url)}: {first}") from None
            self._local.connection = connection
            with self._guard:
                self._all.append(connection)
        return connection

    def _create_or_migrate(self, connection: Any) -> None:
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
            row = connection.execute("SELECT version FROM schema_version").fetchone()
            if row is None:
                for statement in SCHEMA:
                    connection.execute(statement)
                connection.execute("INSERT INTO schema_version VALUES (1)")
                version = 1
            else:
                version = row[0]
            if version > VERSION:
                raise ValueError(f"{safe_url(self.url)} was written by a newer euchre (schema "
                                 f"{version}; this one knows {VERSION})")
            for step in MIGRATIONS[version - 1:]:
                if callable(step):
                    step(connection)
                else:
                    connection.execute(step)
            connection.execute("UPDATE schema_version SET version = %s", (VERSION,))

    # --- Storage ----------------------------------------------------------------------

    def write(self, batch: Sequence[Write]) -> None:
        """Write ``batch`` in one transaction, with a note to the other processes for each
        change (``peers``), delivered at the commit; ``Conflict`` for a seq already taken."""
        connection = self._connection()
        now = time.time()
        notes = [_note(item) for item in batch if not isinstance(item, QUIET)]
        try:
            # pipelined: a batch of many tables' moves costs one round trip, not three a move
            with connection.pipeline(), connection.transaction():
                for item in batch:
                    _WRITERS[type(item)](connection, item, now)
                if notes:
                    connection.execute("SELECT pg_notify(%s, note) FROM unnest(%s::text[]) "
                                       "AS note", (CHANNEL, notes))
        except self._psycopg.errors.UniqueViolation as err:
            first = str(err).strip().splitlines()[0]
            raise Conflict(f"that move was made already: {first}") from None

    def rebuild_ratings(self) -> int:
        """Drop every rating and work them out again from the stored games (``ratings``),
        in one transaction: the number of games rated."""
        connection = self._connection()
        with connection.transaction():
            return ratings.rebuild(connection, "%s")

    def close(self) -> None:
        with self._guard:
            for connection in self._all:
                connection.close()
            self._all.clear()
        self._local = threading.local()

    # --- moving games between stores ------------------------------------------------

    def put_whole(self, game: StoredGame) -> None:
        """A game as it stands elsewhere (its times, result and actions), in one transaction;
        a game already here is refused."""
        connection = self._connection()
        with connection.transaction():
            connection.execute(
                f"INSERT INTO games ({_ALL}) VALUES "
                f"({', '.join(['%s'] * 15)})", row_of(game))
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO actions (game_id, seq, player, token) VALUES (%s, %s, %s, %s)",
                    [(game.id, seq, player, token)
                     for seq, (player, token) in enumerate(players_of(game))])
            totals.add_whole(connection, "%s", game)


def safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.partition(':')[0]}@{tail}"


QUIET = (NewGame, SaveReview, DailyEntry, DailyResult, Setting, *account_store.WRITERS,
         *ratings.WRITERS)
"""Writes no live table needs to hear of: a game nobody has opened, a stored review."""


def _note(item: Write) -> str:
    if isinstance(item, Action):
        return action_note(item.game_id, item.seq, item.player, item.token)
    return other_note(item.game_id)


def _new_game(connection: Any, item: NewGame, now: float) -> None:
    g = item.game
    connection.execute(
        "INSERT INTO games (id, created, updated, mode, level, rules, seed, tokens, names, "
        "seeded, options) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
        (g.id, now, now, g.mode, g.level, json.dumps(g.rules.to_dict()), str(g.seed),
         json.dumps(list(g.tokens)), json.dumps(list(g.names)), int(g.seeded),
         json.dumps(g.options)))


def _action(connection: Any, item: Action, now: float) -> None:
    connection.execute("INSERT INTO actions (game_id, seq, player, token) VALUES "
                       "(%s, %s, %s, %s)", (item.game_id, item.seq, item.player, item.token))
    connection.execute("UPDATE games SET updated = %s WHERE id = %s", (now, item.game_id))


def _finish(connection: Any, item: Finish, now: float) -> None:
    done = connection.execute(
        "UPDATE games SET finished = 1, winner = %s, score = %s, updated = %s, summary = %s "
        "WHERE id = %s AND finished = 0 RETURNING names, options",
        (item.winner, json.dumps(list(item.score)), now,
         None if item.summary is None else json.dumps(item.summary), item.game_id)).fetchone()
    if done is not None and item.summary is not None:  # a game finishes once
        totals.add_game(connection, "%s", item.game_id, json.loads(done[0]), json.loads(done[1]),
                        item.summary, now)
        ratings.rate_finished(connection, "%s", item.game_id, now)


def _rename(connection: Any, item: Rename, now: float) -> None:
    (names,) = connection.execute("SELECT names FROM games WHERE id = %s FOR UPDATE",
                                  (item.game_id,)).fetchone()
    names = json.loads(names)
    names[item.seat] = item.name
    connection.execute("UPDATE games SET names = %s, updated = %s WHERE id = %s",
                       (json.dumps(names), now, item.game_id))


def _set_option(connection: Any, item: SetOption, now: float) -> None:
    connection.execute("UPDATE games SET options = (options::jsonb || jsonb_build_object("
                       "%s::text, %s::jsonb))::text, updated = %s WHERE id = %s",
                       (item.key, json.dumps(item.value), now, item.game_id))


def _take_back(connection: Any, item: TakeBack, now: float) -> None:
    connection.execute("DELETE FROM actions WHERE game_id = %s AND seq >= %s",
                       (item.game_id, item.seq))
    connection.execute("UPDATE games SET updated = %s WHERE id = %s", (now, item.game_id))


def _claim(connection: Any, item: Claim, now: float) -> None:
    taken = connection.execute(
        "UPDATE games SET tokens = jsonb_set(tokens::jsonb, %s, to_jsonb(%s::text))::text, "
        "names = jsonb_set(names::jsonb, %s, to_jsonb(%s::text))::text, "
        "options = (options::jsonb - %s)::text, updated = %s "
        "WHERE id = %s AND options::jsonb ->> %s = %s RETURNING id",
        ([str(item.seat)], item.token, [str(item.seat)], item.name, invite_key(item.seat),
         now, item.game_id, invite_key(item.seat), item.invite)).fetchone()
    if taken is None:
        raise Conflict(f"game {item.game_id}: the invite was used already")


def _save_review(connection: Any, item: SaveReview, now: float) -> None:
    connection.execute("INSERT INTO reviews (game_id, seat, created, review) VALUES "
                       "(%s, %s, %s, %s) ON CONFLICT (game_id, seat) DO NOTHING",
                       (item.game_id, item.seat, now, json.dumps(item.review)))


def _daily_entry(connection: Any, item: DailyEntry, now: float) -> None:
    connection.execute("INSERT INTO daily (day, player, name, game_id) VALUES "
                       "(%s, %s, %s, %s)", (item.day, item.player, item.name, item.game_id))


def _daily_result(connection: Any, item: DailyResult, now: float) -> None:
    connection.execute("UPDATE daily SET points = %s WHERE game_id = %s",
                       (item.points, item.game_id))


def _setting(connection: Any, item: Setting, now: float) -> None:
    connection.execute("INSERT INTO settings (key, value) VALUES (%s, %s) ON CONFLICT (key) "
                       "DO NOTHING", (item.key, item.value))


_WRITERS = {NewGame: _new_game, Action: _action, Finish: _finish, Rename: _rename,
            SetOption: _set_option, TakeBack: _take_back, Claim: _claim,
            SaveReview: _save_review, DailyEntry: _daily_entry, DailyResult: _daily_result,
            Setting: _setting,
            **{kind: account_store.writer(kind, "%s") for kind in account_store.WRITERS},
            **{kind: account_store.writer(kind, "%s", ratings.WRITERS) for kind in ratings.WRITERS}}
