"""Actions as ints (for search and for fixed action spaces) and as tokens (for people and JSON).

The int ids form one fixed space of 72 actions that covers every rule option:

========  ===========  ==========================================
ids       token        meaning
========  ===========  ==========================================
0..32     ``XX``       play card ``XX`` (card id = action id)
33..65    ``discard``  take the upcard, discard card ``id - 33``
66        ``pass``     pass (or, for the dealer ordered up, leave the upcard)
67        ``order``    make the upcard's suit trump
68..71    ``call S``   make suit ``id - 68`` trump
========  ===========  ==========================================

>>> action_token(parse_action("Discard 10h"))
'discard TH'
>>> parse_action("call hearts") == CALL + 2
True
>>> parse_action("bid")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown action 'bid': expected 'pass', 'order', 'call S', 'discard XX' or a card...
"""

from __future__ import annotations

from .cards import N_CARDS, SUITS, card_token, parse_card, parse_suit

DISCARD = N_CARDS
"""``DISCARD + card``: take the upcard and discard ``card``."""
PASS = 2 * N_CARDS
ORDER = PASS + 1
CALL = PASS + 2
"""``CALL + suit``: name ``suit`` trump."""
N_ACTIONS = CALL + 4

ACTION_TOKENS: tuple[str, ...] = (
    *(card_token(c) for c in range(N_CARDS)),
    *("discard " + card_token(c) for c in range(N_CARDS)),
    "pass", "order",
    *("call " + s for s in SUITS),
)
"""``ACTION_TOKENS[id]``: the canonical token of every action id."""
ACTION_IDS: dict[str, int] = {tok: a for a, tok in enumerate(ACTION_TOKENS)}
"""The id of every canonical token (the fast path of ``parse_action``)."""

_EXPECTED = "expected 'pass', 'order', 'call S', 'discard XX' or a card such as 'TS'"


def action_token(action: int) -> str:
    """The canonical token of an action id."""
    return ACTION_TOKENS[action]


def parse_action(token: str) -> int:
    """The action id of a token: case-insensitive, spaces forgiven, ``10S`` for ``TS``.

    Raises ``ValueError`` naming the token and the forms expected.
    """
    if not isinstance(token, str):
        kind = type(token).__name__
        raise ValueError(f"an action must be a string token, not {kind}: {_EXPECTED}")
    action = ACTION_IDS.get(token)
    if action is not None:
        return action
    words = token.lower().split()
    if len(words) == 1:
        if words[0] in ("pass", "order"):
            return PASS if words[0] == "pass" else ORDER
        try:
            return parse_card(words[0])
        except ValueError:
            pass
    elif len(words) == 2 and words[0] in ("call", "discard"):
        try:
            if words[0] == "call":
                return CALL + parse_suit(words[1])
            return DISCARD + parse_card(words[1])
        except ValueError as err:
            raise ValueError(f"bad action {token!r}: {err}") from None
    raise ValueError(f"unknown action {token!r}: {_EXPECTED}")
