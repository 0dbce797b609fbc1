"""The words people use for the games on the core: bids, exchanges, results, scores, in the
reader's language (``messages``).

Tokens are for machines; people read "Ann bids four", "Bob goes nap", "North gives his best
card". Each action is one sentence with its player's name in it (a translator words the
verb with its subject), as is each hand's result. The transcript says them from here; the
terminal's table says the reader's own actions with "You" as their subject, each its own
sentence (``action_said_by_you``).

>>> who = ("Ann", "Bob", "Cy", "Di")
>>> action_said("Ann", "bid 4", "hasenpfeffer"), action_said("Bob", "bid nap", "napoleon")
('Ann bids four', 'Bob goes nap')
>>> action_said_by_you("give AS", "railroad"), action_said_by_you("bid 4", "napoleon")
('You give your best card (A♠)', 'You bid four')
>>> result_words({"ended": "set", "maker": 1, "makers": [1], "bid": "bid misere",
...               "side_tricks": [0, 1, 0], "points": [3, -6, 3]}, who[:3], "napoleon",
...              (0, 1, 2))
'Bob fails at misère: he pays each of the others 3'
>>> result_words({"ended": "made", "maker": 0, "bid": "bid nap", "points": [20, -10, -10]},
...              who[:3], "napoleon", (0, 1, 2), you=0)
'You make your nap: each of the others pays you 10'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..words import suit_word
from .actions import parse_action
from .cards import SUITS, card_label
from .messages import N_, _, ngettext

BIDS_SAID = {"bid 1": N_("{name} bids one"), "bid 2": N_("{name} bids two"),
             "bid 3": N_("{name} bids three"), "bid 4": N_("{name} bids four"),
             "bid 5": N_("{name} bids five"), "bid 6": N_("{name} bids six")}
"""A bid of so many tricks (Hasenpfeffer's, Napoleon's lower ones) as said of its bidder."""
NAP_SAID = {"bid misere": N_("{name} bids misère"), "bid nap": N_("{name} goes nap"),
            "bid wellington": N_("{name} bids Wellington"),
            "bid blucher": N_("{name} bids Blücher")}
"""Napoleon's named bids as said of their bidder."""
SAID = {"pass": N_("{name} passes"), "defend alone": N_("{name} defends alone"),
        "discard": N_("{name} discards a card face down"),
        "give": N_("{name} gives his best card"),
        "order": N_("{name} orders it up"), "order alone": N_("{name} orders it up alone"),
        "pick": N_("{name} picks it up"), "pick alone": N_("{name} picks it up alone")}
"""The other actions as said of their player (the dealer ``pick``s the upcard the others
``order``)."""
CARD_SAID = {"discard": N_("{name} discards {card}"),
             "give": N_("{name} gives his best card ({card})")}
"""An exchange whose card the reader may know."""
CALL_SAID = {False: N_("{name} names {suit} trump"),
             True: N_("{name} names {suit} trump and goes alone")}


YOU_SAID = {"{name} bids one": N_("You bid one"), "{name} bids two": N_("You bid two"),
            "{name} bids three": N_("You bid three"), "{name} bids four": N_("You bid four"),
            "{name} bids five": N_("You bid five"), "{name} bids six": N_("You bid six"),
            "{name} bids misère": N_("You bid misère"), "{name} goes nap": N_("You go nap"),
            "{name} bids Wellington": N_("You bid Wellington"),
            "{name} bids Blücher": N_("You bid Blücher"), "{name} passes": N_("You pass"),
            "{name} defends alone": N_("You defend alone"),
            "{name} discards a card face down": N_("You discard a card face down"),
            "{name} gives his best card": N_("You give your best card"),
            "{name} orders it up": N_("You order it up"),
            "{name} orders it up alone": N_("You order it up alone"),
            "{name} picks it up": N_("You pick it up"),
            "{name} picks it up alone": N_("You pick it up alone"),
            "{name} discards {card}": N_("You discard {card}"),
            "{name} gives his best card ({card})": N_("You give your best card ({card})"),
            "{name} names {suit} trump": N_("You name {suit} trump"),
            "{name} names {suit} trump and goes alone":
                N_("You name {suit} trump and go alone")}
