"""The core's actions: one fixed space of ints for every game on it, and their tokens.

========  =====================  ==============================================
ids       token                  meaning
========  =====================  ==============================================
0..52     ``XX``                 play card ``XX`` (card id = action id)
53..105   ``discard XX``         discard ``XX`` face down
106..158  ``give XX``            Railroad: give ``XX`` to the lone partner
159       ``pass``
160       ``order``              Railroad: make the upcard's suit trump
161       ``order alone``
162..165  ``call S``             name trump
166..169  ``call S alone``
170       ``defend alone``       Railroad
171..176  ``bid N``              Hasenpfeffer 1..6; Napoleon ``bid 2/3/4``
177..180  ``bid misere/nap/wellington/blucher``  Napoleon
========  =====================  ==============================================

A game's module says which of them are legal; the int path (``legal_action_ids``,
``apply_id``) and the token path (``legal_actions``, ``apply``) are the same actions.

>>> action_token(parse_action("Discard 10h")), action_token(parse_action("BID Nap"))
('discard TH', 'bid nap')
>>> parse_action("give 2c") == GIVE
True
"""

from __future__ import annotations

from .cards import N_CARDS, SUITS, card_token, parse_card, parse_suit

DISCARD = N_CARDS
GIVE = 2 * N_CARDS
PASS = 3 * N_CARDS
ORDER = PASS + 1
ORDER_ALONE = PASS + 2
CALL = PASS + 3
CALL_ALONE = CALL + 4
DEFEND_ALONE = CALL_ALONE + 4
BID = DEFEND_ALONE + 1
"""``BID + n - 1``: ``bid n`` for n 1..6."""
MISERE, NAP, WELLINGTON, BLUCHER = range(BID + 6, BID + 10)
N_ACTIONS = BLUCHER + 1

TOKENS: tuple[str, ...] = (
    *(card_token(c) for c in range(N_CARDS)),
    *("discard " + card_token(c) for c in range(N_CARDS)),
    *("give " + card_token(c) for c in range(N_CARDS)),
    "pass", "order", "order alone",
    *("call " + s for s in SUITS), *("call " + s + " alone" for s in SUITS),
    "defend alone",
    *(f"bid {n}" for n in range(1, 7)),
    "bid misere", "bid nap", "bid wellington", "bid blucher",
)
IDS = {token: action for action, token in enumerate(TOKENS)}
_WORDS = {"misère": "misere", "blücher": "blucher"}
EXPECTED = ("expected a card such as 'TS', 'pass', 'order', 'call S', 'discard XX', "
            "'give XX', 'defend alone', 'bid N' or 'bid misere/nap/wellington/blucher'")


def action_token(action: int) -> str:
    return TOKENS[action]


def parse_action(token: object) -> int:
    """The action id of a token: case-insensitive, spaces forgiven, ``10S`` for ``TS``;
    ``ValueError`` naming the token and the forms expected."""
    if not isinstance(token, str):
        raise ValueError(f"an action must be a string token, not {type(token).__name__}: "
                         f"{EXPECTED}")
    found = IDS.get(token)
    if found is not None:
        return found
    words = [_WORDS.get(w, w) for w in token.lower().split()]
    found = IDS.get(" ".join(words))
    if found is not None:
        return found
    if len(words) == 1:
        try:
            return parse_card(words[0])
        except ValueError:
            pass
    elif len(words) == 2 and words[0] in ("discard", "give"):
        try:
            return (DISCARD if words[0] == "discard" else GIVE) + parse_card(words[1])
        except ValueError as err:
            raise ValueError(f"bad action {token!r}: {err}") from None
    elif len(words) in (2, 3) and words[0] == "call" and words[2:] in ([], ["alone"]):
        try:
            return (CALL_ALONE if words[2:] else CALL) + parse_suit(words[1])
        except ValueError as err:
            raise ValueError(f"bad action {token!r}: {err}") from None
    raise ValueError(f"unknown action {token!r}: {EXPECTED}")
