"""One fixed-length encoding of a ``View``, shared by every adapter.

Everything the view shows is in it, in the player's own frame ("me" is ``view.player``), and
nothing it does not show (the other hand, the stock, the other player's discard). Cards are
ids ``suit * 8 + rank`` (clubs, diamonds, hearts, spades; ranks 7 8 9 T J Q K A) and 32 for
the Joker, so one layout serves the 24-, 32- and 25-card decks. All values are 0 or 1 except
where a scale is given, and every value lies in [0, 1].

=========  =====  ==============================================================
offset     size   what
=========  =====  ==============================================================
0          33     my hand
33         33     the upcard
66         1      the upcard was taken by the dealer
67         33     my own discard (the dealer only, once discarded)
100        5x67   completed tricks in order: [I led (1), my card (33), their card (33)]
435        34     the trick in progress: [I led (1), the led card (33)]
469        4x7    bids in order: [by me, pass, order, call C, call D, call H, call S]
497        4      trump (C D H S)
501        2      the maker: me, them
503        6      phase: bid1, discard, bid2, play, joker, over
509        1      I deal
510        1      it is my turn
511        2      tricks won this hand / 5: me, them
513        2      score / target, at most 1 (the last hand may pass the target): me, them
515        3      deck: 24, 32, 25 cards
518        3      options: dealer_must_pick_up, may_call_turned_suit, stick_the_dealer
521        1      target / 100, at most 1 (targets above 100 read as 100)
=========  =====  ==============================================================

>>> from euchre import Game
>>> g = Game(seed=3)
>>> x = encode(g.view(g.to_move))
>>> x.shape, int(x[:33].sum()), int(x[510])
((522,), 5, 1)
>>> [int(i) for i in action_mask(g.view(g.to_move)).nonzero()[0]]
[66, 67]
"""

from __future__ import annotations

import numpy as np

from ..actions import N_ACTIONS, parse_action
from ..cards import SUITS, parse_card
from ..engine.games.euchre.state import PHASE_NAMES
from ..engine.view import TableView
from ..rules import DECK_SIZES
from ..view import View

HAND, UPCARD, TAKEN, DISCARD, TRICKS, TRICK = 0, 33, 66, 67, 100, 435
TRICK_WIDTH = 67
BIDS, BID_WIDTH = 469, 7
TRUMP, MAKER, PHASE, DEALER, TURN, WON, SCORE, DECK, OPTIONS, TARGET = (
    497, 501, 503, 509, 510, 511, 513, 515, 518, 521)
SIZE = 522
PHASES = PHASE_NAMES
DECKS = DECK_SIZES
_BID_KIND = {"pass": 1, "order": 2, **{f"call {s}": 3 + i for i, s in enumerate(SUITS)}}
_CARD: dict[str, int] = {}


def _card(token: str) -> int:
    card = _CARD.get(token)
    if card is None:
        card = _CARD[token] = parse_card(token)
    return card


def encode(view: View, out: np.ndarray | None = None) -> np.ndarray:
    """The view as ``SIZE`` float32 values (into ``out`` when given, for reuse)."""
    x = np.zeros(SIZE, dtype=np.float32) if out is None else out
    if out is not None:
        x.fill(0)
    me = seat_of(view)
    for token in view.hand:
        x[HAND + _card(token)] = 1
    x[UPCARD + _card(view.upcard)] = 1
    x[TAKEN] = view.upcard_taken
    if view.discard:
        x[DISCARD + _card(view.discard)] = 1
    for i, trick in enumerate(view.tricks):
        base = TRICKS + i * TRICK_WIDTH
        led_by_me = trick.leader == me
        x[base] = led_by_me
        mine, theirs = trick.cards if led_by_me else trick.cards[::-1]
        x[base + 1 + _card(mine)] = 1
        x[base + 34 + _card(theirs)] = 1
    if view.trick:
        x[TRICK] = view.leader == me
        x[TRICK + 1 + _card(view.trick[0])] = 1
    for i, (who, token) in enumerate(view.bids[:4]):
        base = BIDS + i * BID_WIDTH
        x[base] = who == me
        x[base + _BID_KIND[token]] = 1
    if view.trump:
        x[TRUMP + SUITS.index(view.trump)] = 1
    if view.maker is not None:
        x[MAKER + (view.maker != me)] = 1
    x[PHASE + PHASES.index(view.phase)] = 1
    x[DEALER] = view.dealer == me
    x[TURN] = view.to_move == me
    x[WON] = view.tricks_won[me] / 5
    x[WON + 1] = view.tricks_won[1 - me] / 5
    x[SCORE] = min(view.score[me] / view.target, 1.0)
    x[SCORE + 1] = min(view.score[1 - me] / view.target, 1.0)
    rules = view.rules
    x[DECK + DECKS.index(rules.deck)] = 1
    x[OPTIONS] = rules.dealer_must_pick_up
    x[OPTIONS + 1] = rules.may_call_turned_suit
    x[OPTIONS + 2] = rules.stick_the_dealer
    x[TARGET] = min(rules.target, 100) / 100
    return x


def action_mask(view: View, size: int = N_ACTIONS) -> np.ndarray:
    """1 for each of the ``size`` action ids (72 two-handed) that is legal for
    ``view.player`` now (int8)."""
    mask = np.zeros(size, dtype=np.int8)
    for token in view.legal:
        mask[parse_action(token)] = 1
    return mask


def seat_of(view: View | TableView) -> int:
    """The seat a view is of: an observation is a player's, never a spectator's."""
    if view.player is None:
        raise ValueError("an observation is of a seat's view, not a spectator's")
    return view.player
