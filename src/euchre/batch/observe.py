"""A batch's observations: the research adapters' documented encodings, for N games at once.

``observation(batch, seat)`` is, row by row, exactly ``envs.encoding.encode`` (two-handed)
or ``envs.family_encoding.encode`` (three- and four-handed) of ``game.view(seat)``: the
offsets are imported from those modules, so the layout is written once. Like a view it
holds the seat's own hand (none for the dealer naming the Joker's suit), the cards played,
the upcard and his own discard if he is the dealer: never another hand, the stock or
another seat's discard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..actions import CALL, CALL_ALONE, DEFEND_ALONE, N_FAMILY_ACTIONS, ORDER, ORDER_ALONE, PASS
from ..cards import N_CARDS
from ..envs import encoding as two
from ..envs import family_encoding as fam
from ..rules import DECK_SIZES
from . import tables as t
from .tables import MAX_BIDS

if TYPE_CHECKING:
    from .engine import Batch


def _kinds(first: int) -> np.ndarray:
    """A bid's slot in its bid's block, by action id: pass, order, call C D H S from
    ``first`` on (alone bids as their bid; -1 for the rest)."""
    kind = np.full(N_FAMILY_ACTIONS, -1, dtype=np.int64)
    kind[PASS], kind[ORDER], kind[ORDER_ALONE] = first, first + 1, first + 1
    for suit in range(4):
        kind[CALL + suit] = kind[CALL_ALONE + suit] = first + 2 + suit
    return kind


_TWO_KIND = _kinds(1)
_FAMILY_KIND = _kinds(fam.SEATS)
_FAMILY_KIND[DEFEND_ALONE] = fam.SEATS + 7
_ALONE = np.zeros(N_FAMILY_ACTIONS, dtype=bool)
_ALONE[[ORDER_ALONE, *range(CALL_ALONE, CALL_ALONE + 4)]] = True


def observation_size(players: int) -> int:
    """The length of one observation: 522 two-handed, 1089 at three or four."""
    return two.SIZE if players == 2 else fam.SIZE


def observation(batch: Batch, seat: int) -> np.ndarray:
    """(N, size) float32: what ``seat`` sees in each game, in the adapters' encoding."""
    players = batch.players
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"seat must be a seat from 0 to {players - 1}, not {seat!r}")
    size = observation_size(players)
    x = np.zeros((batch.n, size), dtype=np.float32)
    _common(batch, seat, x)
    if players == 2:
        _two_handed(batch, seat, x)
    else:
        _family(batch, seat, x)
    _rules(batch, x, two if players == 2 else fam)
    return x


def _ones(x: np.ndarray, rows: np.ndarray, cols: np.ndarray, where: np.ndarray) -> None:
    """Set ``x[rows, cols] = 1`` where ``where`` holds (arrays of one shape)."""
    flat = x.reshape(-1)
    flat[(rows * x.shape[1] + cols)[where]] = 1


def _card_bits(masks: np.ndarray) -> np.ndarray:
    return ((masks[..., None] >> t.CARD_IDS) & 1).astype(np.float32)


def _common(b: Batch, me: int, x: np.ndarray) -> None:
    """The hand, the upcard and the dealer's own discard: the same offsets in both
    layouts (``two.HAND`` is ``fam.HAND`` and so on)."""
    rows = np.arange(b.n)
    shown = ~((b.phase == t.JOKER_PHASE) & (b.dealer == me))
    x[:, two.HAND:two.HAND + N_CARDS] = _card_bits(b.hands[:, me]) * shown[:, None]
    x[rows, two.UPCARD + b.upcard] = 1
    x[:, two.TAKEN] = b.taken
    _ones(x, rows, two.DISCARD + b.discarded, (b.dealer == me) & (b.discarded >= 0))


