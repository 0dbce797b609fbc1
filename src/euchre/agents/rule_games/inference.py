"""The ``expert`` of Railroad, Hasenpfeffer and Napoleon: ``hard``'s search over deals drawn
in proportion to what every bid said.

The search draws ``CANDIDATES`` times as many deals as it keeps (each already consistent
with every card played and every void shown) and keeps ``deals`` of them, each with chance
in proportion to ``likelihood``: how well each other player's bids fit the hand he holds in
that deal, read by the counts the rules of thumb bid by (``bidding.tricks``): a player who
ordered up holds trump, one who passed holds less than a bid, a Hasenpfeffer bid of four
means about four tricks with his partner's help, a nap five sure tricks. Each bid is a soft
factor (a logistic in the count), so a deal is made less likely, never impossible.

>>> from euchre import Game, Rules
>>> g = Game(Rules(game="railroad"), seed=8)
>>> g.apply("pass")
>>> bot = RuleGamesExpert(seed=2, deals=4, bid_deals=4)
>>> bot.act(g.view(g.to_move)) in g.legal_actions()
True
"""

from __future__ import annotations

import math
from bisect import bisect

from ...engine.cards import SUITS, parse_card
from ...engine.games import MODULES
from ...engine.match import TableGame
from ...engine.resample import resample
from ...engine.view import TableView
from .bidding import ALONE_AT, DEFEND_ALONE_AT, MAKE_AT, NAPOLEON_NEEDS, PARTNER_HELP, tricks
from .reading import trump_of
from .search import RuleGamesSearch

CANDIDATES = 3
"""Deals drawn for each one kept."""
SHARPNESS = 2.5
"""How sharply a bid's factor falls as the count leaves what the bid says (per trick)."""
FLOOR = 0.05
"""The least factor of a bid: a hand nobody would bid so with is still possible."""


def _fits(margin: float) -> float:
    """A bid's factor when the count exceeds what the bid needs by ``margin`` tricks."""
    return max(FLOOR, 1.0 / (1.0 + math.exp(-SHARPNESS * margin)))


class RuleGamesExpert(RuleGamesSearch):
    """``RuleGamesSearch`` with inference from the bidding (see the module docstring), and
    twice ``hard``'s deals: its time is worth the better estimate."""

    def __init__(self, seed: int | None = None, deals: int = 32, bid_deals: int = 12) -> None:
        super().__init__(seed=seed, deals=deals, bid_deals=bid_deals)

    def worlds(self, view: TableView, deals: int) -> list[tuple[TableGame, float]]:
        if not any(seat != view.player and not tok.startswith(("discard", "give"))
                   for seat, tok in view.bids):
            return super().worlds(view, deals)
        rng = self._rng
        pool = [resample(view, rng) for _ in range(CANDIDATES * deals)]
        cumulative, total = [], 0.0
        for world in pool:
            total += likelihood(world, view)
            cumulative.append(total)
        step = total / deals
        start = rng.random() * step  # systematic resampling: low variance, in proportion
        return [(pool[min(bisect(cumulative, start + i * step), len(pool) - 1)], 1.0 / deals)
                for i in range(deals)]


def likelihood(world: TableGame, view: TableView) -> float:
    """How well the others' bids this hand fit their hands in ``world`` (a product of
    factors, one per bid)."""
    played: dict[int, list[int]] = {}
    for trick in view.tricks:
        for seat, card in zip(trick["seats"], trick["cards"], strict=True):
            played.setdefault(seat, []).append(parse_card(card))
    order = MODULES[view.game].order
    players = view.rules.players
    weight, high = 1.0, 0
    for seat, token in view.bids:
        if token.startswith(("discard", "give")):
            continue
        if seat == view.player:
            high = _high_after(view, token, high)
            continue
        hand = [parse_card(c) for c in world.hand(seat)] + played.get(seat, [])
        counts = [tricks(hand, s, order, players) for s in range(4)]
        weight *= _factor(view, seat, token, counts, high)
        high = _high_after(view, token, high)
    return weight


def _high_after(view: TableView, token: str, high: int) -> int:
    if view.game == "hasenpfeffer" and token.startswith("bid "):
        return int(token.split()[1])
    return high


def _factor(view: TableView, seat: int, token: str, counts: list[float], high: int) -> float:
    game = view.game
    if game == "railroad":
        turned = parse_card(view.details["upcard"]) // 13 if view.details.get("upcard") else 0
        if token == "pass" and view.details.get("turned", -1) < 0:
            return _fits(MAKE_AT - PARTNER_HELP - counts[turned])
        if token == "pass":
            return _fits(MAKE_AT - PARTNER_HELP - max(counts))
        if token == "order":
            return _fits(counts[turned] + PARTNER_HELP - MAKE_AT)
        if token == "order alone":
            return _fits(counts[turned] - ALONE_AT)
        if token.startswith("call "):
            suit = SUITS.index(token[5])
            need = ALONE_AT if token.endswith("alone") else MAKE_AT - PARTNER_HELP
            return _fits(counts[suit] - need)
        if token == "defend alone" and view.trump is not None:
            return _fits(counts[trump_of(view)] - DEFEND_ALONE_AT)
        return 1.0
    if game == "hasenpfeffer":
        best = max(counts) + PARTNER_HELP
        if token == "pass":
            return _fits(high + 1 - best)
        if token.startswith("bid "):
            n = int(token.split()[1])
            return _fits(best + 0.5 - n) * _fits(n + 1.5 - best)
        return _fits(counts[SUITS.index(token[5])] - max(counts) + 0.3)
    needs = dict(NAPOLEON_NEEDS)
    best = max(counts)
    if token == "pass":
        return _fits(2.0 - best)
    if token == "bid misere":
        return _fits(2.0 - best)
    return _fits(best + 0.5 - needs.get(token, 2.0))
