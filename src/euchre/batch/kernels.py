"""The batched engine's rules as compiled loops over games (numba), on ``Batch``'s arrays.

A step of N games as numpy calls costs about 150 calls whatever N is: at 1,024 games the
calls' own overhead was most of a step, and the engine reached a quarter of its target (issue
53's bench/README.md section has the figures). Here each rule is written once, for one game,
in plain Python that numba compiles; a kernel loops it over the games in machine code. The
state stays the public numpy arrays: ``Batch``'s fields are columns of one (N, W) int64
array (``STATE``'s layout below), which every kernel reads and writes in place.

Tables come from ``tables`` (built from the scalar engine's facts): the ones every game
shares are module constants (numba freezes them into the code), the ones a ``Rules`` chooses
are arguments. ``params`` holds a ``Rules``' numbers (``PARAMS``).
"""

from __future__ import annotations

import numba
import numpy as np

from ..actions import CALL, CALL_ALONE, DEFEND_ALONE, DISCARD, ORDER, ORDER_ALONE, PASS
from ..cards import JOKER, N_CARDS
from . import tables as t
from .tables import MAX_BIDS

jit = numba.njit(cache=True, nogil=True)

(PHASE, TO_MOVE, DEALER, UPCARD, TAKEN, TRUMP, MAKER, DISCARDED, LEADER, LED, BEST,
 BEST_SEAT, TRICKS, ALONE, DEFENDER, TURNED, OUT, N_BIDS, HAND_NUMBER, MATCHES,
 DECK_NEXT) = range(21)
"""The columns of a game's one-number fields in the state array."""
HANDS = 21
"""Four columns: each seat's cards as a bit mask (bit ``card``)."""
WON = HANDS + 4
"""Four columns: the tricks each seat took this hand."""
SCORES = WON + 4
"""Four columns: the points of each side (the first ``rules.sides``)."""
BID_SEAT = SCORES + 4
BID_ACTION = BID_SEAT + MAX_BIDS
"""``MAX_BIDS`` columns each: who made each bid of the hand and what it was."""
TRICK_LEADER = BID_ACTION + MAX_BIDS
"""Five columns: who led each trick of the hand."""
TRICK_CARDS = TRICK_LEADER + 5
"""Twenty columns (trick by trick, seat by seat): the card each seat played (-1: none)."""
WIDTH = TRICK_CARDS + 20

PLAYERS, SIDES, TARGET, STICK, MAY_LEAVE, DEFEND_RULE = range(6)
"""``params``: the number of players and of sides, the target, stick the dealer, the
two-handed dealer who may leave the upcard (not ``dealer_must_pick_up``), defend alone."""

_CARD_BIT = t.CARD_BIT
_FOLLOW = t.FOLLOW
_BEATS = t.BEATS
_PARTNER = t.PARTNER
_PARTNER_BIT = t.PARTNER_BIT


# --- what is legal --------------------------------------------------------------------


@jit
def _legal(s: np.ndarray, g: int, params: np.ndarray) -> tuple[int, bool, int]:
    """One game's legal actions in three parts: the mask of the cards that may be played
    (play) or discarded (the discard), whether they are discards, and the bidding
    situation's code in ``tables.bid_table``."""
    phase, dealer, p = s[g, PHASE], s[g, DEALER], s[g, TO_MOVE]
    cards = 0
    if phase == t.PLAY:
        cards = s[g, HANDS + p]
        led = s[g, LED]
        if led >= 0:
            follow = cards & _FOLLOW[s[g, TRUMP] * N_CARDS + led]
            if follow != 0:
                cards = follow
    discarding = phase == t.DISCARD_PHASE
    if discarding:  # (the dealer who named the Joker's suit may not discard the Joker)
        up = s[g, UPCARD]
        cards = s[g, HANDS + dealer] | (_CARD_BIT[up] if up != JOKER else 0)
    flag = 0
    if params[STICK] != 0 and phase == t.BID2 and p == dealer:
        flag = 1
    if params[MAY_LEAVE] != 0 and discarding and s[g, MAKER] != dealer:
        flag = 1
    code = (phase * 5 + s[g, TURNED] + 1) * t.FLAG_STATES + flag
    return cards, discarding, code


