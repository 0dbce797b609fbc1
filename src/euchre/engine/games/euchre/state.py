"""The two-handed match as a flat list of ints: the fast core under ``Game``.

(The three- and four-handed games run on ``state_family``, a core in the same style that
shares this module's setup, randomness, log and take-back; this one stays specialised for
two players, ``1 - player`` and all, because it is the hot path of the expert's search.)

Why a list: ``Game.copy()`` is then one list slice, and the hot path (``legal`` and ``step``)
reads and writes small ints by constant index with no attribute lookups or allocation beyond
one log cell. The move log and the undo stack are persistent linked cells ``(item, previous)``
so that copies share them and taking an action back is O(1).

Randomness is counter-based: the deal of hand ``k`` is a pure function of ``(seed, k)``
(SplitMix64), so a record replays exactly whether a hand's deck came from the seed or from a
stacked deck, and the same seed gives the same match on every machine.

Nothing here validates its input: ``Game`` does that before it calls in.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, NamedTuple

from ....actions import CALL, DISCARD, ORDER, PASS, action_token
from ....cards import (
    EFFECTIVE_SUIT,
    FOLLOW_MASK,
    JOKER,
    N_CARDS,
    SECOND_WINS,
    bits,
    deck_cards,
    playable,
)
from ....hands import DealMasks, HandEnd, deal_order, deal_position, hand_of_cell
from ....rules import Rules
from ....scoring import hand_points
from ...seeds import (  # noqa: F401 (the seeds' names, as the Euchre int path's users read them)
    GAMMA,
    M64,
    SEED_LIMIT,
    hand_stream,
    mix64,
    new_seed,
    seed_first_dealer,
)


class Phase(StrEnum):
    """The phase of a hand. Its values are the strings views and JSON have always carried
    (a ``Phase`` is a ``str``: ``Phase.PLAY == "play"``); its order is the cores' ints."""

    BID1 = "bid1"
    DISCARD = "discard"
    BID2 = "bid2"
    PLAY = "play"
    JOKER = "joker"
    """The dealer names trump under a turned-up Joker, before looking at his hand."""
    OVER = "over"
    DEFEND = "defend"
    """Four-handed: the defenders choose whether to defend alone against a lone maker."""

    def __repr__(self) -> str:
        return repr(self.value)  # shown as the string it always was: 'play'


PHASES: tuple[Phase, ...] = tuple(Phase)
"""Every phase, indexed by the cores' phase ints."""
BID1, DISCARD_PHASE, BID2, PLAY, JOKER_PHASE, OVER, DEFEND = range(7)
PHASE_NAMES = PHASES[:6]
"""The two-handed game's phases (the encoding of its views has one slot each)."""

# Slots of the state list.
(PHASE, TO_MOVE, DEALER, HAND0, HAND1, UPCARD, TAKEN, TRUMP, MAKER, DISCARDED, LEADER, LED,
 WON0, WON1, SCORE0, SCORE1, HAND_NO, PLAYED, VOID0, VOID1, WINNER, TURNED, LAST, LOG, UNDO,
 SETUP, CHECKPOINT) = range(27)
N_SLOTS = 27



class Setup(NamedTuple):
    """What a match was started from: enough, with its actions, to rebuild it exactly.
    (A named tuple: immutable, and cheap to make for each resampled game.)"""

    rules: Rules
    seed: int
    first_dealer: int
    decks: tuple[tuple[int, ...] | DealMasks, ...] = ()
    """Stacked deck orders, ``decks[i]`` for hand ``start_hand + i`` (or ``DealMasks``)."""
    start_hand: int = 0
    start_score: tuple[int, ...] = (0, 0)
    """Points by side before ``start_hand``."""
    start_last: HandEnd | None = None
    """The hand before ``start_hand`` (a ``HandEnd``), or None."""
    resigned: int = -1
    """The seat that resigned the match (``Game.resign``) or left it (``Game.abandon``), or
    -1."""
    abandoned: bool = False
    """The match was left unfinished (``Game.abandon``), not resigned."""


