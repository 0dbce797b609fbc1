"""The batched engine's lookup tables, built once from the scalar engine's own facts.

Every rule the batch applies by table comes from the module that states it (``cards`` for
who wins a trick and what follows, ``Rules.suits_to_name`` for round two's bids, ``actions``
for the ids), so nothing here restates a rule: it only lays the facts out as numpy arrays a
whole batch can be indexed with in one call.
"""

from __future__ import annotations

import numpy as np

from ..actions import (
    CALL,
    CALL_ALONE,
    DEFEND_ALONE,
    N_ACTIONS,
    N_FAMILY_ACTIONS,
    ORDER,
    ORDER_ALONE,
    PASS,
)
from ..cards import EFFECTIVE_SUIT, FOLLOW_MASK, JOKER, N_CARDS, SECOND_WINS, deck_cards
from ..rules import Rules
from ..scoring import side_of, side_points

BID1, DISCARD_PHASE, BID2, PLAY, JOKER_PHASE, OVER, DEFEND = range(7)
"""The phases, numbered as the scalar cores number them (``Phase``'s order)."""

CARD_IDS = np.arange(N_CARDS, dtype=np.int64)
CARD_BIT = np.zeros(N_FAMILY_ACTIONS, dtype=np.int64)
CARD_BIT[:N_CARDS] = np.int64(1) << CARD_IDS
"""``CARD_BIT[action]``: the card's bit for a card id, 0 for every other action."""

FOLLOW = np.array(FOLLOW_MASK, dtype=np.int64).reshape(-1)
"""``FOLLOW[trump * 33 + led]``: the cards that follow the card led (``cards.FOLLOW_MASK``;
flat, as every table the hot path indexes: one index array is cheaper than two)."""
SUIT_OF = np.array(EFFECTIVE_SUIT, dtype=np.int64)
BEATS = np.array([np.frombuffer(t, dtype=np.uint8) for t in SECOND_WINS], dtype=bool).reshape(-1)
"""``BEATS[(trump * 33 + best) * 33 + card]``: ``card`` beats the best card so far
(``cards.SECOND_WINS``)."""
PARTNER = np.array([2, 3, 0, 1], dtype=np.int64)
"""A four-handed seat's partner."""
PARTNER_BIT = np.array([4, 8, 1, 2, 0], dtype=np.int64)
"""``PARTNER_BIT[seat]``: the bit of ``seat``'s partner; 0 for seat -1 (nobody)."""

MAX_BIDS = 10
"""The most bids a hand can hold (four passes twice, then two defenders)."""
TAIL_START = PASS
"""The action ids at and after ``pass`` are the bids, laid out by ``bid_table``."""
FLAG_STATES = 2
"""A bidding situation's one flag: round two's dealer under stick the dealer, or the
two-handed dealer who may leave the upcard."""


def action_count(players: int) -> int:
    """The width of a batch's legal mask: the adapters' action space of that game (72 ids
    two-handed, the 78 of the family's at three and four, as ``envs.gym.sizes``)."""
    return N_ACTIONS if players == 2 else N_FAMILY_ACTIONS


def deck_array(size: int) -> np.ndarray:
    """The cards of a deck in id order (``cards.deck_cards``)."""
    return np.array(deck_cards(size), dtype=np.int64)


def next_seat_table(players: int) -> np.ndarray:
    """``NEXT[out, seat]``: the next seat clockwise that plays, ``out`` a mask of the seats
    sitting out (the scalar core's ``next_seats``, for every mask at once)."""
    table = np.zeros((16, 4), dtype=np.int64)
    for out in range(16):
        for seat in range(players):
            following = (seat + 1) % players
            while out >> following & 1 and following != seat:
                following = (following + 1) % players
            table[out, seat] = following
    return table


def bid_code(phase: np.ndarray, turned: np.ndarray, flag: np.ndarray) -> np.ndarray:
    """The index into ``bid_table`` of each game's bidding situation."""
    return (phase * 5 + turned + 1) * FLAG_STATES + flag


def bid_table(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every bidding situation (``bid_code``): the legal bids as a bool row over the ids
    from ``pass`` on, their count, and the ids themselves (padded), from the scalar cores'
    own lists. Play and discards are masks of cards, not in this table (a discard row holds
    only the two-handed dealer's ``pass``)."""
    width = action_count(rules.players) - TAIL_START
    size = 7 * 5 * FLAG_STATES
    rows = np.zeros((size, width), dtype=bool)
    for phase in range(7):
        for turned in range(-1, 4):
            for flag in range(FLAG_STATES):
                code = (phase * 5 + turned + 1) * FLAG_STATES + flag
                for action in _bids(rules, phase, turned, bool(flag)):
                    rows[code, action - TAIL_START] = True
    counts = rows.sum(axis=1)
    ids = np.zeros((size, max(1, int(counts.max()))), dtype=np.int64)
    for code in range(size):
        found = np.nonzero(rows[code])[0] + TAIL_START
        ids[code, :len(found)] = found
    return rows, counts.astype(np.int64), ids


def _bids(rules: Rules, phase: int, turned: int, flag: bool) -> tuple[int, ...]:
    """The bids legal in one situation, as the scalar cores' ``legal`` lists them."""
    four = rules.players == 4
    if phase == BID1:
        return (PASS, ORDER, ORDER_ALONE) if four else (PASS, ORDER)
    if phase == BID2 and turned >= 0:
        suits = rules.suits_to_name(turned)
        calls = tuple(CALL + s for s in suits)
        if four:
            calls += tuple(CALL_ALONE + s for s in suits)
        return calls if flag else (PASS, *calls)
    if phase == JOKER_PHASE:
        calls = tuple(range(CALL, CALL + 4))
        return calls + tuple(range(CALL_ALONE, CALL_ALONE + 4)) if rules.joker_dealer_alone \
            else calls
    if phase == DEFEND and four:
        return (PASS, DEFEND_ALONE)
    if phase == DISCARD_PHASE and flag:
        return (PASS,)
    return ()


def side_table(players: int) -> np.ndarray:
    """``SIDE[seat]``: the side each seat scores for (``scoring.side_of``)."""
    return np.array([side_of(players, seat) for seat in range(4)], dtype=np.int64)


JOKER_CARD = JOKER


THROWN_IN = 24
"""The row of ``points_table`` for a hand nobody made trump in: no points."""


def points_code(maker_tricks: np.ndarray, alone: np.ndarray, defended: np.ndarray,
                maker: np.ndarray) -> np.ndarray:
    """The row of ``points_table`` of each finished hand."""
    return np.where(maker >= 0, maker_tricks * 4 + alone * 2 + defended, THROWN_IN)


def points_table(players: int) -> tuple[np.ndarray, np.ndarray]:
    """The points of the makers' side and of each other side by ``points_code``: the
    makers' tricks (0-5), a lone maker, a lone defender (``scoring.side_points``, laid out
    for every case at once)."""
    makers = np.zeros(THROWN_IN + 1, dtype=np.int64)
    others = np.zeros(THROWN_IN + 1, dtype=np.int64)
    for tricks in range(6):
        for alone in (0, 1):
            for defended in (0, 1):
                points = side_points(players, 0, tricks, bool(alone), bool(defended))
                code = tricks * 4 + alone * 2 + defended
                makers[code], others[code] = points[0], points[1]
    return makers, others
