"""Memory of the expert: peak resident size over whole matches, and its solver's table.

    python bench/expert_memory.py [--matches 3] [--seed 5] [--json]

Plays ``--matches`` matches of the expert against the heuristic in this process and reports
the process's peak resident set size (``ru_maxrss``) before the first match and after the
last, and how many positions the expert's transposition table holds at the end. Each expert
owns a ``Solver`` whose table is bounded (``solver.DEFAULT_TABLE_LIMIT``); the first release
kept one table for the whole process, of up to 2,000,000 positions (run this file against
that code to compare: it reads either).
"""

from __future__ import annotations

import argparse
import json
import resource
import time

from euchre import Game, Rules, agents
from euchre.agents import solver


def peak_mib() -> float:
    """The process's peak resident set size so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def table_size(expert: object) -> int:
    own = getattr(expert, "solver", None)
    if own is not None:
        return own.size
    return len(getattr(solver, "_TABLE", {}))  # the first release: one table per process


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    start = peak_mib()
    expert = agents.load("expert", seed=args.seed)
    other = agents.load("heuristic", seed=args.seed)
    decisions = hands = 0
    started = time.perf_counter()
    for m in range(args.matches):
        game = Game(Rules(), seed=args.seed * 100 + m)
        seat = m % 2
        while not game.is_over:
            view = game.view(game.to_move)
            bot = expert if game.to_move == seat else other
            decisions += bot is expert
            game.apply(bot.act(view))
        hands += game.hand_number + 1
    result = {"matches": args.matches, "hands": hands, "expert_decisions": decisions,
              "seconds": round(time.perf_counter() - started, 1),
              "peak_rss_mib_at_start": round(start, 1), "peak_rss_mib": round(peak_mib(), 1),
              "table_positions": table_size(expert),
              "table_limit": getattr(solver, "DEFAULT_TABLE_LIMIT",
                                     getattr(solver, "_TABLE_LIMIT", None))}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['matches']} matches, {hands} hands, {decisions} expert decisions in "
          f"{result['seconds']} s")
    print(f"peak RSS {result['peak_rss_mib']} MiB (at start {result['peak_rss_mib_at_start']}"
          f" MiB); table {result['table_positions']} positions (limit {result['table_limit']})")


if __name__ == "__main__":
    main()
