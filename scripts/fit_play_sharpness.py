"""Fit the sharpness of the model of a good player's play (``play_inference.FITTED``) to the
expert's own choices.

The expert plays single hands against itself; at each of its card choices with more than
one option (and each discard as dealer), every option is valued double-dummy in the true
deal, as the inference from play values it in a sampled deal, and the option taken is
recorded. Each kind of choice (a lead, an answer to a lead, a discard) then gets the
sharpness of maximum likelihood for ``P(option) = exp(b * tricks) / sum exp(b * tricks)``.
Only the expert's own play is used: no opponent it is measured against.

    python scripts/fit_play_sharpness.py --hands 600 --workers 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time

from euchre import Game, agents, state
from euchre.agents.play_inference import FITTED, discard_values, follow_values, lead_values
from euchre.agents.solver import Solver
from euchre.cards import parse_card
from euchre.engine.games.euchre.game import state_of
from euchre.rules import Rules

KINDS = ("lead", "follow", "discard")
GRID = [b / 4 for b in range(1, 41)]
"""The sharpnesses tried: 0.25 to 10 in quarters (10: he never gives up a trick)."""

Choice = tuple[str, list[int], int]
"""(kind, each option's tricks for the chooser, the tricks of the option taken)."""


def option_values(s: list, token: str, solver: Solver) -> Choice | None:
    """The choice the player to move makes with ``token`` in core state ``s``, valued in
    the true deal (None: a forced choice or a bid)."""
    player = s[state.TO_MOVE]
    trump = s[state.TRUMP]
    his, mine = s[state.HAND0 + player], s[state.HAND0 + 1 - player]
    phase = s[state.PHASE]
    card = parse_card(token.split()[-1]) if phase in (state.DISCARD_PHASE, state.PLAY) \
        and token != "pass" else -1
    if phase == state.DISCARD_PHASE and card >= 0:
        up = s[state.UPCARD]
        values, kind = discard_values(his | 1 << up, mine, trump, up, solver), "discard"
    elif phase == state.PLAY and s[state.LED] < 0:
        values, kind = lead_values(his, mine, trump, solver), "lead"
    elif phase == state.PLAY:
        values, kind = follow_values(s[state.LED], mine, his, trump, solver), "follow"
    else:
        return None
    if len(values) < 2 or card not in values:
        return None
    return kind, list(values.values()), values[card]


def one_hand(index: int) -> list[Choice]:
    """Every valued choice of one hand of the expert against itself."""
    game = Game(Rules(), seed=(7 << 40) + index, first_dealer=index % 2)
    bots = [agents.load("expert", seed=index * 2 + p) for p in (0, 1)]
    solver = Solver()
    choices = []
    while game.hand_number == 0 and game.phase != "over":
        token = bots[game.to_move].act(game.view(game.to_move))
        choice = option_values(state_of(game), token, solver)
        if choice is not None:
            choices.append(choice)
        game.apply(token)
    return choices


def log_likelihood(rows: list[tuple[list[int], int]], sharpness: float) -> float:
    total = 0.0
    for values, taken in rows:
        best = max(values)
        total += sharpness * (taken - best) - math.log(
            sum(math.exp(sharpness * (v - best)) for v in values))
    return total


def fit(rows: list[tuple[list[int], int]]) -> float:
    """The sharpness of maximum likelihood on the grid."""
    return max(GRID, key=lambda b: log_likelihood(rows, b))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        hands = pool.map(one_hand, range(args.hands), chunksize=4)
    rows = [choice for hand in hands for choice in hand]
    print(f"{args.hands} hands of the expert against itself, "
          f"{time.perf_counter() - started:.0f} s")
    for kind in KINDS:
        mine = [(values, taken) for k, values, taken in rows if k == kind]
        open_ = [(v, t) for v, t in mine if len(set(v)) > 1]
        best = sum(t == max(v) for v, t in open_)
        print(f"{kind:8} {len(mine):5} choices, {len(open_):5} with options unequal, "
              f"the best taken {best / max(1, len(open_)):.1%}; sharpness fitted "
              f"{fit(mine):.2f}, in use {getattr(FITTED, kind)}")


if __name__ == "__main__":
    main()
