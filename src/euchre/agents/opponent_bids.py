"""How *this* opponent bids, learned as the match goes: the expert's model of his bidding,
uncertain at first and sharpened by every hand whose cards it has seen.

``BidModel`` fits the expert's own bidding. Players differ widely from it: measured on
3,000 deals, a cautious bidder's dealer needs about 3 strength points more than the expert's
to take the upcard, an aggressive one orders from first seat on about 4 points less. Taking
the fitted curve as certain, the expert read a cautious player's pass as proof of a weak
hand, and did worse against him than the first release did.

``LearnedBids`` is the fitted curve shifted by an unknown amount for each bidding turn: a
prior over the shift (normal, ``PRIOR_SD`` strength points; the expert's own bidding at its
centre) that each observed turn updates by Bayes' rule. His chance to bid is the curve
averaged over the posterior, so before any hand it is the fitted curve made less certain,
and after a few hands it is his own. Observations come from finished hands
(``observations``): every card he played is seen, so his hand as dealt, and with it each of
his bids, is a measured point. The model is a pure function of the hands seen, so a match
rebuilt from its record (a resumed match, a server restarted) rebuilds the same model.

>>> from euchre import Rules
>>> base = BidModel.for_rules(Rules())
>>> learned = LearnedBids(base)
>>> learned.likely("dealer1", 5.0) < base.likely("dealer1", 5.0)   # less sure at first
True
>>> for _ in range(12):   # he passes as dealer, over and over, with a good hand
...     learned.observe("dealer1", 6.0, made=False)
>>> learned.center("dealer1") > base.center("dealer1") + 1.5
True
"""

from __future__ import annotations

import math
from typing import Any

from ..cards import SUITS, parse_card
from ..rules import Rules
from .bid_model import TURNS, BidModel, bid_strength, his_turns
from .heuristic import strength

PRIOR_SD = 2.0
"""The prior's spread of an opponent's threshold around the expert's own, in strength
points (about what a bower adds to a hand). Set once, before any measurement, and never
tuned: a wider prior is slower to trust the fitted curve, a narrower one slower to learn."""
SHIFTS = tuple(k * 0.25 for k in range(-40, 41))
"""The shifts weighed: 10 strength points either way, in quarter points."""
STEP = 0.05
TOP = 20.0
"""``likely`` is read from a table over strength 0 to ``TOP`` in steps of ``STEP``
(strength counts lie between 0 and 16), rebuilt for a turn when it learns."""


class LearnedBids:
    """``BidModel``'s interface (``likely``, ``center``), for one opponent, learning
    (``observe``); see the module docstring."""

    def __init__(self, base: BidModel, prior_sd: float = PRIOR_SD) -> None:
        self.base = base
        prior = [math.exp(-0.5 * (shift / prior_sd) ** 2) for shift in SHIFTS]
        total = sum(prior)
        self._posterior = {turn: [p / total for p in prior] for turn in TURNS}
        self._tables: dict[str, list[float]] = {}
        self.seen = dict.fromkeys(TURNS, 0)
        """Observed bidding turns, by turn."""

    def observe(self, turn: str, score: float, made: bool) -> None:
        """One bidding turn of his seen: his hand's strength for it, and whether he bid."""
        posterior = self._posterior[turn]
        chances = [self.base.likely(turn, score - shift) for shift in SHIFTS]
        updated = [p * (c if made else 1.0 - c) for p, c in zip(posterior, chances, strict=True)]
        total = sum(updated)
        if total <= 1e-300:  # no shift weighed explains it: a slip, not a habit
            return
        self._posterior[turn] = [u / total for u in updated]
        self._tables.pop(turn, None)
        self.seen[turn] += 1

    def likely(self, turn: str, score: float) -> float:
        """The chance that he bids at ``turn`` with a hand of this strength."""
        table = self._tables.get(turn) or self._table(turn)
        x = min(max(score, 0.0), TOP) / STEP
        i = min(int(x), len(table) - 2)
        return table[i] + (x - i) * (table[i + 1] - table[i])

    def center(self, turn: str) -> float:
        """The strength from which he is more likely to bid than not."""
        table = self._tables.get(turn) or self._table(turn)
        for i, chance in enumerate(table):
            if chance >= 0.5:
                below = table[i - 1] if i else 0.0
                return STEP * (i - (chance - 0.5) / (chance - below) if chance > below else i)
        return TOP

    def shift(self, turn: str) -> float:
        """The posterior mean of his threshold's shift from the expert's, in strength."""
        return sum(p * s for p, s in zip(self._posterior[turn], SHIFTS, strict=True))

    def _table(self, turn: str) -> list[float]:
        posterior = self._posterior[turn]
        weighed = [(p, shift) for p, shift in zip(posterior, SHIFTS, strict=True) if p > 1e-9]
        table = [sum(p * self.base.likely(turn, i * STEP - shift) for p, shift in weighed)
                 for i in range(round(TOP / STEP) + 1)]
        self._tables[turn] = table
        return table


def observations(last_hand: dict[str, Any] | None, me: int, rules: Rules
                 ) -> list[tuple[str, float, bool]]:
    """The opponent's bidding turns in a finished hand, as ``me`` saw it (a View's
    ``last_hand``): ``(turn, his strength for it, whether he bid)``. Nothing when his hand
    was not all seen (thrown in, resigned) or the Joker was turned up (no bidding).

    The dealer who took the upcard is judged by the five he kept, as ``bid_strength``
    judges him by the best five of his six."""
    if (not last_hand or last_hand.get("thrown_in") or last_hand.get("upcard") in (None, "JK")
            or len(last_hand.get("tricks") or ()) < 5):
        return []
    other = 1 - me
    played = [parse_card(card) for trick in last_hand["tricks"]
              for player, card in zip((trick["leader"], 1 - trick["leader"]), trick["cards"],
                                      strict=True) if player == other]
    dealer, up = last_hand["dealer"], parse_card(last_hand["upcard"])
    turned = up >> 3
    kept_upcard = other == dealer and last_hand.get("upcard_taken")
    suits = [s for s in range(len(SUITS)) if s != turned or rules.may_call_turned_suit]
    seen = []
    for turn, round_one, token in his_turns(last_hand["bids"], other, dealer):
        if kept_upcard:  # only his round-1 order can precede his pick-up
            score = strength(played, turned)
        else:
            score = bid_strength(played, up, other == dealer, round_one, suits)
        seen.append((turn, score, token != "pass"))
    return seen
