"""Cards, suits and decks as plain ints, and the trump tables the engine and the bots share.

A card is an int: ``suit * 8 + rank`` with suits ``C D H S`` = 0..3 and ranks
``7 8 9 T J Q K A`` = 0..7; the Joker is 32. A set of cards is a bitmask with bit ``card``
set. Everything that depends on the trump suit (the bowers, the Joker, which suit a card
follows, which card wins a trick) is a lookup table indexed by ``trump`` so that the hot
paths of the engine and the solver do no branching on card identity.

>>> parse_card("10s") == parse_card("TS")
True
>>> card_token(parse_card("jh"))
'JH'
>>> [card_token(c) for c in cards_of(deck_mask(25)) if rank_of(c) == 4]
['JC', 'JD', 'JH', 'JS']
>>> card_token(JOKER), suit_token(effective_suit(JOKER, trump=2))
('JK', 'H')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUITS = "CDHS"
"""Suit letters in id order: clubs, diamonds, hearts, spades."""
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = "789TJQKA"
"""Rank letters in id order, lowest first (the order outside trump)."""
RANK_NAMES = ("7", "8", "9", "10", "J", "Q", "K", "A")

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
JACK = 4
JOKER = 32
"""The Joker (the benny) of the 25-card deck."""
N_CARDS = 33
"""Card ids run 0..32: 32 suited cards and the Joker."""


def suit_of(card: int) -> int:
    """The printed suit of a suited card (the Joker has none: -1)."""
    return -1 if card == JOKER else card >> 3


def rank_of(card: int) -> int:
    """The printed rank of a suited card, 0 (seven) to 7 (ace); -1 for the Joker."""
    return -1 if card == JOKER else card & 7


def same_colour(suit: int) -> int:
    """The other suit of the same colour: clubs and spades, diamonds and hearts."""
    return 3 - suit


def deck_mask(size: int) -> int:
    """The cards of a deck of ``size`` 24, 32 or 25 (24 plus the Joker) as a mask."""
    low = 0 if size == 32 else 2  # the 24-card deck starts at the nine
    mask = 0
    for suit in range(4):
        for rank in range(low, 8):
            mask |= 1 << (suit * 8 + rank)
    if size == 25:
        mask |= 1 << JOKER
    return mask


DECK_MASKS = {size: deck_mask(size) for size in (24, 32, 25)}
"""The mask of each deck, by size."""


def deck_cards(size: int) -> tuple[int, ...]:
    """The cards of a deck in id order: the order a new deck is in before the shuffle."""
    return tuple(cards_of(deck_mask(size)))


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _SetBits(dict[int, tuple[int, ...]]):
    """Masks to their set bits, filled on first use (and emptied when it grows past half a
    million hands, which a long search can reach)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) > 500_000:
            self.clear()
        found = self[mask] = tuple(cards_of(mask))
        return found


bits = _SetBits().__getitem__
"""``bits(mask)``: the set bits of a mask (its cards), lowest first, memoised: hands recur
constantly, and the engine's hot path lists a hand's cards at every move (a dict's own
lookup, so a hit costs no Python call)."""


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# --- tokens ---------------------------------------------------------------------------------

_CARD_TOKENS = [RANKS[c & 7] + SUITS[c >> 3] for c in range(32)] + ["JK"]
_CARD_OF_TOKEN = {tok: c for c, tok in enumerate(_CARD_TOKENS)}
_CARD_OF_TOKEN.update({"10" + SUITS[c >> 3]: c for c in range(32) if c & 7 == 3})


def card_token(card: int) -> str:
    """The canonical token of a card: rank then suit (``TS``), ``JK`` for the Joker."""
    return _CARD_TOKENS[card]


def parse_card(token: str) -> int:
    """The card named by a token, case-insensitive; ``10S`` means ``TS``.

    Raises ``ValueError`` naming the token and the expected form.
    """
    card = _CARD_OF_TOKEN.get(token.strip().upper()) if isinstance(token, str) else None
    if card is None:
        raise ValueError(
            f"unknown card {token!r}: expected rank 7 8 9 T(10) J Q K A then suit C D H S "
            "(for example 'TS' or '10s'), or 'JK' for the Joker"
        )
    return card


def suit_token(suit: int) -> str:
    """The letter of a suit."""
    return SUITS[suit]


def parse_suit(token: str) -> int:
    """The suit named by a letter or a name (``h``, ``Hearts``, ``♥``), case-insensitive."""
    if isinstance(token, str):
        text = token.strip().lower()
        for suit in range(4):
            if text in (SUITS[suit].lower(), SUIT_NAMES[suit], SUIT_NAMES[suit][:-1],
                        SUIT_SYMBOLS[suit]):
                return suit
    raise ValueError(f"unknown suit {token!r}: expected one of C D H S")


