"""The single-agent Gymnasium environment: Gymnasium's checker under every rule option, and the
behaviour a researcher relies on: masks, rewards, episodes, the opponent, illegal actions."""

from __future__ import annotations

import importlib
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from support import OPTION_IDS, OPTIONS

from euchre import Rules
from euchre.agents.heuristic import HeuristicAgent
from euchre.agents.simple import RandomAgent
from euchre.envs import gym as euchre_gym
from euchre.envs.gym import ENV_ID, EuchreEnv

ALL_RULES = [Rules(deck=d, target=5, dealer_must_pick_up=m, may_call_turned_suit=t,
                   stick_the_dealer=s) for d, m, t, s in OPTIONS]


def _check(env) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env)


def _play(env, seed: int, rng: np.random.Generator, on_turn=None):
    """One episode of random legal play; the summed reward and the number of steps."""
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        if on_turn is not None:
            on_turn(env, obs)
        obs, reward, done, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not truncated and not info["illegal_action"]
        total += reward
        steps += 1
    assert not obs["action_mask"].any()
    return total, steps


@pytest.mark.parametrize("rules", ALL_RULES, ids=OPTION_IDS)
def test_check_env_passes_under_every_option(rules):
    for episode, seat in (("match", 0), ("hand", None)):
        _check(gymnasium.make(ENV_ID, rules=rules, episode=episode, seat=seat).unwrapped)


@pytest.mark.parametrize("opponent", ["random", "heuristic", "hard", "easy"])
def test_check_env_passes_against_each_bot_and_with_the_default_rules(opponent):
    _check(EuchreEnv(opponent=opponent, seat=1))
    _check(gymnasium.make(ENV_ID, opponent=opponent, rules=Rules(target=1)).unwrapped)


def test_registration_is_idempotent_and_make_works():
    importlib.reload(euchre_gym)
    euchre_gym.register()
    assert ENV_ID in gymnasium.registry
    env = gymnasium.make(ENV_ID, rules=Rules(deck=25), opponent="random")
    obs, info = env.reset(seed=0)
    assert obs["observation"].shape == (522,) and info == {"illegal_action": False, "seat": 0}
    assert env.action_space == gymnasium.spaces.Discrete(72)


@pytest.mark.parametrize("rules", ALL_RULES[::6], ids=OPTION_IDS[::6])
def test_mask_is_the_learners_legal_ids_on_every_step(rules):
    def check(env, obs):
        game = env.unwrapped.game
        assert game.to_move == env.unwrapped.player
        assert list(np.flatnonzero(obs["action_mask"])) == sorted(game.legal_action_ids())
        assert env.observation_space.contains(obs)

    for seed in range(3):
        _play(EuchreEnv(rules, opponent="random", seat=None), seed, np.random.default_rng(seed),
              check)


@pytest.mark.parametrize("seat", [0, 1, None])
def test_rewards_add_up_to_the_learners_score_difference(seat):
    for seed in range(5):
        env = EuchreEnv(Rules(target=7), seat=seat)
        total, _ = _play(env, seed, np.random.default_rng(seed))
        game, me = env.game, env.player
        assert game.is_over
        assert total == game.score[me] - game.score[1 - me]


def test_hand_episode_ends_after_exactly_one_hand():
    for seed in range(30):
        env = EuchreEnv(episode="hand", seat=None, opponent="random")
        hands = set()
        total, _ = _play(env, seed, np.random.default_rng(seed),
                         lambda env, obs, hands=hands: hands.add(env.game.hand_number))
        game, me = env.game, env.player
        assert hands == {0} and game.hand_number == 1 and not game.is_over
        assert total == game.score[me] - game.score[1 - me]


def test_seat_none_draws_both_seats_and_a_seed_replays_an_episode():
    env = EuchreEnv(seat=None, opponent="expert", episode="hand")
    seats = {env.reset(seed=seed)[1]["seat"] for seed in range(12)}
    assert seats == {0, 1}
    runs = []
    for _ in range(2):
        rng = np.random.default_rng(1)
        trace = []
        _play(env, 5, rng,
              lambda env, obs, trace=trace: trace.append(env.game.view(env.player).to_dict()))
        runs.append((trace, env.game.record()))
    assert runs[0] == runs[1]


class Spy:
    """An opponent that records the views it is shown, then plays like the heuristic."""

    def __init__(self) -> None:
        self.views = []
        self._bot = HeuristicAgent(seed=0)

    def act(self, view):
        self.views.append(view)
        return self._bot.act(view)


def test_the_opponent_is_the_chosen_bot_and_plays_every_other_turn():
    spy = Spy()
    env = EuchreEnv(Rules(target=5), opponent=spy, seat=1)
    _play(env, 3, np.random.default_rng(3))
    record = env.game.record()
    opponent_moves = sum(1 for hand in record["hands"] for player, _ in hand["actions"]
                         if player == 0)
    assert len(spy.views) == opponent_moves > 0
    assert all(view.player == 0 and view.legal for view in spy.views)
    for name, kind in (("random", RandomAgent), ("heuristic", HeuristicAgent)):
        env = EuchreEnv(opponent=name)
        env.reset(seed=0)
        assert type(env.bot) is kind
    with pytest.raises(ValueError, match="unknown bot"):
        EuchreEnv(opponent="grandmaster")


def test_the_heuristic_opponent_beats_a_random_learner_more_than_the_random_one_does():
    results = {}
    for name in ("random", "heuristic"):
        env = EuchreEnv(opponent=name, seat=None, episode="hand")
        results[name] = sum(_play(env, seed, np.random.default_rng(seed))[0]
                            for seed in range(150))
    assert results["heuristic"] < results["random"]


@pytest.mark.parametrize("rules", [Rules(), Rules(target=3, deck=25)])
def test_illegal_action_ends_the_episode_with_the_penalty_and_changes_nothing(rules):
    env = EuchreEnv(rules)
    obs, _ = env.reset(seed=2)
    record = env.game.record()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-(rules.target + 2), True, False)
    assert info["illegal_action"] and not obs["action_mask"].any()
    assert env.game.record() == record
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env = EuchreEnv(rules, illegal_reward=-1.5)
    env.reset(seed=2)
    assert env.step(illegal)[1] == -1.5


def test_bad_arguments_are_clear_errors():
    for kwargs, words in (({"episode": "trick"}, "episode"), ({"seat": 2}, "seat"),
                          ({"render_mode": "rgb_array"}, "render_mode"),
                          ({"opponent": 3}, "opponent"), ({"rules": 24}, "Rules")):
        with pytest.raises(ValueError, match=words):
            EuchreEnv(**kwargs)
    with pytest.raises(RuntimeError, match="reset"):
        EuchreEnv().step(0)


def test_render_shows_the_learners_view(capsys):
    env = EuchreEnv(render_mode="ansi", seat=1)
    env.reset(seed=7)
    text = env.render()
    assert "P1's view" in text and " ".join(env.game.view(1).hand) in text
    assert " ".join(env.game.view(0).hand) not in text
    env = EuchreEnv(render_mode="human")
    env.reset(seed=7)
    assert "holds" in capsys.readouterr().out
