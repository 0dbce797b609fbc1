"""``Storage`` in PostgreSQL (psycopg 3): the server's database when it outgrows one file.

The same interface as ``SQLiteStorage``, the same schema and the same SQL (``schema``,
``queries``; ``dialect.POSTGRES`` is all that differs), so ``StoredGame`` rows read alike
from either and ``euchre db copy`` moves games between them. What is this store's own:
connecting, a batch pipelined in one transaction with a note to the other processes
(``peers``), and its schema's versions. The schema is created on first
start and versioned in ``schema_version``; a start takes an advisory lock while it creates or
migrates, so several servers starting together on one database do it once.

``euchre serve --db postgresql://USER@HOST:PORT/DB`` selects it (``stores.open_storage``).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from typing import Any

from . import account_store, queries, ratings, schema
from .dialect import POSTGRES, Db
from .peers import CHANNEL, action_note, application_name, other_note
from .stored import (
    Action,
    Conflict,
    DailyEntry,
    DailyResult,
    NewGame,
    SaveReview,
    Setting,
    Write,
)

SCHEMA, MIGRATIONS = schema.for_postgres()
"""``SCHEMA`` is version 1 (``schema.POSTGRES_FOLDED``); each step of ``MIGRATIONS`` brings a
database from version ``i + 1`` to ``i + 2``: a statement, or a function of the connection."""
VERSION = 1 + len(MIGRATIONS)
_SCHEMA_LOCK = 0x6575636872  # "euchr": the advisory lock taken while creating the schema


def is_postgres_url(text: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than a file."""
    return text.startswith(("postgresql://", "postgres://"))


class PostgresStorage(queries.Store):
    """``Storage`` in PostgreSQL (see the module docstring)."""

    dialect = POSTGRES

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise ValueError("PostgreSQL needs psycopg: pip install 'euchre[postgres]'") from None
        super().__init__()
        self._psycopg = psycopg
        self.url = url
        self._create_or_migrate(self._connection())

    def _connect(self) -> Any:
        try:
            return self._psycopg.connect(self.url, autocommit=True, connect_timeout=10,
                                         application_name=application_name())
        except self._psycopg.Error as err:
            first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
            raise ValueError(f"cannot connect to {safe_url(self.url)}: {first}") from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Db]:
        connection = self._connection()
        with connection.transaction():
            yield Db(connection, POSTGRES)

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
                schema.run(step, connection)
            connection.execute("UPDATE schema_version SET version = %s", (VERSION,))

    def write(self, batch: Sequence[Write]) -> None:
        """Write ``batch`` in one transaction, with a note to the other processes for each
        change (``peers``), delivered at the commit; ``Conflict`` for a seq already taken."""
        connection = self._connection()
        db = Db(connection, POSTGRES)
        now = time.time()
        notes = [_note(item) for item in batch if not isinstance(item, QUIET)]
        try:
            # pipelined: a batch of many tables' moves costs one round trip, not three a move
            with connection.pipeline(), connection.transaction():
                for item in batch:
                    queries.WRITERS[type(item)](db, item, now)
                if notes:
                    connection.execute("SELECT pg_notify(%s, note) FROM unnest(%s::text[]) "
                                       "AS note", (CHANNEL, notes))
        except self._psycopg.errors.UniqueViolation as err:
            first = str(err).strip().splitlines()[0]
            raise Conflict(f"that move was made already: {first}") from None


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
    """What the other processes are told of a write that is not ``QUIET``."""
    if isinstance(item, Action):
        return action_note(item.game_id, item.seq, item.player, item.token)
    return other_note(getattr(item, "game_id"))  # noqa: B009  (every write not QUIET has one)
