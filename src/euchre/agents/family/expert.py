"""The ``expert`` at a table of three or four: ``hard``'s search over deals drawn in
proportion to what the bidding said.

``FamilySearch`` draws deals uniformly among those the cards seen allow; the expert draws
``CANDIDATES`` times as many and keeps ``deals`` of them, each chosen with chance in
proportion to ``inference.likelihood`` (every other player's bids, the partner's included,
and the dealer's discard): the solver's time goes to the deals the table's bidding makes
likely. Going alone, defending alone and ordering up a partner who deals are valued on those
deals like every other choice (``search``). Its bids lean on values learned offline
(``bid_values``): each bid's gain over passing, as its deals estimate it, is moved towards
what a model fitted on tens of thousands of true deals says it is.

>>> from euchre import Game, Rules
>>> g = Game(Rules(players=4, defend_alone=True), seed=8)
>>> bot = FamilyExpert(seed=2, deals=4)
>>> bot.act(g.view(g.to_move)) in g.legal_actions()
True
"""

from __future__ import annotations

from bisect import bisect
from typing import Any

from ...engine.games.euchre.resample_family import resample_family_state
from ...view import View
from .bid_values import BidValues
from .inference import likelihood
from .search import CONVENTION_PRIOR, FamilySearch

CANDIDATES = 4
"""Deals drawn for each one kept: more follow the bidding more closely, and cost more."""


class FamilyExpert(FamilySearch):
    """``FamilySearch`` with inference from the bidding (see the module docstring)."""

    def __init__(self, seed: int | None = None, deals: int = 48,
                 bid_deals: int | None = 32, convention_prior: float = CONVENTION_PRIOR,
                 learned_bids: bool = True, blend: float | None = None,
                 **options: Any) -> None:
        super().__init__(seed=seed, deals=deals, bid_deals=bid_deals,
                         convention_prior=convention_prior, **options)
        if type(learned_bids) is not bool:
            raise ValueError(f"learned_bids must be true or false, not {learned_bids!r}")
        if blend is not None and (type(blend) not in (int, float) or not 0 <= blend <= 1):
            raise ValueError(f"blend must be a number from 0 to 1, not {blend!r}")
        self.learned_bids = learned_bids
        self.blend = blend
        """The learned values' weight against the search's (``None``: the file's)."""

    def learned_prior(self, view: View, totals: list[float]) -> list[float]:
        """Each bid's gain over passing as its deals estimate it, moved towards the learned
        model's (``bid_values``) by the model's ``blend`` weight: a few dozen deals are noisy,
        the model averages tens of thousands (bench/README.md, issue 52). Only where the
        model answers (four-handed, its rules, passing legal) and ``learned_bids`` holds."""
        if not self.learned_bids:
            return totals
        model = BidValues.load()
        if not model.answers(view):
            return totals
        gains = model.gains(view)
        base = totals[view.legal.index("pass")]
        b = model.blend if self.blend is None else self.blend
        return [(1 - b) * v + b * (base + gains[t]) if t in gains else v
                for t, v in zip(view.legal, totals, strict=True)]

    def worlds(self, view: View, deals: int) -> list[tuple[list, float]]:
        """``deals`` deals drawn by their likelihood among ``CANDIDATES * deals`` uniform
        ones (uniform ones if the others have not bid, or the model finds all unlikely)."""
        if not any(seat != view.player for seat, _ in view.bids):
            return super().worlds(view, deals)
        rng = self._rng
        pool = [resample_family_state(view, rng) for _ in range(CANDIDATES * deals)]
        cumulative, total = [], 0.0
        for s in pool:
            total += likelihood(s, view)
            cumulative.append(total)
        if total <= 0.0:
            return [(s, 1.0 / deals) for s in pool[:deals]]
        step = total / deals
        start = rng.random() * step  # systematic resampling: low variance, in proportion
        return [(pool[min(bisect(cumulative, start + i * step), len(pool) - 1)], 1.0 / deals)
                for i in range(deals)]
