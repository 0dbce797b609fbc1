"""Engine speed: our pure-Python euchre engine measured side by side with OpenSpiel's C++ euchre.

One run measures, each as the median of three timed repetitions after a warm-up:

a. the fast int path: random play of whole matches with ``legal_action_ids()`` and
   ``apply_id()``, in the same loop shape as ``openspiel_ref.random_play_rate``;
b. the same loop with ``push_id()`` (an undo snapshot per action), a new game per match;
c. the public token API: ``legal_actions()`` and ``apply(token)``, counted in whole hands;
d. ``Game.copy()`` over a pool of states taken at random points of random matches;
e. ``resample(view, rng)`` over a pool of views (random points of random matches, all phases,
   both players), reused pass after pass (resample caches what a view fixes on the view, so
   this is the per-sample cost of a search that draws many deals per decision); and the first
   resample of a fresh view (cache miss: the per-view work included);
f. if ``pyspiel`` imports, OpenSpiel's player actions/s and clones/s (``openspiel_ref``),
   and the ratios ours/theirs.

Interleaving: each repetition is cut into 0.25 s slices and every measurement, ours and
OpenSpiel's, takes its turn in every slice, so load from other processes hits both alike.

Run from the repository root: ``python bench/engine_speed.py [--seconds S] [--repeats N] [--json]``.
See bench/README.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import importlib
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from euchre import Game, Rules
from euchre.resample import resample

sys.path.insert(0, str(Path(__file__).resolve().parent))
openspiel_ref = importlib.import_module("openspiel_ref")

REPEATS = 3
SLICE = 0.25
POOL_SIZE = 300
TARGET_HANDS_PER_S = 30_000
TARGET_RESAMPLES_PER_S = 100_000
REFERENCE_OS_ACTIONS_PER_S = 800_000
"""OpenSpiel's speed on the machine the absolute targets were set on (issue 2: "about 800k
actions/s here"). When OpenSpiel runs slower in this run, the machine is slower (another
job, a slower host): absolute targets are scaled by the same factor, which is what measuring
beside OpenSpiel is for."""

perf = time.perf_counter


# --- our measurements ------------------------------------------------------------------


def _id_play(seconds: float, seed: int, rules: Rules, push: bool) -> dict:
    rand = random.Random(seed).random
    matches = actions = hands = 0
    start = perf()
    deadline = start + seconds
    while True:
        g = Game(rules, seed=(seed << 32) + matches)  # distinct matches per slice
        step = g.push_id if push else g.apply_id
        while not g.is_over:
            legal = g.legal_action_ids()
            step(legal[int(rand() * len(legal))])
            actions += 1
        matches += 1
        hands += g.hand_number + 1
        if perf() >= deadline:
            break
    elapsed = perf() - start
    return {"actions_per_s": actions / elapsed, "hands_per_s": hands / elapsed,
            "matches": matches, "actions": actions, "hands": hands, "seconds": elapsed}


def fast_play(seconds: float, seed: int, rules: Rules) -> dict:
    """(a) Random whole matches through ``legal_action_ids`` / ``apply_id``."""
    return _id_play(seconds, seed, rules, push=False)


def push_play(seconds: float, seed: int, rules: Rules) -> dict:
    """(b) As (a) with ``push_id``: the undo chain grows, so each match is a new game."""
    return _id_play(seconds, seed, rules, push=True)


def token_play(seconds: float, seed: int, rules: Rules) -> dict:
    """(c) Random whole matches through ``legal_actions()`` / ``apply(token)``.

    A match of ``hand_number + 1`` hands (hands thrown in count) ends when it is over, so the
    hands counted are exactly the hands played."""
    rand = random.Random(seed).random
    matches = actions = hands = 0
    start = perf()
    deadline = start + seconds
    while True:
        g = Game(rules, seed=(seed << 32) + matches)  # distinct matches per slice
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[int(rand() * len(legal))])
            actions += 1
        matches += 1
        hands += g.hand_number + 1
        if perf() >= deadline:
            break
    elapsed = perf() - start
    return {"hands_per_s": hands / elapsed, "actions_per_s": actions / elapsed,
            "matches": matches, "actions": actions, "hands": hands, "seconds": elapsed}


def sample_games(rules: Rules, rng: random.Random, count: int) -> list[Game]:
    """``count`` games, each a random match stopped before a random one of its actions
    (so every phase appears, in proportion to how often it is to be decided)."""
    games = []
    while len(games) < count:
        g = Game(rules, seed=rng.getrandbits(64))
        history = []
        while not g.is_over:
            history.append(g.copy())
            legal = g.legal_action_ids()
            g.apply_id(legal[int(rng.random() * len(legal))])
        games.append(history[int(rng.random() * len(history))])
    return games


def describe_pool(games: list[Game]) -> dict:
    phases: dict[str, int] = {}
    mid_trick = 0
    for g in games:
        phases[g.phase] = phases.get(g.phase, 0) + 1
        mid_trick += g.phase == "play" and bool(g.view(0).trick)
    return {"num_states": len(games), "phases": phases, "mid_trick_states": mid_trick}


def copy_rate(seconds: float, pool: list[Game]) -> dict:
    """(d) ``copy()`` over the pool, the same loop as ``openspiel_ref.clone_rate``."""
    copies = 0
    start = perf()
    deadline = start + seconds
    while perf() < deadline:
        for g in pool:
            g.copy()
        copies += len(pool)
    elapsed = perf() - start
    return {"copies_per_s": copies / elapsed, "copies": copies, "seconds": elapsed}


def resample_rate(seconds: float, seed: int, views: list) -> dict:
    """(e) ``resample(view, rng)`` over the pool of views."""
    rng = random.Random(seed)
    count = 0
    start = perf()
    deadline = start + seconds
    while perf() < deadline:
        for view in views:
            resample(view, rng)
        count += len(views)
    elapsed = perf() - start
    return {"resamples_per_s": count / elapsed, "resamples": count, "seconds": elapsed}


def resample_cold_rate(seconds: float, seed: int, views: list) -> dict:
    """(e, cold) The first ``resample`` of each view: fresh copies of the pool's views (made
    outside the timed span) so that nothing worked out for a view before is reused."""
    rng = random.Random(seed)
    count = 0
    timed = 0.0
    while timed < seconds:
        batch = [dataclasses.replace(view) for view in views]
        start = perf()
        for view in batch:
            resample(view, rng)
        timed += perf() - start
        count += len(batch)
    return {"resamples_per_s": count / timed, "resamples": count, "seconds": timed}


# --- running and reporting -------------------------------------------------------------


def summary(values: list[float]) -> dict:
    """A figure over its repetitions: the median reported, min and max for its spread."""
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def _combine(parts: list[dict]) -> dict:
    """One measurement from its slices: counts and seconds add up, rates are totals over
    total time; other fields (pool descriptions) are the first slice's."""
    total = sum(p["seconds"] for p in parts)
    out = dict(parts[0])
    for key, value in parts[0].items():
        if key.endswith("_per_s"):
            out[key] = sum(p[key] * p["seconds"] for p in parts) / total
        elif key != "seconds" and type(value) is int and not key.endswith("states"):
            out[key] = sum(p[key] for p in parts)
    out["seconds"] = total
    out["slices"] = len(parts)
    return out


