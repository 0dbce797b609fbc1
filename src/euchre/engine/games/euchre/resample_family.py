"""Resampling at a table of three or four: a full game consistent with one player's view.

The hidden cards (up to three other hands, the dealer's face-down discard and the kitty)
are dealt **exactly uniformly** among every deal consistent with what the player knows: his
own cards and discard, every card played and by whom, where the upcard is (on the table,
turned down, or somewhere in the dealer's hand or discard), each seat's number of cards,
and the suits each seat has shown void in by not following. As in ``resample`` (the
two-handed sampler), the bidding is not used: it is strategy, not a rule.

How: a card may go to some places and not others only through voids (and the upcard, which
only the dealer's hand or discard can hold), so the unknown cards fall into a few classes,
each with its set of places. The number of consistent deals is counted once per view by
going through the classes (how many of each class each place takes, and the ways to pick
them); a sample then draws each class's split with probability proportional to the deals it
leaves, and shuffles the class's cards into it. Both the counts and each split's weights
are kept in the view's ``memo``, so a search that draws many deals for one decision pays for them
once.

>>> import random
>>> from euchre import Game, Rules
>>> g = Game(Rules(players=4), seed=5)
>>> h = resample_family(g.view(1), random.Random(1))
>>> h.view(1) == g.view(1), h.hand(1) == g.hand(1), h.hand(2) == g.hand(2)
(True, True, False)
"""

from __future__ import annotations

import random as _random
from bisect import bisect
from collections.abc import Callable, Iterator
from itertools import product
from math import factorial
from typing import Any, NamedTuple

from ....actions import DISCARD, PASS, parse_action
from ....cards import (
    DECK_MASKS,
    EFFECTIVE_SUIT,
    JOKER,
    N_CARDS,
    SECOND_WINS,
    SUITS,
    card_token,
    parse_card,
)
from ....game import Game
from ....hands import DealMasks, HandEnd, trick_seats
from ....rules import Rules
from ....scoring import match_winner
from ....view import View
from . import state, state_family
from .game import game_of_state
from .state_family import HANDS

_CARD = {card_token(c): c for c in range(N_CARDS)}
_PHASE = {phase.value: i for i, phase in enumerate(state.PHASES)}


def card_of(token: str) -> int:
    """The card id of a view's token (canonical ones by lookup; any other parsed)."""
    card = _CARD.get(token)
    return parse_card(token) if card is None else card


def start_of(view: View, over: bool, last: HandEnd | None) -> Start:
    """Where a resampled match starts: this hand's number, the score before it, and the hand
    before it (once the match is over ``last`` is this hand, so its points come off and
    the one before is unknown)."""
    if not over:
        return (view.hand_number, tuple(view.score), last)
    assert last is not None
    return (view.hand_number, tuple(a - b for a, b in zip(view.score, last.points, strict=True)),
            None)


Start = tuple[int, tuple[int, ...], HandEnd | None]
"""Where a resampled match starts (``start_of``): hand number, score before it, the hand
before it."""
Split = tuple[int, ...]
"""How many cards of a class go to each of its places."""


class _Facts(NamedTuple):
    """What a view fixes, worked out once (kept in the view's ``memo``)."""

    template: list[Any]
    holders: tuple[int, ...]
    """Each place hidden cards go: a seat, or ``DISCARD_SLOT``, or ``KITTY``."""
    classes: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """(cards, the indexes of the places that may hold them)."""
    capacity: tuple[int, ...]
    known: tuple[int, ...]
    """Each seat's cards known to the player (his own; none of the others')."""
    played: tuple[int, ...]
    """Each seat's cards played this hand."""
    actions: tuple[int, ...]
    """The hand's log; ``_DEALER_DISCARD`` marks the dealer's discard, to be drawn."""
    own_discard: int
    rules: Rules
    players: int
    dealer: int
    up: int
    taken: bool
    deck: int
    first_dealer: int
    deal_seats: tuple[int, ...]
    """The seats in deal order: from the dealer's left, the dealer last."""
    start: Start
    """``start_of`` the view: the resampled match's start."""
    kitty: int
    """The index of the kitty among the places."""
    splits: dict[tuple[int, tuple[int, ...]],
                 tuple[list[int], list[tuple[int, Split, tuple[int, ...]]]]]
    """(class index, capacities left) -> (cumulative weights, splits): filled as drawn."""
    ways: dict[tuple[int, tuple[int, ...]], int]
    """(class index, capacities left) -> the number of deals of the classes from there."""


