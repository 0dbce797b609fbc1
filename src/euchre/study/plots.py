"""Pictures of results: the arena's running margin and a tournament's ratings and margins.

matplotlib is imported only when a plot is drawn, so the arena runs without it.
"""

from __future__ import annotations

from typing import Any

from .tournament import TournamentResult


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
