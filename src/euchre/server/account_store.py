"""Accounts and their sessions in the store: the writes, the reads and the schema steps.

Both stores run this SQL (``dialect``), as they run ``totals``: an account is its name as
registered, the name's confusable skeleton (``lookalike.skeleton``: the key, so two names
that differ only by case, Unicode form or a look-alike letter are one account) and its
password's hash; a session is the SHA-256 of the secret in its cookie (a copied database
opens no session) and the account it belongs to. Nothing here is told to other processes:
each reads sessions from the store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .dialect import Db

SQL_TABLES = (  # (schema steps: ``Dialect.ddl`` templates, in ``schema.STEPS``)
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


def owner_key(seat: int) -> str:
    """The key of a game's options naming the account that played a seat (its key).

    >>> owner_key(0), owner_key(3)
    ('account0', 'account3')
    """
    return f"account{seat}"


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


def _dislike(db: Db, item: Dislike, now: float) -> None:
    db.execute("INSERT INTO dislikes (who, whom) VALUES (?, ?) ON CONFLICT (who, whom) DO "
               "NOTHING", (item.who, item.whom))


def _new_account(db: Db, item: NewAccount, now: float) -> None:
    a = item.account
    db.execute("INSERT INTO accounts (key, name, hash, created) VALUES (?, ?, ?, ?)",
               (a.key, a.name, a.hash, now))


def _new_session(db: Db, item: NewSession, now: float) -> None:
    db.execute("INSERT INTO sessions (id, account, created) VALUES (?, ?, ?)",
               (item.id, item.account, now))


def _end_session(db: Db, item: EndSession, now: float) -> None:
    db.execute("DELETE FROM sessions WHERE id = ?", (item.id,))


WRITERS: dict[type, Callable[[Db, Any, float], None]] = {
    NewAccount: _new_account, NewSession: _new_session, EndSession: _end_session,
    Dislike: _dislike}
"""Each write of this module, taking the ``Db``, the write and the time."""


class AccountReads:
    """The reads of accounts, mixed into ``queries.Reads`` (its ``_db``)."""

    def _db(self) -> Db:
        raise NotImplementedError

    def account(self, key: str) -> Account | None:
        """The account whose key is ``key`` (a name's skeleton), or None."""
        row = self._db().one("SELECT key, name, hash FROM accounts WHERE key = ?", (key,))
        return None if row is None else Account(*row)

    def session(self, session_id: str, since: float) -> Account | None:
        """The account of a session opened after ``since``, or None (no such session,
        closed, or too old)."""
        row = self._db().one("SELECT a.key, a.name FROM sessions s JOIN accounts a ON a.key = "
                             "s.account WHERE s.id = ? AND s.created > ?", (session_id, since))
        return None if row is None else Account(*row)

    def avoided(self, key: str) -> set[str]:
        """The name keys quick match keeps away from the name ``key``: those its account
        dislikes and the accounts that dislike it."""
        return {whom for (whom,) in self._db().execute(
            "SELECT whom FROM dislikes WHERE who = ? UNION SELECT who FROM dislikes WHERE "
            "whom = ?", (key, key))}