_DEALT = 11  # five cards each and the upcard: the stock's order is never seen
_DECKS = {size: deck_cards(size) for size in (24, 32, 25)}


def _radix_limit(n: int) -> tuple[int, int]:
    product = 1
    for i in range(_DEALT):
        product *= n - i
    return product, ((1 << 64) // product) * product


_LIMITS = {n: _radix_limit(n) for n in (24, 32, 25)}


def shuffled_deck(seed: int, hand_number: int, size: int) -> tuple[int, ...]:
    """The deck order of hand ``hand_number`` for a seed: a uniform draw of the eleven cards
    dealt (one 64-bit value read as mixed-radix digits), the stock after them."""
    cards = list(_DECKS[size])
    n = len(cards)
    _, limit = _LIMITS[n]
    z = hand_stream(seed, hand_number)
    x = mix64(z)
    while x >= limit:  # exact uniformity; happens about once in 300,000 hands
        z = (z + GAMMA) & M64
        x = mix64(z)
    for i in range(_DEALT):  # radix_shuffle, inlined: once a hand on the int path
        k = n - i
        j = i + x % k
        x //= k
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def radix_shuffle(cards: list[int], x: int, count: int, start: int = 0) -> None:
    """Draw ``count`` positions of ``cards`` from ``start`` on uniformly (Fisher-Yates) from
    the cards at and after them, in place, the random number ``x`` read as mixed-radix
    digits (below ``(n - start) (n - start - 1) ... (n - start - count + 1)``)."""
    n = len(cards)
    for i in range(start, start + count):
        k = n - i
        j = i + x % k
        x //= k
        cards[i], cards[j] = cards[j], cards[i]


def blank_state(setup: Setup, size: int) -> list[Any]:
    """A state of ``size`` slots at the start of a setup's first hand, before its deal:
    the slots both cores lay out alike (the family's core starts from it too)."""
    s: list[Any] = [0] * size
    s[SETUP] = setup
    s[HAND_NO] = setup.start_hand
    s[DEALER] = hand_dealer(setup, setup.start_hand)
    s[WINNER] = -1
    s[LAST] = setup.start_last
    s[LOG] = s[UNDO] = s[CHECKPOINT] = None
    return s


def new_state(setup: Setup) -> list[Any]:
    """The state at the first deal of a match (or of the hand a setup starts at)."""
    s = blank_state(setup, N_SLOTS)
    s[SCORE0], s[SCORE1] = setup.start_score
    deal(s)
    return s


def hand_dealer(setup: Setup, hand_number: int) -> int:
    """Who deals hand ``hand_number``: the deal passes to the left after every hand."""
    return (setup.first_dealer + hand_number) % setup.rules.players


def deal(s: list[Any]) -> None:
    """Deal the hand ``s[HAND_NO]`` for dealer ``s[DEALER]`` and open its bidding."""
    setup = s[SETUP]
    order = stacked_order(setup, s[HAND_NO]) or shuffled_deck(setup.seed, s[HAND_NO],
                                                               setup.rules.deck)
    dealer = s[DEALER]
    a, b, c, d, e, f, g, h, i, j, up = order[:11]
    s[HAND0 + 1 - dealer] = 1 << a | 1 << b | 1 << c | 1 << d | 1 << e
    s[HAND0 + dealer] = 1 << f | 1 << g | 1 << h | 1 << i | 1 << j
    s[UPCARD] = up
    s[TAKEN] = 0
    s[TRUMP] = -1
    s[MAKER] = -1
    s[DISCARDED] = -1
    s[LEADER] = 1 - dealer
    s[LED] = -1
    s[WON0] = s[WON1] = 0
    s[PLAYED] = 0
    s[VOID0] = s[VOID1] = 0
    s[TURNED] = -1
    open_bidding(s, order, 1 - dealer)


def stacked_order(setup: Setup, number: int) -> tuple[int, ...] | None:
    """The order of hand ``number``'s stacked deck, or None when the seed shuffles it (both
    cores' ``deal``)."""
    index = number - setup.start_hand
    return deal_order(setup.decks[index]) if index < len(setup.decks) else None


def open_bidding(s: list[Any], order: tuple[int, ...], first: int) -> None:
    """The end of both cores' deal, once the cards are in the hands: log the deck and open
    the bidding, ``first`` to speak (the dealer names trump first under a turned-up Joker);
    the hand's start is kept for ``take_back`` to replay from."""
    s[LOG] = (order, s[LOG])
    if s[UPCARD] == JOKER:
        s[PHASE], s[TO_MOVE] = JOKER_PHASE, s[DEALER]
    else:
        s[PHASE], s[TO_MOVE] = BID1, first
    s[CHECKPOINT] = s[:]


def take_back(s: list[Any], replay: Callable[[list[Any], int], None] | None = None
              ) -> list[Any] | None:
    """The state before the newest action, or None when there is none to take back.

    A snapshot made by ``push_id`` is used when it is the state just before that action;
    otherwise the action's hand is replayed from its checkpoint (taken at the deal, or
    where a resampled game began) with ``replay`` (this core's ``step`` by default; the
    family's core passes its own: the log and the checkpoints are laid out alike).
    """
    cell = s[LOG]
    checkpoint = s[CHECKPOINT]
    if checkpoint is None:
        return None
    if cell is checkpoint[LOG]:  # nothing done since the checkpoint
        if type(cell[0]) is int:  # a resampled game's start: its past was never played
            return None
        cell = cell[1]  # a fresh deal: undo the action that ended the hand before
        checkpoint = checkpoint[CHECKPOINT]
        if cell is None or checkpoint is None:
            return None
    snapshot = s[UNDO]
    if snapshot is not None and snapshot[LOG] is cell[1]:
        return snapshot[:]  # a copy: other copies of this game may share the snapshot
    start = checkpoint[LOG]
    actions = []
    while cell[1] is not start:  # the actions between the checkpoint and the newest
        cell = cell[1]
        actions.append(cell[0])
    state = checkpoint[:]
    state[CHECKPOINT] = checkpoint  # (the copy holds the one before)
    apply = step if replay is None else replay
    for item in reversed(actions):
        apply(state, item_action(item))
    state[UNDO] = snapshot
    return state


_BID1_LEGAL = (PASS, ORDER)
_JOKER_LEGAL = (CALL, CALL + 1, CALL + 2, CALL + 3)


def legal(s: list[Any]) -> tuple[int, ...]:
    """The legal action ids of the player to move (empty once the match is over)."""
    phase = s[PHASE]
    if phase == PLAY:
        hand = s[HAND0 + s[TO_MOVE]]
        led = s[LED]
        if led >= 0:
            follow = hand & FOLLOW_MASK[s[TRUMP]][led]  # cards.playable, inlined: hot
            if follow:
                return bits(follow)
        return bits(hand)
    if phase == BID1:
        return _BID1_LEGAL
    if phase == DISCARD_PHASE:
        dealer = s[DEALER]
        rules = s[SETUP].rules
        up = s[UPCARD]
        if up == JOKER:  # he must take the Joker: throwing it back would be leaving it
            return tuple(DISCARD + c for c in bits(s[HAND0 + dealer]))
        discards = tuple(DISCARD + c for c in bits(s[HAND0 + dealer] | 1 << up))
        may_leave = s[MAKER] != dealer and not rules.dealer_must_pick_up
        return (PASS, *discards) if may_leave else discards
    if phase == BID2:
        rules = s[SETUP].rules
        calls = tuple(CALL + suit for suit in rules.suits_to_name(s[TURNED]))
        if rules.stick_the_dealer and s[TO_MOVE] == s[DEALER]:
            return calls
        return (PASS, *calls)
    if phase == JOKER_PHASE:
        return _JOKER_LEGAL
    return ()


_PLAY_TOKENS: dict[int, tuple[str, ...]] = {}


def legal_tokens(s: list[Any], hands: int = HAND0,
                 ids: Callable[[list[Any]], tuple[int, ...]] = legal) -> tuple[str, ...]:
    """``legal`` as tokens; in play memoised by the mask of playable cards. (``hands`` and
    ``ids``: where a core keeps its hands and its ``legal``, for the family's core.)"""
    if s[PHASE] != PLAY:
        return tuple(action_token(a) for a in ids(s))
    hand = s[hands + s[TO_MOVE]]
    led = s[LED]
    if led >= 0:
        hand = playable(hand, FOLLOW_MASK[s[TRUMP]][led])
    tokens = _PLAY_TOKENS.get(hand)  # (play_tokens' lookup, inlined: the token path's hot spot)
    return play_tokens(hand) if tokens is None else tokens


def play_tokens(playable: int) -> tuple[str, ...]:
    """The tokens of a mask of playable cards, memoised (both cores' ``legal_tokens``)."""
    tokens = _PLAY_TOKENS.get(playable)
    if tokens is None:
        if len(_PLAY_TOKENS) > 500_000:
            _PLAY_TOKENS.clear()
        tokens = _PLAY_TOKENS[playable] = tuple(action_token(c) for c in bits(playable))
    return tokens


def is_legal(s: list[Any], action: int, hands: int = HAND0,
             ids: Callable[[list[Any]], tuple[int, ...]] = legal) -> bool:
    """Whether an action id is legal now; in play, without building the legal list.
    (``hands`` and ``ids`` as for ``legal_tokens``.)"""
    if s[PHASE] == PLAY:
        if action >= DISCARD:
            return False
        hand = s[hands + s[TO_MOVE]]
        if not hand >> action & 1:
            return False
        led = s[LED]
        return led < 0 or bool(playable(hand, FOLLOW_MASK[s[TRUMP]][led]) >> action & 1)
    return action in ids(s)


def log_item(player: int, action: int) -> int:
    """One logged action: who made it and what, packed in one int (``item_player`` and
    ``item_action`` read it back). Deals are logged as tuples, so ``type(item) is int``
    tells an action from a deal."""
    return player << 7 | action


def item_player(item: int) -> int:
    """The player of a logged action."""
    return item >> 7


def item_action(item: int) -> int:
    """The action id of a logged action."""
    return item & 127


def step(s: list[Any], action: int) -> None:
    """Apply a legal action id (unchecked), dealing the next hand when one ends."""
    player = s[TO_MOVE]
    s[LOG] = (player << 7 | action, s[LOG])  # log_item, inlined: this is the hot path
    if s[PHASE] == PLAY:
        bit = 1 << action
        s[HAND0 + player] ^= bit
        s[PLAYED] |= bit
        led = s[LED]
        if led < 0:
            s[LED] = action
            s[TO_MOVE] = 1 - player
            return
        trump = s[TRUMP]
        if not FOLLOW_MASK[trump][led] >> action & 1:  # did not follow: shown void
            s[VOID0 + player] |= 1 << EFFECTIVE_SUIT[trump][led]
        winner = player if SECOND_WINS[trump][led * N_CARDS + action] else 1 - player
        s[LED] = -1
        s[LEADER] = s[TO_MOVE] = winner
        s[WON0 + winner] += 1
        if s[WON0] + s[WON1] == 5:
            _score_hand(s)
        return
    _bid(s, player, action)


def _bid(s: list[Any], player: int, action: int) -> None:
    phase = s[PHASE]
    dealer = s[DEALER]
    if phase == BID1:
        if action == ORDER:
            s[TRUMP] = s[UPCARD] >> 3
            s[MAKER] = player
            s[PHASE] = DISCARD_PHASE
            s[TO_MOVE] = dealer
        elif player != dealer:
            s[TO_MOVE] = dealer
        else:
            s[PHASE] = BID2
            s[TURNED] = s[UPCARD] >> 3
            s[TO_MOVE] = 1 - dealer
    elif phase == DISCARD_PHASE:
        if action != PASS:
            card = action - DISCARD
            s[HAND0 + dealer] = (s[HAND0 + dealer] | 1 << s[UPCARD]) & ~(1 << card)
            s[TAKEN] = 1
            s[DISCARDED] = card
        _start_play(s)
    elif phase == BID2:
        if action != PASS:
            s[TRUMP] = action - CALL
            s[MAKER] = player
            _start_play(s)
        elif player != dealer:
            s[TO_MOVE] = dealer
        else:  # thrown in
            s[LAST] = HandEnd.thrown_in(2, dealer, s[LOG])
            _next_hand(s)
    else:  # JOKER_PHASE: the dealer names trump, then must take the Joker and discard
        s[TRUMP] = action - CALL
        s[MAKER] = dealer
        s[PHASE] = DISCARD_PHASE


def _start_play(s: list[Any]) -> None:
    s[PHASE] = PLAY
    s[LEADER] = s[TO_MOVE] = 1 - s[DEALER]


def _score_hand(s: list[Any]) -> None:
    maker = s[MAKER]
    scorer, points = hand_points(maker, s[WON0 + maker])
    s[SCORE0 + scorer] += points
    s[LAST] = HandEnd(maker, s[TRUMP], (s[WON0], s[WON1]),
                      (points, 0) if scorer == 0 else (0, points), s[DEALER], s[LOG])
    if s[SCORE0 + scorer] >= s[SETUP].rules.target:
        s[PHASE] = OVER
        s[TO_MOVE] = -1
        s[WINNER] = scorer
    else:
        _next_hand(s)


def _next_hand(s: list[Any]) -> None:
    s[DEALER] = 1 - s[DEALER]
    s[HAND_NO] += 1
    deal(s)


def log_items(s: list[Any]) -> list[Any]:
    """The log, oldest first: deals (tuples, see ``deal_order``) and ``log_item``s."""
    items = []
    cell = s[LOG]
    while cell is not None:
        items.append(cell[0])
        cell = cell[1]
    items.reverse()
    return items


def canonical_log(s: list[Any]) -> list[Any]:
    """``log_items`` with every deal as its deck order (however it was stored)."""
    return [item if type(item) is int else deal_order(item) for item in log_items(s)]


def canonical_setup(s: list[Any]) -> Setup:
    """The setup with every stacked deal as its deck order."""
    setup = s[SETUP]
    return setup._replace(decks=tuple(deal_order(d) for d in setup.decks))


def hand_log(s: list[Any]) -> tuple[tuple[Any, ...], list[int]]:
    """The current hand's deal (see ``deal_order``) and its actions (``log_item``s)."""
    return hand_of_cell(s[LOG])


def dealt_hand(s: list[Any], player: int) -> int:
    """A player's five cards as dealt this hand (before any pick-up), as a mask."""
    deal, _ = hand_log(s)
    order = deal_order(deal)
    start = deal_position(s[SETUP].rules.players, s[DEALER], player)
    return sum(1 << c for c in order[start:start + 5])


def hands_of(s: list[Any]) -> list[tuple[tuple[Any, ...], list[int], int]]:
    """Every hand of the match so far, oldest first: ``(deal, actions, dealer)``."""
    setup = s[SETUP]
    out: list[tuple[tuple[Any, ...], list[int], int]] = []
    for item in log_items(s):
        if type(item) is int:
            out[-1][1].append(item)
        else:
            out.append((item, [], hand_dealer(setup, setup.start_hand + len(out))))
    return out
