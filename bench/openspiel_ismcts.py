"""Our bots against OpenSpiel's ISMCTS, through the OpenSpiel adapter, in duplicate hands.

OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) is the
standard search for imperfect-information games in that library: each simulation deals the
hidden cards again (our ``resample_from_infostate``: uniform over the deals consistent with
what it has seen), walks a tree of information states with UCT, and scores a new leaf by
a random rollout to the end of the hand. It is the yardstick an OpenSpiel user would reach
for first. Here it plays single hands of ``python_two_handed_euchre`` (default rules)
against our ``expert`` and our ``heuristic``; every deal is played twice with the seats
swapped, so the luck of the cards cancels. The figure is our bot's mean points per hand
(the hand's points, + for ours) with a 95% interval over deals, and each side's time per
decision (ISMCTS's only where it searched: with one legal action it answers at once).

Defaults: 1000 simulations per move (``--sims``), ``uct_c`` 2 (returns lie in [-2, 2]),
unlimited world samples, the most-visited action, one random rollout per leaf. Target: the
expert beats ISMCTS with the interval above zero.

    python bench/openspiel_ismcts.py --hands 300 --workers 2            # expert, heuristic
    python bench/openspiel_ismcts.py --hands 20 --sims 200 --opponents heuristic   # quick

``--hands N`` is N deals, each played twice: 2N hands. Results depend only on ``--seed``,
``--sims`` and the deal numbers, not on ``--workers``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from euchre import agents, parse_action
from euchre.envs import openspiel  # registers the game
from euchre.state import mix64
from euchre.study.arena import mean_interval

Job = tuple[str, int, int, int, float]
"""(our bot, deal number, seed, simulations, uct_c)."""


def make_ismcts(game: pyspiel.Game, sims: int, uct_c: float, seed: int) -> ismcts.ISMCTSBot:
    """OpenSpiel's ISMCTS with a random-rollout evaluator; its resampling is seeded too, so a
    run can be repeated exactly."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                            random_state=np.random.RandomState(seed % 2**32))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, sims,
                           random_state=np.random.RandomState((seed >> 32) % 2**32),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    rng = random.Random(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng))
    return bot


def play_deal(job: Job) -> dict:
    """One deal played twice, seats swapped: our bot's mean points per hand, and the decision
    times of both sides."""
    ours, deal_no, seed, sims, uct_c = job
    deal_seed = mix64((seed << 24) + deal_no)
    dealer = deal_no % 2
    game = pyspiel.load_game(openspiel.SHORT_NAME, {"dealer": dealer})
    cards = list(game.new_initial_state().chance_outcomes())
    deal = [c for c, _ in cards]
    random.Random(deal_seed).shuffle(deal)
    net = 0.0
    times: dict[str, list[float]] = {"ismcts": [], "ours": []}
    for our_seat in (0, 1):
        bot = agents.load(ours, seed=mix64(deal_seed + 5))
        search = make_ismcts(game, sims, uct_c, mix64(deal_seed + 7))
        state = game.new_initial_state()
        for card in deal[:openspiel.DEALT]:
            state.apply_action(card)
        while not state.is_terminal():
            player = state.current_player()
            started = time.perf_counter()
            if player == our_seat:
                action = parse_action(bot.act(state.view(player)))
                times["ours"].append(time.perf_counter() - started)
            else:
                searched = len(state.legal_actions()) > 1
                action = int(search.step(state))
                if searched:
                    times["ismcts"].append(time.perf_counter() - started)
            state.apply_action(action)
        net += state.returns()[our_seat]
    return {"net": net / 2, "times": times}


def measure(ours: str, deals: int, seed: int, sims: int, uct_c: float, workers: int) -> dict:
    jobs = [(ours, d, seed, sims, uct_c) for d in range(deals)]
    started = time.perf_counter()
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.map(play_deal, jobs, chunksize=1)
    else:
        results = [play_deal(job) for job in jobs]
    seconds = time.perf_counter() - started
    mean, low, high = mean_interval([r["net"] for r in results])
    ms = {side: [1000 * t for r in results for t in r["times"][side]]
          for side in ("ismcts", "ours")}
    return {"ours": ours, "deals": deals, "hands": 2 * deals, "sims": sims, "uct_c": uct_c,
            "seed": seed, "points_per_hand": mean, "low95": low, "high95": high,
            "ismcts_mean_ms": statistics.fmean(ms["ismcts"]),
            "ismcts_decisions": len(ms["ismcts"]),
            "ours_mean_ms": statistics.fmean(ms["ours"]),
            "ours_median_ms": statistics.median(ms["ours"]), "seconds": seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300,
                        help="deals, each played twice with seats swapped (2N hands)")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations per move")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponents", nargs="*", default=["expert", "heuristic"],
                        help="our bots to play against ISMCTS")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for ours in args.opponents:
        row = measure(ours, args.hands, args.seed, args.sims, args.uct_c, args.workers)
        rows.append(row)
        if not args.json:
            print(f"{ours:>9} vs ISMCTS({args.sims} sims, uct_c {args.uct_c:g}): "
                  f"{row['points_per_hand']:+.3f} points/hand for {ours} "
                  f"(95% {row['low95']:+.3f} to {row['high95']:+.3f}) over {args.hands} "
                  f"duplicate deals ({2 * args.hands} hands); ISMCTS "
                  f"{row['ismcts_mean_ms']:.0f} ms per searched decision "
                  f"({row['ismcts_decisions']}), {ours} mean {row['ours_mean_ms']:.1f} ms "
                  f"(median {row['ours_median_ms']:.1f}); {row['seconds']:.0f} s", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