def _steps(rules: Rules, pool: list, views: list,
           have_os: bool) -> list[tuple[str, Callable[[float, int], dict]]]:
    """The measurements, in their order within a slice: (a) and (b) either side of
    OpenSpiel's play, (d) just before its clones, so each ratio compares figures taken
    moments apart."""
    steps: list[tuple[str, Callable[[float, int], dict]]] = [
        ("fast", lambda t, s: fast_play(t, s, rules)),
        ("os_play", lambda t, s: openspiel_ref.random_play_rate(t, s)),
        ("push", lambda t, s: push_play(t, s, rules)),
        ("token", lambda t, s: token_play(t, s, rules)),
        ("copy", lambda t, s: copy_rate(t, pool)),
        ("os_clone", lambda t, s: openspiel_ref.clone_rate(t, s, POOL_SIZE)),
        ("resample", lambda t, s: resample_rate(t, s, views)),
        ("resample_cold", lambda t, s: resample_cold_rate(t, s, views)),
    ]
    if not have_os:
        steps = [(name, fn) for name, fn in steps if not name.startswith("os_")]
    return steps


def _run_sliced(steps: list[tuple[str, Callable[[float, int], dict]]], seconds: float,
                seed: int, repeats: int) -> dict[str, list[dict]]:
    """Each measurement's repetitions. Each repetition is cut into slices of about SLICE
    seconds, every measurement taking its turn in each slice: a burst of load from other
    processes then hits ours and OpenSpiel's alike, instead of whichever happened to be
    running."""
    warm = min(0.3, seconds)
    for _, fn in steps:
        fn(warm, seed)
    slices = max(1, round(seconds / SLICE))
    runs: dict[str, list[dict]] = {name: [] for name, _ in steps}
    for rep in range(repeats):
        parts: dict[str, list[dict]] = {name: [] for name, _ in steps}
        for i in range(slices):
            for name, fn in steps:
                parts[name].append(fn(seconds / slices, seed + 1 + rep * slices + i))
        for name in runs:
            runs[name].append(_combine(parts[name]))
    return runs


