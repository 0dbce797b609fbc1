"""Resampling: a full game consistent with one player's view, for determinized search.

Given a ``View``, ``resample`` deals the cards that player cannot see (the other hand, the
other player's discard, the stock) uniformly at random among every deal consistent with all
he knows: his own cards and discard, every card played, where the upcard is (on the table,
turned down, in his own hand, or somewhere in the dealer's hand or discard), and the suits
the other player has shown void by not following. The bidding is *not* used: it is strategy,
not a rule, and a bot that wants inference from it filters or weights samples itself.

>>> import random
>>> from euchre import Game
>>> g = Game(seed=5)
>>> h = resample(g.view(0), random.Random(1))
>>> h.view(0) == g.view(0)          # the same game as far as player 0 can tell
True
>>> h.hand(0) == g.hand(0)
True
"""

from __future__ import annotations

import random as _random
from math import comb
from typing import TYPE_CHECKING

from . import core
from .actions import CALL, DISCARD, ORDER, PASS, parse_action
from .cards import EFFECTIVE_SUIT, JOKER, N_CARDS, SUIT_MASK, card_token, deck_mask, parse_card
from .view import View

if TYPE_CHECKING:
    from .game import Game

_CARD = {card_token(c): c for c in range(N_CARDS)}


def _card(token: str) -> int:
    card = _CARD.get(token)
    return parse_card(token) if card is None else card


_PHASE = {name: i for i, name in enumerate(core.PHASE_NAMES)}
_SUIT = {"C": 0, "D": 1, "H": 2, "S": 3}


def resample(view: View, rng: _random.Random) -> Game:
    """A ``Game`` in the same position as ``view``'s player sees it, its hidden cards drawn
    uniformly among the deals consistent with the view. ``rng`` needs ``random()`` and
    ``getrandbits()`` (a ``random.Random``)."""
    from .game import Game

    rules = view.rules
    me = view.player
    other = 1 - me
    dealer = view.dealer
    phase = _PHASE[view.phase]
    trump = -1 if view.trump is None else _SUIT[view.trump]
    up = _card(view.upcard)
    taken = view.upcard_taken
    random = rng.random

    # cards played this hand, who played them, and the voids they showed
    plays: list[int] = []
    played = own_played = other_played = 0
    other_count = 0
    voids = [0, 0]
    for trick in view.tricks:
        led, answer = _card(trick.cards[0]), _card(trick.cards[1])
        follower = 1 - trick.leader
        plays.append(trick.leader << 7 | led)
        plays.append(follower << 7 | answer)
        if EFFECTIVE_SUIT[trump][answer] != EFFECTIVE_SUIT[trump][led]:
            voids[follower] |= 1 << EFFECTIVE_SUIT[trump][led]
    for token in view.trick:  # at most one card: the leader's
        plays.append(view.leader << 7 | _card(token))
    for item in plays:
        bit = 1 << (item & 127)
        played |= bit
        if item >> 7 == me:
            own_played |= bit
        else:
            other_played |= bit
            other_count += 1

    hand = 0
    for token in view.hand:
        hand |= 1 << _card(token)
    own_discard = -1 if view.discard is None else _card(view.discard)
    if phase == core.JOKER_PHASE and me == dealer:
        hand = -1  # the dealer has not looked: his five cards are as hidden as the stock

    unknown = deck_mask(rules.deck) & ~played & ~(1 << up)
    if hand >= 0:
        unknown &= ~hand
    if own_discard >= 0:
        unknown &= ~(1 << own_discard)
    k = 5 - other_count
    allowed = unknown
    for suit in range(4):
        if voids[other] >> suit & 1:
            allowed &= ~SUIT_MASK[trump][suit]

    other_discard = -1
    upcard_hidden = other == dealer and taken and not played >> up & 1
    if hand < 0:  # Joker phase, the dealer's own view: both hands unseen
        other_hand = _sample(unknown, 5, random)
        hand = _sample(unknown & ~other_hand, 5, random)
    elif other == dealer and taken:
        other_hand, other_discard = _sample_dealer(unknown, allowed, k, up, upcard_hidden,
                                                   voids[other], trump, random)
    else:
        other_hand = _sample(allowed, k, random)

    # the deal as it was: current hands with their played cards, before any pick-up
    hands = [0, 0]
    hands[me], hands[other] = hand | own_played, other_hand | other_played
    discard = own_discard if me == dealer else other_discard
    if taken:
        hands[dealer] = (hands[dealer] | 1 << discard) & ~(1 << up)
    stock = deck_mask(rules.deck) & ~hands[0] & ~hands[1] & ~(1 << up)
    order = (*core.bits(hands[1 - dealer]), *core.bits(hands[dealer]), up, *core.bits(stock))

    log_actions = _hand_actions(view, dealer, discard, plays)
    last = view.last_hand
    setup = core.Setup(
        rules, rng.getrandbits(64), dealer ^ (view.hand_number & 1), (order,),
        view.hand_number, tuple(view.score),
        None if last is None else _last_tuple(last))
    s: list = [0] * core.N_SLOTS
    s[core.PHASE] = phase
    s[core.TO_MOVE] = -1 if view.to_move is None else view.to_move
    s[core.DEALER] = dealer
    s[core.HAND0 + me] = hand
    s[core.HAND0 + other] = other_hand
    s[core.UPCARD] = up
    s[core.TAKEN] = int(taken)
    s[core.TRUMP] = trump
    s[core.MAKER] = -1 if view.maker is None else view.maker
    s[core.DISCARDED] = discard if taken else -1
    s[core.LEADER] = view.leader
    s[core.LED] = _card(view.trick[0]) if view.trick else -1
    s[core.WON0], s[core.WON1] = view.tricks_won
    s[core.SCORE0], s[core.SCORE1] = view.score
    s[core.HAND_NO] = view.hand_number
    s[core.PLAYED] = played
    s[core.VOID0], s[core.VOID1] = voids
    s[core.WINNER] = -1 if phase != core.OVER else (0 if view.score[0] >= view.target else 1)
    s[core.TURNED] = up >> 3 if _round_one_passed(view, up) else -1
    s[core.LAST] = setup.start_last
    cell = (order, None)
    for item in log_actions:
        cell = (item, cell)
    s[core.LOG] = cell
    s[core.UNDO] = None
    s[core.SETUP] = setup
    return Game._from_state(s)


