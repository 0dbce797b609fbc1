"""The match as a flat list of ints: the fast core under ``Game``.

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

import secrets
from typing import NamedTuple

from .actions import CALL, DISCARD, ORDER, PASS, action_token
from .cards import (
    EFFECTIVE_SUIT,
    FOLLOW_MASK,
    JOKER,
    N_CARDS,
    SECOND_WINS,
    SUITS,
    card_token,
    deck_cards,
)
from .rules import Rules

# Phases.
BID1, DISCARD_PHASE, BID2, PLAY, JOKER_PHASE, OVER = range(6)
PHASE_NAMES = ("bid1", "discard", "bid2", "play", "joker", "over")

# Slots of the state list.
(PHASE, TO_MOVE, DEALER, HAND0, HAND1, UPCARD, TAKEN, TRUMP, MAKER, DISCARDED, LEADER, LED,
 WON0, WON1, SCORE0, SCORE1, HAND_NO, PLAYED, VOID0, VOID1, WINNER, TURNED, LAST, LOG, UNDO,
 SETUP, CHECKPOINT) = range(27)
N_SLOTS = 27

SEED_LIMIT = 1 << 64
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``: the one range every face accepts."""
M64 = SEED_LIMIT - 1
_GAMMA = 0x9E3779B97F4A7C15


class Setup(NamedTuple):
    """What a match was started from: enough, with its actions, to rebuild it exactly.
    (A named tuple: immutable, and cheap to make for each resampled game.)"""

    rules: Rules
    seed: int
    first_dealer: int
    decks: tuple[tuple[int, ...], ...] = ()
    """Stacked deck orders, ``decks[i]`` for hand ``start_hand + i`` (or ``DealMasks``)."""
    start_hand: int = 0
    start_score: tuple[int, int] = (0, 0)
    start_last: HandEnd | None = None
    """The hand before ``start_hand`` (a ``HandEnd``), or None."""


def mix64(z: int) -> int:
    """SplitMix64's output function: a well-mixed 64-bit value of ``z``."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def new_seed() -> int:
    """A fresh seed from the operating system's randomness (never predictable by a player)."""
    return secrets.randbits(64)


def seed_first_dealer(seed: int) -> int:
    """The first dealer a seed draws."""
    return mix64(seed & M64) & 1


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
    z = (seed + (hand_number + 1) * (_GAMMA << 1 | 1)) & M64
    x = mix64(z)
    while x >= limit:  # exact uniformity; happens about once in 300,000 hands
        z = (z + _GAMMA) & M64
        x = mix64(z)
    for i in range(_DEALT):
        k = n - i
        j = i + x % k
        x //= k
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


class DealMasks(NamedTuple):
    """A deal given as sets of cards rather than a deck order, as ``resample`` makes them
    (computing an order for every sample would cost more than the sample). Its order, for
    records, is each part sorted: non-dealer, dealer, upcard, stock."""

    non_dealer: int
    dealer: int
    upcard: int
    stock: int


def deal_order(deal: tuple) -> tuple[int, ...]:
    """The deck order of a deal as logged: an order tuple, or the order of a ``DealMasks``."""
    if type(deal) is DealMasks:
        return (*bits(deal.non_dealer), *bits(deal.dealer), deal.upcard, *bits(deal.stock))
    return deal


def new_state(setup: Setup) -> list:
    """The state at the first deal of a match (or of the hand a setup starts at)."""
    s: list = [0] * N_SLOTS
    s[SETUP] = setup
    s[HAND_NO] = setup.start_hand
    s[SCORE0], s[SCORE1] = setup.start_score
    s[DEALER] = setup.first_dealer ^ (setup.start_hand & 1)
    s[WINNER] = -1
    s[LAST] = setup.start_last
    s[LOG] = None
    s[UNDO] = None
    s[CHECKPOINT] = None
    deal(s)
    return s


def deal(s: list) -> None:
    """Deal the hand ``s[HAND_NO]`` for dealer ``s[DEALER]`` and open its bidding."""
    setup = s[SETUP]
    index = s[HAND_NO] - setup.start_hand
    if index < len(setup.decks):
        order = deal_order(setup.decks[index])
    else:
        order = shuffled_deck(setup.seed, s[HAND_NO], setup.rules.deck)
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
    s[LOG] = (order, s[LOG])
    if up == JOKER:
        s[PHASE] = JOKER_PHASE
        s[TO_MOVE] = dealer
    else:
        s[PHASE] = BID1
        s[TO_MOVE] = 1 - dealer
    s[CHECKPOINT] = s[:]  # the hand's start, which take_back replays from


