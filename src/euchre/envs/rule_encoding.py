"""One fixed-length encoding of a view of Railroad, Hasenpfeffer or Napoleon (a ``TableView``),
shared by the Gymnasium and PettingZoo adapters.

Every seat is given **relative to the player**: slot 0 is the player himself, slot 1 the seat
to his left, and so on (five slots: Napoleon seats up to five; at four the last is unused).
Cards are the engine's ids (``euchre.engine.cards``: ``suit * 13 + rank``, 52 the Joker), so
one layout serves every game and deck. Everything the view shows is in it and nothing it
does not: no other hand (a partner's included), no widow, kitty or unused card, no discard or
gift but the player's own (and, in Railroad, a gift made to him). Every value lies in [0, 1].

=========  =====  ==============================================================
offset     size   what
=========  =====  ==============================================================
0          53     my hand
53         53     Railroad's upcard (while it is shown)
106        1      the upcard was taken by the dealer
107        4      the suit turned down (Railroad, round 2)
111        53     the cards I discarded this hand (face down to the others)
164        53     a card given this hand that I know: mine, or my partner's to me
217        6x270  completed tricks in order: [leader (5), card of each seat (5x53)]
1837       270    the trick in progress: [leader (5), card of each seat so far (5x53)]
2107       16x29  actions before the play, in order: [by whom (5), kind (24)]: pass,
                  order, order alone, call C D H S, call C D H S alone, defend alone,
                  bid 1..6, misère, nap, Wellington, Blücher, a discard, a gift
2571       4      trump (C D H S)
2575       5      the maker
2580       5      who plays alone (Railroad's lone maker or defender, Napoleon's bidder)
2585       5      who sits out (Railroad)
2590       11     phase: joker, bid1, discard, bid2, exchange, give, defend, bid, call,
                  play, over
2601       5      the dealer
2606       5      whose turn it is (slot 0: mine)
2611       5      tricks won this hand / 6, by seat
2616       5      cards held / 6, by seat
2621       5      the score of each seat's side as (1 + score / target) / 2, in [0, 1]
2626       24     the highest bid so far (the maker's), of the kinds above
2650       3      the game: railroad, hasenpfeffer, napoleon
2653       3      seats: 3, 4, 5
2656       6      deck: 24, 25, 28, 32, 33, 52 cards
2662       3      options: may_call_turned_suit, stick_the_dealer, call_for_best
2665       1      target / 100, at most 1
=========  =====  ==============================================================

>>> from euchre import Game, Rules
>>> g = Game(Rules(game="napoleon", players=5), seed=3)
>>> x = encode(g.view(g.to_move))
>>> x.shape, int(x[:53].sum()), int(x[TO_MOVE])
((2666,), 5, 1)
>>> [int(i) for i in action_mask(g.view(g.to_move)).nonzero()[0]]
[159, 172, 173, 174, 177, 178]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..agents.rule_games.reading import trick_seats
from ..engine.actions import BID, CALL, DEFEND_ALONE, N_ACTIONS, ORDER, PASS, parse_action
from ..engine.cards import N_CARDS, SUITS, parse_card
from ..engine.games import MODULES
from ..engine.view import TableView
from .encoding import seat_of

SEATS = 5
"""Seat slots: the player, then the seats to his left in turn."""
MAX_TRICKS = 6
MAX_BIDS = 16
KINDS = 24
PHASES = ("joker", "bid1", "discard", "bid2", "exchange", "give", "defend", "bid", "call",
          "play", "over")
GAMES = tuple(MODULES)
DECKS = (24, 25, 28, 32, 33, 52)
OPTIONS = ("may_call_turned_suit", "stick_the_dealer", "call_for_best")

HAND, UPCARD = 0, N_CARDS
TAKEN = UPCARD + N_CARDS
TURNED = TAKEN + 1
DISCARDS = TURNED + 4
GIFT = DISCARDS + N_CARDS
TRICK_WIDTH = SEATS + SEATS * N_CARDS
TRICKS = GIFT + N_CARDS
TRICK = TRICKS + MAX_TRICKS * TRICK_WIDTH
BIDS, BID_WIDTH = TRICK + TRICK_WIDTH, SEATS + KINDS
TRUMP = BIDS + MAX_BIDS * BID_WIDTH
MAKER = TRUMP + 4
ALONE, OUT = MAKER + SEATS, MAKER + 2 * SEATS
PHASE = OUT + SEATS
DEALER = PHASE + len(PHASES)
TO_MOVE = DEALER + SEATS
WON, HELD, SCORE = TO_MOVE + SEATS, TO_MOVE + 2 * SEATS, TO_MOVE + 3 * SEATS
HIGH = SCORE + SEATS
"""The highest bid so far (the maker's), one of the ``KINDS`` of a bid."""
GAME = HIGH + KINDS
PLAYERS = GAME + len(GAMES)
DECK = PLAYERS + 3
OPTION = DECK + len(DECKS)
TARGET = OPTION + len(OPTIONS)
SIZE = TARGET + 1


def kind(token: str) -> int:
    """The kind of an action before the play (``KINDS`` of them; see the table)."""
    if token == "discard" or token.startswith("discard "):
        return 22
    if token == "give" or token.startswith("give "):
        return 23
    action = parse_action(token)
    if action <= ORDER + 1:
        return action - PASS
    if action < DEFEND_ALONE:
        return 3 + action - CALL
    if action == DEFEND_ALONE:
        return 11
    return 12 + action - BID


def encode(view: TableView, out: np.ndarray | None = None) -> np.ndarray:
    """The view as ``SIZE`` float32 values (into ``out`` when given, for reuse)."""
    x = np.zeros(SIZE, dtype=np.float32) if out is None else out
    if out is not None:
        x.fill(0.0)
    me, n = seat_of(view), view.rules.players

    def slot(seat: int) -> int:
        return (seat - me) % n

    for card in view.hand:
        x[HAND + parse_card(card)] = 1.0
    up = view.details.get("upcard")
    if up is not None:
        x[UPCARD + parse_card(up)] = 1.0
        x[TAKEN] = float(bool(view.details.get("upcard_taken")))
    turned = view.details.get("turned", -1)
    if isinstance(turned, int) and turned >= 0:
        x[TURNED + turned] = 1.0
    for i, (seat, token) in enumerate(view.bids[:MAX_BIDS]):
        at = BIDS + i * BID_WIDTH
        x[at + slot(seat)] = 1.0
        x[at + SEATS + kind(token)] = 1.0
        words = token.split()
        if len(words) == 2 and words[0] in ("discard", "give"):  # a card I may know
            known = parse_action(token) % N_CARDS
            x[(DISCARDS if words[0] == "discard" else GIFT) + known] = 1.0
    for i, trick in enumerate(view.tricks[:MAX_TRICKS]):
        _trick(x, TRICKS + i * TRICK_WIDTH, trick["leader"], trick["seats"], trick["cards"],
               slot)
    if view.trick:
        _trick(x, TRICK, view.leader, trick_seats(view), view.trick, slot)
    if view.trump is not None:
        x[TRUMP + SUITS.index(view.trump)] = 1.0
    if view.maker is not None:
        x[MAKER + slot(view.maker)] = 1.0
    for seat in view.alone:
        x[ALONE + slot(seat)] = 1.0
    for seat in view.out:
        x[OUT + slot(seat)] = 1.0
    x[PHASE + PHASES.index(view.phase)] = 1.0
    x[DEALER + slot(view.dealer)] = 1.0
    if view.to_move is not None:
        x[TO_MOVE + slot(view.to_move)] = 1.0
    target = view.target
    for seat in range(n):
        x[WON + slot(seat)] = view.tricks_won[seat] / MAX_TRICKS
        x[HELD + slot(seat)] = view.cards_held[seat] / MAX_TRICKS
        points = view.score[view.sides[seat]]
        x[SCORE + slot(seat)] = min(1.0, max(0.0, (1.0 + points / target) / 2))
    if view.bid is not None:
        x[HIGH + kind(view.bid)] = 1.0
    x[GAME + GAMES.index(view.game)] = 1.0
    x[PLAYERS + n - 3] = 1.0
    x[DECK + DECKS.index(view.rules.deck)] = 1.0
    for i, name in enumerate(OPTIONS):
        x[OPTION + i] = float(bool(getattr(view.rules, name, False)))
    x[TARGET] = min(1.0, target / 100)
    return x


def _trick(x: np.ndarray, at: int, leader: int, seats: Sequence[int], cards: Sequence[str],
           slot: Callable[[int], int]) -> None:
    x[at + slot(leader)] = 1.0
    for seat, card in zip(seats, cards, strict=True):
        x[at + SEATS + slot(seat) * N_CARDS + parse_card(card)] = 1.0


def action_mask(view: TableView) -> np.ndarray:
    """1 for each legal action id of the engine's (``N_ACTIONS`` of them)."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for token in view.legal:
        mask[parse_action(token)] = 1
    return mask

