"""The hand-strength count the rules of thumb bid by, at every table size: what each card is
worth towards taking tricks, a hand's count for a trump suit, the dealer's best discard.

Its own module because the two-handed heuristic, the family's rules of thumb, the bidding
models and the expert all read it, and none of them should import another to get it.

>>> from euchre.cards import parse_card
>>> round(strength([parse_card(t) for t in "JH JD AH KH AS".split()], 2), 2)  # hearts (C D H S)
11.9
"""

from __future__ import annotations

from ..cards import EFFECTIVE_SUIT, POWER

ORDER_AT = 6.2
"""Hand strength from which the bot makes trump."""

_TRUMP_VALUE = {120: 3.6, 110: 3.2, 109: 2.8, 107: 2.3, 106: 1.9, 105: 1.6, 103: 1.4,
                102: 1.3, 101: 1.2, 100: 1.1}
"""Value of a trump by its power (Joker, right, left, A K Q T 9 8 7)."""


def card_value(card: int, trump: int) -> float:
    """What a card is worth towards taking tricks with ``trump``."""
    power = POWER[trump][card]
    if power >= 100:
        return _TRUMP_VALUE[power]
    return 0.9 if power == 7 else 0.35 if power == 6 else 0.0


def strength(hand: list[int], trump: int) -> float:
    """The hand-strength count of five cards for ``trump``."""
    total = sum(card_value(c, trump) for c in hand)
    trumps = sum(1 for c in hand if EFFECTIVE_SUIT[trump][c] == trump)
    if trumps >= 2:
        suits = {EFFECTIVE_SUIT[trump][c] for c in hand}
        total += 0.4 * sum(1 for s in range(4) if s != trump and s not in suits)
    return total


def best_discard(six: list[int], trump: int) -> int:
    """The card to throw from six: a lone low side card (a void), else the least useful."""
    def cost(card: int) -> tuple[float, int]:
        suit = EFFECTIVE_SUIT[trump][card]
        value = card_value(card, trump)
        alone = suit != trump and value < 0.9 and sum(
            1 for c in six if EFFECTIVE_SUIT[trump][c] == suit) == 1
        return (value - (0.5 if alone else 0.0), POWER[trump][card])
    return min(six, key=cost)


def strength_with_upcard(hand: list[int], upcard: int, trump: int) -> float:
    """The dealer's strength after taking the upcard and discarding his best discard."""
    six = [*hand, upcard]
    throw = best_discard(six, trump)
    return strength([c for c in six if c != throw], trump)