def take_back(s: list) -> list | None:
    """The state before the newest action, or None when there is none to take back.

    A snapshot made by ``push_id`` is used when it is the state just before that action;
    otherwise the action's hand is replayed from its checkpoint (taken at the deal, or
    where a resampled game began).
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
    for item in reversed(actions):
        step(state, item_action(item))
    state[UNDO] = snapshot
    return state


_BITS: dict[int, tuple[int, ...]] = {}


def bits(mask: int) -> tuple[int, ...]:
    """The set bits of a mask, lowest first, memoised (hands recur constantly)."""
    found = _BITS.get(mask)
    if found is None:
        if len(_BITS) > 500_000:
            _BITS.clear()
        out = []
        m = mask
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        found = _BITS[mask] = tuple(out)
    return found


_BID1_LEGAL = (PASS, ORDER)
_JOKER_LEGAL = (CALL, CALL + 1, CALL + 2, CALL + 3)


def legal(s: list) -> tuple[int, ...]:
    """The legal action ids of the player to move (empty once the match is over)."""
    phase = s[PHASE]
    if phase == PLAY:
        hand = s[HAND0 + s[TO_MOVE]]
        led = s[LED]
        if led >= 0:
            follow = hand & FOLLOW_MASK[s[TRUMP]][led]
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
        turned = -1 if rules.may_call_turned_suit else s[TURNED]
        calls = tuple(CALL + suit for suit in range(4) if suit != turned)
        if rules.stick_the_dealer and s[TO_MOVE] == s[DEALER]:
            return calls
        return (PASS, *calls)
    if phase == JOKER_PHASE:
        return _JOKER_LEGAL
    return ()


_PLAY_TOKENS: dict[int, tuple[str, ...]] = {}


def legal_tokens(s: list) -> tuple[str, ...]:
    """``legal`` as tokens; in play memoised by the mask of playable cards."""
    if s[PHASE] != PLAY:
        return tuple(action_token(a) for a in legal(s))
    hand = s[HAND0 + s[TO_MOVE]]
    led = s[LED]
    if led >= 0:
        hand = hand & FOLLOW_MASK[s[TRUMP]][led] or hand
    tokens = _PLAY_TOKENS.get(hand)
    if tokens is None:
        if len(_PLAY_TOKENS) > 500_000:
            _PLAY_TOKENS.clear()
        tokens = _PLAY_TOKENS[hand] = tuple(action_token(c) for c in bits(hand))
    return tokens


def is_legal(s: list, action: int) -> bool:
    """Whether an action id is legal now; in play, without building the legal list."""
    if s[PHASE] == PLAY:
        if action >= DISCARD:
            return False
        hand = s[HAND0 + s[TO_MOVE]]
        if not hand >> action & 1:
            return False
        led = s[LED]
        if led >= 0:
            follow = hand & FOLLOW_MASK[s[TRUMP]][led]
            return not follow or bool(follow >> action & 1)
        return True
    return action in legal(s)


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


def step(s: list, action: int) -> None:
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


def _bid(s: list, player: int, action: int) -> None:
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
            s[LAST] = HandEnd(-1, -1, 0, 0, 0, 0, dealer, s[LOG])
            _next_hand(s)
    else:  # JOKER_PHASE: the dealer names trump, then must take the Joker and discard
        s[TRUMP] = action - CALL
        s[MAKER] = dealer
        s[PHASE] = DISCARD_PHASE


def _start_play(s: list) -> None:
    s[PHASE] = PLAY
    s[LEADER] = s[TO_MOVE] = 1 - s[DEALER]


def hand_points(maker: int, maker_tricks: int) -> tuple[int, int]:
    """``(scorer, points)`` from the scoring table: 1 for 3-4 tricks, 2 for a march,
    2 to the defender when the maker is euchred."""
    if maker_tricks == 5:
        return maker, 2
    if maker_tricks >= 3:
        return maker, 1
    return 1 - maker, 2


def _score_hand(s: list) -> None:
    maker = s[MAKER]
    scorer, points = hand_points(maker, s[WON0 + maker])
    s[SCORE0 + scorer] += points
    s[LAST] = HandEnd(maker, s[TRUMP], s[WON0], s[WON1], points if scorer == 0 else 0,
                      points if scorer == 1 else 0, s[DEALER], s[LOG])
    if s[SCORE0 + scorer] >= s[SETUP].rules.target:
        s[PHASE] = OVER
        s[TO_MOVE] = -1
        s[WINNER] = scorer
    else:
        _next_hand(s)


def _next_hand(s: list) -> None:
    s[DEALER] = 1 - s[DEALER]
    s[HAND_NO] += 1
    deal(s)


def log_items(s: list) -> list:
    """The log, oldest first: deals (tuples, see ``deal_order``) and ``log_item``s."""
    items = []
    cell = s[LOG]
    while cell is not None:
        items.append(cell[0])
        cell = cell[1]
    items.reverse()
    return items


def canonical_log(s: list) -> list:
    """``log_items`` with every deal as its deck order (however it was stored)."""
    return [item if type(item) is int else deal_order(item) for item in log_items(s)]


def canonical_setup(s: list) -> Setup:
    """The setup with every stacked deal as its deck order."""
    setup = s[SETUP]
    return setup._replace(decks=tuple(deal_order(d) for d in setup.decks))


def hand_log(s: list) -> tuple[tuple, list[int]]:
    """The current hand's deal (see ``deal_order``) and its actions (``log_item``s)."""
    return hand_of_cell(s[LOG])


