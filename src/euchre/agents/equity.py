"""Match equity: the chance of winning the match from a score, for score-aware decisions.

Far from the target a point is a point; near it, what matters is whether the match is won.
``MatchEquity`` computes, for every score and dealer, the probability that player 0 wins the
match, by dynamic programming over a model of one hand's outcome (the measured frequencies
below, from expert self-play: ``python bench/studies/hand_outcomes.py`` re-measures them).
The expert then values a hand's outcome by the equity it leads to, in points-equivalent
units.

>>> from euchre import Rules
>>> eq = MatchEquity.for_rules(Rules(target=10))
>>> eq.win(0, 0, dealer=0) > eq.win(0, 0, dealer=1)  # dealing first is an edge
True
>>> eq.win(9, 0, dealer=0) > 0.95
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..rules import Rules
from ..scoring import hand_points

# One hand from the dealer's side: (dealer's points, non-dealer's points) -> probability.
DEALER_HAND = {
    (1, 0): 0.388, (2, 0): 0.277, (0, 1): 0.189, (0, 2): 0.143,
    (0, 0): 0.003,  # thrown in (the deal passes)
}
"""Measured by ``python bench/studies/hand_outcomes.py --hands 1500 --workers 1`` (expert
self-play, 24-card deck): the dealer's upcard and last word in the bidding are worth about half a
point a hand."""
MAX_TARGET = 60
"""Above this target the last hands are too far away to change a decision: points rule."""
NEAR = 4
"""Equity is used once a player is this close to the target (two marches)."""


class MatchEquity:
    """Win probabilities for a target; see the module docstring."""

    def __init__(self, target: int) -> None:
        self.target = target
        self._table = _solve(target)
        base = self.win(0, 0, 0)
        self._per_point = (self.win(2, 0, 0) - base) / 2 or 1.0
        self._base = base

    @classmethod
    @cache
    def for_rules(cls, rules: Rules) -> MatchEquity:
        return cls(min(rules.target, MAX_TARGET))

    def win(self, mine: int, theirs: int, dealer: int) -> float:
        """P(player 0 wins) with player 0 on ``mine`` points, player 1 on ``theirs``, and
        ``dealer`` about to deal."""
        if mine >= self.target:
            return 1.0
        if theirs >= self.target:
            return 0.0
        return self._table[mine][theirs][dealer]

    def matters(self, score: tuple[int, ...]) -> bool:
        """Whether the score is near enough the target that equity differs from points."""
        return self.target < MAX_TARGET and max(score) >= self.target - NEAR

    def utility(self, score: tuple[int, ...], dealer: int) -> Callable[[int, int, int], float]:
        """``utility(maker, maker_tricks, me)``: the equity gain of a hand's outcome for
        ``me``, scaled so that one point at the start of a match is worth about 1."""
        def value(maker: int, maker_tricks: int, me: int) -> float:
            scorer, points = hand_points(maker, maker_tricks)
            after = [score[0], score[1]]
            after[scorer] += points
            if me == 0:
                gain = self.win(after[0], after[1], 1 - dealer) - self.win(score[0], score[1],
                                                                          dealer)
            else:
                gain = self.win(after[1], after[0], 1 - dealer) - self.win(score[1], score[0],
                                                                          dealer)
            return gain / self._per_point

        return value


def _solve(target: int) -> list[list[list[float]]]:
    """P(player 0 wins) for every score below the target and each dealer."""
    table = [[[0.0, 0.0] for _ in range(target)] for _ in range(target)]

    def at(a: int, b: int, d: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return table[a][b][d]

    for total in range(2 * target - 2, -1, -1):
        for a in range(min(total, target - 1), -1, -1):
            b = total - a
            if b >= target or b < 0:
                continue
            # the two dealers' values depend on each other only through a thrown-in hand
            x = [0.5, 0.5]
            for _ in range(60):
                for d in (0, 1):
                    value = 0.0
                    for (dealer_pts, other_pts), p in DEALER_HAND.items():
                        gain = [0, 0]
                        gain[d] += dealer_pts
                        gain[1 - d] += other_pts
                        if gain == [0, 0]:
                            value += p * x[1 - d]
                        else:
                            value += p * at(a + gain[0], b + gain[1], 1 - d)
                    x[d] = value
            table[a][b] = x
    return table
