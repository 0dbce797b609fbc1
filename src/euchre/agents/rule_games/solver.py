"""An exact open-hand solver for the play of a hand of Railroad, Hasenpfeffer or Napoleon.

With every hand known and trump fixed, the rest of a hand is a game between two teams: the
makers (the maker, and his partner unless he sits out; in Napoleon the bidder alone) and the
others. Every one of these games scores a hand by a function of the makers' tricks that only
rises with them (or, at misère, only falls), so the exact value of any score is the score of
the makers' tricks under best play by both teams: the solver finds those tricks, by
alpha-beta search with a transposition table at the start of each trick.

Cards are the engine's ids (``euchre.engine.cards``) and their order the game's
``CardOrder``. Two cards of one hand with no card of another seat (or of the trick in play)
between them in their suit are the same card for the search: only one is tried.

>>> from euchre.engine.cards import EUCHRE_ORDER, HEARTS, mask_of, parse_card
>>> hand = lambda s: mask_of(parse_card(t) for t in s.split())
>>> four = [hand("JK JH JD AH KH"), hand("AS KS QS JS TS"), hand("AC KC QC JC TC"),
...         hand("AD KD QD TD 9D")]
>>> solver = OpenHandSolver()
>>> solver.tricks(four, EUCHRE_ORDER, HEARTS, counted=0b0101, maximisers=0b0101, leader=0)
5
>>> solver.tricks(four, EUCHRE_ORDER, HEARTS, counted=0b1010, maximisers=0b1010, leader=0)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.cards import N_CARDS, CardOrder

TABLE_LIMIT = 400_000
"""Positions kept before the transposition table is cleared (a few tens of MB at most)."""


def _masks(order: CardOrder, trump: int) -> tuple[dict[int, int], list[int]]:
    """By the suit a card follows: the mask of its cards; by card: the mask of the cards of
    its suit that beat it."""
    suit, power = order.suit[trump], order.power[trump]
    by_suit: dict[int, int] = {}
    for card in range(N_CARDS):
        by_suit[suit[card]] = by_suit.get(suit[card], 0) | 1 << card
    above = [0] * N_CARDS
    for card in range(N_CARDS):
        for other in range(N_CARDS):
            if suit[other] == suit[card] and power[other] > power[card]:
                above[card] |= 1 << other
    return by_suit, above


_CACHE: dict[tuple[int, int], tuple[dict[int, int], list[int]]] = {}


def masks(order: CardOrder, trump: int) -> tuple[dict[int, int], list[int]]:
    key = (id(order), trump)
    if key not in _CACHE:
        _CACHE[key] = _masks(order, trump)
    return _CACHE[key]


class OpenHandSolver:
    """The solver, with a transposition table kept across searches (endgames repeat across
    the deals a sampling player draws); positions are keyed with everything that decides
    them, so one table serves every search."""

    def __init__(self, limit: int = TABLE_LIMIT) -> None:
        self.limit = limit
        self.table: dict[tuple, tuple[int, int]] = {}
        self.nodes = 0

    def tricks(self, hands: Sequence[int], order: CardOrder, trump: int, counted: int,
               maximisers: int, leader: int, trick: Sequence[tuple[int, int]] = (),
               window: tuple[int, int] | None = None) -> int:
        """The ``counted`` seats' tricks (a mask of seats) from the start of the current
        trick, the ``maximisers`` (a mask) playing to make it high and the others low.
        ``hands``: each seat's cards now (0 for a seat that sits out); ``trick``: the cards
        played to the current trick, ``(seat, card)`` in order (then ``leader`` is ignored).
        ``window (low, high)``: only whether the value is at most ``low``, at least
        ``high`` or between is wanted (faster)."""
        return self.values(hands, order, trump, counted, maximisers, leader, trick, None,
                           window)[0]

    def values(self, hands: Sequence[int], order: CardOrder, trump: int, counted: int,
               maximisers: int, leader: int, trick: Sequence[tuple[int, int]],
               moves: Sequence[int] | None, window: tuple[int, int] | None = None
               ) -> list[int]:
        """As ``tricks``, for each card of ``moves`` played now by the seat to move (None:
        the position as it stands, one value)."""
        if len(self.table) > self.limit:
            self.table.clear()
        players = [seat for seat in range(len(hands)) if hands[seat] or
                   any(seat == who for who, _ in trick)]
        first = trick[0][0] if trick else leader
        size = len(players)
        following = {seat: players[(i + 1) % size] for i, seat in enumerate(players)}
        by_suit, above = masks(order, trump)
        search = _Search(list(hands), following, size, order.suit[trump], order.power[trump],
                         by_suit, above, counted, maximisers, self.table,
                         (id(order), trump, counted, maximisers, tuple(players)), self)
        best, best_seat, led, in_trick = -1, -1, -1, 0
        for who, card in trick:
            in_trick |= 1 << card
            if best < 0 or search.beats(best, card):
                best, best_seat = card, who
            if led < 0:
                led = search.suit[card]
        seat = following[trick[-1][0]] if trick else first
        n = bin(search.hands[seat]).count("1") + (1 if trick else 0)
        low, high = (-1, n + 1) if window is None else window
        if moves is None:
            if not trick:
                return [search.start(seat, low, high)]
            return [search.play(seat, len(trick), best, best_seat, led, in_trick, low, high,
                                -1)]
        return [search.play(seat, len(trick), best, best_seat, led, in_trick, low, high, card)
                for card in moves]


class _Search:
    """One search's state: the hands (changed while searching and restored)."""

    __slots__ = ("above", "by_suit", "context", "counted", "following", "hands", "maxers",
                 "owner", "power", "size", "suit", "table")

    def __init__(self, hands: list[int], following: dict[int, int], size: int,
                 suit: tuple[int, ...], power: tuple[int, ...], by_suit: dict[int, int],
                 above: list[int], counted: int, maxers: int,
                 table: dict[tuple[Any, ...], tuple[int, int]], context: tuple[Any, ...],
                 owner: OpenHandSolver) -> None:
        self.hands, self.following, self.size = hands, following, size
        self.suit, self.power, self.by_suit, self.above = suit, power, by_suit, above
        self.counted, self.maxers, self.table = counted, maxers, table
        self.context, self.owner = context, owner

    def beats(self, best: int, card: int) -> bool:
        """Whether ``card`` beats ``best``, the card winning the trick so far."""
        suit = self.suit
        if suit[card] == suit[best]:
            return self.power[card] > self.power[best]
        trump = self.context[1]
        return trump >= 0 and suit[card] == trump

    def _ordered(self, moves: int, pos: int, best: int, best_seat: int, maxing: int
                 ) -> list[int]:
        """The moves in the order most likely to cut the search short: a lead high first;
        following, the cheapest card that wins the trick first when it is the other team's,
        the least card first when it is my team's. Cards of a suit stay together (so that
        equal cards are seen one after another)."""
        cards = []
        while moves:
            card = moves.bit_length() - 1
            moves ^= 1 << card
            cards.append(card)
        suit, power = self.suit, self.power
        if pos == 0:
            cards.sort(key=lambda c: (-(suit[c] == self.context[1]), suit[c], -power[c]))
            return cards
        if (self.maxers >> best_seat & 1) == maxing:
            cards.sort(key=lambda c: (suit[c], power[c]))
            return cards
        cards.sort(key=lambda c: (not self.beats(best, c), suit[c], power[c]))
        return cards

    def start(self, leader: int, alpha: int, beta: int) -> int:
        hands = self.hands
        n = bin(hands[leader]).count("1")
        if n == 0:
            return 0
        self.owner.nodes += 1
        key = (self.context, tuple(hands), leader)
        entry = self.table.get(key)
        lo, hi = (0, n) if entry is None else entry
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        value = self.play(leader, 0, -1, -1, -1, 0, a, b, -1)
        if value <= a:
            hi = min(hi, value)
        elif value >= b:
            lo = max(lo, value)
        else:
            lo = hi = value
        self.table[key] = (lo, hi)
        return value

    def play(self, seat: int, pos: int, best: int, best_seat: int, led: int, in_trick: int,
             alpha: int, beta: int, only: int) -> int:
        """``seat`` plays the ``pos``-th card of the trick (``only``: that card, -1: each
        legal one); ``best`` by ``best_seat`` wins it so far; ``led``: the suit led."""
        hands = self.hands
        hand = hands[seat]
        if only >= 0:
            moves = 1 << only
        elif pos == 0:
            moves = hand
        else:
            moves = hand & self.by_suit[led] or hand
        last = pos == self.size - 1
        others = in_trick
        for other, cards in enumerate(hands):
            if other != seat:
                others |= cards
        maxing = self.maxers >> seat & 1
        value = -1 if maxing else 99
        previous = -1
        above, suit, power = self.above, self.suit, self.power
        for card in self._ordered(moves, pos, best, best_seat, maxing):
            if previous >= 0 and suit[previous] == suit[card]:
                high, low = (previous, card) if power[previous] > power[card] else (card,
                                                                                      previous)
                if not others & above[low] & ~above[high] & ~(1 << high):
                    continue  # the same card as the one just tried
            previous = card
            if pos == 0:
                new_best, new_seat, new_led = card, seat, suit[card]
            elif self.beats(best, card):
                new_best, new_seat, new_led = card, seat, led
            else:
                new_best, new_seat, new_led = best, best_seat, led
            hands[seat] = hand ^ (1 << card)
            if last:
                gain = self.counted >> new_seat & 1
                v = gain + self.start(new_seat, alpha - gain, beta - gain)
            else:
                v = self.play(self.following[seat], pos + 1, new_best, new_seat, new_led,
                              in_trick | 1 << card, alpha, beta, -1)
            hands[seat] = hand
            if maxing:
                if v > value:
                    value = v
                    alpha = max(alpha, v)
            elif v < value:
                value = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return value