def dealt_hand(s: list, player: int) -> int:
    """A player's five cards as dealt this hand (before any pick-up), as a mask."""
    deal, _ = hand_log(s)
    order = deal_order(deal)
    start = 5 if player == s[DEALER] else 0
    return sum(1 << c for c in order[start:start + 5])


def hand_of_cell(cell: tuple) -> tuple[tuple, list[int]]:
    """The deal and the actions of the hand whose newest log cell is ``cell``."""
    actions = []
    while type(cell[0]) is int:  # back to the hand's deal
        actions.append(cell[0])
        cell = cell[1]
    actions.reverse()
    return cell[0], actions


# --- the story of a hand --------------------------------------------------------------------

OUTCOMES = ("made", "march", "euchred", "thrown_in")
"""How a hand ends for its maker: 3-4 tricks, all 5, fewer than 3; or nobody made trump."""


def outcome(maker_tricks: int) -> str:
    """``made``, ``march`` or ``euchred`` for the tricks the maker took: the one count the
    arena, the statistics and every face share."""
    return "march" if maker_tricks == 5 else "made" if maker_tricks >= 3 else "euchred"


def hand_story(deal: tuple, actions: list[int], dealer: int) -> dict:
    """What happened in a hand, from its deal and its actions: the bids as said, whether the
    upcard was taken and what the dealer threw, and every trick with its winner. The one
    place that reads a hand's log; the view, the finished hand and the record all use it.

    Returns ``bids`` (``[player, token]``: pass, order, call S), ``upcard``,
    ``upcard_taken``, ``discard`` (the dealer's, or None), ``trump`` (-1 before it is made),
    ``maker``, ``tricks`` (``[leader, led, answer, winner]`` as card ids), ``trick`` (the
    cards of the trick in progress) and ``won``.
    """
    upcard = deal_order(deal)[10]
    bids: list[list] = []
    tricks: list[list[int]] = []
    won = [0, 0]
    trump = maker = discard = led = -1
    leader = 1 - dealer
    previous = -1
    for item in actions:
        player, action = item >> 7, item & 127
        if action < DISCARD:
            if led < 0:
                led, leader = action, player
            else:
                winner = player if SECOND_WINS[trump][led * N_CARDS + action] else 1 - player
                tricks.append([leader, led, action, winner])
                won[winner] += 1
                led = -1
        elif action < PASS:
            discard = action - DISCARD
        elif action == PASS and previous == ORDER:
            pass  # the dealer leaving the upcard after an order: not a bid
        else:
            bids.append([player, action_token(action)])
            if action == ORDER:
                trump, maker = upcard >> 3, player
            elif action >= CALL:
                trump, maker = action - CALL, player
        previous = action
    return {"bids": bids, "upcard": upcard, "upcard_taken": discard >= 0, "discard": discard,
            "trump": trump, "maker": maker, "tricks": tricks,
            "trick": [] if led < 0 else [led], "leader": leader, "won": won}


def hand_result(deal: tuple, actions: list[int], dealer: int) -> dict:
    """A finished hand's result as records keep it: ``thrown_in``, ``maker``, ``trump``,
    ``tricks_won``, ``points`` and ``outcome``."""
    story = hand_story(deal, actions, dealer)
    maker, won = story["maker"], story["won"]
    if maker < 0:
        return {"thrown_in": True, "maker": None, "trump": None, "tricks_won": [0, 0],
                "points": [0, 0], "outcome": "thrown_in"}
    scorer, points = hand_points(maker, won[maker])
    return {"thrown_in": False, "maker": maker, "trump": SUITS[story["trump"]],
            "tricks_won": won, "points": [points * (scorer == 0), points * (scorer == 1)],
            "outcome": outcome(won[maker])}


