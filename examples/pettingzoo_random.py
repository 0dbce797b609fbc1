"""Random play in the PettingZoo environment: each agent samples a legal action from its mask.

Run ``python examples/pettingzoo_random.py``: it plays a few short matches and prints, for
each, every hand's rewards and the totals, which equal the final score difference.
"""

from __future__ import annotations

import numpy as np

from euchre import Rules
from euchre.envs.pettingzoo import env

MATCHES = 3


def main() -> None:
    game_env = env(Rules(target=5))
    rng = np.random.default_rng(0)
    for match in range(1, MATCHES + 1):
        game_env.reset(seed=match)
        totals = dict.fromkeys(game_env.possible_agents, 0.0)
        for agent in game_env.agent_iter():
            observation, reward, termination, truncation, _ = game_env.last()
            totals[agent] += reward
            if reward > 0:
                print(f"match {match}: {agent} scores {reward:+.0f}")
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            game_env.step(action)
        score = game_env.unwrapped.game.score
        shown = ", ".join(f"{agent} {total:+.0f}" for agent, total in totals.items())
        print(f"match {match} over: score {score[0]}-{score[1]}; total rewards {shown}")
    game_env.close()


if __name__ == "__main__":
    main()
