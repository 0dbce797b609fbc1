"""Double-dummy values corrected by what real play realises, for the expert's bidding.

The expert values a bid, a pick-up or a discard by solving each sampled deal double-dummy:
as if both players saw every card. At the table neither does, and a hand's points fall off a
cliff (three tricks make a point, two are euchred for two), so a contract that makes on
exactly three tricks double-dummy is often set in play, and one that marches double-dummy
often stops at four. ``Calibration`` holds, for each deck, the measured chance that a maker
whom the solver gives ``j`` tricks really takes ``k`` (whether he or the defender leads
first), counted in the expert's own self-play by ``scripts/build_dd_calibration.py`` into
``data/dd_calibration.json``. The bidding then values each deal's outcome as the expected
utility over ``k`` instead of the utility of ``j``.

>>> from euchre import Rules
>>> table = Calibration.for_rules(Rules())
>>> round(sum(table.chances(True, 3)), 6)
1.0
>>> table.chances(True, 3)[3] < 1.0   # three double-dummy tricks are not always three
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources

from ..engine.games.euchre import state
from ..rules import Rules
from .solver import Solver

PRIOR = 2.0
"""Counts added on the diagonal of every row (the solver is right), so a row the self-play
rarely reached stays close to the solver's value instead of following a handful of hands."""

Utility = Callable[[int, int, int], float]


class Calibration:
    """``chances(maker_leads, j)[k]``: P(the maker takes k tricks | the solver says j)."""

    def __init__(self, counts: list[list[list[int]]]) -> None:
        self._rows = [[_row(counts[leads][j], j) for j in range(6)] for leads in (0, 1)]

    @classmethod
    @cache
    def for_rules(cls, rules: Rules) -> Calibration:
        return cls(_counts()[str(rules.deck)])

    def chances(self, maker_leads: bool, dd_tricks: int) -> tuple[float, ...]:
        return self._rows[maker_leads][dd_tricks]

    def utility(self, utility: Utility, dealer: int) -> Utility:
        """``utility`` (maker, maker tricks, me) -> value, taking the double-dummy maker
        tricks and returning the expected value over the tricks real play would take."""
        memo: dict[tuple[int, int, int], float] = {}
        rows = self._rows

        def expected(maker: int, dd_tricks: int, me: int) -> float:
            key = (maker, dd_tricks, me)
            value = memo.get(key)
            if value is None:
                row = rows[maker != dealer][dd_tricks]
                value = memo[key] = sum(p * utility(maker, k, me)
                                        for k, p in enumerate(row) if p)
            return value
        return expected


def first_lead_tricks(s: list, solver: Solver) -> tuple[bool, int]:
    """A deal at its first lead (state ``s``, the bidding done): whether the maker leads
    first, and the tricks the solver gives him. The calibration's rows are keyed by both, so
    the script that counts them and the benchmarks that check them read a deal alike."""
    dealer, trump, maker = s[state.DEALER], s[state.TRUMP], s[state.MAKER]
    leader = solver.tricks(s[state.HAND0 + 1 - dealer], s[state.HAND0 + dealer], trump)
    return maker != dealer, leader if maker != dealer else 5 - leader


def _row(counts: list[int], j: int) -> tuple[float, ...]:
    weights = [c + (PRIOR if k == j else 0.0) for k, c in enumerate(counts)]
    total = sum(weights)
    return tuple(w / total for w in weights)


@cache
def _counts() -> dict[str, list[list[list[int]]]]:
    text = resources.files("euchre.agents").joinpath("data/dd_calibration.json").read_text()
    return json.loads(text)["counts"]
