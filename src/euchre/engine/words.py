"""The words people use for the games on the core: bids, exchanges, results, scores.

Tokens are for machines; people read "Ann bids four", "Bob goes nap", "North gives his best
card". The transcript and every face word these games from here.

>>> who = ("Ann", "Bob", "Cy", "Di")
>>> action_words("bid 4", "hasenpfeffer"), action_words("bid nap", "napoleon")
('bids four', 'goes nap')
>>> action_words("give AS", "railroad"), action_words("give", "railroad")
('gives his best card (A♠)', 'gives his best card')
>>> result_words({"ended": "set", "maker": 1, "makers": [1], "bid": "bid misere",
...               "side_tricks": [0, 1, 0], "points": [3, -6, 3]}, who[:3], "napoleon",
...              (0, 1, 2))
'Bob fails at misère: he pays each of the others 3'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import parse_action
from .cards import JOKER, SUIT_NAMES, card_label

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")
NAP_BIDS = {"bid 2": "bids two", "bid 3": "bids three", "bid misere": "bids misère",
            "bid 4": "bids four", "bid nap": "goes nap", "bid wellington": "bids Wellington",
            "bid blucher": "bids Blücher"}
NAP_CONTRACTS = {"bid 2": "two", "bid 3": "three", "bid misere": "misère", "bid 4": "four",
                 "bid nap": "nap", "bid wellington": "Wellington", "bid blucher": "Blücher"}


def action_words(token: str, game: str, dealer: bool = False) -> str:
    """An action as said of the player who made it ("passes", "orders up alone", "bids
    four"); a discard or a gift without its card (``discard``, ``give``) as its owner's
    table-mates know it."""
    if token in ("discard", "give"):
        return "discards a card face down" if token == "discard" else "gives his best card"
    if game == "napoleon" and token in NAP_BIDS:
        return NAP_BIDS[token]
    words = token.split()
    if words[0] == "bid":
        return f"bids {NUMBER_WORDS[int(words[1])]}"
    if words[0] in ("discard", "give"):
        card = card_label(parse_action(token) % 53)
        return f"discards {card}" if words[0] == "discard" else f"gives his best card ({card})"
    if words[0] == "call":
        alone = " and goes alone" if words[-1] == "alone" else ""
        return f"names {SUIT_NAMES['CDHS'.index(words[1])]} trump{alone}"
    if words[0] == "order":
        alone = " alone" if words[-1] == "alone" else ""
        return f"picks it up{alone}" if dealer else f"orders it up{alone}"
    return {"pass": "passes", "defend alone": "defends alone"}[token]


def side_words(who: Sequence[str], sides: Sequence[int], side: int) -> str:
    """A side by its players' names: "Ann and Cy", or one player."""
    return " and ".join(who[seat] for seat, s in enumerate(sides) if s == side)


def score_words(score: Sequence[int], who: Sequence[str], sides: Sequence[int]) -> str:
    """The score by side: "Ann and Cy 3, Bob and Di -2"."""
    return ", ".join(f"{side_words(who, sides, side)} {points}"
                     for side, points in enumerate(score))


def result_words(result: dict[str, Any], who: Sequence[str], game: str,
                 sides: Sequence[int]) -> str:
    """A finished hand (a ``HandResult`` as a dict, or a view's ``last_hand``) in one
    sentence; ``sides``: the game's (``Game.sides``, a view's ``sides``)."""
    if result["ended"] == "thrown_in":
        return "everybody passed: the hand is thrown in"
    maker, points = result["maker"], result["points"]
    if maker is None:  # a game without bids (each side for itself)
        return "points this hand: " + ", ".join(f"{who[side]} {n}"
                                                for side, n in enumerate(points))
    makers = " and ".join(who[seat] for seat in result["makers"])
    if maker in result.get("alone", ()) and game != "napoleon":
        makers = f"{who[maker]} alone"
    side = sides[maker]
    taken = result["side_tricks"][side]
    if game == "napoleon":
        contract = NAP_CONTRACTS[result["bid"]]
        if result["ended"] == "made":
            return f"{who[maker]} makes his {contract}: each of the others pays him " \
                   f"{points[maker] // (len(points) - 1)}"
        return f"{who[maker]} fails at {contract}: he pays each of the others " \
               f"{-points[maker] // (len(points) - 1)}"
    if game == "hasenpfeffer":
        bid = NUMBER_WORDS[int(result["bid"].split()[1])]
        if result["ended"] == "made":
            return f"{makers} bid {bid} and take {taken}: {_points(points[side])}"
        return f"{makers} bid {bid} and take {taken}: set, they lose {-points[side]}"
    gained = max(points)
    scorers = side_words(who, (0, 1, 0, 1), points.index(gained))
    what = {"march": "a march", "made": f"{taken} tricks",
            "euchred": f"euchred with {taken} trick{'s' if taken != 1 else ''}"}
    return f"{makers} {what[result['ended']]}; {scorers} score {gained}"


def _points(n: int) -> str:
    return f"{n} point{'s' if abs(n) != 1 else ''}"


def upcard_words(card: int) -> str:
    return "the Joker" if card == JOKER else card_label(card)
