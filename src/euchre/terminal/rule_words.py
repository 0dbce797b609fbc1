"""The words of the terminal's table of Railroad, Hasenpfeffer and Napoleon, in the reader's
language: the seats' names, a card as printed, and an action, "You bid four" or "West bids
four" (``engine.words``: the reader's own is a sentence of its own)."""

from __future__ import annotations

from ..engine.cards import N_CARDS, card_label, card_token, parse_card
from ..engine.view import TableView
from ..engine.words import action_said, action_said_by_you
from ..i18n import _
from ..words import PLACE_NAMES, YOU

HUMAN = 0
"""The person's seat."""
_PRINTED = {card_label(c).casefold(): card_token(c) for c in range(N_CARDS)}


def seat_names(players: int) -> tuple[str, ...]:
    """The seats as the terminal names them, clockwise from the person ("You", "West"...),
    in the reader's language."""
    return (_(YOU), *(_(place) for place in PLACE_NAMES[players]))


def printed(text: str) -> str:
    """``text`` with a card written as printed (``J♥``, ``10♠``, ``Joker``) as its token.

    >>> printed("give 10♠"), printed("8♦")
    ('give TS', '8D')
    """
    return " ".join(_PRINTED.get(word.casefold(), word) for word in text.split())


def card_text(token: str) -> str:
    """A card of any of these games' decks as printed (``10♠``, ``2♣``, ``Joker``)."""
    return card_label(parse_card(token))


def done_by(seat: int, name: str, token: str, game: str, dealer: bool = False) -> str:
    """The action of the player in ``seat`` (named ``name``) in one sentence: "West bids
    four", "You give your best card"."""
    if seat == HUMAN:
        return action_said_by_you(token, game, dealer)
    return action_said(name, token, game, dealer)


def ordered(view: TableView) -> list[str]:
    """The choices numbered as the hand is shown: cards (to play, discard or give) in the
    hand's order, the upcard after them; bids in their order."""
    place = {card: i for i, card in enumerate(view.hand)}
    return sorted(view.legal, key=lambda t: place.get(t.split()[-1], len(place)))
