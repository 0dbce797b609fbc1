"""What differs between the two databases the server stores games in, and nothing else.

Every query, schema step and write of the store is written once (``queries``, ``schema``,
``totals``, ``ratings``, ``account_store``) in SQL both SQLite and PostgreSQL accept, with
``?`` for each parameter. A ``Dialect`` holds the few places where the two differ: the
parameter mark (``?`` against ``%s``), the type of a float column, SQLite's ``WITHOUT
ROWID``, how a transaction keeps a row it read from changing under it (PostgreSQL's ``FOR
UPDATE``; a SQLite write transaction holds the whole file), and how processes take turns at a
step (PostgreSQL's advisory locks). ``Db`` is a connection with its dialect: what the shared
code runs its SQL on.

>>> SQLITE.sql("SELECT 1 WHERE ? = ?"), POSTGRES.sql("SELECT 1 WHERE ? = ?")
('SELECT 1 WHERE ? = ?', 'SELECT 1 WHERE %s = %s')
>>> POSTGRES.ddl("CREATE TABLE t (at {real}){without_rowid}")
'CREATE TABLE t (at DOUBLE PRECISION)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Dialect:
    """The differences of one database's SQL (see the module docstring)."""

    name: str
    mark: str
    """The parameter mark of its driver: ``?`` (sqlite3) or ``%s`` (psycopg)."""
    real: str
    """The column type of a float (times, ratings)."""
    without_rowid: str
    """What follows a table's columns where a primary key is its only index."""
    for_update: str
    """What follows a SELECT whose rows the transaction will rewrite."""
    advisory_locks: bool
    """Whether ``Db.take_turns`` has to lock anything (a SQLite write transaction already
    holds the whole file)."""
    _cache: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def sql(self, text: str) -> str:
        """``text`` (written with ``?`` marks) in this database's marks."""
        if self.mark == "?":
            return text
        out = self._cache.get(text)
        if out is None:
            out = self._cache[text] = text.replace("?", self.mark)
        return out

    def ddl(self, template: str) -> str:
        """A schema statement for this database: ``{real}`` and ``{without_rowid}``
        filled in (a literal brace is written twice, as in ``str.format``)."""
        return template.format(real=self.real, without_rowid=self.without_rowid)


SQLITE = Dialect("sqlite", "?", "REAL", " WITHOUT ROWID", "", advisory_locks=False)
POSTGRES = Dialect("postgres", "%s", "DOUBLE PRECISION", "", " FOR UPDATE",
                   advisory_locks=True)


class Db:
    """A connection (sqlite3's or psycopg's) and its dialect: ``execute`` takes SQL with
    ``?`` marks whichever the database."""

    __slots__ = ("connection", "dialect")

    def __init__(self, connection: Any, dialect: Dialect) -> None:
        self.connection = connection
        self.dialect = dialect

    def execute(self, text: str, params: Sequence[Any] | None = None) -> Any:
        """Run one statement (``params`` None: none, and no mark is read in ``text``); its
        cursor."""
        if params is None:
            return self.connection.execute(text)
        return self.connection.execute(self.dialect.sql(text), params)

    def execute_many(self, text: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once for each of ``rows``."""
        self.connection.cursor().executemany(self.dialect.sql(text), list(rows))

    def one(self, text: str, params: Sequence[Any] | None = None) -> Any:
        """The first row of a query, or None."""
        return self.execute(text, params).fetchone()

    @property
    def for_update(self) -> str:
        return self.dialect.for_update

    def take_turns(self, lock: int) -> None:
        """Until the transaction ends, other processes taking the same ``lock`` wait."""
        if self.dialect.advisory_locks:
            self.execute("SELECT pg_advisory_xact_lock(?)", (lock,))
