"""The play searched over information sets (``agents/infoset.py``, the expert's
``search_depth``): my later cards one choice across the deals I cannot tell apart."""

from __future__ import annotations

import pytest

from euchre import agents
from euchre.actions import parse_action
from euchre.agents.expert import _net_points, _play_values
from euchre.agents.infoset import infoset_values
from euchre.game import Game


def _play_views(games: int):
    """Every real card choice (two legal cards or more) of ``games`` hands of expert play."""
    for seed in range(games):
        g = Game(seed=seed)
        bots = [agents.load("expert", seed=seed, bid_deals=24, deals=24),
                agents.load("expert", seed=seed + 50, bid_deals=24, deals=24)]
        while g.hand_number < 1 and not g.is_over:
            view = g.view(g.to_move)
            if view.phase == "play" and len(view.legal) > 1:
                yield view
            g.apply(bots[g.to_move].act(view))


def _hard_values(worlds, legal, me, solver, depth):
    """The search with his every card his best (no softening): comparable to plain
    determinized search, which gives him the best card in each deal."""
    return infoset_values(worlds, legal, me, _net_points, solver, 0.0, depth,
                          lead_sharpness=200.0)


def test_depth_zero_is_the_plain_play_values():
    bot = agents.load("expert", seed=3)
    for view in list(_play_views(6))[:40]:
        legal = [parse_action(t) for t in view.legal]
        worlds = bot._worlds(view, 32)
        for soft in (0.0, 1.5):
            assert infoset_values(worlds, legal, view.player, _net_points, bot.solver, soft,
                                  0) == pytest.approx(_play_values(
                                      worlds, legal, view.player, _net_points, bot.solver,
                                      soft))


def test_fixing_my_later_cards_only_takes_away_optimism_and_changes_nothing_in_one_deal():
    """Against his best card everywhere, choosing my later cards once per group of deals can
    only lower a card's value below plain search's (which chooses them per deal), and in a
    single deal, where nothing is hidden, it is the same."""
    bot = agents.load("expert", seed=4, infer_play=False)
    lowered = 0
    views = list(_play_views(8))
    for view in views:
        legal = [parse_action(t) for t in view.legal]
        worlds = bot._worlds(view, 32)
        plain = _play_values(worlds, legal, view.player, _net_points, bot.solver)
        for depth in (1, 2):
            fixed = _hard_values(worlds, legal, view.player, bot.solver, depth)
            assert all(f <= p + 1e-9 for f, p in zip(fixed, plain, strict=True))
            lowered += any(f < p - 1e-6 for f, p in zip(fixed, plain, strict=True))
        one = [(worlds[0][0], 1.0)]
        assert _hard_values(one, legal, view.player, bot.solver, 2) == pytest.approx(
            _play_values(one, legal, view.player, _net_points, bot.solver))
    assert lowered >= len(views) // 5


def test_the_expert_searches_to_the_depth_asked_and_refuses_a_bad_one():
    bot = agents.load("expert", seed=5, search_depth=1)
    assert bot.settings.search_depth == 1
    for view in list(_play_views(2))[:6]:
        values = bot.analyse(view)
        assert set(values) == set(view.legal)
        assert bot.act(view) in view.legal
    for bad in (-1, 5, 1.5, "1", True):
        with pytest.raises(ValueError, match="search_depth must be a whole number from 0 "
                                             "to 4"):
            agents.load("expert", search_depth=bad)
