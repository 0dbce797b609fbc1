"""A round robin: every pair of bots plays duplicate matches; margins and ratings.

Each pairing is an arena run (``arena.py``) with the same seed, so every pairing sees the same
decks. The table gives each pairing's margin in points per hand with its 95% interval. The
ratings are a Bradley-Terry model fitted to the match results, on the Elo scale (400 points =
10:1 odds, mean 0), with 95% intervals from a bootstrap over the duplicate pairs of each
pairing. Half a win is added each way to every pairing (a weak prior) so that a bot that won
every match still gets a finite rating.

>>> result = run_tournament(["heuristic", "random", "easy"], pairs=2, seed=1,
...                         rules=Rules(target=3))
>>> [row["name"] for row in result.ratings][0] in ("heuristic", "easy", "random")
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..rules import Rules
from .arena import ArenaSpec, BotSpec, MatchOutcome, play_pair, seatings, summarise
from .parallel import run_jobs

PRIOR = 0.5
"""Pseudo-wins added each way to every pairing."""
BOOTSTRAP = 400
ELO = 400 / math.log(10)


@dataclass
class TournamentResult:
    bots: list[str]
    pairings: list[dict[str, Any]]
    """Each pairing's arena statistics (``arena.summarise``), with ``a``/``b`` indices."""
    ratings: list[dict[str, Any]] = field(default_factory=list)
    """One row per bot, best first: name, rating, rating_95, wins, matches."""
    interrupted: bool = False

    def to_dict(self) -> dict[str, Any]:
        pairings = [{k: v for k, v in p.items() if k != "running_margin"}
                    for p in self.pairings]
        return {"bots": self.bots, "pairings": pairings, "ratings": self.ratings,
                "interrupted": self.interrupted}


def run_tournament(bots: Sequence[str | BotSpec], pairs: int, seed: int = 0,
                   rules: Rules | None = None, workers: int = 1, backend: str = "local",
                   address: str | None = None,
                   progress: Callable[[int, int], None] | None = None) -> TournamentResult:
    """Play ``pairs`` duplicate pairs of matches between every two bots (one pool of jobs,
    so the workers stay busy across pairings)."""
    specs = [b if isinstance(b, BotSpec) else BotSpec.parse(b) for b in bots]
    if len(specs) < 2:
        raise ValueError("a tournament needs at least two bots")
    names = [str(s) for s in specs]
    if len(set(names)) != len(names):
        raise ValueError("each bot may enter once (add an option to tell two apart, "
                         "e.g. expert:deals=48)")
    rules = rules or Rules()
    arenas = {(i, j): ArenaSpec(specs[i], specs[j], pairs=pairs, seed=seed, rules=rules)
              for i, j in combinations(range(len(specs)), 2)}
    jobs = [(spec, pair) for spec in arenas.values() for pair in range(pairs)]
    done = run_jobs(play_pair, jobs, workers=workers, backend=backend, address=address,
                    progress=progress)
    outcomes: dict[tuple[int, int], list[MatchOutcome]] = {key: [] for key in arenas}
    keys = list(arenas)
    for index, pair_outcomes in zip(done.done, done.results, strict=True):
        outcomes[keys[index // pairs]].extend(pair_outcomes)
    pairings = []
    for (i, j), spec in arenas.items():
        stats = summarise(spec, outcomes[(i, j)])
        stats.update(a_index=i, b_index=j)
        pairings.append(stats)
    result = TournamentResult(names, pairings, interrupted=done.interrupted)
    result.ratings = ratings(len(names), names, outcomes, seed, rules.players, rules.game)
    return result


def bradley_terry(n: int, wins: dict[tuple[int, int], float]) -> list[float]:
    """Strengths (Elo scale, mean 0) from ``wins[(i, j)]`` = matches i won against j, by
    the MM algorithm (Hunter 2004), with ``PRIOR`` pseudo-wins each way per pairing.

    >>> [round(r) for r in bradley_terry(2, {(0, 1): 3, (1, 0): 1})]  # 3.5:1.5 odds
    [74, -74]
    """
    w = dict(wins)
    met = {(i, j) for (i, j) in w} | {(j, i) for (i, j) in w}
    for i, j in met:
        w[(i, j)] = w.get((i, j), 0.0) + PRIOR
    strength = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            won = sum(w.get((i, j), 0.0) for j in range(n) if j != i)
            denominator = sum((w.get((i, j), 0.0) + w.get((j, i), 0.0)) /
                              (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(won / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / scale for x in new]
        converged = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if converged:
            break
    return [ELO * math.log(x) for x in strength]


def ratings(n: int, names: list[str], outcomes: dict[tuple[int, int], list[MatchOutcome]],
            seed: int, players: int = 2, game: str = "euchre") -> list[dict[str, Any]]:
    """Bradley-Terry ratings with bootstrap intervals (resampling each pairing's pairs). In
    cutthroat, where B plays two seats of three, a match a B won counts half a win for B,
    so that two equal bots rate alike (A wins a third of the matches, the B's two); in
    Napoleon, where B plays every seat but one, a B's win counts ``1 / (players - 1)``."""
    size = len(seatings(players, game))
    alone = size == players > 2  # A in one seat, rotated: B holds all the others
    b_win = 1.0 / (players - 1) if alone else 1.0

    def wins_of(sample: dict[tuple[int, int], list[list[MatchOutcome]]]) -> dict:
        wins: dict[tuple[int, int], float] = {}
        for (i, j), pairs in sample.items():
            for pair in pairs:
                for o in pair:
                    key = (i, j) if o.a_won else (j, i)
                    wins[key] = wins.get(key, 0.0) + (1.0 if o.a_won else b_win)
            wins.setdefault((i, j), 0.0)
        return wins

    by_pair: dict[tuple[int, int], list[list[MatchOutcome]]] = {}
    for key, found in outcomes.items():
        grouped: dict[int, list[MatchOutcome]] = {}
        for o in found:
            grouped.setdefault(o.pair, []).append(o)
        by_pair[key] = [grouped[p] for p in sorted(grouped) if len(grouped[p]) == size]
    point = bradley_terry(n, wins_of(by_pair))
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in range(n)]
    for _ in range(BOOTSTRAP):
        sample = {key: [rng.choice(pairs) for _ in pairs] for key, pairs in by_pair.items()}
        for i, r in enumerate(bradley_terry(n, wins_of(sample))):
            draws[i].append(r)
    rows: list[dict[str, Any]] = []
    for i in range(n):
        ordered = sorted(draws[i])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
        matches = sum(size * len(p) for key, p in by_pair.items() if i in key)
        won = sum(o.a_won == (key[0] == i) for key, p in by_pair.items() if i in key
                  for pair in p for o in pair)
        rows.append({"name": names[i], "rating": point[i], "rating_95": [low, high],
                     "wins": won, "matches": matches})
    rows.sort(key=lambda row: -float(row["rating"]))
    return rows
