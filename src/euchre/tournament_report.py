"""``euchre tournament``: run the round robin with a progress bar; print and draw it."""

from __future__ import annotations

import argparse
import json
import time

from .arena_report import progress_bar, save_figure
from .rules import Rules
from .tournament import TournamentResult, run_tournament


def run_tournament_cli(args: argparse.Namespace, rules: Rules) -> int:
    if args.plot and not args.plot.lower().endswith(".png"):
        raise ValueError(f"--plot {args.plot}: the plot is written as PNG, name a .png file")
    if args.address and args.backend != "ray":
        raise ValueError("--address names a Ray cluster: use it with --backend ray")
    pairings = len(args.bots) * (len(args.bots) - 1) // 2
    started = time.perf_counter()
    with progress_bar(f"{len(args.bots)} bots, {pairings} pairings: pairs",
                      pairings * (args.games // 2)) as update:
        result = run_tournament(args.bots, pairs=args.games // 2, seed=args.seed, rules=rules,
                                workers=args.workers, backend=args.backend,
                                address=args.address, progress=update)
    seconds = time.perf_counter() - started
    if args.plot:
        plot_tournament(result, args.plot)
    if args.json:
        data = result.to_dict()
        data.update(seconds=round(seconds, 3), backend=args.backend, workers=args.workers,
                    seed=args.seed, games_per_pairing=args.games, rules=rules.to_dict())
        print(json.dumps(data, indent=2))
    else:
        print(format_tournament(result, args.games, args.seed))
        print(f"\n{seconds:.1f} s on the {args.backend} backend")
    return 130 if result.interrupted else 0


def _interval(pair: list[float | None], scale: float = 1.0, fmt: str = "+.3f") -> str:
    low, high = (float("nan") if x is None else x * scale for x in pair)
    return f"{low:{fmt}} to {high:{fmt}}"


def format_tournament(result: TournamentResult, games: int, seed: int) -> str:
    """The margins of every pairing, then the ratings, as plain text."""
    lines = [f"Round robin: {len(result.bots)} bots, {games} matches a pairing in duplicate "
             f"pairs, seed {seed}" + (" (interrupted: the pairs that finished)"
                                     if result.interrupted else ""), "",
             f"{'pairing':<36}{'A wins':>9}{'A margin/hand':>15}   95% interval"]
    for p in result.pairings:
        name = f"{p['a']['name']} vs {p['b']['name']}"
        lines.append(f"{name[:35]:<36}{100 * p['a_win_rate']:>8.1f}%"
                     f"{p['a_points_per_hand']:>+15.3f}   "
                     f"{_interval(p['a_points_per_hand_95'])}")
    lines += ["", f"{'bot':<24}{'rating':>8}   95% interval{'':>6}{'matches won':>13}"]
    for row in result.ratings:
        low, high = row["rating_95"]
        lines.append(f"{row['name'][:23]:<24}{row['rating']:>+8.0f}   {low:+5.0f} to "
                     f"{high:+5.0f}{row['wins']:>9} of {row['matches']}")
    lines.append("(Bradley-Terry on the Elo scale: +400 = 10:1 odds of winning a match; "
                 "intervals by bootstrap over duplicate pairs)")
    return "\n".join(lines)


def plot_tournament(result: TournamentResult, path: str) -> None:
    """Ratings with their intervals beside the matrix of margins, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(result.bots)
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    rows = result.ratings
    ys = list(range(len(rows)))[::-1]
    left.errorbar([r["rating"] for r in rows], ys, fmt="o", capsize=4,
                  xerr=[[r["rating"] - r["rating_95"][0] for r in rows],
                        [r["rating_95"][1] - r["rating"] for r in rows]])
    left.set_yticks(ys, [r["name"] for r in rows])
    left.axvline(0, color="black", linewidth=0.8)
    left.set_xlabel("rating (Elo scale, 95% interval)")
    margin = [[0.0] * n for _ in range(n)]
    for p in result.pairings:
        i, j = p["a_index"], p["b_index"]
        margin[i][j], margin[j][i] = p["a_points_per_hand"], -p["a_points_per_hand"]
    bound = max(0.1, max(abs(x) for row in margin for x in row))
    image = right.imshow(margin, cmap="RdBu", vmin=-bound, vmax=bound)
    right.set_xticks(range(n), result.bots, rotation=30, ha="right")
    right.set_yticks(range(n), result.bots)
    for i in range(n):
        for j in range(n):
            if i != j:
                dark = abs(margin[i][j]) > bound / 2
                right.text(j, i, f"{margin[i][j]:+.2f}", ha="center", va="center", fontsize=9,
                           color="white" if dark else "black")
    right.set_title("row's margin over column, points per hand")
    figure.colorbar(image, ax=right)
    save_figure(figure, path)
