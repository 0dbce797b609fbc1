"""The batched engine's Gymnasium vector environment and PettingZoo parallel environment
(issue 53, criterion 4): PettingZoo's checker, the spaces, seeds, rewards, refusals."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from euchre import Rules
from euchre.batch.envs import BatchParallelEnv, BatchVectorEnv, seat_rewards
from euchre.envs.gym import seat_rewards as scalar_seat_rewards


@pytest.mark.parametrize("rules", [Rules(), Rules(players=3, deck=25),
                                   Rules(players=4, defend_alone=True, target=3)])
def test_the_parallel_environment_passes_pettingzoo_s_checker(rules):
    parallel_api_test(BatchParallelEnv(rules), num_cycles=300)


def test_the_parallel_environment_plays_a_match_to_its_end():
    env = BatchParallelEnv(Rules(players=4, target=2))
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        mover = next(a for a in env.agents if obs[a]["action_mask"].any())
        action = int(rng.choice(np.flatnonzero(obs[mover]["action_mask"])))
        obs, rewards, _, _, _ = env.step({mover: action})
        for agent, reward in rewards.items():
            totals[agent] += reward
    assert sum(totals.values()) == 0 and max(totals.values()) >= 2
    with pytest.raises(ValueError, match="call reset"):
        env.step({"player_0": 66})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_vector_environment_steps_in_its_spaces_with_zero_sum_rewards(players):
    env = BatchVectorEnv(Rules(players=players, target=3), num_envs=32)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(150):
        assert env.observation_space.contains(obs)
        mask = obs["action_mask"].astype(bool)
        actions = np.where(mask, rng.random(mask.shape), -1).argmax(axis=1)
        assert env.action_space.contains(actions)
        actor = info["to_move"]
        obs, reward, terminated, truncated, info = env.step(actions)
        assert np.allclose(info["seat_rewards"].sum(axis=1), 0) and not truncated.any()
        assert np.array_equal(reward, info["seat_rewards"][np.arange(32), actor])
        ended += int(terminated.sum())
    assert ended > 0


def test_the_vector_environment_is_seeded_and_refuses_illegal_actions():
    a, b = BatchVectorEnv(num_envs=8), BatchVectorEnv(num_envs=8)
    (obs_a, _), (obs_b, _) = a.reset(seed=9), b.reset(seed=9)
    assert np.array_equal(obs_a["observation"], obs_b["observation"])
    before = a.batch.hands.copy()
    bad = obs_a["action_mask"].argmin(axis=1)  # an id that is not legal in each game
    with pytest.raises(ValueError, match="is not legal in game 0"):
        a.step(bad)
    with pytest.raises(ValueError, match="actions must be 8 action ids"):
        a.step([66] * 3)
    assert np.array_equal(a.batch.hands, before)


def test_seat_rewards_are_the_adapters():
    env = BatchVectorEnv(Rules(players=3, target=2), num_envs=64, seed=2)
    rng = np.random.default_rng(2)
    checked = 0
    for _ in range(200):
        scores = env.batch.scores.copy()
        mask = env.batch.legal_mask()
        env.step(np.where(mask, rng.random(mask.shape), -1).argmax(axis=1))
        rewards = seat_rewards(env.batch)
        for g in np.flatnonzero(env.batch.hand_over & ~env.batch.match_over):
            after = tuple(env.batch.scores[g, :3])
            assert tuple(rewards[g]) == scalar_seat_rewards(tuple(scores[g, :3]), after, 3)
            checked += 1
    assert checked > 50
