"""Accounts and their sessions in the store: the writes, the reads and the schema steps.

Both stores share this SQL (``mark`` is the database's parameter mark), as they share
``totals``: an account is its name as registered, the name's confusable skeleton
(``lookalike.skeleton``: the key, so two names that differ only by case, Unicode form or a
look-alike letter are one account) and its password's hash; a session is the SHA-256 of
the secret in its cookie (a copied database opens no session) and the account it belongs
to. Nothing here is told to other processes: each reads sessions from the store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SQL_TABLES = (
    "CREATE TABLE IF NOT EXISTS accounts (key TEXT PRIMARY KEY, name TEXT NOT NULL, "
    "hash TEXT NOT NULL, created {real} NOT NULL){without_rowid}",
    "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, account TEXT NOT NULL "
    "REFERENCES accounts(key), created {real} NOT NULL){without_rowid}",
)
SQL_DISLIKES = (
    "CREATE TABLE IF NOT EXISTS dislikes (who TEXT NOT NULL REFERENCES accounts(key), "
    "whom TEXT NOT NULL, PRIMARY KEY (who, whom)){without_rowid}",
)
"""The schema step of "don't seat me with this player again": an account, and the key of a
name (``accounts.name_key``) it will not be seated with by quick match."""
"""The schema steps that add accounts and sessions, to be formatted with the database's
type of a float and SQLite's ``WITHOUT ROWID`` (``steps``)."""


def owner_key(seat: int) -> str:
    """The key of a game's options naming the account that played a seat (its key).

    >>> owner_key(0), owner_key(3)
    ('account0', 'account3')
    """
    return f"account{seat}"


def steps(real: str, without_rowid: str, tables: tuple[str, ...] = SQL_TABLES) -> list[str]:
    """``tables`` (``SQL_TABLES``, ``SQL_DISLIKES``) for one database."""
    return [sql.format(real=real, without_rowid=without_rowid) for sql in tables]


@dataclass(frozen=True)
class Account:
    """A registered name: ``key`` its skeleton, ``name`` as it was registered."""

    key: str
    name: str
    hash: str = ""


@dataclass(frozen=True)
class NewAccount:
    """Register a name: refused (``Conflict``, nothing written) when its key is taken."""

    account: Account


@dataclass(frozen=True)
class NewSession:
    """A session opened for an account (``id``: the hash of its cookie's secret)."""

    id: str
    account: str


@dataclass(frozen=True)
class EndSession:
    """A session closed (logging out): its cookie opens nothing from then on."""

    id: str


@dataclass(frozen=True)
class Dislike:
    """An account will not be seated with a name again (written once)."""

    who: str
    whom: str


def _dislike(connection: Any, mark: str, item: Dislike, now: float) -> None:
    connection.execute(f"INSERT INTO dislikes (who, whom) VALUES ({mark}, {mark}) ON CONFLICT "
                       "(who, whom) DO NOTHING", (item.who, item.whom))


def _new_account(connection: Any, mark: str, item: NewAccount, now: float) -> None:
    a = item.account
    connection.execute(f"INSERT INTO accounts (key, name, hash, created) VALUES "
                       f"({mark}, {mark}, {mark}, {mark})", (a.key, a.name, a.hash, now))


def _new_session(connection: Any, mark: str, item: NewSession, now: float) -> None:
    connection.execute(f"INSERT INTO sessions (id, account, created) VALUES "
                       f"({mark}, {mark}, {mark})", (item.id, item.account, now))


def _end_session(connection: Any, mark: str, item: EndSession, now: float) -> None:
    connection.execute(f"DELETE FROM sessions WHERE id = {mark}", (item.id,))


WRITERS = {NewAccount: _new_account, NewSession: _new_session, EndSession: _end_session,
           Dislike: _dislike}
"""Each write of this module, taking the connection, the mark, the write and the time."""


def writer(kind: type, mark: str) -> Any:
    """A store's writer of ``kind`` (the store's shape: connection, item, time)."""
    write = WRITERS[kind]
    return lambda connection, item, now: write(connection, mark, item, now)


class AccountReads:
    """The reads of accounts, mixed into ``storage.Reads`` (its ``_connection`` and
    ``_sql``)."""

    def account(self, key: str) -> Account | None:
        """The account whose key is ``key`` (a name's skeleton), or None."""
        row = self._connection().execute(  # type: ignore[attr-defined]
            self._sql("SELECT key, name, hash FROM accounts WHERE key = ?"),  # type: ignore
            (key,)).fetchone()
        return None if row is None else Account(*row)

    def session(self, session_id: str, since: float) -> Account | None:
        """The account of a session opened after ``since``, or None (no such session,
        closed, or too old)."""
        row = self._connection().execute(  # type: ignore[attr-defined]
            self._sql("SELECT a.key, a.name FROM sessions s JOIN accounts a ON a.key = "  # type: ignore
                      "s.account WHERE s.id = ? AND s.created > ?"),
            (session_id, since)).fetchone()
        return None if row is None else Account(*row)

    def avoided(self, key: str) -> set[str]:
        """The name keys quick match keeps away from the name ``key``: those its account
        dislikes and the accounts that dislike it."""
        return {whom for (whom,) in self._connection().execute(  # type: ignore[attr-defined]
            self._sql("SELECT whom FROM dislikes WHERE who = ? UNION "  # type: ignore
                      "SELECT who FROM dislikes WHERE whom = ?"), (key, key))}
