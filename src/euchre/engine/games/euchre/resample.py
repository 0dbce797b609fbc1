"""Resampling: a full game consistent with one player's view, for determinized search.

(At a table of three or four, ``resample`` hands the view to ``resample_family``, which
does the same for up to three hidden hands; what follows is the two-handed sampler.)

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
from collections.abc import Callable
from math import comb
from typing import Any, NamedTuple

from ....actions import CALL, DISCARD, ORDER, PASS, parse_action
from ....cards import DECK_MASKS, EFFECTIVE_SUIT, JOKER, SUIT_MASK, SUITS
from ....game import Game
from ....hands import DealMasks
from ....view import View
from ...resample import resample as resample_table
from ...view import TableView
from . import state
from .game import game_of_state
from .resample_family import (
    Start,
    card_of,
    resample_family_state,
    shared_template,
    start_of,
    viewer,
)
from .state import log_item

_PHASE: dict[str, int] = {name: i for i, name in enumerate(state.PHASE_NAMES)}
_SUIT = {letter: suit for suit, letter in enumerate(SUITS)}


class _Facts(NamedTuple):
    """What a view fixes, worked out once per view (kept in the view's ``memo``): the
    sampler then only draws cards and fills a copy of ``template``."""

    template: list[Any]
    me: int
    dealer: int
    up: int
    taken: bool
    trump: int
    hand: int
    """Own cards; -1 while the dealer has not looked at them (the Joker phase)."""
    own_played: int
    other_played: int
    own_discard: int
    unknown: int
    allowed: int
    other_void: int
    k: int
    upcard_hidden: bool
    actions: tuple[int, ...]
    """The hand's log; ``_DEALER_CHOICE`` marks the dealer's pick-up whose discard is drawn."""
    deck: int
    seed_dealer: int
    setup_rest: Start


_DEALER_CHOICE = -1


def _facts(view: View) -> _Facts:
    facts = view.memo.get(__name__)
    if facts is None:
        facts = view.memo[__name__] = _work_out(view)
    return facts


def _work_out(view: View) -> _Facts:
    """Everything a view fixes, worked out once (see ``_Facts``)."""
    me = viewer(view)
    other = 1 - me
    dealer = view.dealer
    phase = _PHASE[view.phase]
    trump = -1 if view.trump is None else _SUIT[view.trump]
    up = card_of(view.upcard)
    plays, voids = _plays(view, trump)
    played = own_played = other_played = 0
    for item in plays:
        bit = 1 << state.item_action(item)
        played |= bit
        if state.item_player(item) == me:
            own_played |= bit
        else:
            other_played |= bit
    hand = 0
    for token in view.hand:
        hand |= 1 << card_of(token)
    own_discard = -1 if view.discard is None else card_of(view.discard)
    if phase == state.JOKER_PHASE and me == dealer:
        hand = -1  # the dealer has not looked: his five cards are as hidden as the stock
    deck = DECK_MASKS[view.rules.deck]
    unknown = deck & ~played & ~(1 << up)
    if hand >= 0:
        unknown &= ~hand
    if own_discard >= 0:
        unknown &= ~(1 << own_discard)
    allowed = unknown
    for suit in range(4):
        if voids[other] >> suit & 1:
            allowed &= ~SUIT_MASK[trump][suit]
    s = _template(view, phase, trump, up, own_discard, played, voids)
    return _Facts(
        template=s, me=me, dealer=dealer, up=up, taken=view.upcard_taken, trump=trump,
        hand=hand, own_played=own_played, other_played=other_played, own_discard=own_discard,
        unknown=unknown, allowed=allowed, other_void=voids[other],
        k=5 - other_played.bit_count(), upcard_hidden=other == dealer and view.upcard_taken
        and not played >> up & 1, actions=_hand_actions(view, dealer, plays), deck=deck,
        seed_dealer=dealer ^ (view.hand_number & 1),
        setup_rest=start_of(view, phase == state.OVER, s[state.LAST]), )


def _plays(view: View, trump: int) -> tuple[list[int], list[int]]:
    """The cards played this hand as log items (who played what), and the suits each
    player showed void in by not following."""
    plays: list[int] = []
    voids = [0, 0]
    for trick in view.tricks:
        led, answer = card_of(trick.cards[0]), card_of(trick.cards[1])
        follower = 1 - trick.leader
        plays.append(log_item(trick.leader, led))
        plays.append(log_item(follower, answer))
        if EFFECTIVE_SUIT[trump][answer] != EFFECTIVE_SUIT[trump][led]:
            voids[follower] |= 1 << EFFECTIVE_SUIT[trump][led]
    for token in view.trick:  # at most one card: the leader's
        plays.append(log_item(view.leader, card_of(token)))
    return plays, voids


def _template(view: View, phase: int, trump: int, up: int, own_discard: int, played: int,
              voids: list[int]) -> list[Any]:
    """The state every sample starts from: all the view fixes, the hands left to draw."""
    s = shared_template(view, state.N_SLOTS, trump, up, own_discard, played)
    s[state.LED] = card_of(view.trick[0]) if view.trick else -1
    s[state.WON0], s[state.WON1] = view.tricks_won
    s[state.SCORE0], s[state.SCORE1] = view.score
    s[state.VOID0], s[state.VOID1] = voids
    return s


def resample(view: View | TableView, rng: _random.Random) -> Game:
    """A ``Game`` in the same position as ``view``'s player sees it, its hidden cards drawn
    uniformly among the deals consistent with the view. ``rng`` needs ``random()`` and
    ``getrandbits()`` (a ``random.Random``). A view of a game on the rule-module core
    (Railroad, Hasenpfeffer, Napoleon) is resampled by ``engine.resample``."""
    if type(view) is TableView:  # (an identity test: this is the search's hot path)
        return resample_table(view, rng)
    return game_of_state(resample_state(view, rng))


def resample_state(view: View, rng: _random.Random) -> list[Any]:
    """``resample`` as a bare state list (``state.py``, or ``state_family`` at a table of
    three or four), for search code that reads the state's slots directly and never needs
    the ``Game`` around it."""
    if view.rules.players != 2:
        return resample_family_state(view, rng)
    f = _facts(view)
    random = rng.random
    me, dealer, up = f.me, f.dealer, f.up
    hand = f.hand
    other_discard = -1
    if hand < 0:  # Joker phase, the dealer's own view: both hands unseen
        other_hand = _sample(f.unknown, 5, random)
        hand = _sample(f.unknown & ~other_hand, 5, random)
    elif me != dealer and f.taken:
        other_hand, other_discard = _sample_dealer(f, random)
    else:
        other_hand = _sample(f.allowed, f.k, random)

    # the deal as it was: current hands with their played cards, before any pick-up
    hands = [hand | f.own_played, other_hand | f.other_played]
    if me:
        hands.reverse()
    discard = f.own_discard if me == dealer else other_discard
    if f.taken:
        hands[dealer] = (hands[dealer] | 1 << discard) & ~(1 << up)
    deal = DealMasks((hands[1 - dealer], hands[dealer]), up,
                     f.deck & ~hands[0] & ~hands[1] & ~(1 << up))

    s = f.template[:]
    s[state.HAND0 + me] = hand
    s[state.HAND0 + 1 - me] = other_hand
    if f.taken:
        s[state.DISCARDED] = discard
    cell: tuple[object, object] = (deal, None)  # (the log: linked cells, newest first)
    for item in f.actions:
        cell = (item if item >= 0 else log_item(dealer, DISCARD + discard), cell)
    s[state.LOG] = cell
    s[state.SETUP] = state.Setup(view.rules, rng.getrandbits(64), f.seed_dealer, (deal,),
                               *f.setup_rest)
    s[state.CHECKPOINT] = s[:]  # pop() can take back what is played from here
    return s


def _sample(pool: int, k: int, random: Callable[[], float]) -> int:
    """A uniform ``k``-subset of the cards of ``pool`` (partial Fisher-Yates)."""
    cards = list(state.bits(pool))
    n = len(cards)
    mask = 0
    for i in range(k):
        j = i + int(random() * (n - i))
        cards[i], cards[j] = cards[j], cards[i]
        mask |= 1 << cards[i]
    return mask


def _sample_dealer(f: _Facts, random: Callable[[], float]) -> tuple[int, int]:
    """The other player's hand and discard when he dealt and picked the upcard up.

    Pairs (hand, discard) are counted exactly: with ``a`` allowed cards and ``n`` unknown
    ones, the upcard is in his hand in ``C(a, k-1) * (n - k + 1)`` deals and is his discard
    in ``C(a, k)``; a void in the upcard's suit forces it to be the discard, and a turned-up
    Joker is never the discard.
    """
    k, up, allowed = f.k, f.up, f.allowed
    if f.upcard_hidden:
        a = allowed.bit_count()
        n = f.unknown.bit_count()
        up_allowed = f.trump < 0 or not f.other_void >> EFFECTIVE_SUIT[f.trump][up] & 1
        with_up = comb(a, k - 1) * (n - k + 1) if up_allowed and k > 0 else 0
        as_discard = comb(a, k) if up != JOKER else 0  # a turned-up Joker must be kept
        if random() * (with_up + as_discard) >= with_up:
            return _sample(allowed, k, random), up
        other_hand = 1 << up | _sample(allowed, k - 1, random)
    else:
        other_hand = _sample(allowed, k, random)
    rest = f.unknown & ~other_hand
    return other_hand, _nth_bit(rest, int(random() * rest.bit_count()))


def _nth_bit(mask: int, n: int) -> int:
    return state.bits(mask)[n]


def _hand_actions(view: View, dealer: int, plays: list[int]) -> tuple[int, ...]:
    """The hand's log (``log_item``s) rebuilt from the bids and the plays; the
    dealer's pick-up, whose discard may be drawn, is ``_DEALER_CHOICE``."""
    items = []
    for player, token in view.bids:
        action = parse_action(token)
        items.append(log_item(player, action))
        ordered = action == ORDER or (action >= CALL and view.upcard == "JK")
        if ordered and view.phase != "discard":
            items.append(_DEALER_CHOICE if view.upcard_taken else log_item(dealer, PASS))
    items.extend(plays)
    return tuple(items)
