"""The ``expert`` at a table of three or four: ``hard``'s search over deals drawn in
proportion to what the bidding said.

``FamilySearch`` draws deals uniformly among those the cards seen allow; the expert draws
``CANDIDATES`` times as many and keeps ``deals`` of them, each chosen with chance in
proportion to ``inference.likelihood`` (every other player's bids, the partner's included,
and the dealer's discard): the solver's time goes to the deals the table's bidding makes
likely. Going alone, defending alone and ordering up a partner who deals are valued on those
deals like every other choice (``search``).

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
from .inference import likelihood
from .search import CONVENTION_PRIOR, FamilySearch

CANDIDATES = 4
"""Deals drawn for each one kept: more follow the bidding more closely, and cost more."""


class FamilyExpert(FamilySearch):
    """``FamilySearch`` with inference from the bidding (see the module docstring)."""

    def __init__(self, seed: int | None = None, deals: int = 48,
                 bid_deals: int | None = 32, convention_prior: float = CONVENTION_PRIOR,
                 **options: Any) -> None:
        super().__init__(seed=seed, deals=deals, bid_deals=bid_deals,
                         convention_prior=convention_prior, **options)

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
