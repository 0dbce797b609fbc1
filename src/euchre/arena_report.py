"""``euchre arena``: run the arena with a progress bar and report it (table, JSON, plot)."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .arena import ArenaResult, ArenaSpec, run
from .rules import Rules


def run_arena(args: argparse.Namespace, rules: Rules) -> int:
    spec = ArenaSpec(args.a, args.b, pairs=args.games // 2, seed=args.seed, rules=rules,
                     keep_records=bool(args.out))
    out_dir = _prepare_out(args.out) if args.out else None
    if args.plot and not args.plot.lower().endswith(".png"):
        raise ValueError(f"--plot {args.plot}: the plot is written as PNG, name a .png file")
    if args.address and args.backend != "ray":
        raise ValueError("--address names a Ray cluster: use it with --backend ray")
    started = time.perf_counter()
    result = run_with_progress(spec, args.workers, args.backend, args.address)
    elapsed = time.perf_counter() - started
    stats = result.stats
    stats["seconds"] = round(elapsed, 3)
    stats["workers"] = args.workers
    stats["backend"] = args.backend
    stats["interrupted"] = result.interrupted
    if out_dir is not None:
        _write_records(result, out_dir)
    if args.plot:
        plot_margin(stats, args.plot)
    if args.json:
        stats = dict(stats)
        stats.pop("running_margin")
        print(json.dumps(stats, indent=2))
    else:
        print(format_report(stats))
    return 130 if result.interrupted else 0


def _prepare_out(path: str) -> Path:
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ValueError(f"--out {path}: cannot create the folder ({err.strerror})") from None
    if not out.is_dir():
        raise ValueError(f"--out {path}: not a folder")
    return out


def _write_records(result: ArenaResult, out: Path) -> None:
    for outcome in result.outcomes:
        name = out / f"pair{outcome.pair:05d}-a{outcome.a_seat}.json"
        name.write_text(json.dumps(outcome.record), encoding="utf-8")


def run_with_progress(spec: ArenaSpec, workers: int, backend: str = "local",
                      address: str | None = None) -> ArenaResult:
    """``arena.run`` with a progress bar on the terminal (none in a pipe)."""
    with progress_bar(f"{spec.a} vs {spec.b}: pairs", spec.pairs) as update:
        return run(spec, workers, backend=backend, address=address, progress=update)


@contextlib.contextmanager
def progress_bar(description: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """A rich progress bar with an ETA on stderr; yields ``update(done, total)``."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn())
    console = _stderr_console()
    with Progress(*columns, transient=True, console=console,
                  disable=not console.is_terminal) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done, _total: bar.update(task, completed=done)


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(file=sys.stderr)


def format_report(stats: dict[str, Any]) -> str:
    a, b = stats["a"], stats["b"]
    low, high = stats["a_win_rate_95"]
    m_low, m_high = (x if x is not None else float("nan") for x in stats["a_points_per_hand_95"])
    lines = [
        f"{a['name']} (A) vs {b['name']} (B): {stats['matches']} matches in {stats['pairs']} "
        f"duplicate pairs, {stats['hands']} hands, seed {stats['seed']}"
        + (" (interrupted: these are the pairs that finished)" if stats.get("interrupted")
           else ""),
        f"A wins {stats['a_match_wins']} of {stats['matches']} matches: "
        f"{100 * stats['a_win_rate']:.1f}% (95% {100 * low:.1f}-{100 * high:.1f}%)",
        f"A's margin: {stats['a_points_per_hand']:+.3f} points per hand "
        f"(95% {m_low:+.3f} to {m_high:+.3f})",
        "",
        f"{'bot':<24}{'made trump':>11}{'make':>8}{'march':>8}{'euchred':>9}{'ms/decision':>13}",
    ]
    for bot in (a, b):
        lines.append(f"{bot['name'][:23]:<24}{bot['made_trump']:>11}"
                     f"{100 * bot['make_rate']:>7.1f}%{100 * bot['march_rate']:>7.1f}%"
                     f"{100 * bot['euchred_rate']:>8.1f}%{bot['mean_decision_ms']:>13.2f}")
    if "seconds" in stats:
        lines.append(f"\n{stats['seconds']:.1f} s with {stats['workers']} worker(s)")
    return "\n".join(lines)


def plot_margin(stats: dict[str, Any], path: str) -> None:
    """Draw A's running margin (points per hand) with its 95% band, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = stats["running_margin"]
    if not rows:
        raise ValueError("--plot: no pair finished, nothing to draw")
    pairs = [r[0] for r in rows]
    figure, axes = plt.subplots(figsize=(8, 4.5))
    axes.fill_between(pairs, [r[2] for r in rows], [r[3] for r in rows], alpha=0.25,
                      label="95% interval")
    axes.plot(pairs, [r[1] for r in rows], label=f"{stats['a']['name']} margin")
    axes.axhline(0.0, color="black", linewidth=0.8)
    axes.set_xlabel("duplicate pairs played")
    axes.set_ylabel("points per hand (A minus B)")
    axes.set_title(f"{stats['a']['name']} vs {stats['b']['name']}")
    axes.legend(loc="best")
    save_figure(figure, path)


def save_figure(figure: Any, path: str) -> None:
    """Write a matplotlib figure as PNG; a path that cannot be written is one clear error."""
    import matplotlib.pyplot as plt

    figure.tight_layout()
    try:
        figure.savefig(path, dpi=100)
    except OSError as err:
        raise ValueError(f"--plot {path}: cannot write it ({err.strerror})") from None
    finally:
        plt.close(figure)
