"""An exact open-hand solver for the play of a hand at a table of three or four.

With every hand known and trump fixed, the rest of a hand is a game between two teams: the
makers (the maker, and his partner unless either sits out) and the defenders (in cutthroat
the two others, who are partners for the hand). Every hand's points depend only on the
makers' tricks (``scoring.side_points``), so the exact value is the makers' tricks with best
play by both teams, found by alpha-beta search with a transposition table at the start of
each trick.

It uses the two-handed solver's numbering (``solver.SOLVER_BIT``: each suit a block of 16
bits, trump first, the best card of a block its lowest bit), so following suit is a mask,
"does this card beat that one" compares bit positions, and two cards of one hand with no
card held by another seat (or lying in the trick) between them are the same card for the
search: only one is tried.

>>> from euchre.cards import parse_card, HEARTS
>>> hand = lambda s: sum(1 << parse_card(t) for t in s.split())
>>> solver = TableSolver(limit=10_000)
>>> four = (hand("JH JD AH KH QH"), hand("AS KS QS JS TS"), hand("AC KC QC JC TC"),
...         hand("AD KD QD TD 9D"))
>>> solver.tricks(four, HEARTS, makers=0b0101, leader=0)   # seat 0 draws and holds all
5
>>> solver.tricks(four, HEARTS, makers=0b1010, leader=0)   # the same cards, seat 1 made
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..solver import BLOCK, DEFAULT_TABLE_LIMIT, SOLVER_BIT, SUIT_BLOCKS, probe, store, to_solver


def _searcher(hands: list[int], table: dict[int, tuple[int, int]], limit: int,
              nodes: list[int]) -> tuple[Callable[..., int], Callable[..., int], list[Any]]:
    """The search as two closures over the seats' hands (solver numbering, mutated in place
    while searching and restored), and the context they read (set before each search):
    ``start`` values a position at a trick's start, ``play`` one inside a trick. Both
    return the makers' tricks from the start of the trick. One function on purpose, as the
    two-handed solver's ``_searcher``: the closures read their state as cells of this call,
    the hot loop of every hard and expert decision."""
    context: list[Any] = [0, (), (), 0]  # makers mask; seat -> on makers' side; seat -> next seat
    # that plays; seats in a trick

    def start(leader: int, alpha: int, beta: int) -> int:
        nodes[0] += 1
        n = hands[leader].bit_count()
        if n == 0:
            return 0
        makers = context[0]
        key = (hands[0] | hands[1] << 64 | hands[2] << 128 | hands[3] << 192
               | (makers << 2 | leader) << 256)
        lo, hi, alpha, beta, known = probe(table, key, alpha, beta, n)
        if known is not None:
            return known
        best = play(leader, 0, 0, leader, 0, 0, alpha, beta, 0)
        store(table, limit, key, best, (alpha, beta), (lo, hi))
        return best

    def play(seat: int, pos: int, best: int, best_seat: int, follow: int, in_trick: int,
             alpha: int, beta: int, only: int) -> int:
        """``seat`` plays the ``pos``-th card of the trick; ``best`` (a solver bit) by
        ``best_seat`` wins it so far; ``follow``: the led suit's block; ``in_trick``: the
        trick's cards so far; ``only``: the one card to try (a bit), or 0 for every card."""
        hand = hands[seat]
        side, following, size = context[1], context[2], context[3]
        moves = only or (hand if pos == 0 else (hand & follow or hand))  # cards.playable: hot
        last = pos == size - 1
        others = in_trick
        for other in range(4):
            if other != seat:
                others |= hands[other]
        maxing = side[seat]
        value = -1 if maxing else 99
        previous = -1
        while moves:
            low = moves & -moves
            moves ^= low
            a = low.bit_length() - 1
            if previous >= 0 and previous >> 4 == a >> 4 and not others & (low - (2 << previous)):
                previous = a
                continue
            previous = a
            if pos == 0:
                new_best, new_seat, new_follow = a, seat, SUIT_BLOCKS[a >> 4]
            elif (a >> 4 == best >> 4 and a < best) or (a < BLOCK <= best):
                new_best, new_seat, new_follow = a, seat, follow
            else:
                new_best, new_seat, new_follow = best, best_seat, follow
            hands[seat] = hand ^ low
            if last:
                gain = side[new_seat]
                v = gain + start(new_seat, alpha - gain, beta - gain)
            else:
                v = play(following[seat], pos + 1, new_best, new_seat, new_follow,
                         in_trick | low, alpha, beta, 0)
            hands[seat] = hand
            if maxing:
                if v > value:
                    value = v
                    if value > alpha:
                        alpha = value
            elif v < value:
                value = v
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return value

    return start, play, context