@jit
def _is_legal(s: np.ndarray, g: int, a: int, params: np.ndarray,
              bid_rows: np.ndarray) -> bool:
    """Whether action id ``a`` is legal in game ``g`` now."""
    cards, discarding, code = _legal(s, g, params)
    card = a - DISCARD if discarding else a
    if 0 <= card < N_CARDS and (cards >> card) & 1:
        return True
    bid = a - t.TAIL_START
    return 0 <= bid < bid_rows.shape[1] and bid_rows[code, bid]


@jit
def legal_mask(s: np.ndarray, params: np.ndarray, bid_rows: np.ndarray,
               out: np.ndarray) -> None:
    """Fill ``out`` (N, A) with each game's legal action ids."""
    width = bid_rows.shape[1]
    for g in range(s.shape[0]):
        cards, discarding, code = _legal(s, g, params)
        base = DISCARD if discarding else 0
        for c in range(N_CARDS):
            out[g, base + c] = (cards >> c) & 1 != 0
        for b in range(width):
            out[g, t.TAIL_START + b] = bid_rows[code, b]


@jit
def is_legal(s: np.ndarray, actions: np.ndarray, params: np.ndarray, bid_rows: np.ndarray,
             out: np.ndarray) -> None:
    """Fill ``out`` (N,) with whether each game's action is legal."""
    for g in range(s.shape[0]):
        out[g] = _is_legal(s, g, actions[g], params, bid_rows)


@jit
def random_actions(s: np.ndarray, u: np.ndarray, params: np.ndarray, bid_counts: np.ndarray,
                   bid_ids: np.ndarray, out: np.ndarray) -> None:
    """Fill ``out`` with one legal id per game, uniform among its legal ids: the
    ``int(u * count)``-th of them in id order, ``u`` a uniform number in [0, 1) per game."""
    for g in range(s.shape[0]):
        cards, discarding, code = _legal(s, g, params)
        n_cards = _bit_count(cards)
        pick = np.int64(u[g] * (n_cards + bid_counts[code]))
        if pick >= n_cards:
            out[g] = bid_ids[code, pick - n_cards]
            continue
        for _ in range(pick):  # drop the lowest card ``pick`` times
            cards &= cards - 1
        card = _bit_count((cards & -cards) - 1)
        out[g] = card + DISCARD if discarding else card


