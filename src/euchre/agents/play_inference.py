"""Inference from the opponent's play: how likely his cards so far were, in one deal.

Sampling deals that fit the rules alone treats every card the opponent played as told us
nothing but his voids. A sound player's choices say more: had he held the right bower, he
would not have let my ten win the trick. ``play_likelihood`` replays the hand so far in a
sampled deal and, at every choice the opponent had, asks the double-dummy solver what each
of his cards was worth there (his tricks from that trick on); it scores his actual card by a
soft best reply, ``exp(SHARPNESS * tricks) / sum over his options``. Deals in which he
played as a good player would are the likelier ones. The model is of a good player in
general, not of any opponent in particular: it assumes nothing about how he bids.

>>> from euchre import Game
>>> g = Game(seed=5)
>>> while g.phase != "play":
...     g.apply(g.legal_actions()[0] if g.phase != "bid1" else "order")
>>> import random
>>> from euchre.resample import resample_state
>>> from euchre.agents.solver import Solver
>>> view = g.view(g.to_move)
>>> s = resample_state(view, random.Random(0))        # a deal consistent with the view
>>> play_likelihood(s, view, Solver())                # no card played yet: no evidence
1.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from ..cards import FOLLOW_MASK, JOKER, parse_card, playable
from ..engine.games.euchre import state
from ..view import View
from .solver import Solver
from .view_facts import seat_of


class Sharpness(NamedTuple):
    """How surely a good player takes the option worth the most tricks, by kind of choice:
    each trick an option gives up makes it ``e**sharpness`` times less likely."""

    lead: float
    follow: float
    discard: float | None
    """None: his discard as dealer is taken to say nothing (drawn uniformly, as the rules
    allow). The expert's model (``SINGLE``) weighs no discard; weighing it measured no
    stronger (``docs/ablations.md``)."""


SINGLE = Sharpness(lead=1.5, follow=1.5, discard=None)
"""The model in use: one sharpness, set before any run, and no inference from the discard.
The fitted ones below measured no stronger (``docs/ablations.md``)."""

FITTED = Sharpness(lead=1.5, follow=4.5, discard=2.0)
"""The expert's own choices, fitted (``scripts/fit_play_sharpness.py --hands 600``: 4,058
card choices and 500 discards of the expert against itself, each option valued
double-dummy in the true deal). It leads the card best in the true deal about 9 times in
10 (it cannot see my hand: maximum likelihood 1.25 to 1.5 by trick), answers a lead with
the best card 99 times in 100 (4 to 6) and discards the best card 6 times in 7 (2.25).
Truer to a good player's choices, yet no stronger in play (within 0.003 points a hand of
the default against itself, over 1,000 duplicate deals)."""

SHARPNESS = 1.5
"""The sharpness of ``reply_weights`` unless told, set before any run: the expert values
its lead against his answer at this sharpness (``soft_reply``). Neither the fitted
answer's 4.5, nearly the all-seeing reply, nor a softer 1.0 measured better
(``docs/ablations.md``)."""


def play_likelihood(s: list, view: View, solver: Solver, sharpness: Sharpness = SINGLE
                    ) -> float:
    """The chance, under the soft best-reply model, of the opponent's cards so far in this
    hand, if the hidden cards are as in deal ``s``."""
    me = seat_of(view)
    other = 1 - me
    trump = s[state.TRUMP]
    history = [(t.leader, [parse_card(c) for c in t.cards]) for t in view.tricks]
    if view.trick:
        history.append((view.leader, [parse_card(c) for c in view.trick]))
    hands = [0, 0]
    hands[me], hands[other] = s[state.HAND0 + me], s[state.HAND0 + other]
    for leader, cards in history:
        for i, card in enumerate(cards):
            hands[leader if i == 0 else 1 - leader] |= 1 << card
    weight = 1.0
    for leader, cards in history:
        mine, his = hands[me], hands[other]
        if leader == other:
            weight *= _chance(lead_values(his, mine, trump, solver), cards[0],
                              sharpness.lead)
        elif len(cards) > 1:
            values = follow_values(cards[0], mine & ~(1 << cards[0]), his, trump, solver)
            weight *= _chance(values, cards[1], sharpness.follow)
        hands[leader] &= ~(1 << cards[0])
        if len(cards) > 1:
            hands[1 - leader] &= ~(1 << cards[1])
    return weight


def discard_values(six: int, non_dealer: int, trump: int, up: int, solver: Solver
                   ) -> dict[int, int]:
    """The dealer's tricks for each card of his six he may discard (a turned-up Joker he
    must keep), double-dummy against the non-dealer's hand with the non-dealer to lead."""
    return {c: 5 - solver.tricks(non_dealer, six & ~(1 << c), trump) for c in state.bits(six)
            if c != up or up != JOKER}


def follow_values(led: int, leader_rest: int, his: int, trump: int, solver: Solver
                  ) -> dict[int, int]:
    """His tricks from this trick on for each card he may answer ``led`` with, best play
    after (empty when his answer is forced: it says nothing)."""
    options = playable(his, FOLLOW_MASK[trump][led])
    if not options & (options - 1):
        return {}
    left = his.bit_count()
    return {c: left - solver.tricks_after_lead(led, leader_rest, his, trump, c)
            for c in state.bits(options)}


def lead_values(his: int, mine: int, trump: int, solver: Solver) -> dict[int, int]:
    """His tricks from this trick on for each card he might lead, my reply the best."""
    if not his & (his - 1):
        return {}
    values = {}
    for card in state.bits(his):
        rest = his & ~(1 << card)
        answers = playable(mine, FOLLOW_MASK[trump][card])
        values[card] = min(solver.tricks_after_lead(card, rest, mine, trump, r)
                           for r in state.bits(answers))
    return values


def reply_weights(values: Sequence[float], sharpness: float = SHARPNESS) -> list[float]:
    """The soft best reply: each option's weight, from its value to the player choosing,
    ``exp(sharpness * value)`` (scaled so the best is 1); his chance of each is its weight
    over their sum. The one model of the opponent's play, for the inference here and for
    the expert's leads.

    >>> weights = reply_weights([1, 0])
    >>> [round(w / sum(weights), 3) for w in weights]
    [0.818, 0.182]
    """
    best = max(values)
    return [math.exp(sharpness * (v - best)) for v in values]


def _chance(values: dict[int, int], played: int, sharpness: float) -> float:
    if len(values) < 2:
        return 1.0
    cards = list(values)
    weights = reply_weights([values[c] for c in cards], sharpness)
    return weights[cards.index(played)] / sum(weights)
