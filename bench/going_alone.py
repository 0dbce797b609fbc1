"""How often each four-handed level goes alone, by its side's score (issue 52, criterion 3).

    python bench/going_alone.py --deals 300 --levels medium expert --seed 52

Each deal is dealt at a score drawn for it (the bidder's side from 0 to 9 in turn, the other
side at random), and four players of one level bid it out (the play does not matter here).
For every score of the side that made trump the table gives the hands bid, how many times
the maker went alone, and that share: a level that goes alone at 8 or 9, where a bid with
the partner wins the match as surely, shows it in the last rows.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter

from euchre import Game, Rules, agents

BANDS = ((0, 3), (4, 5), (6, 7), (8, 8), (9, 9))
"""The side's score, in bands: the last two are where two points (a march with the
partner) or one win the match."""


def start_at(rules: Rules, seed: int, score: tuple[int, int]) -> Game:
    """A four-handed match dealt from ``seed`` whose first hand starts at ``score``."""
    data = Game(rules, seed=seed).record()
    data["start"] = {"hand_number": 0, "score": list(score), "last_hand": None}
    data["score"] = list(score)
    return Game.from_record(data)


def bid_out(level: str, deals: int, seed: int) -> tuple[Counter, Counter]:
    """Hands made and hands made alone, by the band of the maker's side's score."""
    rules = Rules(players=4)
    rng = random.Random(seed)
    made: Counter = Counter()
    alone: Counter = Counter()
    for deal in range(deals):
        mine = deal % 10
        score = (mine, rng.randrange(10))
        if rng.random() < 0.5:
            score = score[::-1]
        game = start_at(rules, rng.randrange(1 << 32), score)
        bots = [agents.load(level, seed=rng.randrange(1 << 32)) for _ in range(4)]
        while game.phase in ("bid1", "bid2", "discard", "defend", "joker") \
                and game.hand_number == 0:
            seat = game.to_move
            token = bots[seat].act(game.view(seat))
            if token.startswith(("order", "call")):
                band = next(b for b in BANDS if b[0] <= score[seat % 2] <= b[1])
                made[band] += 1
                alone[band] += token.endswith("alone")
            game.apply(token)
    return made, alone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--levels", nargs="+", default=["medium", "expert"])
    parser.add_argument("--seed", type=int, default=52)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.deals} deals a level, seed {args.seed}")
    results = {}
    for level in args.levels:
        started = time.perf_counter()
        results[level] = bid_out(level, args.deals, args.seed)
        print(f"{level}: {time.perf_counter() - started:.0f} s", flush=True)
    head = "".join(f" {level + ' alone / made':>24}" for level in args.levels)
    print(f"{'maker side score':<18}{head}")
    for band in BANDS:
        name = f"{band[0]}" if band[0] == band[1] else f"{band[0]}-{band[1]}"
        cells = []
        for level in args.levels:
            made, alone = results[level]
            share = 100 * alone[band] / made[band] if made[band] else 0.0
            cells.append(f"{alone[band]:>6} / {made[band]:<5} ({share:4.1f}%)")
        print(f"{name:<18}" + "".join(f" {c:>24}" for c in cells))


if __name__ == "__main__":
    main()
