"""Speed of thought: the expert's decision time and the double-dummy solver's solve time.

Targets (issue 3, this 2-core machine): expert decisions median <= 50 ms and 95th percentile
<= 250 ms; the solver's mean time per 5-trick double-dummy solve <= 0.15 ms, reported beside
nodes per solve.

    python bench/expert_speed.py [--matches 20] [--solves 5000] [--json]
    python bench/expert_speed.py --players 4 --matches 4 --solves 500

``--players 3|4`` times the family's expert (issue 39: median <= 100 ms and p95 <= 500 ms at
four hands) against ``medium`` in the other seats, and the family's open-hand solver
(``agents.family.solver``) on cold 5-trick solves of three or four random hands.

Decisions are timed in real matches (expert against heuristic, every phase; forced moves,
where the view has one legal action, count too since a player waits for them as well; they
are also reported apart). Solves are cold: the transposition table is cleared before each,
on random deals with random trump, so no solve profits from another.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from euchre import Game, Rules, agents
from euchre.agents import solver
from euchre.cards import DECK_MASKS
from euchre.engine.games.euchre.state import bits


def decision_times(matches: int, seed: int, players: int = 2) -> dict:
    by_phase: dict[str, list[float]] = {}
    for m in range(matches):
        expert = agents.load("expert", seed=seed + m)
        other = agents.load("heuristic", seed=seed + m)
        game = Game(Rules(players=players), seed=seed * 1000 + m)
        expert_seat = m % players
        told = 0
        while not game.is_over:
            player = game.to_move
            view = game.view(player)
            if player == expert_seat:
                started = time.perf_counter()  # learning from the hand just over included
                told = agents.tell_past_hands(expert, game, expert_seat, told)
                token = expert.act(view)
                elapsed = time.perf_counter() - started
                kind = view.phase if len(view.legal) > 1 else "forced"
                by_phase.setdefault(kind, []).append(elapsed)
            else:
                token = other.act(view)
            game.apply(token)
    every = sorted(t for ts in by_phase.values() for t in ts)
    chosen = sorted(t for k, ts in by_phase.items() if k != "forced" for t in ts)

    def summary(ts: list[float]) -> dict:
        ts = sorted(ts)
        return {"n": len(ts), "median_ms": 1000 * statistics.median(ts),
                "p95_ms": 1000 * ts[int(0.95 * (len(ts) - 1))], "max_ms": 1000 * ts[-1]}

    return {"all": summary(every), "choices": summary(chosen),
            "by_phase": {k: summary(v) for k, v in sorted(by_phase.items())}}


def solve_times(solves: int, seed: int) -> dict:
    rng = random.Random(seed)
    cards = bits(DECK_MASKS[24])
    deals = []
    for _ in range(solves):
        drawn = rng.sample(cards, 10)
        deals.append((sum(1 << c for c in drawn[:5]), sum(1 << c for c in drawn[5:]),
                      rng.randrange(4)))
    cold = solver.Solver()
    started = time.perf_counter()
    for lead, follow, trump in deals:
        cold.clear()
        cold.tricks(lead, follow, trump)
    seconds = time.perf_counter() - started
    return {"solves": solves, "mean_ms": 1000 * seconds / solves,
            "nodes_per_solve": cold.nodes / solves}


def family_solve_times(solves: int, seed: int, players: int) -> dict:
    """Cold solves of the family's open-hand solver: ``players`` random hands of five, random
    trump, the first seat's side the makers, the first seat to lead."""
    from euchre.agents.family.solver import TableSolver

    rng = random.Random(seed)
    cards = bits(DECK_MASKS[24])
    makers = 0b0101 if players == 4 else 0b001
    deals = []
    for _ in range(solves):
        drawn = rng.sample(cards, 5 * players)
        deals.append(([sum(1 << c for c in drawn[5 * k:5 * k + 5]) for k in range(players)],
                      rng.randrange(4)))
    started = time.perf_counter()
    nodes = 0
    for hands, trump in deals:
        cold = TableSolver(limit=1 << 20)
        cold.tricks(hands, trump, makers, 0)
        nodes += cold.nodes
    seconds = time.perf_counter() - started
    return {"solves": solves, "mean_ms": 1000 * seconds / solves,
            "nodes_per_solve": nodes / solves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--solves", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    args = parser.parse_args()
    solves = solve_times(args.solves, args.seed) if args.players == 2 else \
        family_solve_times(args.solves, args.seed, args.players)
    result = {"solver": solves, "expert": decision_times(args.matches, args.seed, args.players)}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    s = result["solver"]
    print(f"solver: {s['mean_ms']:.4f} ms per cold 5-trick solve, {s['nodes_per_solve']:.1f} "
          f"nodes per solve ({s['solves']} solves; two-handed target <= 0.15 ms)")
    e = result["expert"]
    for name, row in [("every decision", e["all"]), ("real choices", e["choices"]),
                      *e["by_phase"].items()]:
        print(f"expert {name:<15} n={row['n']:<5} median {row['median_ms']:7.2f} ms  "
              f"p95 {row['p95_ms']:7.2f} ms  max {row['max_ms']:7.2f} ms")
    print("targets: median <= 50 ms, p95 <= 250 ms" if args.players == 2 else
          "targets (four-handed): median <= 100 ms, p95 <= 500 ms")


if __name__ == "__main__":
    main()
