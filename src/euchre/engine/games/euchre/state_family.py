"""The three- and four-handed match as a flat list of ints: the family's core under ``Game``.

The same style as ``state`` (the two-handed core): one list of small ints read and written
by constant index, copied with one slice, a persistent log of ``(item, previous)`` cells. The
slots that mean the same thing in both games sit at the same index (the phase, who is to
move, the dealer, trump, the log, the checkpoints...), so ``Game``'s readers, the log's
helpers and ``state.take_back`` serve both cores; the slots the two-handed core gives to
its two hands, tricks, scores and voids hold this core's trick state here, and the seats'
hands, tricks, voids and the sides' scores follow the shared slots.

Seats are numbered clockwise and everything goes clockwise (RULES-family.md): the deal
passes to the left, bidding and the first lead start at the dealer's left, and in play
``NEXT[seat]`` is the next seat that takes part in the hand (a lone maker's or a lone
defender's partner sits out). The trick's winner is worked out card by card against the
best card so far with the same table as the two-handed game (``cards.SECOND_WINS``), and the
points come from ``scoring``: neither is restated here.

Nothing here validates its input: ``Game`` does that before it calls in.
"""

from __future__ import annotations

from typing import Any

from ....actions import CALL, CALL_ALONE, DEFEND_ALONE, DISCARD, ORDER, ORDER_ALONE, PASS
from ....cards import EFFECTIVE_SUIT, FOLLOW_MASK, JOKER, N_CARDS, SECOND_WINS, bits, deck_cards
from ....hands import HandEnd
from ....rules import Rules
from ....scoring import match_winner, side_points
from ...seeds import GAMMA, M64, hand_stream, mix64
from .state import (
    BID1,
    BID2,
    DEALER,
    DEFEND,
    DISCARD_PHASE,
    DISCARDED,
    HAND_NO,
    JOKER_PHASE,
    LAST,
    LEADER,
    LED,
    LOG,
    MAKER,
    N_SLOTS,
    OVER,
    PHASE,
    PLAY,
    PLAYED,
    SETUP,
    TAKEN,
    TO_MOVE,
    TRUMP,
    TURNED,
    UPCARD,
    WINNER,
    Setup,
    blank_state,
    open_bidding,
    radix_shuffle,
    stacked_order,
)
from .state import is_legal as _is_legal
from .state import legal_tokens as _legal_tokens
from .state import take_back as _take_back

# The two-handed core's per-player slots, which this core uses for its trick state.
NEXT, BEST, BEST_SEAT, TRICKS, ALONE, DEFENDER = 3, 4, 12, 15, 18, 19
"""``NEXT``: a tuple, the next seat that plays after each seat (a trick is complete when it
comes back to ``LEADER``); ``BEST``/``BEST_SEAT``: the card winning the trick in progress and
who played it; ``TRICKS``: tricks completed; ``ALONE``: the lone maker (in cutthroat, the
maker), or -1; ``DEFENDER``: the lone defender, or -1. (Slots 13 and 14 are unused.)"""
HANDS = N_SLOTS
"""``HANDS + seat``: the seat's cards (a mask)."""
WON = HANDS + 4
"""``WON + seat``: the seat's tricks this hand."""
VOIDS = WON + 4
"""``VOIDS + seat``: the suits the seat has shown void in (a mask of four bits)."""
SCORES = VOIDS + 4
"""``SCORES + side``: the side's points."""
N_FAMILY_SLOTS = SCORES + 3

_DECKS = {size: deck_cards(size) for size in (24, 32, 25)}


