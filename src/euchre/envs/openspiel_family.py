"""The mapping between OpenSpiel's C++ ``euchre`` (four-handed, one hand) and our engine at
``Rules(players=4)``, as RULES-family.md gives it: one copy, for the lockstep test
(``tests/test_family_openspiel.py``) and the bench against OpenSpiel's ISMCTS
(``bench/openspiel_ismcts.py --players 4``).

* **Cards**: OpenSpiel's card ``rank * 4 + suit`` (ranks 9 T J Q K A, suits C D H S) is our
  token ``our_card``; ``os_card`` is the way back.
* **The deal**: OpenSpiel's first chance event is the dealer, then 21 cards: card ``i`` of
  them goes to seat ``(dealer + i) mod 4`` for ``i < 20``, card 20 is the upcard. Ours deals
  positions ``5k .. 5k + 4`` of a stacked deck to the k-th seat from the dealer's left, then
  the upcard, then the kitty (``our_deck``; ``os_deal`` is the way back).
* **Bids**: OpenSpiel's pass or trump suit is one of our tokens with or without "alone"
  (``our_bid``): OpenSpiel asks the maker "alone?" only after the dealer's discard.

>>> deck = list(range(24))
>>> our_deck(3, deck)[:5], our_card(deck[20])
(['9D', 'TD', 'JD', 'QD', 'KD'], 'AC')
>>> os_deal(3, our_deck(3, deck)) == deck[:21]
True
>>> all(os_card(our_card(c)) == c for c in range(24))
True
"""

from __future__ import annotations

from collections.abc import Sequence

import pyspiel

from ..cards import card_token

E = pyspiel.euchre
PASS, TRUMP, ALONE, PARTNER = (E.PASS_ACTION, E.CLUBS_TRUMP_ACTION, E.GO_ALONE_ACTION,
                               E.PLAY_WITH_PARTNER_ACTION)
DEALT = 21
"""OpenSpiel's card chance events: 20 to the hands and the upcard (the kitty is not dealt)."""


def our_card(card: int) -> str:
    """OpenSpiel's card ``rank * 4 + suit`` (ranks 9 T J Q K A, suits C D H S) as our token."""
    return card_token((card % 4) * 8 + card // 4 + 2)


_OS_CARD = {our_card(c): c for c in range(24)}


def os_card(token: str) -> int:
    """Our card token as OpenSpiel's card."""
    return _OS_CARD[token]


def our_bid(action: int, upcard_suit: str | None) -> set[str]:
    """Our tokens an OpenSpiel bid stands for (going alone is asked later there)."""
    if action == PASS:
        return {"pass"}
    suit = "CDHS"[action - TRUMP]
    if suit == upcard_suit and upcard_suit is not None:
        return {"order", "order alone"}
    return {f"call {suit}", f"call {suit} alone"}


def our_deck(dealer: int, deck: Sequence[int]) -> list[str]:
    """Our stacked deck (tokens) of OpenSpiel's deal: ``deck[:21]`` its chance events after the
    dealer's; the cards after them (if any) are our kitty."""
    order = [our_card(deck[i]) for k in range(4) for i in range(20)
             if (dealer + i) % 4 == (dealer + 1 + k) % 4]
    return order + [our_card(c) for c in deck[20:]]


def os_deal(dealer: int, deck: Sequence[str]) -> list[int]:
    """OpenSpiel's 21 card chance events (after the dealer's) of our stacked deck (tokens):
    each seat gets the same five cards and the upcard is the same."""
    return [os_card(deck[5 * ((i - 1) % 4) + i // 4]) for i in range(20)] + [os_card(deck[20])]
