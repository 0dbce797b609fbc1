"""The trick-taking core: seats, the deal, turns, following suit, the trick's winner, the
hand's log, the scores and the match's end, for any game a ``RuleModule`` describes.

A match is a ``Table``: plain attributes, copied by ``Table.copy``. The core owns the parts
every game of the family shares; a game's module (``games/``) decides the rest:

* its deck (``deck``), its hand size and who sits on which side (``sides``);
* what happens between the deal and the first lead (``start``, ``legal``, ``act``): bids,
  exchanges, naming trump; it calls ``start_play`` or ``throw_in`` when that is over;
* its card order (``order``: which suit a card follows and which card wins);
* when a hand is over (``hand_over``) and what it scored (``result``, a ``HandResult``);
* what everybody may see of its own state (``Table.x``, public by contract) and who may
  see a hidden action (``knows``).

The core numbers seats clockwise; the deal passes to the left after every hand (thrown-in
hands too) and the ``k``-th player from the dealer's left gets the ``k``-th run of
``hand_size`` cards of a stacked deck, the dealer last; what follows is the module's
(``Table.rest``: an upcard, a widow, unused cards).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import playable
from ..results import HandResult, Outcome, Termination, winner_after_resigning
from ..rules import Rules
from .actions import DISCARD, GIVE, PASS, action_token
from .cards import EUCHRE_ORDER, NO_TRUMP, CardOrder, cards_of, mask_of
from .seeds import GAMMA, M64, hand_stream, mix64


class Setup(NamedTuple):
    """What a match started from: with its actions, enough to rebuild it exactly."""

    rules: Rules
    seed: int
    first_dealer: int
    decks: tuple[tuple[int, ...], ...] = ()
    """Stacked deck orders, ``decks[i]`` for hand ``i``."""


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order and who played each, the winner."""

    leader: int
    cards: tuple[int, ...]
    seats: tuple[int, ...]
    winner: int


class PlayedHand(NamedTuple):
    """One hand of a match as the table keeps it: its deal, its actions ``(seat, id)``, its
    tricks and its result (None while it is played)."""

    deck: tuple[int, ...]
    dealer: int
    actions: tuple[tuple[int, int], ...]
    tricks: tuple[Trick, ...]
    result: HandResult | None


class RuleModule:
    """What one game decides; the core asks it and does the rest. A module is stateless:
    what it keeps of a hand lives in the table's ``x`` dict (public: views show it)."""

    name = ""
    title = ""
    """The game's name as people write it."""
    order: CardOrder = EUCHRE_ORDER
    hand_size = 5

    def deck(self, rules: Rules) -> tuple[int, ...]:
        """The deck's cards, in a new deck's order (before the shuffle)."""
        raise NotImplementedError

    def sides(self, rules: Rules) -> tuple[int, ...]:
        """The side each seat scores for (each player for himself by default)."""
        return tuple(range(rules.players))

    def start(self, t: Table) -> None:
        """The deal is done: open the hand (``t.phase``, ``t.to_move``, ``t.x``)."""
        raise NotImplementedError

    def legal(self, t: Table) -> tuple[int, ...]:
        """The legal action ids outside play, sorted."""
        raise NotImplementedError

    def act(self, t: Table, seat: int, action: int) -> None:
        """Apply a legal action outside play."""
        raise NotImplementedError

    def on_lead(self, t: Table, card: int) -> None:
        """A card was led (Napoleon: the first fixes trump)."""

    def hand_over(self, t: Table) -> bool:
        """After each trick: is the hand over? (By default when every card is played.)"""
        return len(t.tricks) == self.hand_size

    def result(self, t: Table) -> HandResult:
        """The finished hand's result (``points`` by side, added to the score)."""
        raise NotImplementedError

    def winner(self, t: Table) -> int | None:
        """After a hand is scored: the side that won the match, or None. By default the side
        alone with the highest score, once it reaches the target."""
        best = max(t.score)
        leaders = [side for side, points in enumerate(t.score) if points == best]
        return leaders[0] if best >= t.rules.target and len(leaders) == 1 else None

    def knows(self, t: Table, viewer: int | None, seat: int, action: int) -> bool:
        """Whether ``viewer`` may know the card of a discard or a gift ``seat`` made: its
        maker only, by default."""
        return viewer == seat

    def hides_hand(self, t: Table, viewer: int) -> bool:
        """Whether ``viewer`` has not looked at his own cards yet (Railroad's Joker)."""
        return False

    def trump_fixed_at_lead(self) -> bool:
        """Whether trump is decided by the first card led (resampling reads it)."""
        return False


