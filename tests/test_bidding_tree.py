"""The dealer's discard inside the expert's bidding tree (issue 12): mine one card across
the deals (``fixed_discard``: I choose it seeing only my six cards), his a soft best reply
(``discard_sharpness``: a good player who does not see my hand)."""

from __future__ import annotations

import pytest

from euchre import Game, agents, state
from euchre.agents.expert import Tree, _Bidding, _outcome, _worth_discarding


def _round_one_turns(count: int, dealer: bool):
    """The first ``count`` deals' round-1 turns of the dealer (the non-dealer passed) or of
    the non-dealer."""
    seed = 0
    found = 0
    while found < count:
        g = Game(seed=seed)
        seed += 1
        if g.phase != "bid1":
            continue
        if dealer:
            g.apply("pass")
            if g.phase != "bid1":
                continue
        found += 1
        yield g.view(g.to_move)


def _bidding(bot, view, worlds, tree: Tree) -> _Bidding:
    return _Bidding(worlds, view, bot._utility(view), tree, bot.solver, bot._bids(view))


def test_my_discard_fixed_across_the_deals_is_the_best_single_discard():
    """Picking up as dealer is worth what my best single discard is worth over the deals:
    never more than choosing it per deal (as if I saw his hand), the same in one deal."""
    bot = agents.load("expert", seed=2)
    lowered = 0
    for view in _round_one_turns(25, dealer=True):
        me = view.player
        worlds, _ = bot._weighed_worlds(view, 48)
        fused = _bidding(bot, view, worlds, Tree("bidder")).my_pickup()
        fixed = _bidding(bot, view, worlds, Tree("bidder", fixed_discard=True)).my_pickup()
        s0 = worlds[0][0]
        up = s0[state.UPCARD]
        trump = up >> 3
        six = s0[state.HAND0 + me] | 1 << up
        utility = bot._utility(view)
        by_discard = [sum(w * _outcome(bot.solver.tricks(s[state.HAND0 + 1 - me],
                                                         six & ~(1 << c), trump),
                                       me, me, me, utility) for s, w in worlds)
                      for c in _worth_discarding(six, trump)]
        assert fixed == pytest.approx(max(by_discard))
        assert fixed <= fused + 1e-9
        lowered += fixed < fused - 1e-6
        one = worlds[:1]
        one = [(one[0][0], 1.0)]
        assert _bidding(bot, view, one, Tree("bidder", fixed_discard=True)).my_pickup() == \
            pytest.approx(_bidding(bot, view, one, Tree("bidder")).my_pickup())
    assert lowered >= 10


def test_his_soft_discard_lies_between_his_best_and_his_average_one():
    """Ordering up as the non-dealer: with his discard a soft best reply I am worth at
    least what I am against his best discard in each deal, and the sharpest model is his
    best."""
    bot = agents.load("expert", seed=2)
    raised = 0
    for view in _round_one_turns(20, dealer=False):
        worlds, _ = bot._weighed_worlds(view, 32)
        best = _bidding(bot, view, worlds, Tree("bidder"))
        soft = _bidding(bot, view, worlds, Tree("bidder", discard_sharpness=2.0))
        sharp = _bidding(bot, view, worlds, Tree("bidder", discard_sharpness=20.0))
        for (g_best, _), (g_soft, _), (g_sharp, _) in zip(best.games, soft.games,
                                                         sharp.games, strict=True):
            options = g_best.pickup(view.player)
            mine = g_soft.dealer_picks(view.player)
            assert min(options) - 1e-9 <= mine <= sum(options) / len(options) + 1e-9
            assert g_sharp.dealer_picks(view.player) == pytest.approx(min(options), abs=1e-6)
            raised += mine > min(options) + 1e-6
    assert raised >= 10


def test_the_discard_options_are_played_and_refused_when_bad():
    for view in _round_one_turns(2, dealer=True):
        bot = agents.load("expert", seed=1, fixed_discard=True, discard_sharpness=2.0)
        assert set(bot.analyse(view)) == set(view.legal)
    with pytest.raises(ValueError, match="discard_sharpness must be a number from 0 to 20"):
        agents.load("expert", discard_sharpness=21)
    with pytest.raises(ValueError, match="fixed_discard must be true or false"):
        agents.load("expert", fixed_discard="yes")
