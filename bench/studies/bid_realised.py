"""How true the expert's bid values are: each bidding decision's predicted value against the
points the hand really brought, in expert self-play (single hands, default rules).

For every bid, pick-up and discard with a choice, the chosen option's value (``analyse``)
is set beside the decider's realised net points and beside the calibrated double-dummy value
of the true deal at the first lead (``calibration.py``). Split by decision and option:

* ``real - cal``: the calibration's error (real play against its model of the true deal);
* ``pred - cal``: what the decider's beliefs and his search add (inference, strategy fusion
  in the discard, the winner's curse of the max): zero for a player whose model is true.

    python bench/studies/bid_realised.py --deals 800 --seed 13
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Any

from euchre import Game, Rules, state
from euchre.agents.calibration import Calibration, first_lead_tricks
from euchre.agents.expert import _net_points
from euchre.agents.solver import worker_solver
from euchre.engine.games.euchre.game import state_of
from euchre.study.arena import BotSpec, mean_interval, mix64
from euchre.view import View


def first_lead_value(game: Game, solver, table: Calibration) -> float:
    """Player 0's calibrated double-dummy net points in the true deal."""
    s = state_of(game)
    maker = s[state.MAKER]
    _, tricks = first_lead_tricks(s, solver)
    return table.utility(_net_points, s[state.DEALER])(maker, tricks, 0)


def selfplay_deal(seed: int, deal: int, bot: str = "expert") -> tuple[Game, dict[int, Any]]:
    """Deal ``deal`` of run ``seed`` (default rules) and its two bots, one per seat: the
    benchmarks of the bidding share it, so the same seed gives them the same deals."""
    deal_seed = mix64((seed << 24) + deal)
    spec = BotSpec.parse(bot)
    bots = {p: spec.make(mix64(deal_seed + 5 + 2 * p)) for p in (0, 1)}
    return Game(Rules(), seed=deal_seed, first_dealer=deal % 2), bots


def decision_kind(view: View) -> str:
    """A decision's kind: in the bidding and the discard its phase and the decider's seat,
    e.g. ``bid1, dealer``; in the play the trick and whether he leads or answers, e.g.
    ``trick 2, lead``."""
    if view.phase == "play":
        return f"trick {len(view.tricks) + 1}, {'answer' if view.trick else 'lead'}"
    return f"{view.phase}, {'dealer' if view.player == view.dealer else 'non-dealer'}"


def one_deal(seed: int, deal: int, solver, table: Calibration) -> list[tuple[str, float, float,
                                                                            float]]:
    """(decision/option, predicted, realised, calibrated true-deal value) per decision."""
    game, bots = selfplay_deal(seed, deal)
    made, true_value = [], None
    while game.hand_number == 0 and not game.is_over:
        player = game.to_move
        view = game.view(player)
        if view.phase == "play" and true_value is None:
            true_value = first_lead_value(game, solver, table)
        if view.phase in ("bid1", "bid2", "discard") and len(view.legal) > 1:
            values = bots[player].analyse(view)
            token = max(values, key=values.__getitem__)
            made.append((player, f"{decision_kind(view)}: {token.split()[0]}", values[token]))
        else:
            token = bots[player].act(view)
        game.apply(token)
    if true_value is None:  # thrown in: no contract to measure
        return []
    return [(kind, predicted, game.score[p] - game.score[1 - p],
             true_value if p == 0 else -true_value) for p, kind, predicted in made]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=800)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--min-n", type=int, default=20,
                        help="fewest decisions of a kind to print its figures")
    args = parser.parse_args()
    if args.deals < 1 or args.min_n < 2:
        parser.error("--deals must be at least 1 and --min-n at least 2")
    solver, table = worker_solver(), Calibration.for_rules(Rules())
    rows: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
    for deal in range(args.deals):
        for kind, predicted, real, cal in one_deal(args.seed, deal, solver, table):
            rows[kind].append((predicted, real, cal))
    for kind in sorted(rows):
        got = rows[kind]
        if len(got) < args.min_n:
            print(f"{kind:34s} n={len(got):5d} (too few)")
            continue
        parts = []
        for label, pick in (("real - pred", lambda p, r, c: r - p),
                            ("real - cal", lambda p, r, c: r - c),
                            ("pred - cal", lambda p, r, c: p - c)):
            mean, low, high = mean_interval([pick(*x) for x in got])
            parts.append(f"{label} {mean:+.3f} ({low:+.3f} to {high:+.3f})")
        print(f"{kind:34s} n={len(got):5d}  " + "; ".join(parts))


if __name__ == "__main__":
    main()
