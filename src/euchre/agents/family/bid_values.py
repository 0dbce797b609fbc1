"""Learned bid values at a table of four: what each bid is worth over passing, fitted offline
to the outcomes of many more deals than a decision can draw.

A bid's value in ``search`` is the mean over a few dozen drawn deals of the hand's points
with that bid made, the rest of the bidding by the rules of thumb and the play solved open-
handed (``search.settle``): noisy, and the open-handed play flatters a bid whose tricks
depend on knowing where the cards are. ``scripts/build_family_bid_values.py`` values every
bid of tens of thousands of positions on their *true* deals (the hidden hands as dealt, so
the others' passes say what they truly say), the hand then bid and played out by the rules
of thumb, no one seeing another's cards, and fits, for each kind of bid (order, order
alone, call, call alone) and each turn (seat after the dealer), a model of the gain over
passing linear in features of the hand for that trump and their pairwise products
(``features``, ``crossed``: suit-normalised, the bowers and trumps held, side aces and
kings, voids, the upcard's rank and who gets it, the score). The expert moves its search's
estimate of each bid's gain over passing towards the model's (``blend``); measured in play
in bench/README.md (issue 52).

The file ``data/family_bid_values.json`` holds the weights, the rules they were fitted
under (the model answers only for those: other decks and options are left to search), a
``version`` and how it was trained.

>>> from euchre import Game, Rules
>>> view = Game(Rules(players=4), seed=3).view(1)
>>> gains = BidValues.load().gains(view)
>>> sorted(gains) == ["order", "order alone"]
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ...cards import EFFECTIVE_SUIT, JACK, POWER, SUITS, same_colour, suit_of
from ...engine.games.euchre.resample_family import card_of
from ...view import View
from ..hand_strength import best_discard, strength
from ..view_facts import seat_of
from .rules_of_thumb import alone_pays

VERSION = 1
"""The file format this module reads (``version`` in the file)."""

FEATURES = ("bias", "right", "left", "ace", "king", "queen", "ten", "nine", "three trumps",
            "four trumps", "side aces", "side kings", "voids", "singletons", "count",
            "count squared", "up right", "up ace", "up king", "up queen", "up ten",
            "up nine", "next", "next without left", "mine need 1", "mine need 2",
            "mine need 4", "theirs need 1", "theirs need 2", "trumps", "side losers",
            "no side loser", "one side loser")
"""The features' names, in the order of each weight vector."""

CROSSED = ("right", "left", "ace", "king", "three trumps", "four trumps", "side aces",
           "side kings", "voids", "count", "up right", "up ace", "next", "mine need 2",
           "trumps", "side losers", "no side loser")
"""The features whose products (each pair, and each squared) the models weigh too: a side
ace is worth more beside three trumps, a lone bid wants the bowers *and* no loser. Chosen
over the plain features by the held-out error (bench/README.md, issue 52)."""

_PAIRS = tuple((FEATURES.index(a), FEATURES.index(b))
               for i, a in enumerate(CROSSED) for b in CROSSED[i:])
WEIGHTS = len(FEATURES) + len(_PAIRS)
"""The length of each model's weight vector: the features, then their products."""

KINDS = ("order", "order alone", "call", "call alone")
"""The kinds of bid a model is fitted for (its gain over passing)."""

_TRUMP_RANKS = {110: 1, 109: 2, 107: 3, 106: 4, 105: 5, 103: 6, 102: 7}
"""A trump's power (right, left, A K Q T 9) to its feature's index."""
_UP_RANKS = {110: 16, 107: 17, 106: 18, 105: 19, 103: 20, 102: 21}
"""The upcard's power as trump (the right bower, A K Q T 9) to its feature's index."""


def turn_of(seat: int, dealer: int) -> int:
    """0 for the dealer's left (first to bid), 1 the dealer's partner, 2 his right, 3 him."""
    return (seat - dealer - 1) % 4


def kind_of(token: str) -> str:
    """``order``, ``order alone``, ``call`` or ``call alone`` for a bid token (not pass)."""
    alone = token.endswith(" alone")
    return ("order" if token.startswith("order") else "call") + (" alone" if alone else "")