@jit
def _bit_count(x: int) -> int:
    """The number of bits set in ``x`` (0 <= x < 2**56: a mask of cards)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


# --- acting -----------------------------------------------------------------------------


@jit
def step(s: np.ndarray, actions: np.ndarray, check: bool, params: np.ndarray,
         bid_rows: np.ndarray, next_seat: np.ndarray, side: np.ndarray, points: np.ndarray,
         ended: np.ndarray, ended_points: np.ndarray, won_match: np.ndarray) -> int:
    """Apply one action id per game: a card played, or a bid, a discard or a choice to
    defend alone. Returns how many hands ended (scored here, their games listed in
    ``ended`` with ``ended_points`` and ``won_match``, to be dealt by ``deal``), or
    ``-1 - g`` for the first game ``g`` whose action is out of range (or not legal, with
    ``check``): then nothing has changed."""
    n = s.shape[0]
    for g in range(n):
        a = actions[g]
        if a < 0 or a >= t.TAIL_START + bid_rows.shape[1] \
                or (check and not _is_legal(s, g, a, params, bid_rows)):
            return -1 - g
    count = 0
    for g in range(n):
        if s[g, PHASE] == t.PLAY:
            over = _play(s, g, actions[g], next_seat) and s[g, TRICKS] == 5
        else:
            over = _bid(s, g, actions[g], params, next_seat)
        if over:
            won_match[count] = _score(s, g, params, side, points, ended_points[count])
            ended[count] = g
            count += 1
    return count


@jit
def _play(s: np.ndarray, g: int, a: int, next_seat: np.ndarray) -> bool:
    """A card played; returns whether it completed a trick."""
    p = s[g, TO_MOVE]
    s[g, HANDS + p] ^= _CARD_BIT[a]
    trick = s[g, TRICKS]
    s[g, TRICK_CARDS + trick * 4 + p] = a
    card = min(a, JOKER)
    first = s[g, LED] < 0
    if first:
        s[g, TRICK_LEADER + trick] = p
        s[g, LED] = card
    if first or _BEATS[((s[g, TRUMP] & 3) * N_CARDS + s[g, BEST]) * N_CARDS + card]:
        s[g, BEST] = card
        s[g, BEST_SEAT] = p
    following = next_seat[s[g, OUT], p]
    if following != s[g, LEADER]:
        s[g, TO_MOVE] = following
        return False
    taker = s[g, BEST_SEAT]
    s[g, TO_MOVE] = s[g, LEADER] = taker
    s[g, WON + taker] += 1
    s[g, TRICKS] = trick + 1
    s[g, LED] = -1
    return True


@jit
def _bid(s: np.ndarray, g: int, a: int, params: np.ndarray, next_seat: np.ndarray) -> bool:
    """A bid, a discard or a choice to defend alone; returns whether the hand was thrown
    in (round two passed out)."""
    players, p, phase, dealer = params[PLAYERS], s[g, TO_MOVE], s[g, PHASE], s[g, DEALER]
    is_dealer = p == dealer
    bid1, bid2 = phase == t.BID1, phase == t.BID2
    passed = a == PASS
    lone = a == ORDER_ALONE or CALL_ALONE <= a < DEFEND_ALONE
    ordered = bid1 and a in (ORDER, ORDER_ALONE)
    if phase != t.DISCARD_PHASE:
        _record_bid(s, g, p, a)
    if ordered or (bid2 and not passed) or phase == t.JOKER_PHASE:
        if ordered:
            s[g, TRUMP] = (s[g, UPCARD] >> 3) & 3
        else:
            s[g, TRUMP] = (a - (CALL_ALONE if lone else CALL)) & 3
        s[g, MAKER] = p
        if players == 3 or lone:
            s[g, ALONE] = p
    if phase == t.DISCARD_PHASE and not passed:
        card = (a - DISCARD) & 63
        s[g, HANDS + dealer] = (s[g, HANDS + dealer] | _CARD_BIT[s[g, UPCARD]]) \
            & ~_CARD_BIT[card]
        s[g, TAKEN] = 1
        s[g, DISCARDED] = card
    skips_discard = players == 4 and ordered and lone and _PARTNER[p] == dealer
    start = (ordered and skips_discard) or (bid2 and not passed) or phase == t.DISCARD_PHASE
    to_move, new_phase = p, phase
    if (bid1 or bid2) and passed and not is_dealer:
        to_move = (p + 1) % players
    if bid1 and passed and is_dealer:  # the upcard turned down: round two
        to_move = (dealer + 1) % players
        s[g, TURNED] = s[g, UPCARD] >> 3
        new_phase = t.BID2
    if (ordered and not skips_discard) or phase == t.JOKER_PHASE:
        to_move, new_phase = dealer, t.DISCARD_PHASE
    if params[DEFEND_RULE] != 0:
        start, to_move, new_phase = _defend(s, g, a, players, start, to_move, new_phase)
    if players == 4 and start:
        s[g, OUT] = _partner_bit(s[g, ALONE]) | _partner_bit(s[g, DEFENDER])
    if start:
        opening = next_seat[s[g, OUT], dealer]
        s[g, PHASE], s[g, TO_MOVE], s[g, LEADER] = t.PLAY, opening, opening
    else:
        s[g, PHASE], s[g, TO_MOVE] = new_phase, to_move
    return bid2 and passed and is_dealer


@jit
def _defend(s: np.ndarray, g: int, a: int, players: int, start: bool, to_move: int,
            new_phase: int) -> tuple[bool, int, int]:
    """Under defend alone (four-handed): a lone maker's defenders are asked, the first
    clockwise from the dealer's left, then his partner; returns the step's (start of play,
    seat to move, phase)."""
    p, defend, passed = s[g, TO_MOVE], s[g, PHASE] == t.DEFEND, a == PASS
    to_defend = start and s[g, ALONE] >= 0
    start = (start and not to_defend) or (defend and a == DEFEND_ALONE)
    if defend and a == DEFEND_ALONE:
        s[g, DEFENDER] = p
    seat = (s[g, DEALER] + 1) % players
    first_defender = seat if (seat ^ s[g, MAKER]) & 1 else (seat + 1) % players
    asks_partner = defend and passed and p == first_defender
    start = start or (defend and passed and not asks_partner)
    if to_defend:
        to_move, new_phase = first_defender, t.DEFEND
    if asks_partner:
        to_move = _PARTNER[p]
    return start, to_move, new_phase


@jit
def _partner_bit(seat: int) -> int:
    """The bit of ``seat``'s partner in a mask of seats; 0 for nobody (-1)."""
    return _PARTNER_BIT[seat] if seat >= 0 else 0