def _sample(pool: int, k: int, random) -> int:
    """A uniform ``k``-subset of the cards of ``pool`` (partial Fisher-Yates)."""
    cards = list(core.bits(pool))
    n = len(cards)
    mask = 0
    for i in range(k):
        j = i + int(random() * (n - i))
        cards[i], cards[j] = cards[j], cards[i]
        mask |= 1 << cards[i]
    return mask


def _sample_dealer(unknown: int, allowed: int, k: int, up: int, upcard_hidden: bool,
                   void: int, trump: int, random) -> tuple[int, int]:
    """The other player's hand and discard when he dealt and picked the upcard up.

    Pairs (hand, discard) are counted exactly: with ``a`` allowed cards and ``n`` unknown
    ones, the upcard is in his hand in ``C(a, k-1) * (n - k + 1)`` deals and is his discard
    in ``C(a, k)``; a void in the upcard's suit forces it to be the discard.
    """
    if upcard_hidden:
        a = allowed.bit_count()
        n = unknown.bit_count()
        up_allowed = not void >> EFFECTIVE_SUIT[trump][up] & 1 if trump >= 0 else True
        with_up = comb(a, k - 1) * (n - k + 1) if up_allowed and k > 0 else 0
        as_discard = comb(a, k)
        if random() * (with_up + as_discard) >= with_up:
            return _sample(allowed, k, random), up
        other_hand = 1 << up | _sample(allowed, k - 1, random)
    else:
        other_hand = _sample(allowed, k, random)
    rest = unknown & ~other_hand
    return other_hand, _nth_bit(rest, int(random() * rest.bit_count()))


def _nth_bit(mask: int, n: int) -> int:
    return core.bits(mask)[n]


def _hand_actions(view: View, dealer: int, discard: int, plays: list[int]) -> list[int]:
    """The hand's log (``player << 7 | action``) rebuilt from the bids and the plays."""
    items = []
    for player, token in view.bids:
        action = parse_action(token)
        items.append(player << 7 | action)
        ordered = action == ORDER or (action >= CALL and view.upcard == "JK")
        if ordered and view.phase != "discard":
            choice = DISCARD + discard if view.upcard_taken else PASS
            items.append(dealer << 7 | choice)
    items.extend(plays)
    return items


def _round_one_passed(view: View, up: int) -> bool:
    bids = view.bids
    return up != JOKER and len(bids) >= 2 and bids[0][1] == "pass" and bids[1][1] == "pass"


def _last_tuple(last: dict) -> tuple[int, ...]:
    if last["thrown_in"]:
        return (-1, -1, 0, 0, 0, 0)
    return (last["maker"], _SUIT[last["trump"]], *last["tricks_won"], *last["points"])
