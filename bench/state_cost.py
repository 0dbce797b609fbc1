"""What one seat's state message costs the server to build: the view, its dict, its words,
and all of it encoded, in microseconds (best of 7 over 600 views of 300 random games).

Run it against any checkout to compare commits side by side (the server's per-move cost is
mostly two or three of these per move):

    PYTHONPATH=src python bench/state_cost.py
    PYTHONPATH=/path/to/other/checkout/src python bench/state_cost.py
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from euchre import Game, Rules
from euchre.server import wording
from euchre.server.protocol import encode

NAMES = ("Ann", "Bob")


def positions(count: int = 300, seed: int = 1) -> list[Game]:
    """Random two-handed games stopped after 1-119 random actions (or at their end)."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        game = Game(Rules(target=10), seed=i)
        for _ in range(rng.randrange(1, 120)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        games.append(game)
    return games


def best_us(work: Callable[[], object], per: int, repeats: int = 7) -> float:
    """The fastest of ``repeats`` runs of ``work``, in microseconds per item."""
    fastest = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest * 1e6 / per


def main() -> None:
    games = positions()
    views = [g.view(seat) for g in games for seat in (0, 1)]
    n = len(views)
    figures = {
        "Game.view": best_us(lambda: [g.view(s) for g in games for s in (0, 1)], n),
        "View.to_dict": best_us(lambda: [v.to_dict(shared=True) for v in views], n),
        "words": best_us(lambda: [wording.words(v, NAMES) for v in views], n),
        "view and words encoded": best_us(
            lambda: [encode({"view": v.to_dict(shared=True), "words": wording.words(v, NAMES)})
                     for v in views], n),
    }
    for name, us in figures.items():
        print(f"{name:24} {us:6.1f} us")


if __name__ == "__main__":
    main()
