"""What the bidding says about the hidden hands at a table of three or four.

Every bid of another player, a partner's included, is evidence: a pass says his hand
counted less than a maker's, an order or a call that it counted more, going alone that it
counted far more, declining to defend alone that his trumps were not the top. The model of
a player is the ``medium`` level's bidding (``rules_of_thumb``, the way people bid) made
soft: a bid whose count is ``x`` from the threshold is made with chance
``1 / (1 + exp(-x / SOFTNESS))``. The dealer's discard, hidden, is taken to be the one the
rules of thumb throw more often than any other. Voids are not here: ``resample_family``
deals no card to a seat that showed void in its suit.

``likelihood(s, view)`` is the chance of everything the others bid in deal ``s``; the
expert draws its deals in proportion to it.

>>> import random
>>> from euchre import Game, Rules
>>> from euchre.resample_family import resample_family_state
>>> g = Game(Rules(players=4), seed=11)
>>> for token in ("pass", "pass"):
...     g.apply(token)
>>> s = resample_family_state(g.view(2), random.Random(0))
>>> 0.0 < likelihood(s, g.view(2)) <= 1.0
True
"""

from __future__ import annotations

from math import exp

from ...actions import ALONE_OF, CALL, DEFEND_ALONE, ORDER, PASS, parse_action
from ...cards import JOKER, bits
from ...engine.games.euchre import state
from ...engine.games.euchre.resample_family import card_of
from ...view import View
from ..hand_strength import best_discard, strength
from ..view_facts import trump_of
from .rules_of_thumb import (
    ALONE_AT,
    DEFEND_ALONE_AT,
    ORDER_AT,
    SUPPORT,
    partners,
    round_one_count,
    trump_count,
    trumps_in,
)

SOFTNESS = 0.6
"""How far (in hand count) a player's threshold is taken to wander: the model's
uncertainty about how others bid."""
USUAL_DISCARD = 0.6
"""The chance the dealer threw the card the rules of thumb throw."""
THIN_SUPPORT = 0.2
"""The chance a player orders his partner the dealer up without support (``SUPPORT``)."""


def _chance(margin: float) -> float:
    return 1.0 / (1.0 + exp(-margin / SOFTNESS))


def likelihood(s: list, view: View) -> float:
    """The chance, in the deal ``s``, of every bid the others made this hand and of the
    dealer's hidden discard (see the module docstring)."""
    players = view.rules.players
    me, dealer = view.player, view.dealer
    up = card_of(view.upcard)
    hands = {seat: list(bits(state.dealt_hand(s, seat))) for seat in range(players)
             if seat != me}
    chance = 1.0
    trump, maker = -1, -1
    bids = list(view.bids)
    if up == JOKER and bids:  # the dealer named the Joker's suit blind: no evidence
        action = ALONE_OF.get(parse_action(bids[0][1]), parse_action(bids[0][1]))
        trump, maker = action - CALL, bids[0][0]
        bids = bids[1:]
    for index, (seat, token) in enumerate(bids):
        action = parse_action(token)
        alone = action in ALONE_OF
        bid = ALONE_OF.get(action, action)
        if maker >= 0:  # after trump is made: defending alone or not
            if seat != me:
                lone_defence = _chance(trump_count(hands[seat], trump) - DEFEND_ALONE_AT)
                chance *= lone_defence if action == DEFEND_ALONE else 1.0 - lone_defence
            continue
        if bid in (PASS, ORDER) and index < players:
            suit = up >> 3
            count = round_one_count(players, seat, dealer, up, hands.get(seat, []), suit) \
                if seat != me else 0.0
            support = seat == me or not partners(players, seat, dealer) or \
                trumps_in(hands[seat], suit) >= SUPPORT
        else:
            suit = bid - CALL if bid != PASS else -1
            counts = [] if seat == me else [strength(hands[seat], t) for t in range(4)
                                            if t != up >> 3 or view.rules.may_call_turned_suit]
            count = (max(counts) if bid == PASS else strength(hands[seat], suit)) \
                if seat != me else 0.0
            support = True
        if bid != PASS:
            trump, maker = suit, seat
        if seat == me:
            continue
        make = _chance(count - ORDER_AT[players]) * (1.0 if support else THIN_SUPPORT)
        if bid == PASS:
            forced = view.rules.stick_the_dealer and seat == dealer and index >= players
            chance *= 1.0 if forced else 1.0 - make
        else:
            chance *= make
            if players == 4:
                go = _chance(count - ALONE_AT)
                chance *= go if alone else 1.0 - go
    return chance * _discard_chance(s, view, up)


def _discard_chance(s: list, view: View, up: int) -> float:
    """The chance of the dealer's discard in ``s`` (1 when it is mine or there is none)."""
    dealer = view.dealer
    if not view.upcard_taken or dealer == view.player or view.trump is None:
        return 1.0
    thrown = s[state.DISCARDED]
    dealt = list(bits(state.dealt_hand(s, dealer)))
    six = dealt if up == JOKER else [*dealt, up]
    usual = best_discard([c for c in six if c != JOKER], trump_of(view))
    return USUAL_DISCARD if thrown == usual else (1.0 - USUAL_DISCARD) / 5
