"""The batched engine in lockstep with the scalar engine over 100,000 matches (issue 53).

Every rules value of the two-, three- and four-handed games (each deck, each combination of
flags, targets 1, 5 and 10) is played by ``euchre.batch.lockstep.run``: a ``Batch`` and a
``Game`` per slot dealt the same stacked decks, the same random legal action applied to
both; at every step the same seat to move and the same legal ids, at every hand's end the
same points, and every ``--observe-every`` steps each seat's observation equal to the
adapters' encoding of its view with no hidden card in it. The first difference stops the
run with a one-line message; otherwise it prints what it compared.

Run: ``python bench/batch_lockstep.py [--games-per-rules 100] [--hands 22] [--observe-every 25]
[--players 4 3 2]`` (204 rules values x 100 slots x 22 stacked decks: over 100,000 matches).
"""

from __future__ import annotations

import argparse
import sys
import time

from euchre.batch import lockstep


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games-per-rules", type=int, default=100,
                        help="games stepped side by side for each rules value (100)")
    parser.add_argument("--hands", type=int, default=22,
                        help="stacked decks per game, across its matches (22)")
    parser.add_argument("--observe-every", type=int, default=25,
                        help="compare every seat's observation every K steps (25; 0: never)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", choices=(2, 3, 4), default=[4, 3, 2],
                        help="the games to run (all three by default; one process each on "
                             "a machine with cores to spare)")
    args = parser.parse_args(argv)
    if args.games_per_rules < 1 or args.hands < 1 or args.observe_every < 0:
        parser.error("--games-per-rules and --hands must be at least 1, --observe-every 0 up")
    total = lockstep.Tally()
    start = time.perf_counter()
    for players in args.players:
        every = lockstep.every_rules(players, targets=(1, 5, 10))
        for i, rules in enumerate(every):
            try:
                tally = lockstep.run(rules, n=args.games_per_rules, hands=args.hands,
                                     seed=args.seed + i, observe_every=args.observe_every)
            except lockstep.Mismatch as err:
                print(f"MISMATCH under {rules.to_dict()}: {err}")
                return 1
            for field in ("matches", "hands", "steps", "observations"):
                setattr(total, field, getattr(total, field) + getattr(tally, field))
        print(f"{players}-handed: {len(every)} rules values; so far {total.matches:,} matches, "
              f"{total.hands:,} hands, {total.observations:,} observations "
              f"({time.perf_counter() - start:,.0f} s)", flush=True)
    print(f"agreed: {total.matches:,} matches ({total.hands:,} hands, {total.steps:,} batch "
          f"steps) played to the end in both engines, every move, legal set and hand's "
          f"points the same; {total.observations:,} observations equal to the encoder's, none "
          f"showing a hidden card")
    return 0


if __name__ == "__main__":
    sys.exit(main())
