"""The words of a choice, a bid and a contract in Railroad, Hasenpfeffer and Napoleon (a
``TableView``), in the reader's language: the table's buttons and bubbles (``server``), and
the review's choices (``coach``) say them alike.

>>> from euchre import Game, Rules
>>> game = Game(Rules(game="hasenpfeffer"), seed=2)
>>> view = game.view(game.to_move)
>>> [choice_words(view, token) for token in view.legal][:3]
['pass', 'bid 1 trick', 'bid 2 tricks']
"""

from __future__ import annotations

from .engine.view import TableView
from .i18n import N_, _, ngettext
from .words import bid_text, card_text, suit_text

NAP_CONTRACTS = {"bid 2": N_("two"), "bid 3": N_("three"), "bid misere": N_("misère"),
                 "bid 4": N_("four"), "bid nap": N_("nap"),
                 "bid wellington": N_("Wellington"), "bid blucher": N_("Blücher")}
"""Napoleon's bids as people say them, lowest first (the ladder's buttons)."""
HIDDEN = ("discard", "give")
"""The moves made with a card face down: only their maker (and a gift's receiver) may know
the card."""


def choice_words(view: TableView, token: str) -> str:
    """What choosing ``token`` does, as its button or card says it."""
    parts = token.split()
    if (len(parts) == 1 and len(token) == 2 and token != "JK") or token == "JK":
        return card_text(token)
    if parts[0] == "discard":
        return _("discard {card}", card=card_text(parts[1]))
    if parts[0] == "give":
        return _("give {card}", card=card_text(parts[1]))
    if token == "pass":
        return _("pass")
    if token == "defend alone":
        return _("defend alone")
    if parts[0] == "order":
        card = card_text(view.details["upcard"])
        alone = parts[-1] == "alone"
        if view.player == view.dealer:
            return _("pick up {card} alone", card=card) if alone else _("pick up {card}",
                                                                        card=card)
        return _("order up {card} alone", card=card) if alone else _("order up {card}",
                                                                     card=card)
    if parts[0] == "call":
        suit = suit_text(parts[1])
        return _("name {suit} alone", suit=suit) if parts[-1] == "alone" else \
            _("name {suit}", suit=suit)
    if view.game == "napoleon":
        return _(NAP_CONTRACTS[token])
    tricks = int(parts[1])
    return ngettext("bid {n} trick", "bid {n} tricks", tricks)


def bid_words(view: TableView, player: int, token: str) -> str:
    """A move of the bidding as the seats' bubbles and the list tell it: "passed", "bid four
    tricks", "went nap", "discarded a card", "gave his best card"."""
    parts = token.split()
    if token == "discard":
        return _("discarded a card face down")
    if token == "give":
        return _("gave a card face down")
    if parts[0] == "discard":
        return _("discarded {card}", card=card_text(parts[1]))
    if parts[0] == "give":
        return _("gave {card}", card=card_text(parts[1]))
    if parts[0] in ("pass", "defend", "order", "call"):  # as in Euchre
        return bid_text(token, player == view.dealer, view.details.get("upcard") or "JK")
    if view.game == "napoleon":
        return _("bid {contract}", contract=_(NAP_CONTRACTS[token]))
    tricks = int(parts[1])
    return ngettext("bid {n} trick", "bid {n} tricks", tricks)


def contract_words(game: str, bid: str) -> str:
    """A hand's highest bid in a word or two (the score pad's maker column): "nap", "4
    tricks", "alone"; "" for a bid that says no more than who made trump."""
    if game == "napoleon":
        return _(NAP_CONTRACTS[bid])
    if game == "hasenpfeffer":
        tricks = int(bid.split()[1])
        return ngettext("{n} trick", "{n} tricks", tricks)
    return _("alone") if bid.endswith("alone") else ""
