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


@dataclass(frozen=True)
class AccountRows:
    """Every account, session and dislike of a store, as its rows (``euchre db copy``):
    accounts (key, name, hash, created), sessions (id, account, created), dislikes (who,
    whom). A session is the hash of its cookie's secret, so a copy opens nothing new: it
    keeps the people logged in whose browsers hold the cookies."""

    accounts: tuple[tuple, ...] = ()
    sessions: tuple[tuple, ...] = ()
    dislikes: tuple[tuple, ...] = ()


@dataclass(frozen=True)
class CopyAccounts:
    """Rows of another store's accounts, sessions and dislikes, written beside those here;
    a name registered here already keeps its own account (and sessions)."""

    rows: AccountRows


def _copy_accounts(db: Db, item: CopyAccounts, now: float) -> None:
    """Each account not here yet, then its sessions and dislikes: an account here already
    is another person's (registered on this server), and gets nothing of the other's."""
    new = set()
    for key, name, hash_, created in item.rows.accounts:
        if db.one("SELECT 1 FROM accounts WHERE key = ?", (key,)) is None:
            db.execute("INSERT INTO accounts (key, name, hash, created) VALUES (?, ?, ?, ?)",
                       (key, name, hash_, created))
            new.add(key)
    for session, account, created in item.rows.sessions:
        if account in new:
            db.execute("INSERT INTO sessions (id, account, created) VALUES (?, ?, ?) "
                       "ON CONFLICT (id) DO NOTHING", (session, account, created))
    for who, whom in item.rows.dislikes:
        if who in new:
            _dislike(db, Dislike(who, whom), now)


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
    Dislike: _dislike, CopyAccounts: _copy_accounts}
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

    def account_rows(self) -> AccountRows:
        """Every account, session and dislike here (``AccountRows``)."""
        db = self._db()
        return AccountRows(*(tuple(tuple(row) for row in db.execute(sql)) for sql in (
            "SELECT key, name, hash, created FROM accounts ORDER BY created, key",
            "SELECT id, account, created FROM sessions ORDER BY created, id",
            "SELECT who, whom FROM dislikes ORDER BY who, whom")))

    def avoided(self, key: str) -> set[str]:
        """The name keys quick match keeps away from the name ``key``: those its account
        dislikes and the accounts that dislike it."""
        return {whom for (whom,) in self._db().execute(
            "SELECT whom FROM dislikes WHERE who = ? UNION SELECT who FROM dislikes WHERE "
            "whom = ?", (key, key))}
