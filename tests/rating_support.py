"""Finished games written straight to a store, for the ratings and migration tests: each
played by its seats' last legal choices, finished with its statistics as the server
stores them, its seats owned by the accounts given."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from euchre import Game, Rules
from euchre.history import Stats
from euchre.server.account_store import Account, NewAccount
from euchre.server.accounts import hash_password
from euchre.server.lookalike import skeleton
from euchre.server.match_facts import MatchFacts
from euchre.server.storage import Action, Finish, NewGame, SQLiteStorage, StoredGame

CHEAP = {"n": 16, "r": 1, "p": 1}
"""A scrypt cost for accounts a test never logs in to."""


def account(name: str) -> NewAccount:
    return NewAccount(Account(skeleton(name), name, hash_password("password1", cost=CHEAP)))


@contextlib.contextmanager
def store_of(path: Path, names: tuple[str, ...]) -> Iterator[SQLiteStorage]:
    """A new SQLite store at ``path`` with an account for each of ``names``."""
    storage = SQLiteStorage(path)
    storage.write([account(name) for name in names])
    try:
        yield storage
    finally:
        storage.close()


def finished_game(game_id: str, rules: Rules, seed: int, owners: dict[int, str],
                  mode: str = "friend", facts: MatchFacts | None = None,
                  seeded: bool = False, pick: int = -1) -> list:
    """The writes of a game played to its end (each seat's ``pick``-th legal choice),
    its seats named after their owners (``owners``: seat to account name)."""
    players = rules.players
    names = tuple(owners.get(seat, f"Guest{seat}") for seat in range(players))
    tokens = tuple(f"t{game_id}{seat}" for seat in range(players))
    owned = {seat: skeleton(name) for seat, name in owners.items()}
    stored = StoredGame(game_id, mode, "easy", rules, seed, tokens, names,
                        facts=replace(facts or MatchFacts(), owners=owned), seeded=seeded)
    game = Game(rules, seed=seed)
    writes: list = [NewGame(stored)]
    while not game.is_over:
        legal = game.legal_actions()
        token = legal[pick % len(legal)]
        writes.append(Action(game_id, len(writes) - 1, game.to_move, token))
        game.apply(token)
    record = game.record()  # (as the server's table finishes a match)
    record["winner"] = game.winner
    summary = Stats.of_seats(record) if rules.game == "euchre" else \
        {str(seat): {"matches": 1} for seat in range(players)}  # (Euchre's counts only)
    writes.append(Finish(game_id, game.winner, game.score, summary))
    return writes


def snapshot(storage) -> tuple[list, list]:
    """Every rating and every step of their history, exactly as stored."""
    connection = storage._connection()
    return (connection.execute("SELECT account, game, mu, sigma, games, last FROM ratings "
                               "ORDER BY game, account").fetchall(),
            connection.execute("SELECT account, game, game_id, at, mu, sigma FROM "
                               "rating_history ORDER BY account, game, at").fetchall())
