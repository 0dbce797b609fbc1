"""The words of the terminal's table of Railroad, Hasenpfeffer and Napoleon: the seats' names,
the games' titles, a card as printed, a choice and an action as the person reads them (the
actions' words are ``engine.words``')."""

from __future__ import annotations

from ..engine.cards import N_CARDS, card_label, card_token, parse_card
from ..engine.view import TableView
from ..engine.words import action_words
from ..words import suit_text

NAMES = {3: ("You", "West", "East"), 4: ("You", "West", "North", "East"),
         5: ("You", "West", "North-west", "North-east", "East")}
"""The seats as the terminal names them, clockwise from the person."""
TITLES = {"railroad": "Railroad Euchre", "hasenpfeffer": "Hasenpfeffer", "napoleon": "Napoleon"}
_PRINTED = {card_label(c).casefold(): card_token(c) for c in range(N_CARDS)}


def printed(text: str) -> str:
    """``text`` with a card written as printed (``J♥``, ``10♠``, ``Joker``) as its token.

    >>> printed("give 10♠"), printed("8♦")
    ('give TS', '8D')
    """
    return " ".join(_PRINTED.get(word.casefold(), word) for word in text.split())


def card_text(token: str) -> str:
    return card_label(parse_card(token))


def choice_text(view: TableView, token: str) -> str:
    """A choice as the person reads it: a card as printed, a bid in words."""
    words = token.split()
    if len(words) == 1 and token not in ("pass", "order"):
        return card_text(token)
    if words[0] in ("discard", "give"):
        return f"{words[0]} {card_text(words[1])}"
    if words[0] == "call":
        return f"name {suit_text(words[1])}" + (" alone" if words[-1] == "alone" else "")
    if view.game == "napoleon" and words[0] == "bid":
        return {"misere": "misère", "nap": "nap", "wellington": "Wellington",
                "blucher": "Blücher"}.get(words[1], f"bid {words[1]}")
    return token


YOUR_VERBS = {"passes": "pass", "bids": "bid", "goes": "go", "names": "name", "orders": "order",
              "picks": "pick", "discards": "discard", "gives": "give", "defends": "defend"}


def done_by(who: str, token: str, game: str, dealer: bool = False) -> str:
    """``who``'s action in words: "West bids four", "You bid four", "You give your best
    card"."""
    said = action_words(token, game, dealer)
    if who != "You":
        return f"{who} {said}"
    verb, _, rest = said.partition(" ")
    rest = rest.replace("his best card", "your best card")
    return f"You {YOUR_VERBS.get(verb, verb)}" + (f" {rest}" if rest else "")


def ordered(view: TableView) -> list[str]:
    """The choices numbered as the hand is shown: cards (to play, discard or give) in the
    hand's order, the upcard after them; bids in their order."""
    place = {card: i for i, card in enumerate(view.hand)}
    return sorted(view.legal, key=lambda t: place.get(t.split()[-1], len(place)))
