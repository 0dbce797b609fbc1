"""The batched engine (``euchre.batch``, issue 53) measured for ``engine_speed.py --batch``:
four-handed random play at batch sizes 1, 64, 1,024 and 16,384, beside OpenSpiel's C++
``euchre`` (``openspiel_ref.random_play_rate``) in the same slices.

Two loops at each size, each counting player actions (one per game per step; the deals and
the new matches are inside the timed span, as OpenSpiel's chance actions are in its):

- ``random``: ``b.step(b.random_actions(rng))``, the engine's uniform random player (the
  legal actions as card masks, never widened to one bool per id): issue 53's random play,
  the row its target is judged on;
- ``mask``: ``m = b.legal_mask()`` then one uniformly random legal id per row chosen from
  the (N, 78) mask with numpy, then ``b.step``: the loop of an agent that reads the mask
  (most of its time is that agent's choice, a random number per id).

Both step with ``check=False``: their actions are legal by construction, as OpenSpiel's
loop's are.

Run alone (``python bench/batch_speed.py [--games N]``), it times the parts of a step at one
batch size instead, each the fastest of 40 repetitions of 25 calls: the figure the load on a
shared machine disturbs least (a slice of time lost to another process slows only the
repetitions it falls in), for comparing versions of the engine; with ``PYTHONPATH`` set to
another checkout's ``src``, that version's.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

import numpy as np

from euchre import Rules
from euchre.batch import Batch

SIZES = (1, 64, 1024, 16384)
TARGET_SIZE = 1024
TARGET_VS_OS = 20.0
"""Issue 53: at 1,024 games, at least 20 times OpenSpiel's player actions a second."""
LOOPS = ("random", "mask")
perf = time.perf_counter


def _choose_from_mask(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row of a legal mask."""
    return np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)


def play(batch: Batch, rng: np.random.Generator, loop: str, seconds: float) -> dict:
    """Step ``batch`` with random legal actions for about ``seconds``."""
    steps = 0
    start = perf()
    deadline = start + seconds
    while True:
        if loop == "random":
            actions = batch.random_actions(rng)
        else:
            actions = _choose_from_mask(batch.legal_mask(), rng)
        batch.step(actions, check=False)  # legal by construction, as OpenSpiel's loop's
        steps += 1
        now = perf()
        if now >= deadline:
            break
    elapsed = now - start
    return {"steps": steps, "actions": steps * batch.n, "seconds": elapsed,
            "actions_per_s": steps * batch.n / elapsed}


def steps(seed: int, sizes: tuple[int, ...] = SIZES) -> dict[str, Callable[[float, int], dict]]:
    """A measurement per size and loop; each keeps one batch playing across its slices."""
    out: dict[str, Callable[[float, int], dict]] = {}
    for size in sizes:
        for loop in LOOPS:
            batch = Batch(Rules(players=4), n=size, seed=seed)
            rng = np.random.default_rng(seed)
            play(batch, rng, loop, 0.0)  # one untimed step: numba compiles (or loads) first
            out[f"batch_{loop}_{size}"] = (
                lambda s, _seed, b=batch, r=rng, lp=loop: play(b, r, lp, s))
    return out


def figures(runs: dict[str, list[dict]], summary: Callable[[list[float]], dict]) -> dict:
    """Each measurement's actions/s, and its ratio to OpenSpiel's taken repetition by
    repetition (median, and each side's best repetition over the other's)."""
    out: dict = {}
    theirs = runs.get("os_play")
    for name, reps in runs.items():
        if not name.startswith("batch_"):
            continue
        out[name] = summary([r["actions_per_s"] for r in reps])
        if theirs:
            ratio = summary([a["actions_per_s"] / b["player_actions_per_s"]
                             for a, b in zip(reps, theirs, strict=True)])
            ratio["best"] = (max(r["actions_per_s"] for r in reps)
                             / max(r["player_actions_per_s"] for r in theirs))
            out[name + "_vs_os"] = ratio
    if theirs:
        out["os_player_actions_per_s"] = summary([r["player_actions_per_s"] for r in theirs])
    return out


def print_rows(f: dict, fmt: Callable[[float], str], spread: Callable[[dict], str]) -> None:
    """The batch's rows: actions/s at each size and loop, the ratio to OpenSpiel."""
    print(f"{'four-handed random play':40} {'actions/s':>10} {'spread':>7}  "
          f"{'x OpenSpiel (median, best)':28} target")
    print("-" * 100)
    for size in SIZES:
        for loop in LOOPS:
            name = f"batch_{loop}_{size}"
            if name not in f:
                continue
            row = f"batch n={size:<6} {loop:6} loop".ljust(40)
            line = f"{row} {fmt(f[name]['median']):>10} {spread(f[name]):>7}"
            ratio = f.get(name + "_vs_os")
            if ratio:
                line += f"  {ratio['median']:6.1f}x  {ratio['best']:6.1f}x".ljust(30)
                if size == TARGET_SIZE and loop == "random":
                    met = "yes" if ratio["median"] >= TARGET_VS_OS else "NO"
                    line += f" >= {TARGET_VS_OS:g}x: {met}"
            print(line)
    if "os_player_actions_per_s" in f:
        os_fig = f["os_player_actions_per_s"]
        print(f"{'OpenSpiel euchre (C++), one game':40} {fmt(os_fig['median']):>10} "
              f"{spread(os_fig):>7}")
    print()


def parts(n: int = TARGET_SIZE, reps: int = 40, calls: int = 25) -> dict[str, float]:
    """Microseconds a call of each part of a step takes at ``n`` games (four-handed), the
    fastest of ``reps`` timings of ``calls`` calls."""
    batch = Batch(Rules(players=4), n=n, seed=0)
    rng = np.random.default_rng(0)
    for _ in range(100):  # (compiled, and past the first deals)
        batch.step(batch.random_actions(rng), check=False)
    timed: dict[str, Callable[[], object]] = {
        "random play: step(random_actions(rng), check=False)":
            lambda: batch.step(batch.random_actions(rng), check=False),
        "the same with the legality check (step's default)":
            lambda: batch.step(batch.random_actions(rng)),
        "random_actions(rng)": lambda: batch.random_actions(rng),
        "legal_mask()": batch.legal_mask,
    }
    out = {}
    for name, call in timed.items():
        fastest = float("inf")
        for _ in range(reps):
            start = perf()
            for _ in range(calls):
                call()
            fastest = min(fastest, (perf() - start) / calls)
        out[name] = fastest * 1e6
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The parts of a batch step, each timed "
                                                 "as the fastest of 40 repetitions.")
    parser.add_argument("--games", type=int, default=TARGET_SIZE,
                        help=f"games in the batch ({TARGET_SIZE})")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    figures = parts(args.games)
    for name, micros in figures.items():
        print(f"{name:55} {micros:9.1f} us")
    step = next(iter(figures.values()))
    print(f"{'random play, actions a second':55} {args.games / step * 1e6:12,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
