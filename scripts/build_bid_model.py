"""Rebuild ``src/euchre/agents/data/bid_model.json``: the expert's own bidding, as a logistic
curve of hand strength for each bidding turn and deck (see ``euchre.agents.bid_model``).

The expert bids against itself in single hands (every bidding decision of both players is
recorded: the turn, the hand's strength count for it, and whether trump was made); each
turn's centre and spread are then the maximum-likelihood fit. Only the expert's own bids
are used: no opponent it is measured against.

    python scripts/build_bid_model.py --hands 1500 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import pathlib
import time

from euchre import Game, agents
from euchre.actions import CALL, parse_action
from euchre.agents.bid_model import TURNS, turn_of
from euchre.agents.heuristic import strength, strength_with_upcard
from euchre.cards import parse_card
from euchre.rules import Rules

OUT = pathlib.Path(__file__).resolve().parents[1] / "src/euchre/agents/data/bid_model.json"
DECKS = (24, 25, 32)


def bidding(job: tuple[int, int]) -> list[tuple[int, str, float, int]]:
    """(deck, turn, strength, made trump?) for every bidding decision of one hand."""
    deck, index = job
    rules = Rules(deck=deck)
    game = Game(rules, seed=(deck << 40) + index, first_dealer=index % 2)
    bots = [agents.load("expert", seed=index * 2 + p) for p in (0, 1)]
    rows = []
    while game.phase in ("bid1", "bid2") and game.hand_number == 0:
        player = game.to_move
        view = game.view(player)
        token = bots[player].act(view)
        if len(view.legal) > 1 and view.upcard != "JK":
            hand = [parse_card(c) for c in view.hand]
            up = parse_card(view.upcard)
            turned = up >> 3
            if view.phase == "bid1":
                score = (strength_with_upcard(hand, up, turned) if player == view.dealer
                         else strength(hand, turned))
            else:
                suits = [parse_action(t) - CALL for t in view.legal if t.startswith("call")]
                score = max(strength(hand, s) for s in suits)
            turn = turn_of(player, view.dealer, view.phase == "bid1")
            rows.append((deck, turn, score, int(token != "pass")))
        game.apply(token)
    return rows


def fit(rows: list[tuple[float, int]]) -> tuple[float, float]:
    """Maximum-likelihood centre and spread of P(make) = 1 / (1 + exp(-(s - c) / w))."""
    def loglik(c: float, w: float) -> float:
        total = 0.0
        for s, made in rows:
            p = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -(s - c) / w))))
            p = min(max(p, 1e-9), 1 - 1e-9)
            total += math.log(p if made else 1.0 - p)
        return total
    best = max(((c / 20, w / 20) for c in range(40, 200) for w in range(4, 60, 2)),
               key=lambda cw: loglik(*cw))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1500, help="hands per deck")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    args = parser.parse_args()
    jobs = [(deck, i) for deck in DECKS for i in range(args.hands)]
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        rows = [r for hand in pool.imap_unordered(bidding, jobs, chunksize=8) for r in hand]
    curves, samples = {}, {}
    for deck in DECKS:
        curves[str(deck)], samples[str(deck)] = {}, {}
        for turn in TURNS:
            mine = [(s, made) for d, t, s, made in rows if d == deck and t == turn]
            curves[str(deck)][turn] = list(fit(mine))
            samples[str(deck)][turn] = [len(mine), sum(m for _, m in mine)]
    data = {"about": "curves[deck][turn] = [centre, spread] of the expert's own bidding, "
                     "from scripts/build_bid_model.py", "hands_per_deck": args.hands,
            "decisions_and_makes": samples, "curves": curves}
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(json.dumps(curves), f"\n{len(rows)} decisions in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