DISCARD_SLOT, KITTY = -1, -2
_DEALER_DISCARD = -1


def resample_family(view: View, rng: _random.Random) -> Game:
    """A ``Game`` in the same position as ``view``'s player sees it, its hidden cards drawn
    uniformly among the deals consistent with the view (see the module docstring)."""
    return game_of_state(resample_family_state(view, rng))


def resample_family_state(view: View, rng: _random.Random) -> list[Any]:
    """``resample_family`` as a bare state list (``state_family``'s slots)."""
    f = view.memo.get(__name__)
    if f is None:
        f = view.memo[__name__] = _work_out(view)
    random = rng.random
    drawn = [0] * len(f.holders)
    caps = f.capacity
    for index, (cards, places) in enumerate(f.classes):
        split, caps = _draw(f, index, caps, random)
        pool = list(cards)
        n = len(pool)
        start = 0
        for place, count in zip(places, split, strict=True):  # the kitty, last, takes what is left
            if place == f.kitty:
                break
            mask = 0
            for i in range(start, start + count):
                j = i + int(random() * (n - i))
                card = pool[j]
                pool[j] = pool[i]
                mask |= 1 << card
            drawn[place] |= mask
            start += count
    return _build(f, drawn, rng.getrandbits(64))


def _draw(f: _Facts, index: int, caps: tuple[int, ...], random: Callable[[], float]
          ) -> tuple[Split, tuple[int, ...]]:
    """A split of class ``index`` among its places, drawn in proportion to the deals of the
    later classes it leaves; and the capacities left after it."""
    key = (index, caps)
    found = f.splits.get(key)
    if found is None:
        cards, places = f.classes[index]
        options, total = [], 0
        for split in _compositions(len(cards), [caps[p] for p in places]):
            left = list(caps)
            for place, count in zip(places, split, strict=True):
                left[place] -= count
            rest = tuple(left)
            weight = _multinomial(len(cards), split) * _ways(f, index + 1, rest)
            if weight:
                total += weight
                options.append((total, split, rest))
        found = f.splits[key] = ([o[0] for o in options], options)
    cumulative, options = found
    pick = options[bisect(cumulative, int(random() * cumulative[-1]))] \
        if len(options) > 1 else options[0]
    return pick[1], pick[2]


def _ways(f: _Facts, index: int, caps: tuple[int, ...]) -> int:
    """How many ways the classes from ``index`` on fill the capacities ``caps`` exactly."""
    if index == len(f.classes):
        return 0 if any(caps) else 1
    key = (index, caps)
    found = f.ways.get(key)
    if found is None:
        cards, places = f.classes[index]
        found = 0
        for split in _compositions(len(cards), [caps[p] for p in places]):
            left = list(caps)
            for place, count in zip(places, split, strict=True):
                left[place] -= count
            found += _multinomial(len(cards), split) * _ways(f, index + 1, tuple(left))
        f.ways[key] = found
    return found


def _compositions(total: int, limits: list[int]) -> Iterator[Split]:
    """Every way to write ``total`` as a sum of one count per place, each within its limit."""
    if not limits:
        if total == 0:
            yield ()
        return
    for counts in product(*(range(min(limit, total) + 1) for limit in limits[:-1])):
        last = total - sum(counts)
        if 0 <= last <= limits[-1]:
            yield (*counts, last)


def _multinomial(total: int, split: tuple[int, ...]) -> int:
    out = factorial(total)
    for count in split:
        out //= factorial(count)
    return out


def viewer(view: View) -> int:
    """Whose information a view is (both Euchre resamplers): a spectator's is nobody's, and
    is refused."""
    if view.player is None:
        raise ValueError("a spectator's view cannot be resampled: it is nobody's information")
    return view.player


