"""Several ``euchre serve`` processes on one database: news of each game, and who runs its bot.

Any process may serve any seat of any game. What one process commits, the others hear of
through PostgreSQL's LISTEN/NOTIFY: every write to a game sends a note on ``CHANNEL`` inside
the same transaction, so it is delivered exactly when (and only if) the write is durable.
A note is ``"ID a SEQ PLAYER TOKEN"`` for an accepted action (enough to apply it without a
read) and ``"ID r"`` for anything else (undo, a name, an option, the end): the table reads
the game again. A process that missed notes (its listening connection dropped) hears ``"*"``
and reads every live table again.

Each move is applied exactly once whatever the processes do: the store refuses a second
action at a seq already taken (``storage.Conflict``), inside the transaction. A computer
player's move is made by one process only: the one holding the game's **lease**, a
session-level advisory lock on a connection of its own. It is let go when the table is, and
PostgreSQL lets it go by itself when the process dies (its connection closes); another
process that has the table open takes it over at its next try (``LEASE_RETRY``).

With SQLite there is one process: ``SoloPeers`` hears nothing and every lease is its own.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

CHANNEL = "euchre_games"
LEASE_RETRY = 1.0
"""Seconds between tries for a computer's lease held by another process."""
_RECONNECT = 1.0

log = logging.getLogger("euchre.server")


def application_name() -> str:
    """How this process's database connections are named (``pg_stat_activity``): which
    process holds which lease is then one query away."""
    return f"euchre serve {os.getpid()}"


EVERYTHING = "*"
"""The note a process tells itself when it may have missed some: every live table rereads."""


def action_note(game_id: str, seq: int, player: int, token: str) -> str:
    """The note for an accepted action (see the module docstring)."""
    return f"{game_id} a {seq} {player} {token}"


def other_note(game_id: str) -> str:
    """The note for any other change to a game: read it again."""
    return f"{game_id} r"


def read_note(note: str) -> tuple[str, tuple[int, int, str] | None]:
    """A game's note read back: its id, and ``(seq, player, token)`` for an action (None for
    any other change). The token may hold a space (``discard 9C``).

    >>> read_note(action_note("g1", 7, 1, "discard 9C")), read_note(other_note("g1"))
    (('g1', (7, 1, 'discard 9C')), ('g1', None))
    """
    game_id, _, rest = note.partition(" ")
    kind, _, fields = rest.partition(" ")
    if kind != "a":
        return game_id, None
    seq, player, token = fields.split(" ", 2)
    return game_id, (int(seq), int(player), token)


class Peers(Protocol):
    """What a process needs to share games with others on the same database."""

    def start(self, heard: Callable[[str], None]) -> None:
        """Call ``heard(note)`` (from another thread) for every note from now on."""

    def claim(self, game_id: str) -> bool:
        """Take the game's lease if nobody holds it; True when this process holds it."""

    def release(self, game_id: str) -> None:
        """Let the game's lease go (the table is let go)."""

    def close(self) -> None: ...


class SoloPeers:
    """One process alone on its database (SQLite): no news, every lease its own."""

    def start(self, heard: Callable[[str], None]) -> None:
        pass

    def claim(self, game_id: str) -> bool:
        return True

    def release(self, game_id: str) -> None:
        pass

    def close(self) -> None:
        pass


def lease_key(game_id: str) -> int:
    """The advisory lock's key for a game: 64 bits of a hash of its id (signed, as
    PostgreSQL's bigint)."""
    return int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:8], "big", signed=True)


class PostgresPeers:
    """LISTEN on one connection (its own thread), leases on another."""

    def __init__(self, url: str) -> None:
        import psycopg

        self._psycopg = psycopg
        self.url = url
        self._leases: set[str] = set()
        self._lock = threading.Lock()
        self._lease_connection: Any = None
        self._listener: Any = None
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None

    # --- news ---------------------------------------------------------------------------

    def start(self, heard: Callable[[str], None]) -> None:
        ready = threading.Event()
        self._thread = threading.Thread(target=self._listen, args=(heard, ready),
                                        name="euchre-listen", daemon=True)
        self._thread.start()
        ready.wait(10)  # listening before the first connection is served

    def _listen(self, heard: Callable[[str], None], ready: threading.Event) -> None:
        first = True
        while not self._closing.is_set():
            try:
                connection = self._psycopg.connect(self.url, autocommit=True,
                                                   connect_timeout=10,
                                                   application_name=application_name())
                self._listener = connection
                connection.execute(f"LISTEN {CHANNEL}")
                ready.set()
                if not first:
                    heard(EVERYTHING)  # notes may have been missed while we were away
                first = False
                while not self._closing.is_set():
                    for note in connection.notifies(timeout=1.0):
                        heard(note.payload)
            except self._psycopg.Error as err:
                if self._closing.is_set():
                    return
                log.warning("listening for other processes' moves failed (%s); retrying",
                            str(err).strip().splitlines()[0] if str(err).strip() else err)
                ready.set()
                time.sleep(_RECONNECT)

    # --- leases ---------------------------------------------------------------------------

    def _leasing(self) -> Any:
        if self._lease_connection is None or self._lease_connection.closed:
            self._lease_connection = self._psycopg.connect(
                self.url, autocommit=True, connect_timeout=10,
                application_name=application_name())
            self._leases.clear()  # a new session holds nothing
        return self._lease_connection

    def claim(self, game_id: str) -> bool:
        with self._lock:
            if game_id in self._leases:
                return True
            try:
                (held,) = self._leasing().execute("SELECT pg_try_advisory_lock(%s)",
                                                  (lease_key(game_id),)).fetchone()
            except self._psycopg.Error:
                self._lease_connection = None
                return False
            if held:
                self._leases.add(game_id)
            return bool(held)

    def release(self, game_id: str) -> None:
        with self._lock:
            if game_id not in self._leases:
                return
            self._leases.discard(game_id)
            try:
                self._leasing().execute("SELECT pg_advisory_unlock(%s)", (lease_key(game_id),))
            except self._psycopg.Error:
                self._lease_connection = None

    def close(self) -> None:
        self._closing.set()
        with self._lock:
            for connection in (self._lease_connection, self._listener):
                if connection is not None:
                    with contextlib.suppress(self._psycopg.Error):
                        connection.close()
            self._leases.clear()
        if self._thread is not None:
            self._thread.join(3)
