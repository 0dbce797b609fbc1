"""Actions as ints (for search and for fixed action spaces) and as tokens (for people and JSON).

The int ids form one fixed space that covers every game and rule option: the first 72 are
the two- and three-handed games' (``N_ACTIONS``), and the four-handed game adds going alone
and defending alone after them (``N_FAMILY_ACTIONS``), so no id or token ever changed:

========  ================  ==========================================
ids       token             meaning
========  ================  ==========================================
0..32     ``XX``            play card ``XX`` (card id = action id)
33..65    ``discard XX``    take the upcard, discard card ``id - 33``
66        ``pass``          pass (or, for the dealer ordered up, leave the upcard)
67        ``order``         make the upcard's suit trump
68..71    ``call S``        make suit ``id - 68`` trump
72        ``order alone``   ``order``, and play without a partner (four-handed)
73..76    ``call S alone``  ``call S``, and play without a partner (four-handed)
77        ``defend alone``  defend without a partner against a lone maker (four-handed)
========  ================  ==========================================

>>> action_token(parse_action("Discard 10h"))
'discard TH'
>>> parse_action("call hearts") == CALL + 2
True
>>> action_token(parse_action("Call h ALONE")), parse_action("order alone") == ORDER_ALONE
('call H alone', True)
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
"""The two- and three-handed games' actions: ids ``0 .. N_ACTIONS - 1``."""
ORDER_ALONE = N_ACTIONS
CALL_ALONE = ORDER_ALONE + 1
"""``CALL_ALONE + suit``: name ``suit`` trump and go alone."""
DEFEND_ALONE = CALL_ALONE + 4
N_FAMILY_ACTIONS = DEFEND_ALONE + 1
"""Every game's actions, the four-handed game's going alone included."""
ALONE_OF = {ORDER_ALONE: ORDER, **{CALL_ALONE + s: CALL + s for s in range(4)}}
"""The bid each lone bid is (``order alone`` is ``order``, played alone)."""

ACTION_TOKENS: tuple[str, ...] = (
    *(card_token(c) for c in range(N_CARDS)),
    *("discard " + card_token(c) for c in range(N_CARDS)),
    "pass", "order",
    *("call " + s for s in SUITS),
    "order alone",
    *("call " + s + " alone" for s in SUITS),
    "defend alone",
)
"""``ACTION_TOKENS[id]``: the canonical token of every action id."""
ACTION_IDS: dict[str, int] = {tok: a for a, tok in enumerate(ACTION_TOKENS)}
"""The id of every canonical token (the fast path of ``parse_action``)."""

_EXPECTED = ("expected 'pass', 'order', 'call S', 'discard XX' or a card such as 'TS' "
             "(four-handed: also 'order alone', 'call S alone', 'defend alone')")


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
    alone = len(words) > 1 and words[-1] == "alone"
    if alone:
        words.pop()
        if words == ["defend"]:
            return DEFEND_ALONE
        if words == ["order"]:
            return ORDER_ALONE
        if len(words) != 2 or words[0] != "call":
            raise ValueError(f"unknown action {token!r}: {_EXPECTED}")
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
                return (CALL_ALONE if alone else CALL) + parse_suit(words[1])
            return DISCARD + parse_card(words[1])
        except ValueError as err:
            raise ValueError(f"bad action {token!r}: {err}") from None
    raise ValueError(f"unknown action {token!r}: {_EXPECTED}")
