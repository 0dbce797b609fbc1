"""The research adapters at a table of three or four (criterion 5 of issue 38; PettingZoo's
conformance tests under each game and deck are in test_envs_pettingzoo.py): Gymnasium's
checker with bots at every other seat,
rewards that add up to zero, and an observation that shows nothing a player may not see."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from support import play_aec, play_openspiel, quiet

from euchre import Game, Rules, resample
from euchre.agents.simple import RandomAgent
from euchre.cards import card_token
from euchre.envs import family_encoding
from euchre.envs.gym import ENV_IDS, EuchreEnv
from euchre.envs.pettingzoo import agents_of, env, raw_env


@pytest.mark.parametrize("players", [3, 4])
def test_agents_spaces_and_zero_sum_rewards_that_add_up_to_the_score(players):
    e = env(Rules(players=players, target=5))
    assert e.possible_agents == list(agents_of(players))
    for agent in e.possible_agents:
        assert e.action_space(agent).n == 78
        assert e.observation_space(agent)["observation"].shape == (family_encoding.SIZE,)
    totals = play_aec(e, 3, np.random.default_rng(players),
                      lambda e, agent, obs: obs["action_mask"].any() or pytest.fail(agent))
    game = e.unwrapped.game
    assert game.is_over and sum(totals.values()) == pytest.approx(0.0)
    score = game.score
    for seat, agent in enumerate(e.possible_agents):
        side = game.view(None).sides[seat]
        others = [points for s, points in enumerate(score) if s != side]
        assert totals[agent] == pytest.approx(score[side] - sum(others) / len(others))


@pytest.mark.parametrize("players", [3, 4])
def test_gymnasium_checker_passes_with_bots_at_every_other_seat(players):
    rules = Rules(players=players, target=3)
    for episode, seat in (("match", 0), ("hand", None)):
        quiet(check_env, gymnasium.make(ENV_IDS[players], episode=episode, seat=seat,
                                         rules=rules).unwrapped)
    made = gymnasium.make(ENV_IDS[players]).unwrapped
    assert made.rules.players == players and made.action_space.n == 78


class Spy:
    def __init__(self, name: str) -> None:
        self.name, self.seats, self._bot = name, set(), RandomAgent(seed=1)

    def act(self, view):
        self.seats.add(view.player)
        return self._bot.act(view)


def test_the_partner_and_the_opponents_are_the_bots_chosen():
    partner, opponent = Spy("partner"), Spy("opponent")
    e = EuchreEnv(Rules(players=4, target=8), opponent=opponent, partner=partner, seat=1)
    obs, _ = e.reset(seed=4)
    rng, done, total = np.random.default_rng(4), False, 0.0
    while not done:
        obs, reward, done, _, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
    assert partner.seats == {3} and opponent.seats == {0, 2}
    score = e.game.score
    assert total == score[1] - score[0]


def test_a_two_handed_bot_is_refused_at_a_larger_table_in_one_line():
    with pytest.raises(ValueError, match="'heuristic' plays only the two-handed game"):
        EuchreEnv(Rules(players=4), opponent="heuristic")
    with pytest.raises(ValueError, match="partner is a seat of the four-handed game"):
        EuchreEnv(Rules(players=3), partner="random")
    with pytest.raises(ValueError, match="seat must be one of 0 to 2"):
        EuchreEnv(Rules(players=3), seat=3)
    with pytest.raises(ValueError, match="'expert' plays only the two-handed game"):
        EuchreEnv(Rules(players=3), opponent="expert")
    assert raw_env(Rules(players=3)).possible_agents == ["player_0", "player_1", "player_2"]


@pytest.mark.parametrize("players", [3, 4])
def test_the_observation_shows_nothing_hidden(players):
    """Encoded views of the same position whose hidden cards were dealt again are equal:
    nothing another hand, the kitty or another's discard holds is in the observation."""
    rng = random.Random(players)
    changed = 0
    for seed in range(25):
        g = Game(Rules(players=players, deck=25, defend_alone=players == 4), seed=seed)
        for _ in range(rng.randrange(0, 30)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        seat = rng.randrange(players)
        view = g.view(seat)
        mine = family_encoding.encode(view)
        for _ in range(5):
            other = resample(view, rng)
            changed += any(other.hand(s) != g.hand(s) for s in range(players) if s != seat)
            assert np.array_equal(family_encoding.encode(other.view(seat)), mine)
        hidden = {c for s in range(players) if s != seat for c in g.hand(s)} - set(view.hand)
        shown = {c for c in hidden
                 if mine[family_encoding.HAND + _id(c)] or mine[family_encoding.DISCARD + _id(c)]}
        assert not shown
    assert changed > 50  # the hidden cards did move between the samples compared


def _id(token: str) -> int:
    from euchre.cards import parse_card

    return parse_card(token)


# --- the OpenSpiel Python game, three-handed ------------------------------------------------

THREE = "python_three_handed_euchre"


@pytest.mark.parametrize("deck", [24, 32, 25])
def test_openspiel_random_sim_test_passes_three_handed(deck):
    pyspiel = pytest.importorskip("pyspiel")
    from euchre.envs import openspiel  # noqa: F401  (registers the games)

    for dealer in (0, 1, 2):
        game = pyspiel.load_game(THREE, {"deck": deck, "dealer": dealer,
                                         "stick_the_dealer": dealer == 2})
        assert game.num_players() == 3 and game.num_distinct_actions() == 78
        pyspiel.random_sim_test(game, num_sims=5, serialize=dealer == 1, verbose=False)


def test_openspiel_three_handed_deals_like_the_engine_and_returns_its_points():
    """Chance deals five cards to each seat from the dealer's left, then the upcard (the
    engine's stacked order); returns are each player's points less the mean of the others'."""
    pyspiel = pytest.importorskip("pyspiel")
    from euchre.envs import openspiel

    game = pyspiel.load_game(THREE, {"dealer": 1})
    rng = random.Random(5)
    for _ in range(40):
        state = game.new_initial_state()
        for _ in range(16):
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        cards = [card_token(c) for c in state.history()]
        for k, seat in enumerate((2, 0, 1)):  # from the dealer's left
            assert sorted(state.view(seat).hand) == sorted(cards[5 * k:5 * k + 5])
        assert state.view(0).upcard == cards[15] and state.current_player() == 2
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        points = state.view(0).last_hand["points"]
        mean_others = [(sum(points) - p) / 2 for p in points]
        assert state.returns() == pytest.approx([p - m for p, m in zip(points, mean_others,
                                                                          strict=True)])
        assert sum(state.returns()) == pytest.approx(0.0)
        assert openspiel.GAME_INFO_3.min_utility <= min(state.returns())
        assert max(state.returns()) <= openspiel.GAME_INFO_3.max_utility


def test_openspiel_three_handed_information_hides_the_other_hands():
    pyspiel = pytest.importorskip("pyspiel")
    from euchre.envs import openspiel  # noqa: F401

    game = pyspiel.load_game(THREE, {"deck": 25})
    rng = random.Random(9)
    for _ in range(30):
        state = play_openspiel(game.new_initial_state(), rng, stop=0.93)
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        other = state.resample_from_infostate(seat, random.Random(rng.random()))
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        hidden = {c for s in range(3) if s != seat for c in state._hand.game.hand(s)}
        text = state.information_state_string(seat)
        assert not any(f" {card}" in text.split("hand:")[1].split(" upcard")[0]
                       for card in hidden)
