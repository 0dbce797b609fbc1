"""A perfect-information (double-dummy) solver for the play of a hand.

With both hands known and trump fixed, the rest of a hand is a two-player zero-sum game over
at most five tricks. The solver finds its exact value (tricks for the player to lead) by
alpha-beta search with a transposition table.

Why it is fast in pure Python: before searching, cards are renumbered so that each suit is
a block of 16 bits, trump first, and inside a block the highest card has the lowest bit
(the Joker, the right bower, the left bower, then A K Q ...). Following suit is then a mask,
"does this card beat that one" is a comparison of bit positions, iterating a hand low to
high is iterating from the best card down, and two cards of one hand with no card of the
other hand between them are the same card for the search (only one is tried). A position's
value does not depend on which player or which trump it came from, so one table serves every
search, and endgames repeat constantly across the deals a sampling player draws: a
``Solver`` keeps its own bounded table for that.

>>> from euchre.cards import parse_card, HEARTS
>>> hand = lambda s: sum(1 << parse_card(t) for t in s.split())
>>> tricks(hand("JH JD AH KH AS"), hand("QH 9H KS KC TD"), HEARTS)  # leader takes them all
5
>>> tricks(hand("JH JD AH KS 9C"), hand("QH 9H AS KC TD"), HEARTS)  # AS, then a diamond lead
3
>>> tricks(hand("AS"), hand("9H"), HEARTS)                           # trumped
0
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import EFFECTIVE_SUIT, N_CARDS, POWER

BLOCK = 16
_BLOCKS = [((1 << BLOCK) - 1) << (BLOCK * b) for b in range(4)]
SUIT_BLOCKS = _BLOCKS
"""``SUIT_BLOCKS[b]``: every solver bit of block ``b`` (block 0 is trump): following suit is
``hand & SUIT_BLOCKS[led >> 4]``. The family's open-hand solver shares the numbering."""


def _solver_bits(trump: int) -> list[int]:
    """Card id -> solver bit under ``trump``: block = trump 0, then the other suits; inside a
    block by falling power."""
    others = [s for s in range(4) if s != trump]
    out = [0] * N_CARDS
    for card in range(N_CARDS):
        suit = EFFECTIVE_SUIT[trump][card]
        block = 0 if suit == trump else 1 + others.index(suit)
        rank = sorted((c for c in range(N_CARDS) if EFFECTIVE_SUIT[trump][c] == suit),
                      key=lambda c: -POWER[trump][c]).index(card)
        out[card] = block * BLOCK + rank
    return out


SOLVER_BIT = [_solver_bits(t) for t in range(4)]
"""``SOLVER_BIT[trump][card]``: the card's bit position in the solver's numbering."""
_CARD_OF_BIT = [{bit: card for card, bit in enumerate(SOLVER_BIT[t])} for t in range(4)]


def to_solver(mask: int, trump: int) -> int:
    """A mask of card ids as a mask in the solver's numbering for ``trump``."""
    table = SOLVER_BIT[trump]
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << table[low.bit_length() - 1]
        mask ^= low
    return out


def card_of_bit(bit: int, trump: int) -> int:
    """The card id of a solver bit position."""
    return _CARD_OF_BIT[trump][bit]


DEFAULT_TABLE_LIMIT = 500_000
"""Positions a solver's transposition table holds before it starts again. Measured
(bench/expert_memory.py, bench/README.md): about 190 bytes a position, so under 100 MiB;
an expert over 20 matches peaks at 144 MiB of RSS with it, against 395 MiB with the first
release's process-wide table of 2,000,000, and decides no slower."""


def _leader_wins(a: int, b: int) -> bool:
    if a >> 4 == b >> 4:
        return a < b
    return b >= BLOCK  # the follower did not follow: he wins only by trumping


def probe(table: dict[int, tuple[int, int]], key: int, alpha: int, beta: int, most: int
          ) -> tuple[int, int, int, int, int | None]:
    """A transposition table's answer for ``key`` inside the window ``(alpha, beta)``:
    ``(lo, hi, alpha, beta, value)``, the stored bounds (``0, most`` when none), the window
    narrowed by them, and the value when they settle it (else None). The family's solver
    uses it; the two-handed search below inlines the same steps (its hot loop)."""
    entry = table.get(key)
    if entry is None:
        return 0, most, alpha, beta, None
    lo, hi = entry
    if lo >= beta or lo == hi:
        return lo, hi, alpha, beta, lo
    if hi <= alpha:
        return lo, hi, alpha, beta, hi
    return lo, hi, (lo if lo > alpha else alpha), (hi if hi < beta else beta), None


def store(table: dict[int, tuple[int, int]], limit: int, key: int, best: int,
          window: tuple[int, int], bounds: tuple[int, int]) -> None:
    """Record what a fail-soft search that returned ``best`` inside ``window`` proves about
    ``key`` (an upper bound, a lower bound, or the exact value), tightening ``bounds``; the
    table starts again when full. (The family's solver; inlined in ``_searcher``.)"""
    lo, hi = bounds
    if best <= window[0]:
        hi = best if best < hi else hi
    elif best >= window[1]:
        lo = best if best > lo else lo
    else:
        lo = hi = best
    if len(table) >= limit:
        table.clear()
    table[key] = (lo, hi)