def _work_out(view: View) -> _Facts:
    """Everything a view fixes (see ``_Facts``)."""
    players = view.rules.players
    me, dealer = viewer(view), view.dealer
    trump = -1 if view.trump is None else SUITS.index(view.trump)
    up = card_of(view.upcard)
    plays, voids, played = _plays(view, trump)
    hand = sum(1 << card_of(t) for t in view.hand)
    own_discard = -1 if view.discard is None else card_of(view.discard)
    phase = _PHASE[view.phase]
    hidden_me = phase == state.JOKER_PHASE and me == dealer  # he has not looked yet
    dealer_hidden = view.upcard_taken and dealer != me
    up_loose = dealer_hidden and not sum(played) >> up & 1  # in his hand or his discard
    seen = hand | sum(played) | 1 << up | (1 << own_discard if own_discard >= 0 else 0)
    unknown = DECK_MASKS[view.rules.deck] & ~seen
    holders = [seat for seat in range(players) if seat != me or hidden_me]
    capacity = [view.cards_held[seat] for seat in holders]
    if dealer_hidden:
        holders.append(DISCARD_SLOT)
        capacity.append(1)
    holders.append(KITTY)
    capacity.append(view.rules.deck - 5 * players - 1)
    groups: dict[tuple[int, ...], list[int]] = {}
    for card in state.bits(unknown):
        suit = EFFECTIVE_SUIT[trump][card]  # (nobody is void before trump is made)
        places = tuple(i for i, holder in enumerate(holders)
                       if holder < 0 or not voids[holder] >> suit & 1)
        groups.setdefault(places, []).append(card)
    classes = [(tuple(cards), places) for places, cards in groups.items()]
    if up_loose:
        suit = EFFECTIVE_SUIT[trump][up]
        places = tuple(i for i, holder in enumerate(holders)
                       if (holder == dealer and not voids[dealer] >> suit & 1)
                       or (holder == DISCARD_SLOT and up != JOKER))
        classes.append(((up,), places))  # one of the dealer's cards, or his discard
    known = tuple(hand if seat == me and not hidden_me else 0 for seat in range(players))
    template = _template(view, players, trump, up, own_discard, plays, voids, played)
    return _Facts(template, tuple(holders), tuple(classes), tuple(capacity), known,
                  tuple(played), _hand_actions(view, plays), own_discard, view.rules, players,
                  dealer, up, view.upcard_taken, DECK_MASKS[view.rules.deck],
                  (dealer - view.hand_number) % players,
                  tuple((dealer + 1 + k) % players for k in range(players)),
                  start_of(view, phase == state.OVER, template[state.LAST]),
                  holders.index(KITTY), {}, {})


def _plays(view: View, trump: int) -> tuple[list[int], list[int], list[int]]:
    """The cards played this hand as log items, the suits each seat showed void in, and
    each seat's played cards."""
    players = view.rules.players
    plays: list[int] = []
    voids = [0] * players
    played = [0] * players
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, tokens in tricks:
        led = card_of(tokens[0])
        for seat, token in zip(trick_seats(leader, len(tokens), players, view.out), tokens,
                               strict=True):
            card = card_of(token)
            plays.append(state.log_item(seat, card))
            played[seat] |= 1 << card
            if EFFECTIVE_SUIT[trump][card] != EFFECTIVE_SUIT[trump][led]:
                voids[seat] |= 1 << EFFECTIVE_SUIT[trump][led]
    return plays, voids, played


def _hand_actions(view: View, plays: list[int]) -> tuple[int, ...]:
    """The hand's log rebuilt from the bids and the plays: the dealer's discard (drawn for
    another player's view) follows the bid that made him pick up, the first that was not a
    pass (an order, or the dealer's naming of trump under a turned-up Joker)."""
    items = []
    pending = view.upcard_taken
    for player, token in view.bids:
        action = parse_action(token)
        items.append(state.log_item(player, action))
        if pending and action != PASS:
            items.append(_DEALER_DISCARD)
            pending = False
    items.extend(plays)
    return tuple(items)


