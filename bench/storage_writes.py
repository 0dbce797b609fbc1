"""The storage layer's cost of a move, alone: ``--games`` games of two written move by move
into a fresh store, one batch of ``--batch`` moves at a time (as the committer groups them),
then each game loaded back. Prints the time and the CPU of a move, for SQLite and (with
``--db pg``, a throwaway PostgreSQL 15 cluster as the tests start one) PostgreSQL.

    python bench/storage_writes.py                    # SQLite
    python bench/storage_writes.py --db pg            # PostgreSQL

To compare two versions of the code side by side, run it with ``PYTHONPATH`` set to each
one's ``src`` in turn (``bench/server_load.py`` gives the whole server's figure).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from euchre import Game, Rules
from euchre.server.storage import Action, NewGame, StoredGame
from euchre.server.stores import open_storage


def moves(games: int, seed: int) -> list[list[Action]]:
    """Each game's moves, played at random to its end."""
    out = []
    for n in range(games):
        game, rng = Game(Rules(target=5), seed=seed + n), random.Random(seed + n)
        actions = []
        while not game.is_over:
            token = rng.choice(game.legal_actions())
            actions.append(Action(f"g{n}", len(actions), game.to_move or 0, token))
            game.apply(token)
        out.append(actions)
    return out


def run(url: str, games: list[list[Action]], batch: int) -> tuple[float, float, int]:
    """Wall and CPU seconds of writing every move, and the number of moves."""
    store = open_storage(url)
    try:
        store.write([NewGame(StoredGame(f"g{n}", "friend", None, Rules(target=5), 0,
                                        ("a", "b"), ("Ann", "Bob")))
                     for n in range(len(games))])
        pending = [action for step in itertools.zip_longest(*games) for action in step
                   if action is not None]  # (the games' moves interleaved, as tables play)
        wall, cpu = time.perf_counter(), time.process_time()
        for start in range(0, len(pending), batch):
            store.write(pending[start:start + batch])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        for n in range(len(games)):
            loaded = store.load(f"g{n}")
            assert loaded is not None and len(loaded.actions) == len(games[n])
        return wall, cpu, len(pending)
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--batch", type=int, default=20, help="moves a transaction")
    parser.add_argument("--db", choices=("sqlite", "pg"), default="sqlite")
    args = parser.parse_args()
    games = moves(args.games, 1)
    with contextlib.ExitStack() as stack:
        if args.db == "pg":
            from pg_support import cluster

            url = stack.enter_context(cluster(fsync=True))
        else:
            url = str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "games.db")
        wall, cpu, n = run(url, games, args.batch)
    print(f"{n} moves of {args.games} games into {args.db}, {args.batch} a transaction: "
          f"{1e6 * wall / n:.1f} us a move, CPU {1e6 * cpu / n:.1f} us a move")


if __name__ == "__main__":
    main()
