"""How a strong player bids, as a chance from his hand's strength: the expert's model of
its opponent, for inference from the bidding and for his bids in the expert's bidding tree.

The first release modelled the opponent with the ``heuristic``'s own threshold (6.2 on its
strength count, a soft spread of 0.9), which is one particular bidder's habit. ``BidModel``
instead holds, for each deck and each bidding turn (the non-dealer or the dealer, round 1
or 2), the centre and spread of a logistic curve fitted by maximum likelihood to the
expert's *own* bids in self-play (``scripts/build_bid_model.py`` writes
``data/bid_model.json``): the opponent is assumed to bid as well as the expert does, and no
opponent it is measured against is ever used to fit it.

A dealer deciding whether to take the upcard weighs what else he holds: with a strong
other suit, passing (and defending, or naming it in round 2) pays, so the same count for
the upcard's suit is taken less often. One number for the turned suit misses that, and the
non-dealer who read the dealer's pass by it believed the other suits weaker in his hand
than they were (``bench/studies/bid_counterfactual.py``: naming a suit of the other colour in
round 2 valued 0.32 points too high). So the dealer's round-1 count is *pulled* by his best
other suit (``Pull``): less ``weight`` times its count's excess over ``reference``, fitted
with the curve (the log-likelihood of the expert's own choices rises from -574 to -388 in
2,973 of them, tenth session; ``scripts/build_bid_model.py`` prints it for each deck).

>>> from euchre import Rules
>>> model = BidModel.for_rules(Rules())
>>> model.likely("first1", 14.0) > 0.99 and model.likely("first1", 0.0) < 0.01
True
>>> BidModel.heuristic().center("dealer2")   # the first release's model
6.2
>>> model.pull.weight > 0.0, BidModel.heuristic().pull.weight   # the fitted dealer's pull
(True, 0.0)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..rules import Rules
from .hand_strength import ORDER_AT, strength, strength_with_upcard

TURNS = ("first1", "dealer1", "first2", "dealer2")
"""The bidding turns: the non-dealer's and the dealer's, in round 1 and round 2."""
PULLED = "dealer1"
"""The one turn whose count the ``Pull`` of a best other suit moves: the dealer's round 1."""
HEURISTIC_SPREAD = 0.9


@dataclass(frozen=True)
class Pull:
    """How much a dealer's best suit other than the upcard's holds him back from taking
    the upcard: ``weight`` strength points of his round-1 count per point its count is over
    ``reference`` (under it, he is keener)."""

    weight: float = 0.0
    reference: float = 0.0

    def of(self, hand: list[int], turned: int) -> float:
        """The pull on a hand when ``turned`` is the upcard's suit."""
        return self.by(best_other(hand, turned)) if self.weight else 0.0

    def by(self, other: float) -> float:
        """The pull of a best other suit of count ``other``."""
        return self.weight * (other - self.reference)

    def at(self, turn: str, other: float) -> float:
        """The pull on a recorded decision: ``by(other)`` at the ``PULLED`` turn, else none.

        >>> Pull(0.5, 6.0).at("dealer1", 8.0), Pull(0.5, 6.0).at("first1", 8.0)
        (1.0, 0.0)
        """
        return self.by(other) if turn == PULLED else 0.0


def best_other(hand: list[int], turned: int) -> float:
    """The count of a hand's best suit other than ``turned``."""
    return max(strength(hand, suit) for suit in range(4) if suit != turned)


class BidModel:
    """``likely(turn, strength)``: the chance that a player with this hand strength makes
    trump at this turn; ``center(turn)``: the strength from which he is more likely to;
    ``strength(...)``: a hand's strength for a turn, the count ``likely`` is read with."""

    def __init__(self, curves: dict[str, tuple[float, float]], pull: Pull = Pull()) -> None:
        self._curves = {turn: (float(curves[turn][0]), float(curves[turn][1]))
                        for turn in TURNS}
        self.pull = pull

    @classmethod
    @cache
    def for_rules(cls, rules: Rules) -> BidModel:
        deck = str(rules.deck)
        return cls(_fitted()["curves"][deck], Pull(*_fitted().get("pull", {}).get(deck, ())))

    def strength(self, hand: list[int], upcard: int, is_dealer: bool, round_one: bool,
                 suits: Sequence[int]) -> float:
        """``bid_strength`` with this model's pull."""
        return bid_strength(hand, upcard, is_dealer, round_one, suits, self.pull)

    @classmethod
    @cache
    def heuristic(cls) -> BidModel:
        return cls({turn: (ORDER_AT, HEURISTIC_SPREAD) for turn in TURNS})

    def center(self, turn: str) -> float:
        return self._curves[turn][0]

    def likely(self, turn: str, score: float) -> float:
        center, spread = self._curves[turn]
        x = (score - center) / spread
        return 1.0 / (1.0 + 2.718281828 ** -x) if x > -30 else 0.0


def bid_strength(hand: list[int], upcard: int, is_dealer: bool, round_one: bool,
                 suits: Sequence[int], pull: Pull = Pull()) -> float:
    """The hand-strength count a bidding turn is judged by: in round 1 for the upcard's
    suit (the dealer counting the upcard he would take, less the ``pull`` of his best other
    suit), in round 2 the best of ``suits``, those he may name. The one measure the model is
    fitted on and read with."""
    turned = upcard >> 3
    if not round_one:
        return max(strength(hand, suit) for suit in suits)
    if not is_dealer:
        return strength(hand, turned)
    return strength_with_upcard(hand, upcard, turned) - pull.of(hand, turned)


def turn_of(player: int, dealer: int, round_one: bool) -> str:
    """The bidding turn's name (see ``TURNS``)."""
    return ("dealer" if player == dealer else "first") + ("1" if round_one else "2")


def his_turns(bids: Iterable[Sequence], player: int, dealer: int
              ) -> Iterator[tuple[str, bool, str]]:
    """``player``'s turns in a hand's bidding (``(player, token)`` pairs in order):
    ``(turn, round one?, token)`` for each. Round 2 starts after two passes.

    >>> list(his_turns([(1, "pass"), (0, "pass"), (1, "call H")], player=1, dealer=0))
    [('first1', True, 'pass'), ('first2', False, 'call H')]
    """
    passes = 0
    for who, token in bids:
        if who == player:
            yield turn_of(player, dealer, passes < 2), passes < 2, token
        if token == "pass":
            passes += 1


@cache
def _fitted() -> dict[str, dict]:
    text = resources.files("euchre.agents").joinpath("data/bid_model.json").read_text()
    return json.loads(text)
