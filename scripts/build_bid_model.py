"""Rebuild ``src/euchre/agents/data/bid_model.json``: the expert's own bidding, as a logistic
curve of hand strength for each bidding turn and deck (see ``euchre.agents.bid_model``).

The expert bids against itself in single hands (every bidding decision of both players is
recorded: the turn, the hand's strength count for it, and whether trump was made); each
turn's centre and spread are then the maximum-likelihood fit. Only the expert's own bids
are used: no opponent it is measured against.

    python scripts/build_bid_model.py --hands 1500 --workers 2
"""

from __future__ import annotations

import json
import math
import pathlib
import time

from selfplay import DECKS, options, play

from euchre import Game, agents
from euchre.actions import CALL, parse_action
from euchre.agents.bid_model import TURNS, bid_strength, turn_of
from euchre.cards import parse_card
from euchre.rules import Rules

OUT = pathlib.Path(__file__).resolve().parents[1] / "src/euchre/agents/data/bid_model.json"


def bidding(job: tuple[int, int], name: str = "expert") -> list[tuple[int, str, float, int]]:
    """(deck, turn, strength, made trump?) for every bidding decision of one hand of bot
    ``name`` against itself (``bench/bid_habits.py`` reads other bots with it)."""
    deck, index = job
    rules = Rules(deck=deck)
    game = Game(rules, seed=(deck << 40) + index, first_dealer=index % 2)
    bots = [agents.load(name, seed=index * 2 + p) for p in (0, 1)]
    rows = []
    while game.phase in ("bid1", "bid2") and game.hand_number == 0:
        player = game.to_move
        view = game.view(player)
        token = bots[player].act(view)
        if len(view.legal) > 1 and view.upcard != "JK":
            hand = [parse_card(c) for c in view.hand]
            suits = [parse_action(t) - CALL for t in view.legal if t.startswith("call")]
            round_one = view.phase == "bid1"
            score = bid_strength(hand, parse_card(view.upcard), player == view.dealer,
                                 round_one, suits)
            turn = turn_of(player, view.dealer, round_one)
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
    args = options(__doc__, 1500, OUT)
    started = time.perf_counter()
    rows = [r for hand in play(bidding, args.hands, args.workers, 8) for r in hand]
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