class Table:
    """A match in progress: every attribute a plain value, lists copied by ``copy``."""

    __slots__ = (
        "actions",
        "alone",
        "best",
        "best_seat",
        "bid",
        "count",
        "dealer",
        "deck",
        "hand_no",
        "hands",
        "last",
        "leader",
        "maker",
        "module",
        "origin",
        "out",
        "outcome",
        "past",
        "phase",
        "rest",
        "score",
        "setup",
        "sides",
        "to_move",
        "trick",
        "trick_seats",
        "tricks",
        "trump",
        "won",
        "x",
    )

    setup: Setup
    module: RuleModule
    sides: tuple[int, ...]
    """The side each seat scores for."""
    hand_no: int
    dealer: int
    phase: str
    """``"play"``, ``"over"`` or the module's phase before the play (a bid, an exchange)."""
    to_move: int
    """The seat to act (-1 once the match is over)."""
    deck: tuple[int, ...]
    """This hand's stacked deck order."""
    hands: list[int]
    """Each seat's cards, a bit mask."""
    rest: tuple[int, ...]
    """The cards not dealt to the hands (an upcard, a widow)."""
    trump: int
    maker: int
    bid: int
    alone: tuple[int, ...]
    out: tuple[int, ...]
    """Seats that sit this hand out (a partner of a lone hand)."""
    leader: int
    trick: list[int]
    trick_seats: list[int]
    best: int
    best_seat: int
    tricks: list[Trick]
    won: list[int]
    """Tricks won this hand, by seat."""
    actions: list[tuple[int, int]]
    """This hand's actions ``(seat, id)``."""
    past: list[PlayedHand]
    last: dict[str, Any] | None
    """The last finished hand as everybody may see it (``public_story``)."""
    outcome: Outcome | None
    score: list[int]
    x: dict[str, Any]
    """The module's state of the hand; public (the view shows it)."""
    count: int
    """Actions made in the match (``pop`` checks a snapshot against it)."""
    origin: tuple[Table, int] | None
    """Where the table's history starts when it is not the match's first deal (a resampled
    table), and the count there: ``pop`` replays from it."""

    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def players(self) -> int:
        return len(self.sides)

    def copy(self) -> Table:
        """An independent copy: its lists and ``x`` are new, everything else immutable.
        (Written out slot by slot: a loop over ``__slots__`` costs twice as much, and search
        copies constantly.)"""
        t = _new_table(Table)
        t.setup, t.module, t.sides, t.hand_no = self.setup, self.module, self.sides, self.hand_no
        t.dealer, t.phase, t.to_move, t.deck = self.dealer, self.phase, self.to_move, self.deck
        t.rest, t.trump, t.maker, t.bid = self.rest, self.trump, self.maker, self.bid
        t.alone, t.out, t.leader, t.best = self.alone, self.out, self.leader, self.best
        t.best_seat, t.last, t.outcome = self.best_seat, self.last, self.outcome
        t.count, t.origin = self.count, self.origin
        t.hands, t.trick, t.trick_seats = self.hands[:], self.trick[:], self.trick_seats[:]
        t.tricks, t.won, t.actions = self.tricks[:], self.won[:], self.actions[:]
        t.past, t.score, t.x = self.past[:], self.score[:], self.x.copy()
        return t


_new_table = object.__new__


def new_table(setup: Setup, module: RuleModule) -> Table:
    """A match at its first deal."""
    t = Table()
    t.setup, t.module = setup, module
    t.sides = module.sides(setup.rules)
    t.hand_no, t.dealer = 0, setup.first_dealer
    t.past, t.last, t.outcome, t.count, t.origin = [], None, None, 0, None
    t.score = [0] * (max(t.sides) + 1)
    deal(t)
    return t


