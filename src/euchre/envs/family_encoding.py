"""One fixed-length encoding of a three- or four-handed ``View``, shared by the adapters.

The two-handed game keeps its own layout (``encoding``: "me" and "them"); at a table of three
or four every seat is given **relative to the player**: slot 0 is the player himself, slot 1
the seat to his left, slot 2 the next (his partner in the four-handed game), slot 3 the next
(unused in cutthroat). Cards are ids ``suit * 8 + rank`` (32: the Joker), so one layout serves
every deck, and both games share it. Everything the view shows is in it and nothing it does
not (no other hand, a partner's included, no kitty, no other player's discard). Every value
lies in [0, 1].

=========  =====  ==============================================================
offset     size   what
=========  =====  ==============================================================
0          33     my hand
33         33     the upcard
66         1      the upcard was taken by the dealer
67         33     my own discard (the dealer only, once discarded)
100        5x136  completed tricks in order: [leader (4), card of each seat (4x33)]
780        136    the trick in progress: [leader (4), card of each seat so far (4x33)]
916        10x12  bids in order: [by whom (4), pass, order, call C, D, H, S, alone,
                  defend alone]
1036       4      trump (C D H S)
1040       4      the maker
1044       4      who plays alone (a lone maker or defender; the cutthroat maker)
1048       4      who sits out
1052       7      phase: bid1, discard, bid2, play, joker, over, defend
1059       4      the dealer
1063       4      whose turn it is (slot 0: mine)
1067       4      tricks won this hand / 5, by seat
1071       4      cards held / 5, by seat
1075       4      the score of each seat's side / target, at most 1
1079       3      deck: 24, 32, 25 cards
1082       4      options: may_call_turned_suit, stick_the_dealer, defend_alone,
                  joker_dealer_alone
1086       2      the game: three-handed, four-handed
1088       1      target / 100, at most 1
=========  =====  ==============================================================

>>> from euchre import Game, Rules
>>> g = Game(Rules(players=4), seed=3)
>>> x = encode(g.view(g.to_move))
>>> x.shape, int(x[:33].sum()), int(x[TO_MOVE])
((1089,), 5, 1)
>>> [int(i) for i in action_mask(g.view(g.to_move)).nonzero()[0]]
[66, 67, 72]
"""

from __future__ import annotations

import numpy as np

from ..actions import N_FAMILY_ACTIONS
from ..cards import SUITS, parse_card
from ..engine.games.euchre.state import PHASES
from ..hands import trick_seats
from ..rules import DECK_SIZES
from ..view import View
from . import encoding

SEATS = 4
"""Seat slots: the player, then the seats to his left in turn."""
HAND, UPCARD, TAKEN, DISCARD, TRICKS = 0, 33, 66, 67, 100
TRICK_WIDTH = SEATS + SEATS * 33
TRICK = TRICKS + 5 * TRICK_WIDTH
BIDS, BID_WIDTH, MAX_BIDS = TRICK + TRICK_WIDTH, SEATS + 8, 10
TRUMP = BIDS + MAX_BIDS * BID_WIDTH
MAKER, ALONE, OUT, PHASE = TRUMP + 4, TRUMP + 8, TRUMP + 12, TRUMP + 16
DEALER = PHASE + len(PHASES)
TO_MOVE, WON, HELD, SCORE = DEALER + 4, DEALER + 8, DEALER + 12, DEALER + 16
DECK = SCORE + 4
OPTIONS = DECK + 3
GAME = OPTIONS + 4
TARGET = GAME + 2
SIZE = TARGET + 1
_BID_KIND = {"pass": 0, "order": 1, **{f"call {s}": 2 + i for i, s in enumerate(SUITS)}}


def encode(view: View, out: np.ndarray | None = None) -> np.ndarray:
    """The view as ``SIZE`` float32 values (into ``out`` when given, for reuse)."""
    x = np.zeros(SIZE, dtype=np.float32) if out is None else out
    if out is not None:
        x.fill(0)
    players = view.rules.players
    me = encoding.seat_of(view)

    def rel(seat: int) -> int:
        return (seat - me) % players

    for token in view.hand:
        x[HAND + parse_card(token)] = 1
    x[UPCARD + parse_card(view.upcard)] = 1
    x[TAKEN] = view.upcard_taken
    if view.discard:
        x[DISCARD + parse_card(view.discard)] = 1
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for i, (leader, cards) in enumerate(tricks):
        base = TRICK if i == len(view.tricks) else TRICKS + i * TRICK_WIDTH
        x[base + rel(leader)] = 1
        for seat, card in zip(trick_seats(leader, len(cards), players, view.out), cards,
                              strict=True):
            x[base + SEATS + rel(seat) * 33 + parse_card(card)] = 1
    for i, (who, token) in enumerate(view.bids[:MAX_BIDS]):
        base = BIDS + i * BID_WIDTH
        x[base + rel(who)] = 1
        if token == "defend alone":
            x[base + SEATS + 7] = 1
            continue
        alone = token.endswith(" alone")
        x[base + SEATS + _BID_KIND[token.removesuffix(" alone")]] = 1
        x[base + SEATS + 6] = alone
    if view.trump:
        x[TRUMP + SUITS.index(view.trump)] = 1
    if view.maker is not None:
        x[MAKER + rel(view.maker)] = 1
    for seat in view.alone:
        x[ALONE + rel(seat)] = 1
    for seat in view.out:
        x[OUT + rel(seat)] = 1
    x[PHASE + PHASES.index(view.phase)] = 1
    x[DEALER + rel(view.dealer)] = 1
    if view.to_move is not None:
        x[TO_MOVE + rel(view.to_move)] = 1
    for seat in range(players):
        x[WON + rel(seat)] = view.tricks_won[seat] / 5
        x[HELD + rel(seat)] = view.cards_held[seat] / 5
        x[SCORE + rel(seat)] = min(view.score[view.sides[seat]] / view.target, 1.0)
    rules = view.rules
    x[DECK + DECK_SIZES.index(rules.deck)] = 1
    x[OPTIONS:OPTIONS + 4] = (rules.may_call_turned_suit, rules.stick_the_dealer,
                              rules.defend_alone, rules.joker_dealer_alone)
    x[GAME + (players == 4)] = 1
    x[TARGET] = min(rules.target, 100) / 100
    return x


def action_mask(view: View) -> np.ndarray:
    """1 for each of the 78 action ids that is legal for ``view.player`` now (int8)."""
    return encoding.action_mask(view, N_FAMILY_ACTIONS)
