"""How far other players' bidding sits from the expert's own: for each bot and bidding turn,
the shift of the fitted curve (``agents.bid_model``) that best explains its bids.

Each bot bids against itself in single hands; every bidding turn with a choice is one
point (the hand's strength for it, and whether it bid), and the shift is the maximum
likelihood one on a grid of quarter points (the grid of ``agents.opponent_bids``). It shows
why the expert learns its opponent's habit rather than assuming its own
(``opponent_bids.py``); it is a measurement, and nothing is fitted from it.

    python bench/studies/bid_habits.py --hands 3000 timid bold heuristic
"""

from __future__ import annotations

import argparse
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from build_bid_model import bidding

from euchre import Rules
from euchre.agents.bid_model import TURNS, BidModel
from euchre.agents.opponent_bids import SHIFTS


def bidding_turns(name: str, hands: int, deck: int) -> dict[str, list[tuple[float, bool]]]:
    """Every bidding turn with a choice of ``name`` against itself: (strength, bid?), by
    turn (the hands of ``scripts/build_bid_model.py``, which reads the expert the same way)."""
    pull = BidModel.for_rules(Rules(deck=deck)).pull
    turns: dict[str, list[tuple[float, bool]]] = {turn: [] for turn in TURNS}
    for index in range(hands):
        for _, turn, score, made, other in bidding((deck, index), name):
            turns[turn].append((score - pull.at(turn, other), bool(made)))
    return turns


def best_shift(model: BidModel, turn: str, points: list[tuple[float, bool]]) -> float | None:
    """The shift of ``turn``'s curve most likely to have made these bids (None: no points,
    or every point the same choice, which no finite shift explains best)."""
    if len({made for _, made in points}) < 2:
        return None

    def loglik(shift: float) -> float:
        total = 0.0
        for score, made in points:
            p = min(max(model.likely(turn, score - shift), 1e-9), 1 - 1e-9)
            total += math.log(p if made else 1.0 - p)
        return total
    return max(SHIFTS, key=loglik)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bots", nargs="*", default=["timid", "bold", "heuristic"])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--deck", type=int, choices=(24, 32, 25), default=24)
    args = parser.parse_args()
    model = BidModel.for_rules(Rules(deck=args.deck))
    for name in args.bots:
        turns = bidding_turns(name, args.hands, args.deck)
        cells = []
        for turn in TURNS:
            points = turns[turn]
            shift = best_shift(model, turn, points)
            made = sum(m for _, m in points)
            said = "n/a" if shift is None else f"{shift:+.2f}"
            cells.append(f"{turn} {said} ({made} of {len(points)} bid)")
        print(f"{name:>10}: " + "; ".join(cells), flush=True)


if __name__ == "__main__":
    main()
