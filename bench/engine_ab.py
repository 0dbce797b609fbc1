"""Today's engine against another revision's on fixed work, timed in CPU seconds: for a
loaded shared machine, where ``engine_speed.py --baseline``'s wall-clock ratios swing by
more than the 5% they judge.

Each measurement is a fixed piece of work on the same seeds and pools for both engines (at
``--scale 1``: 40 random matches through the int path, 40 through ``push_id``, 15 through
the token API, 30 passes of ``copy()`` over 300 positions, 3 passes of ``resample`` over
300 views; the four-handed int path, ``copy()`` and ``resample`` likewise), timed with
``time.process_time`` (the time this process ran: waiting for a core under load is not
counted), the two engines alternating which goes first, the best of ``--repeats`` runs
kept (the least disturbed). The speed ratio is the baseline's best time over today's.

Run from the repository root:
``python bench/engine_ab.py --baseline REV [--repeats N] [--scale K]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engine_speed

from euchre import Rules

cpu = time.process_time


def _play(t: engine_speed.Table, matches: int, way: str) -> Callable[[], None]:
    def run() -> None:
        rand = random.Random(1).random
        for seed in range(matches):
            g = t.engine.Game(t.rules, seed=seed)
            step = {"apply_id": g.apply_id, "push_id": g.push_id, "apply": g.apply}[way]
            legal = g.legal_actions if way == "apply" else g.legal_action_ids
            while not g.is_over:
                choices = legal()
                step(choices[int(rand() * len(choices))])
    return run


def work(t: engine_speed.Table, four: bool, scale: int) -> dict[str, Callable[[], None]]:
    """The fixed work of each measurement on one engine's table (``scale`` times the unit)."""
    def copy() -> None:
        for _ in range(30 * scale):
            for g in t.pool:
                g.copy()

    def resample() -> None:
        rng = random.Random(1)
        for _ in range(3 * scale):
            for view in t.views:
                t.engine.resample(view, rng)

    out = {"fast": _play(t, 40 * scale, "apply_id"), "copy": copy, "resample": resample}
    if not four:
        out.update(push=_play(t, 40 * scale, "push_id"), token=_play(t, 15 * scale, "apply"))
    return {name + ("4" if four else ""): fn for name, fn in out.items()}


def measure(baseline: engine_speed.Engine, repeats: int,
            scale: int = 1) -> dict[str, tuple[float, float]]:
    """Each measurement's best CPU time: (today's, the baseline's)."""
    pairs = {}
    for four, seed in ((False, 0), (True, 1)):
        options = {"players": 4} if four else {}
        today = work(engine_speed.make_table(engine_speed.ENGINE, Rules(**options), seed), four,
                     scale)
        before = work(engine_speed.make_table(baseline, baseline.Rules(**options), seed), four,
                      scale)
        pairs.update({name: (today[name], before[name]) for name in today})
    best = {name: [float("inf"), float("inf")] for name in pairs}
    for rep in range(repeats):
        for name, fns in pairs.items():
            for i in ((0, 1) if rep % 2 == 0 else (1, 0)):
                start = cpu()
                fns[i]()
                best[name][i] = min(best[name][i], cpu() - start)
    return {name: (a, b) for name, (a, b) in best.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", metavar="REV", required=True,
                        help="the git revision to compare with (for example 27efefe)")
    parser.add_argument("--repeats", type=int, default=15, help="runs of each (15)")
    parser.add_argument("--scale", type=int, default=4,
                        help="the work of each run, in units (4; see above)")
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.scale < 1:
        parser.error("--repeats and --scale must be at least 1")
    with tempfile.TemporaryDirectory() as scratch:
        try:
            baseline = engine_speed.load_baseline(args.baseline, Path(scratch))
        except ValueError as err:
            parser.error(str(err))
        results = measure(baseline, args.repeats, args.scale)
    print(f"best CPU time of {args.repeats} alternating runs at scale {args.scale}; speed = "
          f"{args.baseline}'s time over today's (>= 0.95: within 5%)")
    for name, (today, before) in results.items():
        print(f"{name:<10} today {today * 1000:8.1f} ms  {args.baseline} {before * 1000:8.1f} ms"
              f"  speed {before / today:.3f}")


if __name__ == "__main__":
    main()