def shuffled(seed: int, hand_number: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    """Hand ``hand_number``'s deck order for a seed: a uniform Fisher-Yates shuffle driven by
    a SplitMix64 stream of ``(seed, hand_number)`` (the same on every machine)."""
    out = list(cards)
    z = hand_stream(seed, hand_number)
    for i in range(len(out) - 1):
        k = len(out) - i
        limit = ((1 << 64) // k) * k
        while True:
            z = (z + GAMMA) & M64
            x = mix64(z)
            if x < limit:
                break
        j = i + x % k
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def deal(t: Table) -> None:
    """Deal hand ``t.hand_no`` for ``t.dealer`` and let the module open it."""
    setup, module = t.setup, t.module
    if t.hand_no < len(setup.decks):
        order = setup.decks[t.hand_no]
    else:
        order = shuffled(setup.seed, t.hand_no, module.deck(setup.rules))
    n, size = t.players, module.hand_size
    t.deck = order
    t.hands = [0] * n
    for k in range(n):
        t.hands[(t.dealer + 1 + k) % n] = mask_of(order[size * k:size * k + size])
    t.rest = order[n * size:]
    t.trump, t.maker, t.bid = NO_TRUMP, -1, -1
    t.alone, t.out = (), ()
    t.leader = (t.dealer + 1) % n
    t.trick, t.trick_seats, t.best, t.best_seat = [], [], -1, -1
    t.tricks, t.won, t.actions = [], [0] * n, []
    t.x = {}
    module.start(t)


def next_seat(t: Table, seat: int) -> int:
    """The next seat clockwise that plays this hand."""
    n = t.players
    seat = (seat + 1) % n
    while seat in t.out:
        seat = (seat + 1) % n
    return seat


def start_play(t: Table, leader: int | None = None) -> None:
    """Bidding and exchanges are over: ``leader`` (by default the first seat that plays
    from the dealer's left) leads the first trick."""
    t.phase = "play"
    t.leader = t.to_move = next_seat(t, t.dealer) if leader is None else leader


def legal(t: Table) -> tuple[int, ...]:
    """The legal action ids of the player to move (empty once the match is over)."""
    if t.phase == "play":
        hand = t.hands[t.to_move]
        if t.trick:
            return cards_of(playable(hand, t.module.order.follow[t.trump][t.trick[0]]))
        return cards_of(hand)
    if t.phase == "over":
        return ()
    return t.module.legal(t)


def step(t: Table, action: int) -> None:
    """Apply a legal action id (unchecked); the next hand is dealt when one ends."""
    seat = t.to_move
    t.actions.append((seat, action))
    t.count += 1
    if t.phase == "play":
        _play(t, seat, action)
    else:
        t.module.act(t, seat, action)


def _play(t: Table, seat: int, card: int) -> None:
    t.hands[seat] &= ~(1 << card)
    if not t.trick:
        t.leader = seat
        t.module.on_lead(t, card)
        t.best, t.best_seat = card, seat
    elif t.module.order.beats(t.trump, t.best, card):
        t.best, t.best_seat = card, seat
    t.trick.append(card)
    t.trick_seats.append(seat)
    if len(t.trick) < t.players - len(t.out):
        t.to_move = next_seat(t, seat)
        return
    winner = t.best_seat
    t.tricks.append(Trick(t.leader, tuple(t.trick), tuple(t.trick_seats), winner))
    t.won[winner] += 1
    t.trick, t.trick_seats, t.best, t.best_seat = [], [], -1, -1
    t.leader = t.to_move = winner
    if t.module.hand_over(t):
        end_hand(t, t.module.result(t))


def side_tricks(t: Table) -> tuple[int, ...]:
    """Tricks this hand by side."""
    out = [0] * len(t.score)
    for seat, won in enumerate(t.won):
        out[t.sides[seat]] += won
    return tuple(out)


def throw_in(t: Table) -> None:
    """Nobody made the hand: nothing scores and the deal passes."""
    n = t.players
    end_hand(t, HandResult(t.hand_no, t.dealer, None, (), None, None, (0,) * n,
                           (0,) * len(t.score), (0,) * len(t.score), "thrown_in"))


def end_hand(t: Table, result: HandResult) -> None:
    """Score a finished hand, keep its account, and end the match or deal the next."""
    for side, points in enumerate(result.points):
        t.score[side] += points
    t.past.append(PlayedHand(t.deck, t.dealer, tuple(t.actions), tuple(t.tricks), result))
    t.last = public_story(t, result)
    winner = t.module.winner(t)
    if winner is not None:
        t.phase, t.to_move = "over", -1
        t.outcome = Outcome(winner, tuple(t.score), Termination.TARGET)
        return
    t.dealer = (t.dealer + 1) % t.players
    t.hand_no += 1
    deal(t)


def hands_of(t: Table) -> list[PlayedHand]:
    """Every hand of the match, oldest first: the finished ones and the one in play (none
    once a side has reached the target)."""
    every = [*t.past]
    if t.outcome is None or t.outcome.termination != Termination.TARGET:
        every.append(PlayedHand(t.deck, t.dealer, tuple(t.actions), tuple(t.tricks), None))
    return every


def public_story(t: Table, result: HandResult) -> dict[str, Any]:
    """A finished hand as everybody may see it: its result, its bids (hidden cards left
    out), its tricks. The view's ``last_hand``."""
    out = result.to_dict()
    out["bids"] = [list(b) for b in bids_seen(t, None)]
    out["tricks"] = [trick_dict(trick) for trick in t.tricks]
    out.update(t.x)
    return out


def trick_dict(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": [action_token(c) for c in trick.cards],
            "seats": list(trick.seats), "winner": trick.winner}


def bids_seen(t: Table, viewer: int | None) -> tuple[tuple[int, str], ...]:
    """Every action of this hand before the play, as ``viewer`` may know it: a discard or a
    gift he may not see is ``discard`` or ``give`` without its card."""
    out = []
    for seat, action in t.actions:
        if action < DISCARD:
            continue
        token = action_token(action)
        if action < PASS and not t.module.knows(t, viewer, seat, action):
            token = "discard" if action < GIVE else "give"
        out.append((seat, token))
    return tuple(out)


def resign(t: Table, seat: int, ended: Termination = Termination.RESIGNED) -> None:
    """``seat`` resigns (or, ``ended`` abandoned, left the match unfinished): the match ends
    (``winner_after_resigning`` says who won)."""
    winner = winner_after_resigning(t.score, t.sides[seat])
    finish(t, Outcome(winner, tuple(t.score), ended, seat))


def finish(t: Table, outcome: Outcome) -> None:
    """End the match now (resigned or abandoned)."""
    t.phase, t.to_move, t.outcome = "over", -1, outcome