@jit
def _record_bid(s: np.ndarray, g: int, p: int, a: int) -> None:
    """Keep a bid and who made it (the observation's bidding)."""
    k = s[g, N_BIDS]
    if k < MAX_BIDS:  # (always, for legal bids: the bound keeps any action in the arrays)
        s[g, BID_SEAT + k] = p
        s[g, BID_ACTION + k] = a
        s[g, N_BIDS] = k + 1


# --- between hands --------------------------------------------------------------------


@jit
def _score(s: np.ndarray, g: int, params: np.ndarray, side: np.ndarray, points: np.ndarray,
           out: np.ndarray) -> bool:
    """Score game ``g``'s hand that ended (thrown in: no points): each seat's side's points
    into ``out`` (``tables.points_table``), the sides' scores, the match if it was won (then
    scores back to 0), the deal passing on. Returns whether the match was won."""
    players, sides = params[PLAYERS], params[SIDES]
    maker = s[g, MAKER]
    code = t.THROWN_IN
    if maker >= 0:
        tricks = s[g, WON + maker]
        alone = defended = 0
        if players == 4:
            tricks += s[g, WON + _PARTNER[maker]]
            alone = 1 if s[g, ALONE] >= 0 else 0
            defended = 1 if s[g, DEFENDER] >= 0 else 0
        code = tricks * 4 + alone * 2 + defended
    for seat in range(players):
        out[seat] = points[0 if side[seat] == side[maker & 3] else 1, code]
    best = -(1 << 62)
    for k in range(4):
        if k < sides:
            s[g, SCORES + k] += out[k]
        best = max(best, s[g, SCORES + k])
    leaders = 0
    for k in range(4):
        leaders += s[g, SCORES + k] == best
    won = best >= params[TARGET] and leaders == 1
    if won:
        for k in range(4):
            s[g, SCORES + k] = 0
        s[g, MATCHES] += 1
        s[g, HAND_NUMBER] = 0
    else:
        s[g, HAND_NUMBER] += 1
    s[g, DEALER] = (s[g, DEALER] + 1) % players
    return won


@jit
def deal(s: np.ndarray, games: np.ndarray, u: np.ndarray, deck: np.ndarray,
         stacked: np.ndarray, players: int) -> None:
    """Deal the next hand in ``games`` for their dealers (as ``Game`` deals: deck positions
    ``5k .. 5k + 4`` to the k-th seat from the dealer's left, ``5N`` the upcard), every
    field of the hand back to its start. A game's deck is its next stacked one while it has
    any (``stacked``: (N, hands, deck size), hands 0 for none), else the first ``5N + 1``
    positions of a uniform shuffle of ``deck`` drawn from its row of ``u`` (a partial
    Fisher-Yates: position ``i`` takes the ``int(u[i] * (size - i))``-th card left)."""
    size = deck.shape[0]
    order = np.empty(size, dtype=np.int64)
    for i in range(games.shape[0]):
        g = games[i]
        hand = s[g, DECK_NEXT]
        s[g, DECK_NEXT] = hand + 1
        if hand < stacked.shape[1]:
            order[:] = stacked[g, hand]
        else:
            order[:] = deck
            for c in range(5 * players + 1):
                j = c + np.int64(u[i, c] * (size - c))
                order[c], order[j] = order[j], order[c]
        _deal_one(s, g, order, players)


@jit
def _deal_one(s: np.ndarray, g: int, order: np.ndarray, players: int) -> None:
    """Deal game ``g``'s hand from the deck ``order`` and reset the hand's fields."""
    dealer = s[g, DEALER]
    first = (dealer + 1) % players
    for k in range(4):
        s[g, HANDS + k] = 0
        s[g, WON + k] = 0
    for k in range(players):
        mask = 0
        for c in range(5 * k, 5 * k + 5):
            mask |= _CARD_BIT[order[c]]
        s[g, HANDS + (first + k) % players] = mask
    up = order[5 * players]
    s[g, UPCARD] = up
    s[g, PHASE] = t.JOKER_PHASE if up == JOKER else t.BID1
    s[g, TO_MOVE] = dealer if up == JOKER else first
    s[g, LEADER] = first
    for field in (TRUMP, MAKER, DISCARDED, LED, BEST, BEST_SEAT, ALONE, DEFENDER, TURNED):
        s[g, field] = -1
    for field in (TAKEN, TRICKS, OUT, N_BIDS):
        s[g, field] = 0
    for k in range(20):
        s[g, TRICK_CARDS + k] = -1
