"""The partner positions of issue 52 (tests/partner_positions.py): which each level keeps,
and what keeping the conventions is worth in points on duplicate deals.

    python bench/partner_positions.py                      # the positions, 12 seeds each
    python bench/partner_positions.py --cost 300 --seed 52 # + the expert with its
                                                           # conventions against without

The first table gives, for every position, ``medium``'s choice and how many of ``--seeds``
seeds of ``hard`` and the ``expert`` keep it. ``--cost N`` plays N duplicate four-handed
deals (``study.family_duplicate``, single hands from 0-0): the expert (its
``CONVENTION_PRIOR``) against the same expert with no prior (it breaks a convention
wherever its open-hand deals favour breaking it), each partnering itself, then each
partnering ``medium`` against the other partnering ``medium``. Positive: keeping the
conventions pays. The expert keeping none is ``expert:conventions=false``; against
``hard`` it is measured by ``strength.py --players 4 --pairs expert:conventions=false/hard``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from partner_positions import POSITIONS

from euchre import agents
from euchre.agents.family.rules_of_thumb import choose
from euchre.agents.family.search import CONVENTION_PRIOR
from euchre.rules import Rules
from euchre.study.arena import BotSpec, mean_interval
from euchre.study.family_duplicate import duplicate_family_hand


def positions_table(seeds: int) -> None:
    """Every position with the choice of medium and how often hard and expert keep it."""
    print(f"{'position':<48} {'medium':>8} {'hard':>7} {'expert':>7}")
    for position in POSITIONS:
        view = position.view()
        medium = choose(view)
        kept = {name: sum(position.kept(agents.load(name, seed=seed).act(view))
                          for seed in range(seeds)) for name in ("hard", "expert")}
        mark = "" if position.kept(medium) else " (breaks)"
        print(f"{position.name:<48} {medium + mark:>8} {kept['hard']:>4}/{seeds} "
              f"{kept['expert']:>4}/{seeds}", flush=True)


def cost(deals: int, seed: int) -> None:
    """The expert with its conventions against the expert without, on duplicate deals."""
    rules = Rules(players=4)
    keeping, breaking = BotSpec("expert"), BotSpec.parse("expert:conventions=false")
    medium = BotSpec("medium")
    for side_a, side_b in ((keeping, breaking), ((keeping, medium), (breaking, medium))):
        started = time.perf_counter()
        margins = [duplicate_family_hand((side_a, side_b, rules, seed, deal))[0]
                   for deal in range(deals)]
        mean, low, high = mean_interval(margins)
        name = "+".join(map(str, side_a)) if isinstance(side_a, tuple) else str(side_a)
        other = "+".join(map(str, side_b)) if isinstance(side_b, tuple) else str(side_b)
        print(f"{name} vs {other}: {mean:+.3f} points/hand (95% {low:+.3f} to {high:+.3f}) "
              f"over {deals} deals, {time.perf_counter() - started:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=12,
                        help="seeds of each searching level (0: no positions table)")
    parser.add_argument("--cost", type=int, default=0, metavar="DEALS",
                        help="also measure the conventions' worth over this many deals")
    parser.add_argument("--seed", type=int, default=52)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; expert's convention prior "
          f"{CONVENTION_PRIOR} points")
    if args.seeds:
        positions_table(args.seeds)
    if args.cost:
        cost(args.cost, args.seed)


if __name__ == "__main__":
    main()
