"""Arena scaling: hands per second with 1 and 2 local worker processes and on Ray.

Targets: 2 local workers at least 1.7x one worker (issue 3); the Ray backend on a local
2-CPU cluster within 15% of 2 local workers (issue 7). Every run plays the same pairs from
the same seed, and the script checks that all of them produced identical outcomes. The runs
are alternated so that a slow spell of the machine hits every mode; each mode's best time is
reported. Ray's cluster is started once before the timed runs (a cluster is started once
and then used for many runs) and its start-up time is reported separately.

    python bench/arena_scaling.py [--games 60] [--a expert:deals=32] [--b heuristic] [--ray]
"""

from __future__ import annotations

import argparse
import time

from euchre.study.arena import ArenaSpec, run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--a", default="expert:deals=32")
    parser.add_argument("--b", default="heuristic")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--ray", action="store_true", help="also time the Ray backend")
    args = parser.parse_args()
    spec = ArenaSpec(args.a, args.b, pairs=args.games // 2, seed=args.seed)
    modes = ["1 local worker", "2 local workers"]
    if args.ray:
        import ray

        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        print(f"Ray local cluster (2 CPUs) started in {time.perf_counter() - started:.1f} s")
        modes.append("Ray, 2 CPUs")
    runs: dict[str, list[float]] = {mode: [] for mode in modes}
    outcomes = {}
    hands = 0
    for _ in range(args.rounds):
        for mode in modes:
            started = time.perf_counter()
            if mode.startswith("Ray"):
                result = run(spec, backend="ray")
            else:
                result = run(spec, workers=int(mode[0]))
            runs[mode].append(time.perf_counter() - started)
            outcomes[mode] = [(o.pair, o.a_seat, o.a_won, o.a_points, o.b_points, o.hands)
                              for o in result.outcomes]
            hands = sum(o.hands for o in result.outcomes)
    best = {mode: min(times) for mode, times in runs.items()}
    print(f"{args.a} vs {args.b}: {args.games} matches, {hands} hands, seed {args.seed}")
    for mode, seconds in best.items():
        print(f"  {mode:<16} {seconds:7.1f} s (best of {args.rounds})  "
              f"{hands / seconds:7.2f} hands/s")
    one, two = best["1 local worker"], best["2 local workers"]
    print(f"2 local workers: {one / two:.2f}x one worker (target >= 1.7x)")
    if args.ray:
        overhead = best["Ray, 2 CPUs"] / two - 1
        print(f"Ray overhead against 2 local workers: {100 * overhead:+.1f}% (target < 15%)")
    print(f"cost: {one / hands * 1000:.1f} ms of one core per hand "
          f"({one / hands * 1e6 / 3600:.0f} core-hours per million hands)")
    same = all(o == outcomes[modes[0]] for o in outcomes.values())
    print(f"identical outcomes in every mode: {same}")


if __name__ == "__main__":
    main()
