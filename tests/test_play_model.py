"""The model of a good player's play (``play_inference.Sharpness``): its sharpness fitted by
kind of choice to the expert's own play, and the inference from the dealer's discard."""

from __future__ import annotations

import math
import pathlib
import random
import sys

import pytest

from euchre import Game, agents, state
from euchre.agents.play_inference import SINGLE, discard_likelihood
from euchre.agents.solver import Solver
from euchre.cards import EFFECTIVE_SUIT
from euchre.resample import resample_state

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import fit_play_sharpness  # noqa: E402


def _dealer_took_it(seed: int) -> Game:
    """A hand where the non-dealer passed, the dealer took the upcard and discarded as the
    expert would."""
    game = Game(seed=seed)
    game.apply("pass")
    game.apply("order")
    game.apply(agents.load("expert", seed=1).act(game.view(game.to_move)))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_deal_where_the_dealer_threw_away_a_trump_is_the_unlikely_one(seed):
    game = _dealer_took_it(seed)
    view = game.view(game.to_move)
    assert view.to_move != view.dealer and view.upcard_taken
    rng, solver = random.Random(3), Solver()
    threw_trump, threw_other = [], []
    for _ in range(200):
        s = resample_state(view, rng)
        trump = s[state.TRUMP]
        is_trump = EFFECTIVE_SUIT[trump][s[state.DISCARDED]] == trump
        (threw_trump if is_trump else threw_other).append(
            discard_likelihood(s, view, solver))
    assert threw_trump and threw_other  # the rules alone allow both
    assert all(0.0 < p <= 1.0 for p in threw_trump + threw_other)
    mean = [sum(x) / len(x) for x in (threw_trump, threw_other)]
    assert mean[0] < mean[1] / 2, mean


def test_the_discard_says_nothing_when_i_dealt_or_it_was_left_or_the_model_ignores_it():
    game = _dealer_took_it(1)
    solver, rng = Solver(), random.Random(1)
    dealers_view = game.view(game.view(None).dealer)
    s = resample_state(dealers_view, rng)
    assert discard_likelihood(s, dealers_view, solver) == 1.0  # my own discard
    view = game.view(1 - dealers_view.player)
    s = resample_state(view, rng)
    assert discard_likelihood(s, view, solver, SINGLE) == 1.0
    left = Game(seed=1)
    left.apply("pass")
    left.apply("pass")
    view = left.view(left.to_move)
    assert discard_likelihood(resample_state(view, rng), view, solver) == 1.0


def test_the_fit_recovers_a_known_sharpness():
    rng = random.Random(4)
    rows = []
    for _ in range(3000):
        values = [rng.randrange(4) for _ in range(rng.randrange(2, 5))]
        weights = [math.exp(2.0 * v) for v in values]
        rows.append((values, rng.choices(values, weights)[0]))
    assert fit_play_sharpness.fit(rows) == pytest.approx(2.0, abs=0.3)


def test_one_hand_of_the_fit_values_every_open_choice_in_the_true_deal():
    choices = fit_play_sharpness.one_hand(0)
    kinds = {kind for kind, _, _ in choices}
    assert kinds >= {"lead", "follow"} and kinds <= set(fit_play_sharpness.KINDS)
    for _, values, taken in choices:
        assert len(values) >= 2 and taken in values and all(0 <= v <= 5 for v in values)


def test_a_bad_play_model_is_a_one_line_error():
    with pytest.raises(ValueError, match="play_model must be one of even, fitted, discard, "
                                         "not 'sharp'"):
        agents.load("expert", play_model="sharp")


@pytest.mark.parametrize("strength", [2.0, 5.0, 9.0])
def test_the_chance_model_weighs_his_bid_by_the_bidding_models_chance(strength):
    """``model="chance"``: in the bidding tree the opponent bids with the chance the model
    gives his strength, not surely above its threshold and never below it."""
    from euchre.agents.bid_model import BidModel
    from euchre.agents.expert import Tree, _net_points, _World

    game = Game(seed=2)
    view = game.view(game.to_move)
    s = resample_state(view, random.Random(0))
    bids = BidModel.for_rules(view.rules)
    made = bids.likely("dealer1", strength)
    options = [(1.5, strength), (-0.5, None)]
    world = _World(s, view.player, _net_points, Tree("chance"), Solver(), bids)
    assert world.his_choice("dealer1", options) == pytest.approx(made * 1.5 - (1 - made) * 0.5)
    hard = _World(s, view.player, _net_points, Tree("bidder"), Solver(), bids)
    assert hard.his_choice("dealer1", options) == (
        1.5 if strength >= bids.center("dealer1") else -0.5)


def test_a_reply_sharp_enough_is_the_all_seeing_answer_and_a_soft_one_is_not():
    """``reply_sharpness``: how surely the opponent answers my lead with his best card. At
    20 my leads are valued as plain determinized search values them (his best answer in
    every deal); at the default they are not. (Without the search over information sets,
    whose deeper turns of his keep their own softness: ``test_infoset.py``.)"""
    game = Game(seed=4)
    while game.phase != "play" or game.view(game.to_move).trick:
        game.apply(agents.load("expert", seed=1).act(game.view(game.to_move)))
    view = game.view(game.to_move)
    assert not view.trick and len(view.legal) > 1  # a lead

    def values(**options):
        return agents.load("expert", seed=7, search_depth=0, **options).analyse(view)
    hard = values(soft_reply=False)
    assert values(reply_sharpness=20.0) == pytest.approx(hard, abs=1e-5)
    assert values() != pytest.approx(hard, abs=1e-5)
    with pytest.raises(ValueError, match="reply_sharpness must be a number above 0"):
        agents.load("expert", reply_sharpness=0)
