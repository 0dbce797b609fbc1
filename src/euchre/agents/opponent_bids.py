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
from collections.abc import Sequence
from typing import Any

from ..cards import parse_card
from ..rules import Rules
from .bid_model import TURNS, BidModel, his_turns
from .hand_strength import strength

PRIOR_SD = 2.0
"""The prior's spread of an opponent's threshold around the expert's own, in strength
points (about what a bower adds to a hand). Set once, before any measurement, and never
tuned: a wider prior is slower to trust the fitted curve, a narrower one slower to learn."""
COMMON_SHARE = 0.5
"""The share of that spread's variance common to all four turns: a player's caution (or
daring) shows at every turn, so his passes as dealer say something of his bids from first
seat too. The rest is each turn's own."""
SHIFTS = tuple(k * 0.25 for k in range(-40, 41))
"""The shifts weighed: 10 strength points either way, in quarter points."""
STEP = 0.05
TOP = 20.0
"""``likely`` is read from a table over strength 0 to ``TOP`` in steps of ``STEP``
(strength counts lie between 0 and 16), rebuilt for a turn when it learns."""
_MID = len(SHIFTS) // 2
_REACH = SHIFTS[-1]


def _normal(sd: float) -> list[float]:
    """A normal prior over ``SHIFTS`` (all on 0 when ``sd`` is 0), summing to 1."""
    weights = [math.exp(-0.5 * (x / sd) ** 2) if sd > 0 else float(x == 0) for x in SHIFTS]
    total = sum(weights)
    return [w / total for w in weights]


class _Habit:
    """One way of bidding (a ``BidModel``) with the unknown shift of each turn's threshold:
    what the hands seen say of the shift, and how well this habit explains them."""

    def __init__(self, base: BidModel) -> None:
        self.base = base
        self.loglik = {turn: [0.0] * len(SHIFTS) for turn in TURNS}
        """Per turn, the log-likelihood of his turns seen, for each total shift."""
        self.curves: dict[str, list[float]] = {}

    def observe(self, turn: str, score: float, made: bool) -> bool:
        chances = [self.base.likely(turn, score - shift) for shift in SHIFTS]
        chances = [c if made else 1.0 - c for c in chances]
        if max(chances) <= 1e-12:
            return False
        self.loglik[turn] = [total + math.log(max(c, 1e-300))
                             for total, c in zip(self.loglik[turn], chances, strict=True)]
        return True

    def infer(self, common_prior: list[float], own: list[float]
              ) -> tuple[float, dict[str, list[float]]]:
        """The log-evidence of the hands seen under this habit, and each turn's posterior
        over ``SHIFTS`` (the common part weighs every turn's evidence)."""
        n = len(SHIFTS)
        likes, log_evidence = {}, 0.0
        for turn, loglik in self.loglik.items():
            top = max(loglik)
            log_evidence += top
            likes[turn] = [math.exp(x - top) for x in loglik]
        # each turn's evidence for each common part, its own part summed out
        marginal = {turn: [sum(own[j] * like[i + j - _MID] for j in range(n)
                               if 0 <= i + j - _MID < n) for i in range(n)]
                    for turn, like in likes.items()}
        common = [common_prior[i] * math.prod(m[i] for m in marginal.values())
                  for i in range(n)]
        total = sum(common)
        log_evidence += math.log(total) if total > 0.0 else -math.inf
        common = [c / total for c in common] if total > 0.0 else common_prior
        posterior = {}
        for turn, like in likes.items():
            m = marginal[turn]
            shares = [sum(common[i] * own[k - i + _MID] / m[i] for i in range(n)
                          if 0 <= k - i + _MID < n and m[i] > 0.0) * like[k] for k in range(n)]
            total = sum(shares)
            posterior[turn] = [x / total for x in shares] if total > 0.0 else own
        return log_evidence, posterior

    def curve(self, turn: str) -> list[float]:
        """The base curve over every strength a shift can reach, in steps of ``STEP``."""
        found = self.curves.get(turn)
        if found is None:
            found = self.curves[turn] = [self.base.likely(turn, g * STEP - _REACH)
                                         for g in range(round((TOP + 2 * _REACH) / STEP) + 1)]
        return found


class LearnedBids:
    """``BidModel``'s interface (``likely``, ``center``), for one opponent, learning
    (``observe``); see the module docstring.

    His threshold at a turn is the fitted curve's (``base``) shifted by a common part and
    the turn's own part, both normal a priori (``PRIOR_SD``, ``COMMON_SHARE``); the
    posterior over the common part weighs all turns' evidence."""

    def __init__(self, base: BidModel, prior_sd: float = PRIOR_SD,
                 common_share: float = COMMON_SHARE) -> None:
        self.base = base
        """The fitted curve, the one ``shift`` is measured from."""
        self._habit = _Habit(base)
        self._common = _normal(prior_sd * math.sqrt(common_share))
        self._own = _normal(prior_sd * math.sqrt(1.0 - common_share))
        self._posterior: dict[str, list[float]] = {}
        self._tables: dict[str, list[float]] = {}
        self.seen = dict.fromkeys(TURNS, 0)
        """Observed bidding turns, by turn."""

    def observe(self, turn: str, score: float, made: bool) -> None:
        """One bidding turn of his seen: his hand's strength for it, and whether he bid."""
        if not self._habit.observe(turn, score, made):  # no shift explains it: a slip
            return
        self._posterior.clear()
        self._tables.clear()
        self.seen[turn] += 1

    def _inferred(self) -> dict[str, list[float]]:
        if not self._posterior:
            _, self._posterior = self._habit.infer(self._common, self._own)
        return self._posterior

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

    def strength(self, hand: list[int], upcard: int, is_dealer: bool, round_one: bool,
                 suits: Sequence[int]) -> float:
        """A hand's strength for a turn, as the fitted curve counts it (``BidModel``)."""
        return self.base.strength(hand, upcard, is_dealer, round_one, suits)

    def shift(self, turn: str) -> float:
        """How far his threshold at ``turn`` sits from the fitted curve's, in strength."""
        return self.center(turn) - self.base.center(turn)

    def _table(self, turn: str) -> list[float]:
        per_shift = round(SHIFTS[1] / STEP - SHIFTS[0] / STEP)
        origin = round(_REACH / STEP)
        table = [0.0] * (round(TOP / STEP) + 1)
        curve = self._habit.curve(turn)
        weighed = [(p, origin - per_shift * (k - _MID))
                   for k, p in enumerate(self._inferred()[turn]) if p > 1e-9]
        for i in range(len(table)):
            table[i] += sum(p * curve[i + offset] for p, offset in weighed)
        self._tables[turn] = table
        return table


def observations(last_hand: dict[str, Any] | None, me: int, rules: Rules
                 ) -> list[tuple[str, float, bool]]:
    """The opponent's bidding turns in a finished hand, as ``me`` saw it (a View's
    ``last_hand``): ``(turn, his strength for it, whether he bid)``. Nothing when his hand
    was not all seen (thrown in, resigned) or the Joker was turned up (no bidding).

    The dealer who took the upcard is judged by the five he kept, as ``bid_strength``
    judges him by the best five of his six (and his other suits by them: the card he
    threw is not seen)."""
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
    suits = rules.suits_to_name(turned)
    model = BidModel.for_rules(rules)
    seen = []
    for turn, round_one, token in his_turns(last_hand["bids"], other, dealer):
        if kept_upcard:  # only his round-1 order can precede his pick-up
            score = strength(played, turned) - model.pull.of(played, turned)
        else:
            score = model.strength(played, up, other == dealer, round_one, suits)
        seen.append((turn, score, token != "pass"))
    return seen
