"""Measure one hand's outcome distribution, the model behind the expert's match equity.

Plays single hands of expert against expert from random deals and counts, from the dealer's
side, how often each outcome happens: dealer +1 / +2, non-dealer +1 / +2, thrown in. The
frequencies go into ``DEALER_HAND`` in ``src/euchre/agents/equity.py``.

    python bench/studies/hand_outcomes.py --hands 2000 --workers 2
    python bench/studies/hand_outcomes.py --hands 200000 --backend ray --address auto   # a cluster

It runs on the arena's backends (``euchre.study.parallel``): local processes or a Ray cluster, with
the same counts for the same hands on both.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from euchre import Game, Rules, agents
from euchre.engine.seeds import mix64
from euchre.study.parallel import run_jobs


def one_hand(index: int) -> tuple[int, int]:
    """(dealer's points, non-dealer's points) of one expert-vs-expert hand."""
    seed = mix64(0xE0 + index)
    game = Game(Rules(), seed=seed, first_dealer=index % 2)
    bots = [agents.load("expert", seed=seed + 1), agents.load("expert", seed=seed + 2)]
    dealer = game.dealer
    while game.hand_number == 0:
        player = game.to_move
        game.apply(bots[player].act(game.view(player)))
    return game.score[dealer], game.score[1 - dealer]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    parser.add_argument("--address", default=None, help="a Ray cluster (with --backend ray)")
    args = parser.parse_args()
    done = run_jobs(one_hand, range(args.hands), workers=args.workers, backend=args.backend,
                    address=args.address)
    outcomes = Counter(done.results)
    table = {f"{d},{n}": round(count / args.hands, 3) for (d, n), count in sorted(outcomes.items())}
    print(json.dumps({"hands": args.hands, "dealer_hand": table}, indent=2))


if __name__ == "__main__":
    main()