def _template(view: View, players: int, trump: int, up: int, own_discard: int,
              plays: list[int], voids: list[int], played: list[int]) -> list[Any]:
    """The state every sample starts from: all the view fixes, the hands left to draw."""
    sf = state_family
    s = shared_template(view, sf.N_FAMILY_SLOTS, trump, up, own_discard, sum(played))
    phase, maker = s[state.PHASE], s[state.MAKER]
    s[sf.ALONE] = maker if maker >= 0 and maker in view.alone else -1
    s[sf.DEFENDER] = next((seat for seat in view.alone if seat != maker), -1)
    out = sum(1 << seat for seat in view.out)
    s[sf.NEXT] = sf.next_seats(players, out) if phase in (state.PLAY, state.OVER) \
        else sf.next_seats(players, 0)
    s[sf.TRICKS] = len(view.tricks)
    s[state.LED] = s[sf.BEST] = s[sf.BEST_SEAT] = -1
    if view.trick:
        s[state.LED] = best = card_of(view.trick[0])
        seat = best_seat = view.leader
        for token in view.trick[1:]:
            seat = s[sf.NEXT][seat]
            card = card_of(token)
            if SECOND_WINS[trump][best * N_CARDS + card]:
                best, best_seat = card, seat
        s[sf.BEST], s[sf.BEST_SEAT] = best, best_seat
    for seat in range(players):
        s[sf.WON + seat] = view.tricks_won[seat]
        s[sf.VOIDS + seat] = voids[seat]
    for side, points in enumerate(view.score):
        s[sf.SCORES + side] = points
    return s


def shared_template(view: View, size: int, trump: int, up: int, own_discard: int,
                    played: int) -> list[Any]:
    """A state of ``size`` slots with those both cores lay out alike filled from the view
    (the two-handed resampler's template starts from it too)."""
    s: list[Any] = [0] * size
    s[state.PHASE] = phase = _PHASE[view.phase]
    s[state.TO_MOVE] = -1 if view.to_move is None else view.to_move
    s[state.DEALER] = view.dealer
    s[state.UPCARD] = up
    s[state.TAKEN] = int(view.upcard_taken)
    s[state.TRUMP] = trump
    s[state.MAKER] = -1 if view.maker is None else view.maker
    s[state.DISCARDED] = own_discard if view.upcard_taken else -1
    s[state.LEADER] = view.leader
    s[state.HAND_NO] = view.hand_number
    s[state.PLAYED] = played
    s[state.WINNER] = match_winner(view.score, view.target) if phase == state.OVER else -1
    s[state.TURNED] = up >> 3 if _round_one_passed(view) else -1
    s[state.LAST] = None if view.last_hand is None else HandEnd.from_dict(view.last_hand)
    s[state.UNDO] = s[state.CHECKPOINT] = None
    return s


def _round_one_passed(view: View) -> bool:
    """Whether every player passed in round one (the upcard's suit was turned down)."""
    players = view.rules.players
    bids = view.bids
    return (view.upcard != "JK" and len(bids) >= players
            and all(token == "pass" for _, token in bids[:players]))


def _build(f: _Facts, drawn: list[int], seed: int) -> list[Any]:
    """The sampled state: hands, the deal as it was, the log, a setup to go on from."""
    players, dealer, up = f.players, f.dealer, f.up
    hands = list(f.known)
    discard = f.own_discard
    for place, holder in enumerate(f.holders):
        if holder >= 0:
            hands[holder] |= drawn[place]
        elif holder == DISCARD_SLOT:
            discard = (drawn[place] & -drawn[place]).bit_length() - 1
    s = f.template[:]
    s[HANDS:HANDS + players] = hands
    dealt = [hand | played for hand, played in zip(hands, f.played, strict=True)]
    if f.taken:
        dealt[dealer] = (dealt[dealer] | 1 << discard) & ~(1 << up)
        s[state.DISCARDED] = discard
    order = tuple(dealt[seat] for seat in f.deal_seats)
    deal = DealMasks(order, up, f.deck & ~sum(order) & ~(1 << up))
    cell: tuple[object, object] = (deal, None)  # (the log: linked cells, newest first)
    for item in f.actions:
        cell = (item if item >= 0 else dealer << 7 | DISCARD + discard, cell)
    s[state.LOG] = cell
    s[state.SETUP] = state.Setup(f.rules, seed, f.first_dealer, (deal,), *f.start)
    s[state.CHECKPOINT] = s[:]
    return s
