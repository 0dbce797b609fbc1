"""Issue 52, criterion 3: a partner, not a card player for one. Every complaint people make
about a computer partner, and every convention the levels keep, as a four-handed position
with the choice a partner expects (``partner_positions``): ``medium`` and the ``expert``
keep each one."""

from __future__ import annotations

import pytest
from partner_positions import POSITIONS

from euchre import agents
from euchre.agents.family.rules_of_thumb import alone_pays, choose, convention
from euchre.agents.family.search import FamilySearch, match_needs, net_points

SEEDS = range(5)
"""The expert's seeds each position is played with (its deals are random)."""


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_the_expert_keeps_every_partner_position(position):
    view = position.view()
    chosen = [agents.load("expert", seed=seed).act(view) for seed in SEEDS]
    assert all(position.kept(token) for token in chosen), (position.complaint, chosen)


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_medium_keeps_every_partner_position(position):
    assert position.kept(choose(position.view())), position.complaint


def test_each_position_is_the_one_it_names():
    """The positions are reached through the public API, at the score they name, with the
    choice they test open to the player."""
    for position in POSITIONS:
        view = position.view()
        assert tuple(view.score) == position.score
        wanted = position.keep | position.avoid
        assert wanted <= set(view.legal), (position.name, view.legal)
        assert set(view.legal) - position.avoid, position.name
    assert len({p.complaint for p in POSITIONS}) == len(POSITIONS) >= 10


def test_no_going_alone_when_a_march_with_the_partner_wins_the_match():
    at_nine = next(p for p in POSITIONS if p.name == "alone at 9").view()
    assert not alone_pays(at_nine) and match_needs(at_nine) == (1, 4)
    words, keeping = convention(at_nine)
    assert "march with the partner" in words and "order alone" not in keeping
    at_zero = next(p for p in POSITIONS if p.name == "alone at 8")
    from dataclasses import replace

    fresh = replace(at_zero, score=(0, 0)).view()
    assert alone_pays(fresh) and choose(fresh) == "order alone"  # the same hand at 0-0


def test_points_beyond_what_wins_the_match_are_worth_nothing():
    worth = net_points(4, 0, (1, 4))
    assert worth((4, 0)) == worth((1, 0)) == 1      # a lone march wins no more than 1
    assert worth((0, 2)) == -2 and worth((0, 4)) == -4
    assert net_points(4, 1, (1, 4))((0, 2)) == 2    # the other side's view
    assert net_points(4, 0)((4, 0)) == 4            # no score given: every point counts


def test_the_expert_plays_the_usual_choice_among_equal_values():
    """Through ``agents.load`` the four-handed search breaks ties by the rules of thumb (it
    took the first legal token)."""
    tied_somewhere = False
    for position in POSITIONS:
        view = position.view()
        values = agents.load("hard", seed=0).analyse(view)
        best = max(values.values())
        tied = {t for t, v in values.items() if v >= best - 1e-9}
        chosen = agents.load("hard", seed=0).act(view)
        assert chosen in tied
        if len(tied) > 1 and choose(view) in tied:
            assert chosen == choose(view), position.name
            tied_somewhere |= choose(view) != view.legal[0]
    assert tied_somewhere


def test_hard_has_no_convention_prior_and_the_prior_is_checked():
    assert FamilySearch(seed=1).convention_prior == 0.0
    with pytest.raises(ValueError, match="convention_prior must be a number of points"):
        FamilySearch(seed=1, convention_prior=-1)


def test_the_expert_told_to_keep_no_convention_plays_for_points_alone():
    """``expert:conventions=false`` (for tables of computer players, who read no
    convention) is the expert's search with no prior for the conventions: it leads the
    thrown-off suit back only where its deals say so, and ``hard`` refuses the option."""
    position = next(p for p in POSITIONS if p.name == "the thrown-off suit led back")
    view = position.view()
    plain = [agents.load("expert", seed=seed, conventions=False) for seed in SEEDS]
    assert not all(position.kept(bot.act(view)) for bot in plain)
    assert all(bot._family_player(view).convention_prior == 0.0 for bot in plain)
    with pytest.raises(ValueError, match="hard keeps no convention"):
        agents.load("hard", conventions=False)
    with pytest.raises(ValueError, match="conventions must be true or false"):
        agents.load("expert", conventions="no")