def hands_of(s: list) -> list[tuple[tuple, list[int], int]]:
    """Every hand of the match so far, oldest first: ``(deal, actions, dealer)``."""
    setup = s[SETUP]
    dealer = setup.first_dealer ^ (setup.start_hand & 1)
    out: list[tuple[tuple, list[int], int]] = []
    for item in log_items(s):
        if type(item) is int:
            out[-1][1].append(item)
        else:
            out.append((item, [], dealer ^ (len(out) & 1)))
    return out


class HandEnd:
    """A finished hand as the state keeps it until the next one ends: the result as numbers
    (what scoring and the resampler need) and where to read the rest (the log cell of the
    hand's last action, or a finished-hand dict taken from a view). ``to_dict`` builds the
    full public account once per player and keeps it: a finished hand never changes."""

    __slots__ = ("_dicts", "dealer", "maker", "points", "source", "trump", "won")

    def __init__(self, maker: int, trump: int, won0: int, won1: int, points0: int,
                 points1: int, dealer: int = -1, source: tuple | dict | None = None) -> None:
        self.maker, self.trump = maker, trump
        self.won = (won0, won1)
        self.points = (points0, points1)
        self.dealer = dealer
        self.source = source
        self._dicts: list = [None, None, None]

    def __eq__(self, other: object) -> bool:
        """Equal results of the same dealer's hand (where the account is read from does not
        matter: games compare their logs separately)."""
        if not isinstance(other, HandEnd):
            return NotImplemented
        return self.compact() == other.compact() and self.dealer == other.dealer

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"HandEnd{self.compact()}"

    @classmethod
    def from_dict(cls, last: dict) -> HandEnd:
        """A finished hand from its dict (a view's ``last_hand``, or a record's start),
        which it keeps as the account to show."""
        dealer = -1 if last.get("dealer") is None else last["dealer"]
        if last["thrown_in"]:
            return cls(-1, -1, 0, 0, 0, 0, dealer, last)
        return cls(last["maker"], SUITS.index(last["trump"]), *last["tricks_won"],
                   *last["points"], dealer, last)

    def as_saved(self) -> list[int] | dict:
        """What a record's ``start.last_hand`` keeps: the account it was given, or the six
        numbers when that is all there is."""
        return self.source if isinstance(self.source, dict) else list(self.compact())

    def compact(self) -> tuple[int, ...]:
        """The six numbers a record's ``start.last_hand`` holds."""
        return (self.maker, self.trump, *self.won, *self.points)

    def to_dict(self, player: int | None) -> dict:
        """The finished hand as ``player`` may see it (None: a spectator); see
        ``View.last_hand``. The dict is shared: read it, do not change it."""
        index = 2 if player is None else player
        found = self._dicts[index]
        if found is None:
            found = self._dicts[index] = self._build(player)
        return found

    def _build(self, player: int | None) -> dict:
        thrown_in = self.maker < 0
        out = {"thrown_in": thrown_in, "maker": None if thrown_in else self.maker,
               "trump": None if thrown_in else SUITS[self.trump],
               "tricks_won": list(self.won), "points": list(self.points),
               "outcome": "thrown_in" if thrown_in else outcome(self.won[self.maker]),
               "dealer": None if self.dealer < 0 else self.dealer}
        source = self.source
        if isinstance(source, dict):  # taken from a view (a resampled game)
            known = {k: source[k] for k in ("upcard", "upcard_taken", "bids", "tricks")
                     if k in source}
            mine = source.get("discard") is not None and player == self.dealer
            out.update(known, discard=source["discard"] if mine else None)
            return out
        if source is None:  # a record's start: only the numbers are known
            out.update(upcard=None, upcard_taken=None, bids=[], tricks=[], discard=None)
            return out
        deal, actions = hand_of_cell(source)
        story = hand_story(deal, actions, self.dealer)
        own = story["discard"] >= 0 and player == self.dealer
        out.update(upcard=card_token(story["upcard"]), upcard_taken=story["upcard_taken"],
                   bids=story["bids"],
                   tricks=[{"leader": leader, "cards": [card_token(a), card_token(b)],
                            "winner": winner} for leader, a, b, winner in story["tricks"]],
                   discard=card_token(story["discard"]) if own else None)
        return out
