"""The store's schema and its migrations, written once for SQLite and PostgreSQL.

``TABLES`` is the first schema (version 0); ``STEPS`` brings a database from one version to
the next, each a statement (a ``Dialect.ddl`` template) or a function of a ``Db``. The list
is append-only: a database made by any older server is at some step of it, and the steps
after that one bring it to today's schema without losing a row.

The two databases count their versions differently, for a reason of history: SQLite counts
the steps applied (its ``user_version``), PostgreSQL's first version (``schema_version``
1) already had the first ``POSTGRES_FOLDED`` steps' columns, so its version ``v`` is SQLite's
``v + POSTGRES_FOLDED - 1``. ``for_sqlite`` and ``for_postgres`` give each database its
statements and its list as its own store has always counted them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import account_store, ratings, totals
from .dialect import POSTGRES, SQLITE, Db, Dialect

TABLES = (
    """CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    created  {real} NOT NULL,
    updated  {real} NOT NULL,
    mode     TEXT NOT NULL,
    level    TEXT,
    rules    TEXT NOT NULL,
    seed     TEXT NOT NULL,
    tokens   TEXT NOT NULL,
    names    TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    winner   INTEGER,
    score    TEXT NOT NULL DEFAULT '[0, 0]'
)""",
    """CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    player  INTEGER NOT NULL,
    token   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
){without_rowid}""",
    "CREATE INDEX IF NOT EXISTS games_finished ON games (finished, updated)",
)
"""Version 0: the games and their accepted actions."""


def daily_by_browser(db: Db) -> None:
    """The migration that keys the ``daily`` table by the browser that played (``player``,
    ``days.player_key``) instead of the name: two people may share a name, and a stranger
    typing yours no longer uses up your day. A day played before keeps its rows, each under
    a key no browser has (``name:`` and the name)."""
    db.execute(db.dialect.ddl(
        "CREATE TABLE daily_by_player (day TEXT NOT NULL, player TEXT NOT NULL, name TEXT "
        "NOT NULL, game_id TEXT NOT NULL REFERENCES games(id), points INTEGER, PRIMARY KEY "
        "(day, player)){without_rowid}"))
    db.execute("INSERT INTO daily_by_player SELECT day, 'name:' || name, name, game_id, "
               "points FROM daily")
    db.execute("DROP TABLE daily")
    db.execute("ALTER TABLE daily_by_player RENAME TO daily")


Step = str | Callable[[Db], None]

STEPS: list[Step] = [
    # 1: games whose seed a client chose (``euchre serve --allow-seeds``) are marked
    "ALTER TABLE games ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0",
    # 2: what happened to a match beyond its moves: undo used, a resignation, hints off
    "ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{{}}'",
    # 3: each seat's statistics, stored when the game finishes (pages add them up)
    "ALTER TABLE games ADD COLUMN summary TEXT",
    # 4: the coach's review of a finished game's seat, worked out once (server.reviews)
    "CREATE TABLE IF NOT EXISTS reviews (game_id TEXT NOT NULL REFERENCES games(id), "
    "seat INTEGER NOT NULL, created {real} NOT NULL, review TEXT NOT NULL, "
    "PRIMARY KEY (game_id, seat)){without_rowid}",
    # 5-8: each player's running totals and an index of his finished games (server.totals)
    "CREATE TABLE IF NOT EXISTS seats (name TEXT NOT NULL, game_id TEXT NOT NULL "
    "REFERENCES games(id), seat INTEGER NOT NULL, updated {real} NOT NULL, "
    "PRIMARY KEY (game_id, seat)){without_rowid}",
    "CREATE INDEX IF NOT EXISTS seats_by_name ON seats (name, updated)",
    "CREATE TABLE IF NOT EXISTS player_totals (name TEXT PRIMARY KEY, counts TEXT NOT NULL)"
    "{without_rowid}",
    totals.backfill,
    # 9-10: the deal of the day (euchre.daily): who played which day, and a server's secrets
    "CREATE TABLE IF NOT EXISTS daily (day TEXT NOT NULL, name TEXT NOT NULL, game_id TEXT "
    "NOT NULL REFERENCES games(id), points INTEGER, PRIMARY KEY (day, name)){without_rowid}",
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
    "{without_rowid}",
    # 11: every total counted again (server.totals): points, lone hands, each count by game
    totals.rebuild,
    # 12: a day's one game belongs to a browser, not to a typed name (server.days)
    daily_by_browser,
    # 13-14: registered names and their sessions (server.accounts)
    *account_store.SQL_TABLES,
    # 15-16: each account's rating per game and its history (server.ratings)
    *ratings.SQL_TABLES,
    # 17: "don't seat me with this player again" (server.open_tables)
    *account_store.SQL_DISLIKES,
]
"""Step ``i`` brings a database from version ``i`` to ``i + 1`` (SQLite's count)."""

POSTGRES_FOLDED = 3
"""The steps PostgreSQL's first schema already held (its store came after them)."""

Migration = str | Callable[[Any], None]
"""A step for one database: a statement, or a function of its driver's connection."""


def rendered(step: Step, dialect: Dialect) -> Migration:
    """A step as one database runs it."""
    if isinstance(step, str):
        return dialect.ddl(step)
    return lambda connection: step(Db(connection, dialect))


def run(step: Migration, connection: Any) -> None:
    """Apply one rendered step on a driver's connection."""
    if callable(step):
        step(connection)
    else:
        connection.execute(step)


def for_sqlite() -> tuple[str, list[Migration]]:
    """SQLite's version 0 as one script, and its migrations."""
    script = "".join(SQLITE.ddl(table) + ";\n" for table in TABLES)
    return script, [rendered(step, SQLITE) for step in STEPS]


def for_postgres() -> tuple[list[str], list[Migration]]:
    """PostgreSQL's version 1 (version 0 and the folded steps), and its migrations."""
    first = [POSTGRES.ddl(table) for table in TABLES]
    first += [POSTGRES.ddl(step) for step in STEPS[:POSTGRES_FOLDED]
              if isinstance(step, str)]
    return first, [rendered(step, POSTGRES) for step in STEPS[POSTGRES_FOLDED:]]
