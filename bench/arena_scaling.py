"""Arena scaling: matches per second with 1 and 2 worker processes, same seed, same results.

Target (issue 3): 2 workers at least 1.7x one worker on this 2-core machine. The run also
checks that both runs produced the same outcomes (the arena's results depend only on the
seed).

    python bench/arena_scaling.py [--games 60] [--a expert:deals=32] [--b heuristic]
"""

from __future__ import annotations

import argparse
import time

from euchre.agents import solver
from euchre.arena import ArenaSpec, run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--a", default="expert:deals=32")
    parser.add_argument("--b", default="heuristic")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    spec = ArenaSpec(args.a, args.b, pairs=args.games // 2, seed=args.seed)
    runs: dict[int, list[float]] = {1: [], 2: []}
    outcomes = {}
    for workers in (1, 2, 1, 2):  # alternated, so a slow spell of the machine hits both
        solver.clear_table()  # one worker plays in this process: no head start from a run before
        started = time.perf_counter()
        result = run(spec, workers=workers)
        runs[workers].append(time.perf_counter() - started)
        outcomes[workers] = [(o.pair, o.a_seat, o.a_won, o.a_points, o.b_points, o.hands)
                             for o in result.outcomes]
    timings = {w: min(ts) for w, ts in runs.items()}
    for workers, seconds in timings.items():
        print(f"{workers} worker(s): {args.games} matches in {seconds:.1f} s (best of 2), "
              f"{args.games / seconds:.2f} matches/s")
    print(f"speed-up with 2 workers: {timings[1] / timings[2]:.2f}x (target >= 1.7x); "
          f"identical outcomes: {outcomes[1] == outcomes[2]}")


if __name__ == "__main__":
    main()