def _halves(n: int, dealt: int) -> tuple[tuple[int, int, int], ...]:
    """The deal's positions in two runs, each drawn from one 64-bit value: (first position,
    how many, the rejection limit that keeps the draw exactly uniform)."""
    out = []
    for start, count in ((0, dealt // 2), (dealt // 2, dealt - dealt // 2)):
        product = 1
        for i in range(start, start + count):
            product *= n - i
        out.append((start, count, ((1 << 64) // product) * product))
    return tuple(out)


_HALVES = {(n, players): _halves(n, 5 * players + 1) for n in (24, 32, 25) for players in (3, 4)}


def shuffled_deck(seed: int, hand_number: int, size: int, players: int) -> tuple[int, ...]:
    """The deck order of hand ``hand_number`` for a seed: a uniform draw of the ``5N + 1``
    cards dealt (two 64-bit values read as mixed-radix digits, half of the positions each,
    the way the two-handed core reads one for its eleven), the kitty after them."""
    cards = list(_DECKS[size])
    z = hand_stream(seed, hand_number)
    for start, count, limit in _HALVES[size, players]:
        x = mix64(z)
        while x >= limit:  # exact uniformity; rare
            z = (z + 2 * GAMMA) & M64
            x = mix64(z)
        radix_shuffle(cards, x, count, start)
        z = (z + GAMMA) & M64
    return tuple(cards)


def new_state(setup: Setup) -> list[Any]:
    """The state at the first deal of a match (or of the hand a setup starts at)."""
    s = blank_state(setup, N_FAMILY_SLOTS)
    for side, points in enumerate(setup.start_score):
        s[SCORES + side] = points
    deal(s)
    return s


_ROTATION = {players: tuple((seat + 1) % players for seat in range(players))
             for players in (3, 4)}


_FRESH_AFTER = (0, -1, -1, -1, -1)
"""``PLAYED`` to ``TURNED`` at a deal: nothing played, nobody alone, no winner, no turned
suit."""
_NO_TRICKS = (0,) * 8
"""``WON`` and ``VOIDS`` at a deal."""


def deal(s: list[Any]) -> None:
    """Deal the hand ``s[HAND_NO]`` for dealer ``s[DEALER]`` and open its bidding: positions
    ``5k .. 5k + 4`` of the deck to the k-th seat from the dealer's left, ``5N`` the upcard.
    (The slots a hand starts afresh are set a run at a time: this is once a hand, on the
    int path.)"""
    setup = s[SETUP]
    players = setup.rules.players
    number = s[HAND_NO]
    order = stacked_order(setup, number) or shuffled_deck(setup.seed, number,
                                                          setup.rules.deck, players)
    dealer = s[DEALER]
    first = (dealer + 1) % players
    hands = [0, 0, 0, 0]
    for k in range(players):
        a, b, c, d, e = order[5 * k:5 * k + 5]
        hands[(first + k) % players] = 1 << a | 1 << b | 1 << c | 1 << d | 1 << e
    up = order[5 * players]
    # NEXT BEST UPCARD TAKEN TRUMP MAKER DISCARDED LEADER LED BEST_SEAT (13) (14) TRICKS
    s[NEXT:TRICKS + 1] = (_ROTATION[players], -1, up, 0, -1, -1, -1, first, -1, -1, 0, 0, 0)
    s[PLAYED:TURNED + 1] = _FRESH_AFTER
    s[HANDS:HANDS + 4] = hands
    s[WON:VOIDS + 4] = _NO_TRICKS
    open_bidding(s, order, first)


def take_back(s: list[Any]) -> list[Any] | None:
    """The state before the newest action (``state.take_back`` replaying with this core)."""
    return _take_back(s, step)


# --- what is legal ------------------------------------------------------------------------

_BID1_LEGAL = {3: (PASS, ORDER), 4: (PASS, ORDER, ORDER_ALONE)}
_DEFEND_LEGAL = (PASS, DEFEND_ALONE)


def legal(s: list[Any]) -> tuple[int, ...]:
    """The legal action ids of the player to move (empty once the match is over)."""
    phase = s[PHASE]
    if phase == PLAY:
        hand = s[HANDS + s[TO_MOVE]]
        led = s[LED]
        if led >= 0:
            follow = hand & FOLLOW_MASK[s[TRUMP]][led]  # cards.playable, inlined: hot
            if follow:
                return bits(follow)
        return bits(hand)
    rules = s[SETUP].rules
    if phase == BID1:
        return _BID1_LEGAL[rules.players]
    if phase == DISCARD_PHASE:  # the dealer must take the upcard; a turned-up Joker he keeps
        up = s[UPCARD]
        hand = s[HANDS + s[DEALER]]
        return tuple(DISCARD + c for c in bits(hand if up == JOKER else hand | 1 << up))
    if phase == BID2:
        return _bid2_legal(rules, s[TURNED], s[TO_MOVE] == s[DEALER])
    if phase == DEFEND:
        return _DEFEND_LEGAL
    if phase == JOKER_PHASE:
        calls = tuple(range(CALL, CALL + 4))
        return calls + tuple(range(CALL_ALONE, CALL_ALONE + 4)) if rules.joker_dealer_alone \
            else calls
    return ()


_BID2: dict[tuple[Rules, int, bool], tuple[int, ...]] = {}


def _bid2_legal(rules: Rules, turned: int, dealer: bool) -> tuple[int, ...]:
    """Round two: pass (not the dealer under stick the dealer), or name a suit that may be
    named (``Rules.suits_to_name``), alone too in the four-handed game."""
    key = (rules, turned, dealer)
    found = _BID2.get(key)
    if found is None:
        suits = rules.suits_to_name(turned)
        calls = tuple(CALL + suit for suit in suits)
        if rules.players == 4:
            calls += tuple(CALL_ALONE + suit for suit in suits)
        found = _BID2[key] = calls if rules.stick_the_dealer and dealer else (PASS, *calls)
    return found


def legal_tokens(s: list[Any]) -> tuple[str, ...]:
    """``legal`` as tokens (``state.legal_tokens`` over this core's hands)."""
    return _legal_tokens(s, HANDS, legal)


def is_legal(s: list[Any], action: int) -> bool:
    """Whether an action id is legal now (``state.is_legal`` over this core's hands)."""
    return _is_legal(s, action, HANDS, legal)


# --- acting -------------------------------------------------------------------------------


def step(s: list[Any], action: int) -> None:
    """Apply a legal action id (unchecked), dealing the next hand when one ends."""
    player = s[TO_MOVE]
    s[LOG] = (player << 7 | action, s[LOG])  # state.log_item, inlined: the hot path
    if s[PHASE] == PLAY:
        bit = 1 << action
        s[HANDS + player] ^= bit
        s[PLAYED] |= bit
        led = s[LED]
        if led < 0:
            s[LED] = s[BEST] = action
            s[BEST_SEAT] = player
            s[TO_MOVE] = s[NEXT][player]
            return
        trump = s[TRUMP]
        if not FOLLOW_MASK[trump][led] >> action & 1:  # did not follow: shown void
            s[VOIDS + player] |= 1 << EFFECTIVE_SUIT[trump][led]
        if SECOND_WINS[trump][s[BEST] * N_CARDS + action]:  # beats the best card so far
            s[BEST] = action
            s[BEST_SEAT] = player
        following = s[NEXT][player]
        if following != s[LEADER]:
            s[TO_MOVE] = following
            return
        winner = s[BEST_SEAT]
        s[LED] = s[BEST] = s[BEST_SEAT] = -1  # no trick in progress (as a fresh state has it)
        s[LEADER] = s[TO_MOVE] = winner
        s[WON + winner] += 1
        s[TRICKS] += 1
        if s[TRICKS] == 5:
            _score_hand(s)
        return
    _bid(s, player, action)


def _bid(s: list[Any], player: int, action: int) -> None:
    phase = s[PHASE]
    dealer = s[DEALER]
    players = s[SETUP].rules.players
    if phase == BID1:
        if action == PASS:
            if player != dealer:
                s[TO_MOVE] = (player + 1) % players
            else:  # everybody passed: the upcard is turned down
                s[PHASE] = BID2
                s[TURNED] = s[UPCARD] >> 3
                s[TO_MOVE] = (dealer + 1) % players
            return
        _make(s, player, s[UPCARD] >> 3, action == ORDER_ALONE, players)
        if s[ALONE] >= 0 and players == 4 and (player + 2) % 4 == dealer:
            _trump_fixed(s)  # the dealer sits out: he takes no upcard, makes no discard
        else:
            s[PHASE] = DISCARD_PHASE
            s[TO_MOVE] = dealer
    elif phase == DISCARD_PHASE:
        card = action - DISCARD
        s[HANDS + dealer] = (s[HANDS + dealer] | 1 << s[UPCARD]) & ~(1 << card)
        s[TAKEN] = 1
        s[DISCARDED] = card
        _trump_fixed(s)
    elif phase == BID2:
        if action != PASS:
            alone = action >= CALL_ALONE
            _make(s, player, action - (CALL_ALONE if alone else CALL), alone, players)
            _trump_fixed(s)
        elif player != dealer:
            s[TO_MOVE] = (player + 1) % players
        else:  # thrown in
            s[LAST] = HandEnd.thrown_in(players, dealer, s[LOG])
            _next_hand(s, players)
    elif phase == DEFEND:
        if action == DEFEND_ALONE:
            s[DEFENDER] = player
            _start_play(s, players)
        elif player == _first_defender(s):
            s[TO_MOVE] = (player + 2) % 4  # his partner is asked next
        else:
            _start_play(s, players)
    else:  # JOKER_PHASE: the dealer names trump, then must take the Joker and discard
        alone = action >= CALL_ALONE
        _make(s, dealer, action - (CALL_ALONE if alone else CALL), alone, players)
        s[PHASE] = DISCARD_PHASE


def _make(s: list[Any], player: int, trump: int, alone: bool, players: int) -> None:
    """``player`` makes ``trump``; in cutthroat he always plays alone."""
    s[TRUMP] = trump
    s[MAKER] = player
    if alone or players == 3:
        s[ALONE] = player


def _first_defender(s: list[Any]) -> int:
    """The first defender clockwise from the dealer's left (four-handed)."""
    seat = (s[DEALER] + 1) % 4
    return seat if (seat ^ s[MAKER]) & 1 else (seat + 1) % 4


def _trump_fixed(s: list[Any]) -> None:
    """Trump is made and the dealer has discarded: the defenders may defend alone against a
    lone maker (option ``defend_alone``), then play begins."""
    rules = s[SETUP].rules
    if rules.defend_alone and s[ALONE] >= 0:
        s[PHASE] = DEFEND
        s[TO_MOVE] = _first_defender(s)
    else:
        _start_play(s, rules.players)


_NEXT: dict[tuple[int, int], tuple[int, ...]] = {}


def next_seats(players: int, out: int) -> tuple[int, ...]:
    """For every seat, the next seat clockwise that plays (``out``: a mask of the seats
    sitting out)."""
    key = (players, out)
    found = _NEXT.get(key)
    if found is None:
        table = []
        for seat in range(players):
            following = (seat + 1) % players
            while out >> following & 1:
                following = (following + 1) % players
            table.append(following)
        found = _NEXT[key] = tuple(table)
    return found


def _start_play(s: list[Any], players: int) -> None:
    out = 0
    if players == 4:
        if s[ALONE] >= 0:
            out |= 1 << ((s[ALONE] + 2) % 4)
        if s[DEFENDER] >= 0:
            out |= 1 << ((s[DEFENDER] + 2) % 4)
    table = s[NEXT] = next_seats(players, out)
    s[PHASE] = PLAY
    s[LEADER] = s[TO_MOVE] = table[s[DEALER]]  # the first seat that plays from his left


def _score_hand(s: list[Any]) -> None:
    rules = s[SETUP].rules
    players = rules.players
    maker = s[MAKER]
    won = tuple(s[WON:WON + players])
    tricks = won[maker] + won[(maker + 2) % 4] if players == 4 else won[maker]
    points = side_points(players, maker, tricks, s[ALONE] >= 0, s[DEFENDER] >= 0)
    for side, gained in enumerate(points):
        s[SCORES + side] += gained
    s[LAST] = HandEnd(maker, s[TRUMP], won, points, s[DEALER], s[LOG])
    winner = match_winner(s[SCORES:SCORES + len(points)], rules.target)
    if winner >= 0:
        s[PHASE] = OVER
        s[TO_MOVE] = -1
        s[WINNER] = winner
    else:
        _next_hand(s, players)


def _next_hand(s: list[Any], players: int) -> None:
    s[DEALER] = (s[DEALER] + 1) % players
    s[HAND_NO] += 1
    deal(s)


def score(s: list[Any]) -> tuple[int, ...]:
    """Points by side."""
    return tuple(s[SCORES:SCORES + s[SETUP].rules.sides])


def out_seats(s: list[Any]) -> tuple[int, ...]:
    """The seats sitting out this hand (a lone maker's partner, a lone defender's)."""
    if s[SETUP].rules.players != 4:
        return ()
    return tuple((seat + 2) % 4 for seat in (s[ALONE], s[DEFENDER]) if seat >= 0)
