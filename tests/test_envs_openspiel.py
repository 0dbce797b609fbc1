"""The OpenSpiel adapter: OpenSpiel's own random-simulation test under every rule option, and
what its algorithms rely on: information states that hide exactly the hidden cards,
resampling consistent with them, uniform chance, returns equal to the engine's points, and
OpenSpiel's ISMCTS and MCTS bots playing whole hands."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation
from support import OPTION_IDS, OPTIONS, play_openspiel, stacked

from euchre import Game, Rules, parse_card
from euchre.cards import deck_cards
from euchre.envs import openspiel
from euchre.envs.encoding import encode

ROOT = Path(__file__).resolve().parent.parent
NAME = openspiel.SHORT_NAME


def _params(deck, must, turned, stick, dealer=0) -> dict:
    return {"deck": deck, "dealer_must_pick_up": must, "may_call_turned_suit": turned,
            "stick_the_dealer": stick, "dealer": dealer}


def _dealt(game, cards: list[str]):
    state = game.new_initial_state()
    for card in cards[:openspiel.DEALT]:
        state.apply_action(parse_card(card))
    return state


@pytest.mark.parametrize("options", OPTIONS, ids=OPTION_IDS)
def test_random_sim_test_passes_under_every_option(options):
    for dealer in (0, 1):
        game = pyspiel.load_game(NAME, _params(*options, dealer=dealer))
        pyspiel.random_sim_test(game, num_sims=6, serialize=dealer == 1, verbose=False)


def test_game_facts():
    game = pyspiel.load_game(NAME)
    assert game.num_distinct_actions() == 72
    assert game.max_chance_outcomes() == 33
    assert game.max_game_length() == 14
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-2, 2, 0)
    assert game.information_state_tensor_shape() == [522]
    assert game.observation_tensor_shape() == [522]
    with pytest.raises(ValueError, match="dealer must be 0 or 1"):
        pyspiel.load_game(NAME, {"dealer": 2})
    with pytest.raises(ValueError, match="deck must be 24, 32 or 25"):
        pyspiel.load_game(NAME, {"deck": 30})
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="cannot deal"):
        state.apply_action(parse_card("7C"))  # not in the 24-card deck
    for card in deck_cards(24)[:11]:
        state.apply_action(card)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(parse_card("9C"))
    assert len(state.history()) == 11 and state.legal_actions() == [66, 67]


@pytest.mark.parametrize("deck", [24, 32, 25])
def test_chance_outcomes_are_uniform_over_the_cards_left(deck):
    state = pyspiel.load_game(NAME, {"deck": deck}).new_initial_state()
    rng = random.Random(deck)
    seen = []
    for k in range(openspiel.DEALT):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        assert len(actions) == deck - k and not set(actions) & set(seen)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert all(p == pytest.approx(1 / (deck - k)) for _, p in outcomes)
        assert state.legal_actions() == sorted(actions)
        # nobody sees a card before the deal is complete
        assert state.information_state_string(1) == f"p1 dealer:0 dealing:{k}/11"
        seen.append(rng.choice(actions))
        state.apply_action(seen[-1])
    assert not state.is_chance_node()


def test_returns_equal_the_engines_points_and_actions_are_the_engines_tokens():
    rng = random.Random(5)
    for i, options in enumerate(OPTIONS * 4):
        game = pyspiel.load_game(NAME, _params(*options, dealer=i % 2))
        state = play_openspiel(game.new_initial_state(), rng)
        history = state.history()
        deal, actions = history[:openspiel.DEALT], history[openspiel.DEALT:]
        rules = Rules(deck=options[0], dealer_must_pick_up=options[1],
                      may_call_turned_suit=options[2], stick_the_dealer=options[3])
        rest = [c for c in deck_cards(options[0]) if c not in deal]
        engine = Game(rules, seed=1, first_dealer=i % 2, decks=[deal + rest])
        replay = game.new_initial_state()
        for card in deal:
            replay.apply_action(card)
        for action in actions:
            tokens = sorted(engine.legal_actions())
            assert sorted(replay.action_to_string(a) for a in replay.legal_actions()) == tokens
            engine.apply(replay.action_to_string(action))
            replay.apply_action(action)
        assert engine.hand_number == 1
        points = engine.view(0).last_hand["points"]
        assert state.returns() == [points[0] - points[1], points[1] - points[0]]
        for player in (0, 1):
            view = state.view(player)
            assert view.phase == "over" and view.legal == () and view.last_hand == engine.view(
                player).last_hand
            assert state.information_state_string(player).endswith(
                f"points:{points[0]}-{points[1]}")
            if points != [0, 0]:
                assert len(view.tricks) == 5 and sum(view.tricks_won) == 5 and view.hand == ()


def test_information_state_hides_the_other_hand_and_nothing_else():
    game = pyspiel.load_game(NAME)  # dealer 0: player 1 gets the first five cards
    mine = ["9C", "TC", "JC", "QC", "KC"]
    a = _dealt(game, stacked(mine, ["9D", "TD", "JD", "QD", "KD"], "AH"))
    b = _dealt(game, stacked(mine, ["9S", "TS", "JS", "QS", "KS"], "AH"))
    for state in (a, b):
        state.apply_action(state.legal_actions()[0])  # player 1 passes
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.information_state_tensor(1) == b.information_state_tensor(1)
    assert a.observation_string(1) == b.observation_string(1)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert "JD" not in a.information_state_string(1)
    # a different public action, or different own cards, is a different information state
    c = a.clone()
    a.apply_action(a.legal_actions()[0])  # pass
    c.apply_action(c.legal_actions()[1])  # order
    assert a.information_state_string(1) != c.information_state_string(1)
    d = _dealt(game, stacked(["9C", "TC", "JC", "QC", "AC"], ["9D", "TD", "JD", "QD", "KD"],
                             "AH"))
    d.apply_action(66)
    assert d.information_state_string(1) != b.information_state_string(1)


def test_tensors_are_the_shared_encoding_and_observers_follow_the_observation_type():
    game = pyspiel.load_game(NAME, {"deck": 25})
    state = play_openspiel(game.new_initial_state(), random.Random(3), stop=0.9)
    while state.is_terminal():
        state = play_openspiel(game.new_initial_state(), random.Random(4), stop=0.9)
    for player in (0, 1):
        expected = encode(state.view(player))
        assert np.array_equal(state.information_state_tensor(player), expected)
        assert np.array_equal(state.observation_tensor(player), expected)
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    recall.set_from(state, 0)
    assert recall.string_from(state, 0) == state.information_state_string(0)
    assert recall.dict["tricks"].shape == (5, 67) and recall.dict["bids"].shape == (4, 7)
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    assert not public.dict["hand"].any() and "hand:" not in public.string_from(state, 0)
    assert public.dict["upcard"].any()


@pytest.mark.parametrize("options", [(24, False, False, False), (25, True, True, True),
                                     (32, False, True, True), (25, False, False, False)])
def test_resample_from_infostate_keeps_the_players_information(options):
    game = pyspiel.load_game(NAME, _params(*options))
    rng = random.Random(11)
    for i in range(40):
        state = play_openspiel(game.new_initial_state(), rng, stop=0.85)
        if state.is_terminal():
            continue
        for player in (0, 1):
            sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0) if i % 2 else rng
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(
                player)
            assert world.information_state_tensor(player) == state.information_state_tensor(
                player)
            assert world.current_player() == state.current_player()
            assert len(world.history()) == len(state.history())
            if player == state.current_player():
                assert world.legal_actions() == state.legal_actions()
    # the hidden cards are drawn again: the other player's information state varies
    worlds = {state.resample_from_infostate(0, rng).information_state_string(1)
              for _ in range(20)}
    assert len(worlds) > 1


def test_resample_deals_the_hidden_cards_uniformly_and_keeps_the_own_deal_order():
    game = pyspiel.load_game(NAME)  # dealer 0; player 1 sees 5 cards and the upcard
    state = _dealt(game, stacked(["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
                                 "AH"))
    counts: dict[int, int] = {}
    n = 1500
    for _ in range(n):
        world = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        history = world.history()
        assert history[:5] == state.history()[:5] and history[10] == state.history()[10]
        for card in history[5:10]:
            counts[card] = counts.get(card, 0) + 1
    assert len(counts) == 18  # every card player 1 cannot see, each 5 times in 18
    assert all(0.2 < c / n < 0.36 for c in counts.values()), counts


def test_resample_mid_deal_and_not_at_the_end():
    game = pyspiel.load_game(NAME)
    state = game.new_initial_state()
    for card in (0, 1, 2):
        state.apply_action(card + 2)
    world = state.resample_from_infostate(1, random.Random(1))
    assert world.is_chance_node() and len(world.history()) == 3
    state = play_openspiel(game.new_initial_state(), random.Random(2))
    with pytest.raises(ValueError, match="before the end"):
        state.resample_from_infostate(0, random.Random(1))


def test_ismcts_and_mcts_bots_play_whole_hands():
    game = pyspiel.load_game(NAME, {"deck": 25, "stick_the_dealer": True})
    evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1))
    search = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(2))
    tree = mcts.MCTSBot(game, 2.0, 30, evaluator, random_state=np.random.RandomState(3))
    rng = random.Random(7)
    for hand in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            bot = search if state.current_player() == hand % 2 else tree
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sum(state.returns()) == 0 and state.returns()[0] in (-2, -1, 0, 1, 2)


def test_example_runs():
    result = subprocess.run([sys.executable, str(ROOT / "examples" / "ismcts_vs_expert.py")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "returns: ISMCTS" in result.stdout
