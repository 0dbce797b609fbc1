"""The partnership conventions of the four-handed game (issue 39): ``medium`` keeps every
one it names, and the hint says when the expert's best choice breaks one."""

from __future__ import annotations

import collections

from euchre import Game, Rules
from euchre.agents.family.rules_of_thumb import choose, convention
from euchre.coach import convention_note

LEAD_TRUMP = "lead trump, the left bower first, to a partner who made it"


def _positions(seeds, hands=2):
    """Views of four-handed games played by ``medium`` throughout, with their convention."""
    for seed in seeds:
        game = Game(Rules(players=4, stick_the_dealer=seed % 2 == 0), seed=seed)
        while game.hand_number < hands and not game.is_over:
            view = game.view(game.to_move)
            yield view, convention(view)
            game.apply(choose(view))


def test_medium_keeps_every_convention_it_names():
    named = collections.Counter()
    for view, found in _positions(range(60)):
        if found is not None:
            words, keeping = found
            named[words] += 1
            assert keeping < set(view.legal)  # it decides something
            assert choose(view) in keeping, (words, view.legal)
    assert len(named) >= 5, named  # leads, following and bids all show up


def test_no_convention_at_other_tables():
    for players in (2, 3):
        game = Game(Rules(players=players), seed=1)
        for _ in range(12):
            view = game.view(game.to_move)
            assert convention(view) is None
            game.apply(view.legal[0])


def _lead_to_a_maker():
    return next(view for view, found in _positions(range(60))
                if found is not None and found[0] == LEAD_TRUMP)


def test_the_hint_says_when_the_best_choice_breaks_a_convention():
    view = _lead_to_a_maker()
    _, keeping = convention(view)
    kept = sorted(keeping)[0]
    broken = next(t for t in view.legal if t not in keeping)
    values = dict.fromkeys(view.legal, -1.0)
    values[kept], values[broken] = 0.25, 0.75
    said = convention_note(view, values)
    assert said is not None and LEAD_TRUMP in said and "0.50 points more" in said
    values[kept] = 0.75  # a tie: the expert keeps the convention, nothing to say
    assert convention_note(view, values) is None
    values[kept] = 1.0   # the best choice keeps it
    assert convention_note(view, values) is None
    values[kept], values[broken] = 0.75, 0.752  # less than a hundredth: not worth a word
    assert convention_note(view, values) is None
