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
from euchre.agents.rule_games.search import worker_solver


def decision_times(rules: Rules, deals: int, level: str = "expert"
                   ) -> tuple[list[float], list[float], list[int]]:
    """Seconds of each of ``level``'s decisions over ``deals`` deals, one seat at a time
    (on the clock, and of this process's CPU: the machine's load lengthens the first far
    more), and the solver positions each searched (the same on any machine at any load)."""
    times, cpu, positions = [], [], []
    solver = worker_solver()
    for deal in range(deals):
        for seat in range(rules.players):
            game = Game(rules, seed=1000 + deal, first_dealer=deal % rules.players)
            bots = {s: agents.load(level if s == seat else "medium", seed=s + 10 * deal)
                    for s in range(rules.players)}
            while game.hand_number == 0 and not game.is_over:
                player = game.to_move
                started, used, searched = time.perf_counter(), time.process_time(), \
                    solver.nodes
                token = bots[player].act(game.view(player))
                if player == seat:
                    times.append(time.perf_counter() - started)
                    cpu.append(time.process_time() - used)
                    positions.append(solver.nodes - searched)
                game.apply(token)
    return sorted(times), sorted(cpu), sorted(positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("railroad", "hasenpfeffer", "napoleon"),
                        required=True)
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=None)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--level", default="expert")
    args = parser.parse_args()
    rules = Rules(game=args.game, **({"players": args.players} if args.players else {}))
    times, cpu, positions = decision_times(rules, args.deals, args.level)
    p95 = int(0.95 * (len(times) - 1))
    print(f"{args.game} ({rules.players}) {args.level}: {len(times)} decisions, median "
          f"{1000 * statistics.median(times):.1f} ms, p95 {1000 * times[p95]:.1f} ms, max "
          f"{1000 * times[-1]:.1f} ms; CPU median {1000 * statistics.median(cpu):.1f} ms, "
          f"p95 {1000 * cpu[p95]:.1f} ms, max {1000 * cpu[-1]:.1f} ms; solver positions median "
          f"{statistics.median(positions):,.0f}, p95 {positions[p95]:,}, max "
          f"{positions[-1]:,}, total {sum(positions):,}; load average "
          f"{os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
