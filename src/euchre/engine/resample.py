"""Resampling for the games on the core: a whole game consistent with one seat's view, for
determinized search.

The cards the viewer cannot see (the other hands, the kitty, widow or unused cards, the
discards and gifts he may not know) are dealt at random among the deals consistent with what
he knows: his own cards and his own discards and gifts, every card played, the suits a seat
has shown void in by not following, the upcard of Railroad (in the dealer's hand or his
discard once taken; on the table, or in the lone player's hand when the dealer sitting out
gave a card unseen). A draw that breaks a void is drawn again (exact), up to a bound after
which the cards are placed seat by seat among those allowed (close, not exact; it needs
several voids at once). Bids are not used: they are strategy, not rules.

The game returned starts at the view's position: its hand's actions are the view's (hidden
cards drawn), its past hands are not played again (``pop`` stops at the start), and its
record is the search's, not a record of the match.

>>> import random
>>> from euchre import Game, Rules
>>> g = Game(Rules(game="hasenpfeffer"), seed=5)
>>> h = resample(g.view(1), random.Random(2))
>>> h.view(1) == g.view(1), h.hand(1) == g.hand(1), h.hand(2) == g.hand(2)
(True, True, False)
"""

from __future__ import annotations

import random as _random

from .actions import DISCARD, GIVE, parse_action
from .cards import NO_TRUMP, SUITS, mask_of, parse_card
from .core import RuleModule, Setup, Table, Trick
from .games import MODULES
from .match import TableGame
from .view import TableView

_TRIES = 1000


def resample(view: TableView, rng: _random.Random) -> TableGame:
    """A game in the position ``view``'s seat sees, the hidden cards drawn at random."""
    module = MODULES[view.game]
    rules = view.rules
    me = view.player
    if me is None:
        raise ValueError("resample needs a seat's view, not a spectator's")
    trump = NO_TRUMP if view.trump is None else SUITS.index(view.trump)
    played = [parse_card(c) for trick in view.tricks for c in trick["cards"]]
    played += [parse_card(c) for c in view.trick]
    own = [parse_card(c) for c in view.hand]
    known_hidden = [parse_action(tok) % 53 for seat, tok in view.bids
                    if seat == me and tok.startswith("discard ")]
    fixed: dict[int, list[int]] = {seat: [] for seat in range(rules.players)}
    fixed[me] = own
    upcard = _upcard(view)
    for seat, tok in view.bids:  # a gift he gave is in his partner's hand, unless played
        if seat == me and tok.startswith("give ") and parse_action(tok) % 53 not in played:
            fixed[(seat + 2) % 4].append(parse_action(tok) % 53)
    placed = {*own, *played, *known_hidden, *(c for cs in fixed.values() for c in cs)}
    if upcard >= 0 and upcard not in placed:
        _place_upcard(view, upcard, fixed, rng)
    placed |= {c for cs in fixed.values() for c in cs} | ({upcard} if upcard >= 0 else set())
    pool = [c for c in module.deck(rules) if c not in placed]
    need = {seat: view.cards_held[seat] - len(fixed[seat]) for seat in range(rules.players)}
    if not view.hand and view.cards_held[me]:
        need[me], fixed[me] = view.cards_held[me], []  # he has not looked at them yet
    voids = _voids(view, module, trump)
    hands = _deal(pool, need, voids, module, trump, rng)
    t = _table(view, module, rng)
    t.hands = [mask_of(fixed[s] + hands[s]) for s in range(rules.players)]
    rest = [c for c in pool if c not in {c for cs in hands.values() for c in cs}]
    rng.shuffle(rest)
    t.actions = _actions(view, module, rest)
    t.deck = tuple(c for s in range(rules.players) for c in sorted(
        fixed[s] + hands[s])) + tuple(rest)
    t.count = len(t.actions)
    t.origin = (t.copy(), t.count)
    game: TableGame = object.__new__(TableGame)
    game._t, game._undo = t, []
    return game


def _upcard(view: TableView) -> int:
    token = view.details.get("upcard")
    return -1 if token is None else parse_card(token)


def _place_upcard(view: TableView, upcard: int, fixed: dict[int, list[int]],
                  rng: _random.Random) -> None:
    """Railroad's upcard, unseen in a hand by this seat: taken, it is in the dealer's hand
    (or was his discard); under a gift the viewer did not see, perhaps in the lone player's
    hand; else on the table (where it is left)."""
    dealer = view.dealer
    if view.details.get("upcard_taken"):
        held = view.cards_held[dealer]
        if view.player != dealer and rng.random() < held / (held + 1):
            fixed[dealer].append(upcard)
        return
    gave = any(seat == dealer and tok == "give" for seat, tok in view.bids)
    if gave and rng.random() < 1 / (view.cards_held[dealer] + 2):
        fixed[(dealer + 2) % 4].append(upcard)


