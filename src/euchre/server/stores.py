"""Which store a ``--db`` names, and moving every game from one store to another.

``--db`` is a file (SQLite, the embedded default) or ``postgresql://USER@HOST:PORT/DB``.
``copy_games`` is ``euchre db copy SRC DST``: every game, finished or not, with its times,
result, options and actions, each in one transaction on the destination, then its stored
reviews (the coach's); games already there are left as they are and counted. Then the
accounts with their sessions and "don't seat me with" choices (a name registered at the
destination already keeps its own account), and the ratings, worked out again at the
destination from every game it now holds, in the order they finished where they were
played (``ratings.SeatTimes``): a copy into an empty database rates exactly as the source.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from .account_store import CopyAccounts
from .peers import Peers, PostgresPeers, SoloPeers
from .postgres import PostgresStorage, is_postgres_url
from .storage import SaveReview, SQLiteStorage, Storage


def open_storage(path: str | Path) -> Storage:
    """The store ``path`` names: a PostgreSQL database or a SQLite file (created if
    missing); ``ValueError`` in one line if it cannot be used."""
    if is_postgres_url(str(path)):
        return PostgresStorage(str(path))
    return SQLiteStorage(path)


def peers_for(storage: Storage) -> Peers:
    """The other processes a store is shared with: PostgreSQL's, or none (SQLite)."""
    if isinstance(storage, PostgresStorage):
        return PostgresPeers(storage.url)
    return SoloPeers()


class Copied(NamedTuple):
    """What ``copy_games`` did."""

    games: int
    skipped: int
    """Games the destination held already."""
    accounts: int
    """Accounts new at the destination."""


def copy_games(source: str | Path, target: str | Path,
               progress: Callable[[int, int], None] | None = None) -> Copied:
    """Copy every game of ``source`` into ``target``, then its accounts and ratings (see
    the module's docstring). Every game is replayed on the way (a damaged one stops the
    copy with its one-line error, before it is written)."""
    if str(source) == str(target):
        raise ValueError("the source and the destination are the same database")
    if not is_postgres_url(str(source)) and not Path(source).is_file():
        raise ValueError(f"{source}: no such database file")
    src, dst = open_storage(source), open_storage(target)
    try:
        here = set(dst.all_ids())
        ids = src.all_ids()
        copied: set[str] = set()
        for n, game_id in enumerate(ids, 1):
            if game_id not in here:
                game = src.load(game_id)
                assert game is not None
                game.replay()  # refuses a damaged game, naming it
                dst.put_whole(game)
                reviews = [SaveReview(game_id, seat, review) for seat in range(len(game.names))
                           if (review := src.load_review(game_id, seat)) is not None]
                if reviews:  # the coach's stored reviews go with their game
                    dst.write(reviews)
                copied.add(game_id)
            if progress:
                progress(n, len(ids))
        accounts = len(dst.account_rows().accounts)
        dst.write([CopyAccounts(src.account_rows()),
                   src.seat_times(copied)])
        accounts = len(dst.account_rows().accounts) - accounts
        dst.rebuild_ratings()
        return Copied(len(copied), len(ids) - len(copied), accounts)
    finally:
        src.close()
        dst.close()
