"""Long finished games, made by the engine and written straight into a store: what the
replay, record and review routes are tested and benched on (issue 57, criterion 2).

The longest a match may be is not fixed by its target: a hand everybody passes is thrown
in and scores nothing, so a client holding both seats can lengthen a match at will. These
games do so (``passing``: the chance of passing whenever a pass is legal, while the match
has fewer than ``moves`` moves), then play on at random to the target.
"""

from __future__ import annotations

import random
from pathlib import Path

from euchre import Game, Rules
from euchre.history import Stats
from euchre.server.storage import Action, Finish, NewGame, StoredGame
from euchre.server.stores import open_storage


def long_game(rules: Rules, seed: int, moves: int, passing: float = 0.99) -> Game:
    """A finished match of ``rules`` of about ``moves`` moves or more (see the module)."""
    game, rng = Game(rules, seed=seed), random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        padding = len(game.actions()) < moves and "pass" in legal and rng.random() < passing
        game.apply("pass" if padding else rng.choice(legal))
    return game


def store_finished(db: Path, game_id: str, game: Game, names: tuple[str, ...]) -> None:
    """Write ``game`` (finished) into the SQLite store at ``db`` as a friend game."""
    record = game.record()
    stored = StoredGame(id=game_id, mode="friend", level=None, rules=game.rules,
                        seed=record["seed"], tokens=tuple(f"t{game_id}{s}" for s in
                                                          range(game.players)),
                        names=names, seeded=True)
    writes: list = [NewGame(stored)]
    writes += [Action(game_id, seq, seat, token)
               for seq, (seat, token) in enumerate(game.actions())]
    writes.append(Finish(game_id, game.winner, game.score, Stats.of_seats(record)))
    storage = open_storage(db)
    try:
        storage.write(writes)
    finally:
        storage.close()
