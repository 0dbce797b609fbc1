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
>>> from euchre.game import state_of
>>> from euchre.agents.solver import Solver
>>> s = state_of(g)
>>> play_likelihood(s, g.view(g.to_move), Solver())   # no card played yet: no evidence
1.0
"""

from __future__ import annotations

import math

from .. import state
from ..cards import FOLLOW_MASK, parse_card
from ..view import View
from .solver import Solver

SHARPNESS = 1.5
"""How surely a good player takes the card worth the most tricks: each trick it gives up
makes a card about e^1.5 = 4.5 times less likely."""


def play_likelihood(s: list, view: View, solver: Solver, sharpness: float = SHARPNESS
                    ) -> float:
    """The chance, under the soft best-reply model, of the opponent's cards so far in this
    hand, if the hidden cards are as in deal ``s``."""
    me = view.player
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
            weight *= _chance(_lead_values(his, mine, trump, solver), cards[0], sharpness)
        elif len(cards) > 1:
            led = cards[0]
            options = his & FOLLOW_MASK[trump][led] or his
            if options & (options - 1):
                rest = mine & ~(1 << led)
                left = his.bit_count()
                values = {c: left - solver.tricks_after_lead(led, rest, his, trump, c)
                          for c in state.bits(options)}
                weight *= _chance(values, cards[1], sharpness)
        hands[leader] &= ~(1 << cards[0])
        if len(cards) > 1:
            hands[1 - leader] &= ~(1 << cards[1])
    return weight


def _lead_values(his: int, mine: int, trump: int, solver: Solver) -> dict[int, int]:
    """His tricks from this trick on for each card he might lead, my reply the best."""
    if not his & (his - 1):
        return {}
    values = {}
    for card in state.bits(his):
        rest = his & ~(1 << card)
        answers = mine & FOLLOW_MASK[trump][card] or mine
        values[card] = min(solver.tricks_after_lead(card, rest, mine, trump, r)
                           for r in state.bits(answers))
    return values


def reply_weights(values: list[float], sharpness: float = SHARPNESS) -> list[float]:
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
