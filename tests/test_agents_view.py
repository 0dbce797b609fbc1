"""The bots are deterministic by seed and see only the View: the same seed gives the same
choices, a view sent through JSON gets the same answer, and two deals a player cannot tell
apart get the same choice."""

from __future__ import annotations

import json

import pytest
from agents_support import DISTINCT, FEW_BIDS, deal, load, sample_views

from euchre import agents
from euchre.cards import card_token, deck_cards
from euchre.view import View


@pytest.mark.parametrize("name", DISTINCT)
def test_same_seed_same_choices(name):
    views = sample_views(9)
    few = FEW_BIDS if name == "expert" else {}
    first = [load(name, seed=42, **few).act(v) for v in views]  # one bot per view...
    again = [load(name, seed=42, **few).act(v) for v in views]
    assert first == again
    # ...and one bot for the whole sequence, twice
    bot, twin = load(name, seed=5, **few), load(name, seed=5, **few)
    assert [bot.act(v) for v in views] == [twin.act(v) for v in views]


def test_seeds_matter_for_the_random_bots():
    """The determinism test above could pass with a bot that ignores its seed: check it
    does not."""
    views = [v for v in sample_views(3) if len(v.legal) > 2]
    for name in ("random", "easy"):
        a = [load(name, seed=1).act(v) for v in views]
        b = [load(name, seed=2).act(v) for v in views]
        assert a != b


@pytest.mark.parametrize("name", agents.NAMES)
def test_bots_see_only_the_view_round_trip(name):
    """A view that went through JSON (as over a network) gets the same answer."""
    for view in sample_views(13):
        copy = View.from_dict(json.loads(json.dumps(view.to_dict())))
        assert copy == view
        assert load(name, seed=3).act(copy) == load(name, seed=3).act(view)


def two_deals_one_view():
    """Two deals that player 1 (the non-dealer) cannot tell apart: his hand and the upcard
    are the same, the dealer's hand and the stock differ."""
    mine, up = "AH KH 9C TD QS", "9S"
    a = deal(mine, "JH JD AS KS QH", up)
    others = [card_token(c) for c in deck_cards(24)
              if card_token(c) not in {*mine.split(), up, "JH", "JD", "AS", "KS", "QH"}]
    b = deal(mine, " ".join(others[:5]), up, rest=["JH", "JD", "AS", "KS", "QH", *others[5:]])
    assert a.hand(0) != b.hand(0)
    return a, b


@pytest.mark.parametrize("name", agents.NAMES)
def test_bots_see_only_the_view_hidden_cards(name):
    a, b = two_deals_one_view()
    # bidding, round 1, then after both pass to round 2 and a call, the first lead
    for actions in ((), ("pass", "pass", "call D")):
        ga, gb = a.copy(), b.copy()
        for token in actions:
            ga.apply(token)
            gb.apply(token)
        assert ga.to_move == gb.to_move == 1
        va, vb = ga.view(1), gb.view(1)
        assert va == vb
        for seed in range(3):
            assert load(name, seed=seed, **({"deals": 8} if name == "expert" else {})).act(
                va) == load(name, seed=seed, **({"deals": 8} if name == "expert" else {})).act(vb)