"""Each action said of the reader himself: its own sentence, not "You" put in a name's
place (a translator words the verb with its subject)."""


def _action_message(token: str, game: str, dealer: bool) -> tuple[str, dict[str, Any]]:
    """The message saying ``token`` of its player (a ``{name}`` in it) and its other
    values."""
    words = token.split()
    if game == "napoleon" and token in NAP_SAID:
        return NAP_SAID[token], {}
    if words[0] == "bid":
        return BIDS_SAID[token], {}
    if words[0] in CARD_SAID and len(words) == 2:
        return CARD_SAID[words[0]], {"card": card_label(parse_action(token) % 53)}
    if words[0] == "call":
        return CALL_SAID[words[-1] == "alone"], {"suit": SUITS.index(words[1])}
    if words[0] == "order":
        return SAID[token.replace("order", "pick") if dealer else token], {}
    return SAID[token], {}


def action_said(name: str, token: str, game: str, dealer: bool = False) -> str:
    """``name``'s action as one sentence in the reader's language: "Ann passes", "Bob goes
    nap", "Cy picks it up alone" (``dealer``: the dealer takes the upcard); a discard or a
    gift without its card (``discard``, ``give``) as its owner's table-mates know it."""
    message, values = _action_message(token, game, dealer)
    if "suit" in values:
        values["suit"] = suit_word(int(values["suit"]))
    return _(message, name=name, **values)


def action_said_by_you(token: str, game: str, dealer: bool = False) -> str:
    """The reader's own action as one sentence in his language: "You bid four", "You give
    your best card" (``action_said``'s sentences with "You" as their subject)."""
    message, values = _action_message(token, game, dealer)
    if "suit" in values:
        values["suit"] = suit_word(int(values["suit"]))
    return _(YOU_SAID[message], **values)


def side_words(who: Sequence[str], sides: Sequence[int], side: int) -> str:
    """A side by its players' names: "Ann and Cy", or one player."""
    members = [who[seat] for seat, s in enumerate(sides) if s == side]
    if len(members) == 1:
        return members[0]
    first, second = members  # (partners: two a side)
    return _("{first} and {second}", first=first, second=second)


def score_words(score: Sequence[int], who: Sequence[str], sides: Sequence[int]) -> str:
    """The score by side: "Ann and Cy 3, Bob and Di -2"."""
    return ", ".join(f"{side_words(who, sides, side)} {points}"
                     for side, points in enumerate(score))


NAP_MADE = {"bid 2": N_("{name} makes his two: each of the others pays him {n}"),
            "bid 3": N_("{name} makes his three: each of the others pays him {n}"),
            "bid misere": N_("{name} makes his misère: each of the others pays him {n}"),
            "bid 4": N_("{name} makes his four: each of the others pays him {n}"),
            "bid nap": N_("{name} makes his nap: each of the others pays him {n}"),
            "bid wellington": N_("{name} makes his Wellington: each of the others pays him "
                                 "{n}"),
            "bid blucher": N_("{name} makes his Blücher: each of the others pays him {n}")}
NAP_FAILED = {"bid 2": N_("{name} fails at two: he pays each of the others {n}"),
              "bid 3": N_("{name} fails at three: he pays each of the others {n}"),
              "bid misere": N_("{name} fails at misère: he pays each of the others {n}"),
              "bid 4": N_("{name} fails at four: he pays each of the others {n}"),
              "bid nap": N_("{name} fails at nap: he pays each of the others {n}"),
              "bid wellington": N_("{name} fails at Wellington: he pays each of the others "
                                   "{n}"),
              "bid blucher": N_("{name} fails at Blücher: he pays each of the others {n}")}