# (figure, measurement, the measurement's key) for every figure reported.
FIGURES = [
    ("fast_actions_per_s", "fast", "actions_per_s"),
    ("fast_hands_per_s", "fast", "hands_per_s"),
    ("push_actions_per_s", "push", "actions_per_s"),
    ("push_hands_per_s", "push", "hands_per_s"),
    ("token_hands_per_s", "token", "hands_per_s"),
    ("token_actions_per_s", "token", "actions_per_s"),
    ("copies_per_s", "copy", "copies_per_s"),
    ("resamples_per_s", "resample", "resamples_per_s"),
    ("cold_resamples_per_s", "resample_cold", "resamples_per_s"),
    ("os_player_actions_per_s", "os_play", "player_actions_per_s"),
    ("os_games_per_s", "os_play", "games_per_s"),
    ("os_clones_per_s", "os_clone", "clones_per_s"),
]

# (ratio, ours, our key, OpenSpiel's measurement, its key) for every ratio reported.
RATIOS = [
    ("ratio_fast_vs_os_actions", "fast", "actions_per_s", "os_play", "player_actions_per_s"),
    ("ratio_push_vs_os_actions", "push", "actions_per_s", "os_play", "player_actions_per_s"),
    ("ratio_copy_vs_os_clones", "copy", "copies_per_s", "os_clone", "clones_per_s"),
]


def _figures(runs: dict[str, list[dict]]) -> dict:
    """Median, min and max of each figure over the repetitions; the ratios to OpenSpiel
    are taken repetition by repetition (measured side by side), then their median."""
    figures: dict = {}
    for label, name, key in FIGURES:
        if name in runs:
            figures[label] = summary([r[key] for r in runs[name]])
    for label, ours, key, theirs, their_key in RATIOS:
        if theirs in runs:
            figures[label] = summary([a[key] / b[their_key]
                                      for a, b in zip(runs[ours], runs[theirs], strict=True)])
    return figures


def measure(seconds: float, seed: int, repeats: int = REPEATS) -> dict:
    """Every figure of the table, with the machine, its load and the pools measured on."""
    rules = Rules()
    started = datetime.datetime.now().isoformat(timespec="seconds")
    load_before = _load_average()
    have_os = openspiel_ref.available()
    rng = random.Random(seed)
    pool = sample_games(rules, rng, POOL_SIZE)
    view_games = sample_games(rules, rng, POOL_SIZE)
    views = [g.view(int(rng.random() * 2)) for g in view_games]
    runs = _run_sliced(_steps(rules, pool, views, have_os), seconds, seed, repeats)
    results: dict = {
        "date": started,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "seconds_per_measurement": seconds,
        "repeats": repeats,
        "pyspiel": have_os,
        "load_average": {"before": load_before, "after": _load_average()},
        "copy_pool": describe_pool(pool),
        "view_pool": {**describe_pool(view_games),
                      "player0_views": sum(v.player == 0 for v in views)},
        "runs": runs,
        "figures": _figures(runs),
    }
    if have_os:
        pool_info = runs["os_clone"][0]
        results["os_clone_pool"] = {k: pool_info[k] for k in
                                    ("num_states", "play_phase_states", "mid_trick_states")}
    return results