def _voids(view: TableView, module: RuleModule, trump: int) -> dict[int, set[int]]:
    """The suits each seat showed void in by not following."""
    suits = module.order.suit[trump]
    voids: dict[int, set[int]] = {seat: set() for seat in range(view.rules.players)}
    tricks = [(t["seats"], [parse_card(c) for c in t["cards"]]) for t in view.tricks]
    if view.trick:
        tricks.append((_trick_seats(view), [parse_card(c) for c in view.trick]))
    for seats, cards in tricks:
        led = suits[cards[0]]
        for seat, card in zip(seats[1:], cards[1:], strict=True):
            if suits[card] != led:
                voids[seat].add(led)
    return voids


def _next(view: TableView, seat: int) -> int:
    n = view.rules.players
    seat = (seat + 1) % n
    while seat in view.out:
        seat = (seat + 1) % n
    return seat


def _deal(pool: list[int], need: dict[int, int], voids: dict[int, set[int]], module: RuleModule,
          trump: int, rng: _random.Random) -> dict[int, list[int]]:
    """``need[seat]`` cards of ``pool`` to each seat, none of a suit he showed void in."""
    suits = module.order.suit[trump]
    for _ in range(_TRIES):
        cards = pool[:]
        rng.shuffle(cards)
        out, start = {}, 0
        for seat, count in need.items():
            out[seat], start = cards[start:start + count], start + count
        if all(suits[c] not in voids[seat] for seat, cs in out.items() for c in cs):
            return out
    out = {seat: [] for seat in need}
    cards = pool[:]
    rng.shuffle(cards)
    for seat in sorted(need, key=lambda s: -len(voids[s])):  # the most constrained first
        allowed = [c for c in cards if suits[c] not in voids[seat]]
        out[seat] = allowed[:need[seat]]
        cards = [c for c in cards if c not in out[seat]]
    return out


def _table(view: TableView, module: RuleModule, rng: _random.Random) -> Table:
    """A table at the view's public position (its hands and actions filled in after)."""
    rules, n = view.rules, view.rules.players
    t = Table()
    seed = rng.getrandbits(64)
    t.setup = Setup(rules, seed, (view.dealer - view.hand_number) % n)
    t.module, t.sides = module, tuple(view.sides)
    t.hand_no, t.dealer, t.phase = view.hand_number, view.dealer, view.phase
    t.to_move = -1 if view.to_move is None else view.to_move
    t.trump = NO_TRUMP if view.trump is None else SUITS.index(view.trump)
    t.maker = -1 if view.maker is None else view.maker
    t.bid = -1 if view.bid is None else parse_action(view.bid)
    t.alone, t.out, t.leader = tuple(view.alone), tuple(view.out), view.leader
    t.trick = [parse_card(c) for c in view.trick]
    t.trick_seats = _trick_seats(view)
    t.best, t.best_seat = -1, -1
    for card, who in zip(t.trick, t.trick_seats, strict=True):
        if t.best < 0 or module.order.beats(t.trump, t.best, card):
            t.best, t.best_seat = card, who
    t.tricks = [Trick(d["leader"], tuple(parse_card(c) for c in d["cards"]), tuple(d["seats"]),
                      d["winner"]) for d in view.tricks]
    t.won, t.score = list(view.tricks_won), list(view.score)
    t.past, t.last, t.outcome, t.origin = [], view.last_hand, None, None
    t.rest = ()
    t.x = {k: parse_card(v) if k == "upcard" else v for k, v in view.details.items()}
    return t


def _actions(view: TableView, module: RuleModule, rest: list[int]) -> list[tuple[int, int]]:
    """The hand's actions as the view tells them, a hidden discard or gift drawn from the
    cards nobody holds (it is out of play, so any of them will do)."""
    hidden = iter(rest)
    out: list[tuple[int, int]] = []
    for seat, token in view.bids:
        if token in ("discard", "give"):
            base = DISCARD if token == "discard" else GIVE
            out.append((seat, base + next(hidden, 0)))
        else:
            out.append((seat, parse_action(token)))
    for trick in view.tricks:
        out += zip(trick["seats"], (parse_card(c) for c in trick["cards"]), strict=True)
    return out + [(seat, parse_card(c)) for seat, c in zip(_trick_seats(view), view.trick,
                                                           strict=True)]


def _trick_seats(view: TableView) -> list[int]:
    """Who played each card of the trick in progress: the leader, then the seats that play
    to his left."""
    seats = [view.leader]
    while len(seats) < len(view.trick):
        seats.append(_next(view, seats[-1]))
    return seats[:len(view.trick)]

