"""The model of a good player's play (``play_inference.Sharpness``): its sharpness fitted by
kind of choice to the expert's own play, and the expert's lead valued against it."""

from __future__ import annotations

import math
import pathlib
import random
import sys

import pytest

from euchre import Game, agents

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import fit_play_sharpness  # noqa: E402


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


def test_a_soft_reply_values_my_lead_otherwise_than_his_best_answer():
    """``soft_reply``: the opponent answers my lead by the soft best reply the inference
    uses; ``pimc`` (``soft_reply`` off) values a lead against his best answer in every deal.
    (Without the search over information sets, whose deeper turns of his keep their own
    softness: ``test_infoset.py``.)"""
    game = Game(seed=4)
    while game.phase != "play" or game.view(game.to_move).trick:
        game.apply(agents.load("expert", seed=1).act(game.view(game.to_move)))
    view = game.view(game.to_move)
    assert not view.trick and len(view.legal) > 1  # a lead

    def values(**options):
        return agents.load("expert", seed=7, search_depth=0, **options).analyse(view)
    hard = values(soft_reply=False)
    assert values().keys() == hard.keys()
    assert values() != pytest.approx(hard, abs=1e-5)