def _two_handed(b: Batch, me: int, x: np.ndarray) -> None:
    """``envs.encoding``'s own fields: each trick as [I led, my card, their card], bids as
    [by me, kind], then me and them."""
    rows = np.arange(b.n)[:, None]
    them = 1 - me
    i = np.arange(5)[None, :]
    done = i < b.tricks[:, None]
    base = two.TRICKS + i * two.TRICK_WIDTH
    _ones(x, rows + 0 * i, base, done & (b.trick_leader[:, :5] == me))
    _ones(x, rows + 0 * i, base + 1 + b.trick_cards[:, :5, me], done)
    _ones(x, rows + 0 * i, base + 34 + b.trick_cards[:, :5, them], done)
    leading = b.led >= 0
    x[:, two.TRICK] = leading & (b.leader == me)
    _ones(x, rows[:, 0], two.TRICK + 1 + b.led, leading)
    j = np.arange(4)[None, :]
    made = j < b.n_bids[:, None]
    bid_base = two.BIDS + j * two.BID_WIDTH
    _ones(x, rows + 0 * j, bid_base, made & (b.bid_seat[:, :4] == me))
    _ones(x, rows + 0 * j, bid_base + _TWO_KIND[b.bid_action[:, :4]], made)
    flat = rows[:, 0]
    _ones(x, flat, two.TRUMP + b.trump, b.trump >= 0)
    _ones(x, flat, two.MAKER + (b.maker != me), b.maker >= 0)
    x[flat, two.PHASE + b.phase] = 1
    x[:, two.DEALER] = b.dealer == me
    x[:, two.TURN] = b.to_move == me
    x[:, two.WON] = b.won[:, me] / 5
    x[:, two.WON + 1] = b.won[:, them] / 5
    target = b.rules.target
    x[:, two.SCORE] = np.minimum(b.scores[:, me] / target, 1.0)
    x[:, two.SCORE + 1] = np.minimum(b.scores[:, them] / target, 1.0)


def _family(b: Batch, me: int, x: np.ndarray) -> None:
    """``envs.family_encoding``'s own fields, every seat relative to ``me``."""
    players = b.players
    n = b.n
    rows = np.arange(n)

    def rel(seat: np.ndarray) -> np.ndarray:
        return (seat - me) % players

    i = np.arange(5)[None, :]
    done = i < b.tricks[:, None]
    current = (i == b.tricks[:, None]) & (b.led >= 0)[:, None]
    shown = done | current
    base = np.where(current, fam.TRICK, fam.TRICKS + i * fam.TRICK_WIDTH)
    grid = rows[:, None] + 0 * i
    _ones(x, grid, base + rel(b.trick_leader[:, :5]), shown)
    for seat in range(players):
        card = b.trick_cards[:, :5, seat]
        seat_slot = rel(np.asarray(seat, dtype=np.int64))
        _ones(x, grid, base + fam.SEATS + seat_slot * 33 + card, shown & (card >= 0))
    j = np.arange(MAX_BIDS)[None, :]
    made = j < b.n_bids[:, None]
    bid_base = fam.BIDS + j * fam.BID_WIDTH
    actions = b.bid_action[:, :MAX_BIDS]
    bid_grid = rows[:, None] + 0 * j
    _ones(x, bid_grid, bid_base + rel(b.bid_seat[:, :MAX_BIDS]), made)
    _ones(x, bid_grid, bid_base + _FAMILY_KIND[actions], made)
    _ones(x, bid_grid, bid_base + fam.SEATS + 6, made & _ALONE[actions])
    _ones(x, rows, fam.TRUMP + b.trump, b.trump >= 0)
    _ones(x, rows, fam.MAKER + rel(b.maker), b.maker >= 0)
    for lone in (b.alone, b.defender):
        _ones(x, rows, fam.ALONE + rel(lone), lone >= 0)
        if players == 4:
            _ones(x, rows, fam.OUT + rel((lone + 2) % 4), lone >= 0)
    x[rows, fam.PHASE + b.phase] = 1
    x[rows, fam.DEALER + rel(b.dealer)] = 1
    x[rows, fam.TO_MOVE + rel(b.to_move)] = 1
    target = b.rules.target
    for seat in range(players):
        slot = (seat - me) % players
        x[:, fam.WON + slot] = b.won[:, seat] / 5
        x[:, fam.HELD + slot] = np.bitwise_count(b.hands[:, seat]) / 5
        x[:, fam.SCORE + slot] = np.minimum(b.scores[:, b._side[seat]] / target, 1.0)
    x[:, fam.GAME + (players == 4)] = 1


def _rules(b: Batch, x: np.ndarray, layout: Any) -> None:
    """The deck, the options and the target: the same for every game of a batch."""
    rules = b.rules
    x[:, layout.DECK + DECK_SIZES.index(rules.deck)] = 1
    options: tuple[bool, ...]
    if layout is two:
        options = (rules.dealer_must_pick_up, rules.may_call_turned_suit, rules.stick_the_dealer)
    else:
        options = (rules.may_call_turned_suit, rules.stick_the_dealer, rules.defend_alone,
                    rules.joker_dealer_alone)
    x[:, layout.OPTIONS:layout.OPTIONS + len(options)] = options
    x[:, layout.TARGET] = min(rules.target, 100) / 100
