"""Cards of the whole pack for the rule-module core: 52 suited cards and the Joker as ints.

The two-handed core's cards (``euchre.cards``) stop at the seven; Napoleon's ``deck=52``
needs the twos, so the core numbers the whole pack: a card is ``suit * 13 + rank`` with suits
``C D H S`` = 0..3 and ranks ``2 3 4 5 6 7 8 9 T J Q K A`` = 0..12; the Joker is 52. Tokens
are the same as everywhere (``TS``, ``10s``, ``JK``), so a token means one card in every game.

Two card orders serve the family: Euchre's (``EUCHRE_ORDER``: the Joker, the right and the
left bower on top of trump, the left bower and the Joker belonging to the trump suit) and the
plain order of Napoleon (``PLAIN_ORDER``: A high, no bowers). Each is a pair of tables indexed
by trump (``-1``: no trump), so the core compares cards without knowing the game.

>>> card_token(parse_card("10s")), card_token(parse_card("2d")), card_token(JOKER)
('TS', '2D', 'JK')
>>> [card_token(c) for c in stripped_deck(24)][:6]
['9C', 'TC', 'JC', 'QC', 'KC', 'AC']
>>> EUCHRE_ORDER.suit[HEARTS][parse_card("JD")] == HEARTS   # the left bower is trump
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..cards import (
    EFFECTIVE_SUIT,
    POWER,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    beats,
    follow_masks,
    mask_of,
    parse_suit,
)
from ..cards import cards_of as pack_cards_of
from ..cards import parse_card as parse_pack_card

__all__ = ["SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "mask_of", "parse_suit"]

RANKS = "23456789TJQKA"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
              "queen", "king", "ace")
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
JACK = 9
JOKER = 52
N_CARDS = 53
NO_TRUMP = -1

_TOKENS = [RANKS[c % 13] + SUITS[c // 13] for c in range(52)] + ["JK"]
_OF_TOKEN = {tok: c for c, tok in enumerate(_TOKENS)}
_OF_TOKEN.update({"10" + SUITS[c // 13]: c for c in range(52) if c % 13 == 8})


def suit_of(card: int) -> int:
    """The printed suit of a card (-1 for the Joker)."""
    return -1 if card == JOKER else card // 13


def card_token(card: int) -> str:
    """The canonical token: rank then suit (``TS``), ``JK`` for the Joker."""
    return _TOKENS[card]


def parse_card(token: str) -> int:
    """The card a token names, case-insensitive (``10S`` is ``TS``); ``ValueError`` naming
    the token otherwise."""
    card = _OF_TOKEN.get(token.strip().upper()) if isinstance(token, str) else None
    if card is None:
        raise ValueError(f"unknown card {token!r}: expected rank 2-9 T(10) J Q K A then suit "
                         "C D H S (for example 'TS' or '10s'), or 'JK' for the Joker")
    return card


def card_label(card: int) -> str:
    """A card as people write it: ``10♠``, ``Joker``."""
    return "Joker" if card == JOKER else RANK_NAMES[card % 13] + SUIT_SYMBOLS[card // 13]


def card_words(card: int) -> str:
    """A card read aloud: "ten of spades", "the Joker"."""
    return "the Joker" if card == JOKER else f"{RANK_WORDS[card % 13]} of {SUIT_NAMES[card // 13]}"


def stripped_deck(size: int, joker: bool = False) -> tuple[int, ...]:
    """The ``size`` highest cards of each suit's pack stripped to ``size`` cards (24: 9 to A,
    28: 8 to A, 32: 7 to A, 52: all), the Joker after them, in id order (a new deck's)."""
    low = 13 - size // 4
    cards = tuple(suit * 13 + rank for suit in range(4) for rank in range(low, 13))
    return (*cards, JOKER) if joker else cards


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a mask, lowest id first (``euchre.cards.cards_of``, as a tuple)."""
    return tuple(pack_cards_of(mask))


class CardOrder(NamedTuple):
    """A game's card order: ``suit[trump + 1 or index][card]`` is the suit a card follows
    and ``power[...][card]`` its strength inside that suit, both indexed by ``trump`` with
    ``NO_TRUMP`` (-1) last (Python's ``[-1]``); ``follow[...][led]`` the cards that follow
    a card led (``euchre.cards.follow_masks``)."""

    suit: tuple[tuple[int, ...], ...]
    power: tuple[tuple[int, ...], ...]
    follow: tuple[tuple[int, ...], ...]

    def beats(self, trump: int, best: int, card: int) -> bool:
        """Whether ``card`` beats ``best``, the card winning the trick so far
        (``euchre.cards.beats``, the one statement of it)."""
        return beats(self.suit[trump], self.power[trump], trump, best, card)


_IN_EUCHRES_PACK = {card: parse_pack_card(card_token(card))
                    for card in (*stripped_deck(32), JOKER)}
"""Each card of Euchre's pack (7 to A and the Joker) as ``euchre.cards`` numbers it: the
Euchre order below is read from its tables (``EFFECTIVE_SUIT``, ``POWER``), the one place
the bowers and the Joker are ranked."""


def _euchre_suit(card: int, trump: int) -> int:
    pack = _IN_EUCHRES_PACK.get(card)
    if trump < 0 or pack is None:
        return suit_of(card)
    return EFFECTIVE_SUIT[trump][pack]


def _euchre_power(card: int, trump: int) -> int:
    """``euchre.cards.POWER``; a card below the seven (in no Euchre deck) ranks below it."""
    pack = _IN_EUCHRES_PACK.get(card)
    if pack is None:
        return (100 if suit_of(card) == trump else 0) + card % 13 - 5
    if trump < 0:  # no trump: the printed rank, the Joker above every card
        return POWER[0][pack] if card == JOKER else card % 13
    return POWER[trump][pack]


def _order(suit: Callable[[int, int], int], power: Callable[[int, int], int]) -> CardOrder:
    trumps = (0, 1, 2, 3, NO_TRUMP)
    suits = tuple(tuple(suit(c, t) for c in range(N_CARDS)) for t in trumps)
    return CardOrder(suits, tuple(tuple(power(c, t) for c in range(N_CARDS)) for t in trumps),
                     tuple(tuple(follow_masks(row)) for row in suits))


EUCHRE_ORDER = _order(_euchre_suit, _euchre_power)
"""Railroad's and Hasenpfeffer's order: Joker, right bower, left bower, A K Q 10 9 ..."""
PLAIN_ORDER = _order(lambda c, t: suit_of(c), lambda c, t: c % 13)
"""Napoleon's order: A K Q J 10 ... 2 in each suit; a trump beats every other suit."""


def sort_key(order: CardOrder, trump: int, card: int) -> tuple[int, int]:
    """Sorts a hand by suit (trump first when there is one; before trump, the Joker), high
    cards first: as ``euchre.cards.sort_key``."""
    if card == JOKER and trump == NO_TRUMP:
        return (0, 0)
    suit = order.suit[trump][card]
    return (0 if suit == trump else 1 + (4 if suit < 0 else suit), -order.power[trump][card])