def card_label(card: int) -> str:
    """A human label with the suit symbol: ``10♠``, ``J♥``, ``Joker``."""
    if card == JOKER:
        return "Joker"
    return RANK_NAMES[card & 7] + SUIT_SYMBOLS[card >> 3]


# --- trump tables ---------------------------------------------------------------------------


def _effective_suit(card: int, trump: int) -> int:
    if card == JOKER or card == trump * 8 + JACK or card == same_colour(trump) * 8 + JACK:
        return trump
    return card >> 3


def _power(card: int, trump: int) -> int:
    """Strength inside the suit the card follows: trumps above 100, bowers and Joker on top."""
    if card == JOKER:
        return 120
    if card == trump * 8 + JACK:
        return 110
    if card == same_colour(trump) * 8 + JACK:
        return 109
    return (100 if card >> 3 == trump else 0) + (card & 7)


EFFECTIVE_SUIT = [[_effective_suit(c, t) for c in range(N_CARDS)] for t in range(4)]
"""``EFFECTIVE_SUIT[trump][card]``: the suit a card belongs to under that trump."""

POWER = [[_power(c, t) for c in range(N_CARDS)] for t in range(4)]
"""``POWER[trump][card]``: higher wins between cards of the same effective suit."""

SUIT_MASK = [[sum(1 << c for c in range(N_CARDS) if EFFECTIVE_SUIT[t][c] == s) for s in range(4)]
             for t in range(4)]
"""``SUIT_MASK[trump][suit]``: every card that belongs to ``suit`` under ``trump``."""


def follow_masks(suit: Sequence[int]) -> list[int]:
    """Following suit, the one statement of it for every game of the package: given the suit
    each card follows (under one trump), ``[led]`` is the mask of the cards that follow the
    card led; a player holding any of them must play one (``playable``), else any card.
    ``FOLLOW_MASK`` and each game's card order (``engine.cards.CardOrder``) are its tables."""
    return [sum(1 << c for c in range(len(suit)) if suit[c] == suit[led])
            for led in range(len(suit))]


def playable(hand: int, follow: int) -> int:
    """The cards of ``hand`` that may be played to a trick whose led card's ``follow_masks``
    is ``follow`` (the Euchre int paths inline it: search calls them millions of times)."""
    return hand & follow or hand


def beats(suit: Sequence[int], power: Sequence[int], trump: int, best: int, card: int) -> bool:
    """The trick's winner, the one statement of it for every game of the package: whether
    ``card`` beats ``best`` (the card winning the trick so far), given the suit each card
    follows and its power inside it under ``trump``: the higher of the same suit, else a
    trump. ``SECOND_WINS`` and each game's card order are its tables."""
    if suit[card] == suit[best]:
        return power[card] > power[best]
    return suit[card] == trump


FOLLOW_MASK = [follow_masks(EFFECTIVE_SUIT[t]) for t in range(4)]
"""``FOLLOW_MASK[trump][led]``: the cards that follow the card led (same effective suit)."""

SECOND_WINS = [bytes(beats(EFFECTIVE_SUIT[t], POWER[t], t, a, b) for a in range(N_CARDS)
                     for b in range(N_CARDS)) for t in range(4)]
"""``SECOND_WINS[trump][led * 33 + card]``: does the second card of a two-card trick win it?"""


def effective_suit(card: int, trump: int) -> int:
    """The suit a card follows under ``trump``: the left bower and the Joker are trump."""
    return EFFECTIVE_SUIT[trump][card]


def trick_winner(leader: int, led: int, card: int, trump: int) -> int:
    """Who wins a trick that ``leader`` led with ``led`` and the other player answered with
    ``card``: the highest trump, else the higher card of the suit led.

    >>> trick_winner(0, parse_card("AH"), parse_card("JD"), trump=HEARTS)  # left bower trumps
    1
    """
    return 1 - leader if SECOND_WINS[trump][led * N_CARDS + card] else leader


def sort_key(card: int, trump: int = -1) -> tuple[int, int]:
    """A key that sorts a hand by suit (trump first when there is one), high cards first."""
    if trump < 0:
        return (0 if card == JOKER else 1 + (card >> 3), -(card & 7) if card != JOKER else 0)
    suit = EFFECTIVE_SUIT[trump][card]
    return (0 if suit == trump else 1 + suit, -POWER[trump][card])