"""Napoleon's hand, made or failed, each bid in a sentence of its own (a translator words
each contract as his players say it)."""
YOU_MADE = {"bid 2": N_("You make your two: each of the others pays you {n}"),
            "bid 3": N_("You make your three: each of the others pays you {n}"),
            "bid misere": N_("You make your misère: each of the others pays you {n}"),
            "bid 4": N_("You make your four: each of the others pays you {n}"),
            "bid nap": N_("You make your nap: each of the others pays you {n}"),
            "bid wellington": N_("You make your Wellington: each of the others pays you {n}"),
            "bid blucher": N_("You make your Blücher: each of the others pays you {n}")}
YOU_FAILED = {"bid 2": N_("You fail at two: you pay each of the others {n}"),
              "bid 3": N_("You fail at three: you pay each of the others {n}"),
              "bid misere": N_("You fail at misère: you pay each of the others {n}"),
              "bid 4": N_("You fail at four: you pay each of the others {n}"),
              "bid nap": N_("You fail at nap: you pay each of the others {n}"),
              "bid wellington": N_("You fail at Wellington: you pay each of the others {n}"),
              "bid blucher": N_("You fail at Blücher: you pay each of the others {n}")}
"""The same of the reader's own contract: its own sentences, "You" their subject."""
RAILROAD_MARCH = {False: N_("{makers} take a march; {scorers} score {points}"),
                  True: N_("{name} alone takes a march; {scorers} score {points}")}
"""Railroad's march, by partners or alone."""


def result_words(result: dict[str, Any], who: Sequence[str], game: str,
                 sides: Sequence[int], you: int | None = None) -> str:
    """A finished hand (a ``HandResult`` as a dict, or a view's ``last_hand``) in one
    sentence; ``sides``: the game's (``Game.sides``, a view's ``sides``); a Napoleon played
    by the reader (the seat ``you``) in its own sentence."""
    if result["ended"] == "thrown_in":
        return _("everybody passed: the hand is thrown in")
    maker, points = result["maker"], result["points"]
    if maker is None:  # a game without bids (each side for itself)
        return _("points this hand: {scores}", scores=score_words(points, who, sides))
    if game == "napoleon":
        made = result["ended"] == "made"
        each = abs(points[maker]) // (len(points) - 1)
        if maker == you:
            return _((YOU_MADE if made else YOU_FAILED)[result["bid"]], n=each)
        return _((NAP_MADE if made else NAP_FAILED)[result["bid"]], name=who[maker], n=each)
    side = sides[maker]
    taken = result["side_tricks"][side]
    makers = side_words(who, sides, side)
    if game == "hasenpfeffer":
        if result["ended"] == "made":
            return ngettext("{makers} bid {bid} and take {taken}: {n} point",
                            "{makers} bid {bid} and take {taken}: {n} points", points[side],
                            makers=makers, bid=int(result["bid"].split()[1]), taken=taken)
        return _("{makers} bid {bid} and take {taken}: set, they lose {points}",
                 makers=makers, bid=int(result["bid"].split()[1]), taken=taken,
                 points=-points[side])
    gained = max(points)
    values = {"makers": makers, "name": who[maker], "points": gained,
              "scorers": side_words(who, sides, points.index(gained))}
    if result["ended"] == "march":
        return _(RAILROAD_MARCH[maker in result.get("alone", ())], **values)
    return _railroad_tricks(result["ended"] == "made", maker in result.get("alone", ()),
                            taken, values)


def _railroad_tricks(made: bool, alone: bool, taken: int, values: dict[str, Any]) -> str:
    """Railroad's hand made or euchred, by partners or alone, its tricks counted."""
    if made and alone:
        return ngettext("{name} alone takes {n} trick; {scorers} score {points}",
                        "{name} alone takes {n} tricks; {scorers} score {points}", taken,
                        **values)
    if made:
        return ngettext("{makers} take {n} trick; {scorers} score {points}",
                        "{makers} take {n} tricks; {scorers} score {points}", taken, **values)
    if alone:
        return ngettext("{name} alone is euchred with {n} trick; {scorers} score {points}",
                        "{name} alone is euchred with {n} tricks; {scorers} score {points}",
                        taken, **values)
    return ngettext("{makers} are euchred with {n} trick; {scorers} score {points}",
                    "{makers} are euchred with {n} tricks; {scorers} score {points}", taken,
                    **values)
