"""One hand of OpenSpiel's ISMCTS against our expert, through the OpenSpiel adapter.

Run ``python examples/ismcts_vs_expert.py [seed]``: it deals a hand at random (the chance
nodes sampled from ``chance_outcomes()``), lets ISMCTS (200 simulations a move, random
rollouts) sit as player 0 and the expert as player 1, and prints every move and the result.
The expert only ever sees its ``View`` (``state.view(player)``); ISMCTS only sees what
OpenSpiel shows it: information-state strings and ``resample_from_infostate``.
"""

from __future__ import annotations

import random
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from euchre import agents, parse_action
from euchre.envs import openspiel  # registers python_two_handed_euchre

SIMULATIONS = 200


def main(seed: int = 1) -> None:
    rng = random.Random(seed)
    game = pyspiel.load_game(openspiel.SHORT_NAME, {"dealer": seed % 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))
    names = {0: "ISMCTS", 1: "expert"}
    evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed))
    search = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=SIMULATIONS,
                              random_state=np.random.RandomState(seed))
    search.set_resampler(lambda s, player: s.resample_from_infostate(player, rng))
    expert = agents.load("expert", seed=seed)

    dealer = game.get_parameters()["dealer"]
    print(f"dealer: player {dealer} ({names[dealer]})")
    for player in (0, 1):
        print(f"player {player} ({names[player]}) holds {' '.join(state.view(player).hand)}")
    print(f"upcard: {state.view(0).upcard}")
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            action = int(search.step(state))
        else:
            action = parse_action(expert.act(state.view(player)))
        print(f"  {names[player]:>6}: {state.action_to_string(action)}")
        state.apply_action(action)
    result = state.view(0).last_hand
    assert result is not None
    if result["thrown_in"]:
        print("thrown in: nobody made trump")
    else:
        print(f"trump {result['trump']}, made by {names[result['maker']]}; tricks "
              f"{result['tricks_won'][0]}-{result['tricks_won'][1]}")
    returns = state.returns()
    print(f"returns: ISMCTS {returns[0]:+.0f}, expert {returns[1]:+.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