def features(hand: list[int], trump: int, up: int | None, turned: int | None,
             needs: tuple[int, int]) -> list[float]:
    """The features of five cards for ``trump`` (``FEATURES``): ``up``, the upcard a
    round-one order gives the dealer (None for the dealer, whose ``hand`` holds it); in round
    two ``turned``, the card turned down; ``needs``, the points my side and theirs still
    need."""
    x = [0.0] * len(FEATURES)
    x[0] = 1.0
    suits = EFFECTIVE_SUIT[trump]
    trumps = 0
    held = [0, 0, 0, 0]
    for card in hand:
        power = POWER[trump][card]
        held[suits[card]] += 1
        if suits[card] == trump:
            trumps += 1
            x[_TRUMP_RANKS.get(power, 7)] = 1.0
        elif power == 7:
            x[10] += 1
        elif power == 6:
            x[11] += 1
    x[8], x[9] = float(trumps >= 3), float(trumps >= 4)
    x[12] = sum(1 for s in range(4) if s != trump and held[s] == 0)
    x[13] = sum(1 for s in range(4) if s != trump and held[s] == 1)
    count = strength(hand, trump)
    x[14], x[15] = count, count * count / 10
    if up is not None:
        x[_UP_RANKS.get(POWER[trump][up], 21)] = 1.0
    if turned is not None and same_colour(suit_of(turned)) == trump:
        x[22] = 1.0
        x[23] = float(turned & 7 == JACK)
    mine, theirs = needs
    x[24], x[25], x[26] = float(mine <= 1), float(mine <= 2), float(mine <= 4)
    x[27], x[28] = float(theirs <= 1), float(theirs <= 2)
    losers = len(hand) - trumps - x[10]  # side cards below an ace: a lone hand's worry
    x[29], x[30], x[31], x[32] = trumps, losers, float(losers == 0), float(losers == 1)
    return x


def crossed(x: list[float]) -> list[float]:
    """The features ``x`` followed by the products the models weigh (``CROSSED``)."""
    return x + [x[i] * x[j] for i, j in _PAIRS]


def bid_features(view: View, token: str) -> list[float]:
    """``features`` of a bid token (not pass) in a four-handed bidding view."""
    me = seat_of(view)
    assert me is not None
    hand = [card_of(t) for t in view.hand]
    up = card_of(view.upcard)
    side = view.sides[me]
    mine = max(1, view.target - view.score[side])
    theirs = max(1, view.target - view.score[1 - side])
    if token.startswith("order"):
        trump = suit_of(up)
        if me == view.dealer:
            six = [*hand, up]
            throw = best_discard(six, trump)
            return features([c for c in six if c != throw], trump, None, None, (mine, theirs))
        return features(hand, trump, up, None, (mine, theirs))
    trump = SUITS.index(token.split()[1])
    return features(hand, trump, None, up, (mine, theirs))


@dataclass(frozen=True)
class BidValues:
    """The fitted models (``weights[kind][turn]``) and the rules they answer for."""

    weights: dict[str, list[list[float]]]
    rules: dict
    blend: float
    trained: dict

    @staticmethod
    @cache
    def load() -> BidValues:
        """The package's fitted values (``data/family_bid_values.json``), read once; a file
        of another format is a one-line ``ValueError``."""
        text = resources.files("euchre.agents").joinpath("data/family_bid_values.json")
        return BidValues.from_dict(json.loads(text.read_text()))

    @staticmethod
    def from_dict(data: dict) -> BidValues:
        """The values of a file's contents (``load``), checked: its version and shapes."""
        if data.get("version") != VERSION:
            raise ValueError(f"family bid values: version {data.get('version')!r}, this "
                             f"code reads version {VERSION}")
        if list(data.get("features", ())) != list(FEATURES) or \
                list(data.get("crossed", ())) != list(CROSSED):
            raise ValueError("family bid values: the features differ from this code's")
        weights = data["weights"]
        for kind in KINDS:
            if len(weights[kind]) != 4 or any(len(w) != WEIGHTS for w in weights[kind]):
                raise ValueError(f"family bid values: {kind}: 4 turns of {WEIGHTS} weights "
                                 "expected")
        return BidValues(weights, dict(data["rules"]), float(data["blend"]),
                         dict(data.get("trained", {})))

    def answers(self, view: View) -> bool:
        """Whether the models hold for this view: a four-handed bid with passing legal,
        under the rules they were fitted under."""
        return (view.phase in ("bid1", "bid2") and "pass" in view.legal
                and view.rules.to_dict() == self.rules)

    def gains(self, view: View) -> dict[str, float]:
        """Each legal bid's learned gain in points over passing (``answers`` must hold);
        no lone bid's while my side needs at most a march with the partner to win the match
        (``rules_of_thumb.alone_pays``): there a lone bid can only do worse than the plain
        one, which the search's capped values know exactly and a fitted sum of features
        knows only roughly, so those stay the search's."""
        turn = turn_of(seat_of(view) or 0, view.dealer)
        lone = alone_pays(view)
        out = {}
        for token in view.legal:
            if token != "pass" and (lone or not token.endswith(" alone")):
                w = self.weights[kind_of(token)][turn]
                x = crossed(bid_features(view, token))
                out[token] = sum(a * b for a, b in zip(w, x, strict=True))
        return out