class TableSolver:
    """An exact open-hand solver for three or four seats with its own transposition table
    of at most ``limit`` positions (cleared when full): endgames repeat constantly across
    the deals a sampling player draws, and positions are absolute, so one table serves
    every search of a process (``worker_table_solver``).

    Hands are masks of card ids by seat (four entries; a seat that does not play holds 0).
    ``makers`` is a mask of the seats on the makers' side."""

    def __init__(self, limit: int = DEFAULT_TABLE_LIMIT) -> None:
        if type(limit) is not int or limit < 1:
            raise ValueError(f"a solver's table limit must be a positive whole number, "
                             f"not {limit!r}")
        self.limit = limit
        self._hands = [0, 0, 0, 0]
        self._table: dict[int, tuple[int, int]] = {}
        self._nodes = [0]
        self._start, self._play, self._context = _searcher(self._hands, self._table, limit,
                                                           self._nodes)

    @property
    def nodes(self) -> int:
        """Positions searched since the solver was made (for benchmarks)."""
        return self._nodes[0]

    def _set(self, hands: Sequence[int], trump: int, makers: int, active: int) -> None:
        for seat in range(4):
            self._hands[seat] = to_solver(hands[seat], trump) \
                if seat < len(hands) and active >> seat & 1 else 0
        playing = [seat for seat in range(4) if active >> seat & 1]
        following = [0, 0, 0, 0]
        for i, seat in enumerate(playing):
            following[seat] = playing[(i + 1) % len(playing)]
        context = self._context
        context[0] = makers
        context[1] = tuple(makers >> seat & 1 for seat in range(4))
        context[2] = tuple(following)
        context[3] = len(playing)

    def tricks(self, hands: Sequence[int], trump: int, makers: int, leader: int,
               active: int | None = None, window: tuple[int, int] | None = None) -> int:
        """The makers' tricks from a trick's start (``leader`` to lead) with best play.
        ``active``: a mask of the seats that play (by default those holding cards).
        ``window`` ``(low, high)``: only whether the value is at most ``low``, at least
        ``high``, or (exactly) between is wanted, and the answer says which: a narrow window
        (does the side take 3 tricks?) is searched far faster than the exact count."""
        if active is None:
            active = sum(1 << seat for seat, hand in enumerate(hands) if hand)
        self._set(hands, trump, makers, active)
        n = self._hands[leader].bit_count()
        low, high = (-1, n + 1) if window is None else window
        return self._start(leader, low, high) if n else 0

    def values(self, hands: Sequence[int], trump: int, makers: int, active: int,
               trick: Sequence[tuple[int, int]], seat: int, moves: Sequence[int],
               window: tuple[int, int] | None = None) -> list[int]:
        """For each card of ``moves`` played now by ``seat`` (to move), the makers' tricks
        from the start of the current trick with best play after it. ``trick``: the cards
        played to it so far, ``(seat, card id)`` in order; ``hands``: what each seat holds
        now; ``active``: a mask of the seats that play this hand; ``window`` as for
        ``tricks``."""
        self._set(hands, trump, makers, active)
        bit = SOLVER_BIT[trump]
        best = best_seat = follow = in_trick = 0
        for i, (who, card) in enumerate(trick):
            b = bit[card]
            in_trick |= 1 << b
            if i == 0:
                best, best_seat, follow = b, who, SUIT_BLOCKS[b >> 4]
            elif (b >> 4 == best >> 4 and b < best) or (b < BLOCK <= best):
                best, best_seat = b, who
        n = self._hands[seat].bit_count() + (1 if trick else 0)
        low, high = (-1, n + 1) if window is None else window
        return [self._play(seat, len(trick), best, best_seat, follow, in_trick, low, high,
                           1 << bit[card]) for card in moves]


_WORKER: list[TableSolver] = []


def worker_table_solver() -> TableSolver:
    """The one family solver of this process (made on first use): every bot in a worker
    shares its bounded table, so memory does not grow with the number of bots."""
    if not _WORKER:
        _WORKER.append(TableSolver())
    return _WORKER[0]