def _searcher(table: dict[int, tuple[int, int]], limit: int,
              nodes: list[int]) -> Callable[[int, int, int, int], int]:
    """The alpha-beta search over one transposition table, as a closure: the table, its
    limit and the node count are free variables, read as fast as locals in the recursion
    (a method would pay an attribute lookup on every node)."""

    def search(lead: int, follow: int, alpha: int, beta: int) -> int:
        """Tricks the leader takes from here with best play (solver numbering), fail-soft
        inside ``(alpha, beta)``. One long function on purpose: it is the hot loop of every
        expert decision (bench/expert_speed.py times it), and each helper split out of it
        would add a Python call to every node, the cost that dominates a solve."""
        nodes[0] += 1
        n = lead.bit_count()
        if n == 1:
            a = lead.bit_length() - 1
            b = follow.bit_length() - 1
            if a >> 4 == b >> 4:
                return 1 if a < b else 0
            return 0 if b < BLOCK else 1
        key = lead << 64 | follow
        entry = table.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = 0, n
        alpha0, beta0 = alpha, beta
        best = -1
        rest = n - 1
        moves = lead
        previous = -1
        while moves:
            low = moves & -moves
            moves ^= low
            a = low.bit_length() - 1
            # the same card as the one just tried unless the follower holds one between them
            if previous >= 0 and previous >> 4 == a >> 4 and not follow & (low - (2 << previous)):
                previous = a
                continue
            previous = a
            lead_rest = lead ^ low
            floor = alpha if alpha > best else best
            answers = follow & _BLOCKS[a >> 4] or follow  # cards.playable, inlined: hot
            worst = n
            others = lead_rest | low
            answer_prev = -1
            while answers:
                flow = answers & -answers
                answers ^= flow
                b = flow.bit_length() - 1
                if (answer_prev >= 0 and answer_prev >> 4 == b >> 4
                        and not others & (flow - (2 << answer_prev))):
                    answer_prev = b
                    continue
                answer_prev = b
                follow_rest = follow ^ flow
                if (a >> 4 == b >> 4 and a < b) or (a >> 4 != b >> 4 and b >= BLOCK):
                    value = 1 + search(lead_rest, follow_rest, floor - 1, worst - 1)
                else:
                    value = rest - search(follow_rest, lead_rest, rest - worst, rest - floor)
                if value < worst:
                    worst = value
                    if worst <= floor:
                        break
            if worst > best:
                best = worst
                if best >= beta:
                    break
        if best <= alpha0:
            hi = best if best < hi else hi
        elif best >= beta0:
            lo = best if best > lo else lo
        else:
            lo = hi = best
        if len(table) >= limit:
            table.clear()
        table[key] = (lo, hi)
        return best

    return search


class Solver:
    """An exact double-dummy solver with its own transposition table of at most ``limit``
    entries (cleared when full). Positions are absolute (solver numbering), so entries hold
    across searches and endgames repeat constantly across the deals a sampling player draws.
    The expert uses ``worker_solver()``, one per process: a quarter of the first release's
    process-wide table of 2,000,000 positions, and a bound that is documented and owned.

    >>> from euchre.cards import parse_card, HEARTS
    >>> hand = lambda s: sum(1 << parse_card(t) for t in s.split())
    >>> solver = Solver(limit=10_000)
    >>> solver.tricks(hand("JH JD AH KS 9C"), hand("QH 9H AS KC TD"), HEARTS)
    3
    >>> 0 < solver.size <= solver.limit
    True
    """

    def __init__(self, limit: int = DEFAULT_TABLE_LIMIT) -> None:
        if type(limit) is not int or limit < 1:
            raise ValueError(f"a solver's table limit must be a positive whole number, "
                             f"not {limit!r}")
        self.limit = limit
        self._table: dict[int, tuple[int, int]] = {}
        self._nodes = [0]
        self.search = _searcher(self._table, limit, self._nodes)

    @property
    def size(self) -> int:
        """Positions held now."""
        return len(self._table)

    @property
    def nodes(self) -> int:
        """Positions searched since the solver was made (for benchmarks)."""
        return self._nodes[0]

    def clear(self) -> None:
        """Forget every stored position (for measuring a cold search)."""
        self._table.clear()

    def tricks(self, lead_hand: int, follow_hand: int, trump: int) -> int:
        """Tricks the leader takes with best play by both, from two hands of equal size
        (masks of card ids) with the leader to lead."""
        n = lead_hand.bit_count()
        if n == 0:
            return 0
        return self.search(to_solver(lead_hand, trump), to_solver(follow_hand, trump), -1,
                           n + 1)

    def tricks_after_lead(self, led: int, lead_rest: int, follow_hand: int, trump: int,
                          answer: int) -> int:
        """Tricks the leader of the current trick takes from it on, when he has led ``led``
        and the follower answers ``answer`` (card ids), with best play after that."""
        table = SOLVER_BIT[trump]
        a, b = table[led], table[answer]
        lead_rest_s = to_solver(lead_rest, trump)
        follow_rest_s = to_solver(follow_hand & ~(1 << answer), trump)
        rest = lead_rest.bit_count()
        search = self.search
        if _leader_wins(a, b):
            return 1 + (search(lead_rest_s, follow_rest_s, -1, rest + 1) if rest else 0)
        return rest - (search(follow_rest_s, lead_rest_s, -1, rest + 1) if rest else 0)


_WORKER: list[Solver] = []


def worker_solver() -> Solver:
    """The one solver of this process (made on first use): every agent in a worker shares
    its bounded table, so memory does not grow with the number of agents."""
    if not _WORKER:
        _WORKER.append(Solver())
    return _WORKER[0]


def tricks(lead_hand: int, follow_hand: int, trump: int) -> int:
    """``Solver().tricks`` on a fresh solver: for a one-off solve (tests, tools); a bot keeps
    the worker's (``worker_solver``)."""
    return Solver(limit=1 << 16).tricks(lead_hand, follow_hand, trump)