def _load_average() -> float | None:
    """The 1-minute load average (None where the platform has none): figures taken while
    other processes compete for the cores are low, ratios to OpenSpiel much less so."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _fmt(value: float) -> str:
    return f"{value:,.0f}"


def _spread(fig: dict) -> str:
    med = fig["median"]
    return f"{(fig['max'] - fig['min']) / med * 100:4.1f}%" if med else "-"


def _print_header(res: dict) -> None:
    """The machine, how the figures were taken, and the load while they were."""
    print(f"euchre engine speed  {res['date']}  Python {res['python']} "
          f"({res['implementation']}, {res['machine']}, {res['cpus']} cpus)")
    print(f"median of {res['repeats']} x {res['seconds_per_measurement']:g} s per figure, "
          f"ours and OpenSpiel's interleaved in {SLICE:g} s slices; "
          "spread = (max - min) / median")
    print("ratios to OpenSpiel: median [min-max] of the per-repetition ratios")
    load = res["load_average"]
    if load["before"] is not None:
        print(f"1-minute load average {load['before']:g} before, {load['after']:g} after "
              f"(on {res['cpus']} cpus: well above 1 means competing processes)")
    if not res["pyspiel"]:
        print("pyspiel is not importable: OpenSpiel figures skipped "
              "(pip install open-spiel in this venv to compare)")
    print()


def _target_scale(f: dict, have_os: bool) -> float:
    """The absolute targets were set on a machine where OpenSpiel ran at
    REFERENCE_OS_ACTIONS_PER_S: on a slower one they scale down with it (never up)."""
    if not have_os:
        return 1.0
    return min(1.0, f["os_player_actions_per_s"]["median"] / REFERENCE_OS_ACTIONS_PER_S)


def _print_rows(f: dict, have_os: bool, scale: float) -> None:
    """One row a figure, with its target and whether it is met."""
    header = f"{'measurement':<36} {'median /s':>13} {'spread':>7}  {'target':<36} {'met':<4}"
    print(header)
    print("-" * len(header))

    def row(name: str, key: str, target: str = "", met: bool | None = None) -> None:
        fig = f[key]
        flag = "" if met is None else ("yes" if met else "NO")
        print(f"{name:<36} {_fmt(fig['median']):>13} {_spread(fig):>7}  {target:<36} {flag:<4}")

    def ratio(key: str) -> tuple[str, bool]:
        r = f[key]
        return f"{r['median']:.2f}x [{r['min']:.2f}-{r['max']:.2f}]", r["median"] >= 1.0

    def absolute(key: str, target: int) -> tuple[str, bool]:
        met = f[key]["median"] >= target * scale
        if scale == 1.0:
            return f">= {target:,}", met
        return f">= {target:,} x {scale:.2f} = {target * scale:,.0f}", met

    if have_os:
        text, met = ratio("ratio_fast_vs_os_actions")
        row("(a) fast int path: player actions", "fast_actions_per_s",
            f">= 1.0x OpenSpiel: {text}", met)
    else:
        row("(a) fast int path: player actions", "fast_actions_per_s", ">= 1.0x OpenSpiel (n/a)")
    row("    fast int path: hands", "fast_hands_per_s")
    row("(b) push_id path: player actions", "push_actions_per_s",
        f"(OpenSpiel: {ratio('ratio_push_vs_os_actions')[0]})" if have_os else "")
    row("    push_id path: hands", "push_hands_per_s")
    row("(c) token API: hands", "token_hands_per_s",
        *absolute("token_hands_per_s", TARGET_HANDS_PER_S))
    row("    token API: actions", "token_actions_per_s")
    if have_os:
        text, met = ratio("ratio_copy_vs_os_clones")
        row("(d) copy()", "copies_per_s", f">= OpenSpiel: {text}", met)
    else:
        row("(d) copy()", "copies_per_s", ">= OpenSpiel (n/a)")
    row("(e) resample(view, rng), views reused", "resamples_per_s",
        *absolute("resamples_per_s", TARGET_RESAMPLES_PER_S))
    row("    resample of a fresh view (cold)", "cold_resamples_per_s",
        *absolute("cold_resamples_per_s", TARGET_RESAMPLES_PER_S))
    if have_os:
        row("(f) OpenSpiel: player actions", "os_player_actions_per_s")
        row("    OpenSpiel: games (4-player deals)", "os_games_per_s")
        row("    OpenSpiel: clone()", "os_clones_per_s")
    print()


def _print_pools(res: dict, scale: float) -> None:
    """What the copy and resample figures were taken over, and the scaling of targets."""
    cp, vp = res["copy_pool"], res["view_pool"]
    print(f"copy pool: {cp['num_states']} states {cp['phases']}, "
          f"{cp['mid_trick_states']} mid-trick")
    print(f"view pool: {vp['num_states']} views {vp['phases']}, {vp['mid_trick_states']} "
          f"mid-trick, {vp['player0_views']} of player 0")
    if res["pyspiel"]:
        op = res["os_clone_pool"]
        print(f"OpenSpiel clone pool: {op['num_states']} states, {op['play_phase_states']} in "
              f"play, {op['mid_trick_states']} mid-trick")
        print("note: OpenSpiel's euchre is the four-player game: a speed yardstick, "
              "not the same rules")
        if scale < 1.0:
            print(f"absolute targets scaled by {scale:.2f}: OpenSpiel ran at "
                  f"{res['figures']['os_player_actions_per_s']['median']:,.0f} actions/s "
                  f"here, against {REFERENCE_OS_ACTIONS_PER_S:,} on the machine the targets "
                  "were set on")


def print_table(res: dict) -> None:
    """The whole report of one ``measure`` result."""
    scale = _target_scale(res["figures"], res["pyspiel"])
    _print_header(res)
    _print_rows(res["figures"], res["pyspiel"], scale)
    _print_pools(res, scale)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds per timed measurement (default 2.0)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random play (0)")
    parser.add_argument("--repeats", type=int, default=REPEATS,
                        help=f"timed repetitions, the median reported (default {REPEATS})")
    parser.add_argument("--json", action="store_true",
                        help="print the results as JSON instead of a table")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    results = measure(args.seconds, args.seed, args.repeats)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print_table(results)


if __name__ == "__main__":
    main()
