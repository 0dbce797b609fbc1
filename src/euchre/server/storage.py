"""Where the server keeps its games in one file: SQLite, through the standard library.

``SQLiteStorage`` is ``stored.Storage`` in SQLite's WAL mode (readers never wait for the
writer): it connects, runs each batch of writes in one transaction and migrates the file;
every query it runs is in ``queries`` and the schema in ``schema``, written once for it and
for PostgreSQL (``postgres``). The types a store deals in are in ``stored`` (and may be
imported from here, as they always were).

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

import contextlib
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..datadir import private_file
from . import queries, schema
from .dialect import SQLITE, Db
from .stored import (
    Action,
    Claim,
    Conflict,
    DailyEntry,
    DailyResult,
    Finish,
    NewGame,
    Rename,
    SaveReview,
    SetFacts,
    Setting,
    Storage,
    StoredGame,
    TakeBack,
    Write,
)

__all__ = ["MIGRATIONS", "SCHEMA", "Action", "Claim", "Conflict", "DailyEntry", "DailyResult",
           "Finish", "NewGame", "Rename", "SQLiteStorage", "SaveReview", "SetFacts", "Setting",
           "Storage", "StoredGame", "TakeBack", "Write", "default_path", "finished_games"]

SCHEMA, MIGRATIONS = schema.for_sqlite()
"""``SCHEMA`` is version 0 (one script); each step of ``MIGRATIONS`` brings a file from
schema version ``i`` (SQLite's ``user_version``) to ``i + 1``: a statement, or a function of
the connection. A new file and an old one take the same path."""
_RETURNING = (3, 35)
"""The SQLite that first had ``RETURNING`` (``queries``' finish reads the row it updates)."""


class SQLiteStorage(queries.Store):
    """``Storage`` in one SQLite file, WAL mode, ``synchronous=FULL``: an acknowledged action
    survives the server being killed and the machine losing power."""

    dialect = SQLITE

    def __init__(self, path: str | Path) -> None:
        if sqlite3.sqlite_version_info < _RETURNING:
            raise ValueError(f"SQLite {sqlite3.sqlite_version} is too old: the games database "
                             f"needs {'.'.join(map(str, _RETURNING))} or newer")
        super().__init__()
        self.path = Path(path)
        private_file(self.path)  # (its -wal and -shm files take its mode: owner only)
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
            with self._transaction():
                (version,) = connection.execute("PRAGMA user_version").fetchone()
                if version > len(MIGRATIONS):
                    raise ValueError(f"{self.path} was written by a newer euchre (schema "
                                     f"{version}; this one knows {len(MIGRATIONS)})")
                if version == len(MIGRATIONS):
                    return
                schema.run(MIGRATIONS[version], connection)
                connection.execute(f"PRAGMA user_version = {version + 1}")

    def _connect(self) -> sqlite3.Connection:
        try:
            connection = sqlite3.connect(self.path, isolation_level=None,
                                         check_same_thread=False, timeout=30)
            connection.execute("PRAGMA synchronous=FULL")
            connection.execute("PRAGMA foreign_keys=ON")
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as err:
            raise ValueError(f"{self.path} is not a usable SQLite database: {err}") from None
        return connection

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Db]:
        """A write transaction (it holds the whole file: ``Dialect.for_update`` needs
        nothing more)."""
        connection = self._connection()
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield Db(connection, SQLITE)
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    def write(self, batch: Sequence[Write]) -> None:
        now = time.time()
        try:
            with self._transaction() as db:
                for item in batch:
                    queries.WRITERS[type(item)](db, item, now)
        except sqlite3.IntegrityError as err:
            raise Conflict(f"that move was made already: {err}") from None


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
        wanted = queries.ALL if {"seeded", "options", "summary"} <= columns else queries.COLUMNS
        rows = connection.execute(
            f"SELECT {wanted} FROM games WHERE finished = 1 ORDER BY updated").fetchall()
        games = [queries.game_of(row) for row in rows]
        for game in games:
            game.actions = queries.actions_of(Db(connection, SQLITE), game.id)
        return games
    except sqlite3.Error as err:
        raise ValueError(f"{path} is not a euchre games database: {err}") from None
    finally:
        connection.close()


def default_path() -> Path:
    """``games.db`` in the user's data folder (``$EUCHRE_DATA_DIR`` overrides it)."""
    from ..datadir import data_dir

    return data_dir() / "games.db"

