"""The expert's decision times in Railroad, Hasenpfeffer and Napoleon (issue 51, criterion 1:
median <= 100 ms, p95 <= 500 ms on the 2-core machine).

The expert plays one seat of single hands from 0-0 against ``medium`` at every other seat,
each deal once with the expert in each seat; every decision of the expert is timed (forced
ones too, as ``strength.py`` counts them). The load average is printed beside the figures:
the machine is shared, and the times grow with it.

    python bench/rule_games_expert_speed.py --game hasenpfeffer --deals 6
    python bench/rule_games_expert_speed.py --game napoleon --players 3 --deals 10
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from euchre import Game, Rules, agents


def decision_times(rules: Rules, deals: int, level: str = "expert") -> list[float]:
    """Seconds of each of ``level``'s decisions over ``deals`` deals, one seat at a time."""
    times = []
    for deal in range(deals):
        for seat in range(rules.players):
            game = Game(rules, seed=1000 + deal, first_dealer=deal % rules.players)
            bots = {s: agents.load(level if s == seat else "medium", seed=s + 10 * deal)
                    for s in range(rules.players)}
            while game.hand_number == 0 and not game.is_over:
                player = game.to_move
                started = time.perf_counter()
                token = bots[player].act(game.view(player))
                if player == seat:
                    times.append(time.perf_counter() - started)
                game.apply(token)
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("railroad", "hasenpfeffer", "napoleon"),
                        required=True)
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=None)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--level", default="expert")
    args = parser.parse_args()
    rules = Rules(game=args.game, **({"players": args.players} if args.players else {}))
    times = decision_times(rules, args.deals, args.level)
    print(f"{args.game} ({rules.players}) {args.level}: {len(times)} decisions, median "
          f"{1000 * statistics.median(times):.1f} ms, p95 "
          f"{1000 * times[int(0.95 * (len(times) - 1))]:.1f} ms, max {1000 * times[-1]:.1f} ms;"
          f" load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
