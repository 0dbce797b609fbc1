"""Speed of the coach: the time to review a whole match to 10, one seat, at the default deals.

Target (issue 13, this 2-core machine): at most 15 s for a whole match to 10 at the default
``--deals`` (``euchre.coach.DEFAULT_DEALS``), on one core.

    python bench/review_speed.py [--matches 4] [--deals K] [--seed 0] [--json]

Matches are played first (not timed): the heuristic (a player who makes mistakes, as people
do) against a quick expert, to 10 points. Then each seat of each match is reviewed as
``euchre review`` does it (``review_record``), timed from the record to the ``Review``. The
load average is printed beside the times: on a busy machine they are not the coach's alone.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from euchre import Game, Rules, agents
from euchre.coach import DEFAULT_DEALS, review_record

TARGET_SECONDS = 15.0


def played_match(seed: int) -> dict:
    """A match to 10: the heuristic (seat 0) against an expert with 48 deals (seat 1)."""
    bots = [agents.load("heuristic", seed=seed), agents.load("expert", seed=seed, deals=48)]
    game = Game(Rules(target=10), seed=seed)
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game.record()


def measure(matches: int, deals: int, seed: int) -> dict:
    rows = []
    for m in range(matches):
        record = played_match(seed + m)
        for player in (0, 1):
            started = time.perf_counter()
            review = review_record(record, player, deals=deals)
            seconds = time.perf_counter() - started
            rows.append({"match": m, "player": player, "hands": len(record["hands"]),
                         "decisions": len(review.decisions), "seconds": round(seconds, 2),
                         "total_loss": round(review.total_loss, 2)})
    times = [r["seconds"] for r in rows]
    return {"deals": deals, "bid_deals": 2 * deals, "reviews": rows,
            "median_s": round(statistics.median(times), 2), "max_s": round(max(times), 2),
            "target_s": TARGET_SECONDS, "met": max(times) <= TARGET_SECONDS,
            "load_average": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_before = os.getloadavg()
    result = measure(args.matches, args.deals, args.seed)
    result["load_average_before"] = [round(x, 2) for x in load_before]
    if args.json:
        print(json.dumps(result))
        return
    print(f"review of one seat of a match to 10, {result['deals']} deals a card, "
          f"{result['bid_deals']} a bid or discard (one core):")
    for r in result["reviews"]:
        print(f"  match {r['match']} seat {r['player']}: {r['hands']:2} hands, "
              f"{r['decisions']:3} decisions, {r['seconds']:6.2f} s  (lost {r['total_loss']})")
    print(f"median {result['median_s']:.2f} s, max {result['max_s']:.2f} s; target <= "
          f"{TARGET_SECONDS:.0f} s: {'met' if result['met'] else 'NOT met'}")
    print(f"load average before {result['load_average_before']}, after "
          f"{result['load_average']} on {result['cpus']} CPUs")


if __name__ == "__main__":
    main()
