"""The story of a hand, for any number of seats: the one place that reads a hand's log.

Both engine cores (``state`` for two players, ``state_family`` for three and four) log a
hand the same way: its deal (a deck order, or ``DealMasks``), then each action as one int
(``player << 7 | action``). From that log this module tells what happened (the bids as said,
who went alone and who sat out, the upcard and the dealer's discard, every trick with its
winner) and what the hand scored: the view, the finished hand, the record and the
transcript all read it here, and nothing else replays or re-scores tricks.

>>> from euchre import Game, Rules
>>> from euchre.engine.games.euchre.game import state_of
>>> from euchre.state import hand_log
>>> g = Game(Rules(players=4), seed=3, first_dealer=0)
>>> g.apply("order alone")                  # seat 1 orders up alone: seat 3 sits out
>>> g.apply("discard " + g.hand(0)[0])      # the dealer takes the upcard
>>> story = hand_story(*hand_log(state_of(g)), dealer=0, players=4)
>>> story["bids"], story["alone"], story["out"]
([[1, 'order alone']], [1], [3])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .actions import (
    ALONE_OF,
    CALL,
    DISCARD,
    N_ACTIONS,
    ORDER,
    ORDER_ALONE,
    PASS,
    action_token,
)
from .cards import N_CARDS, SECOND_WINS, SUITS, bits, card_token
from .results import HandResult
from .scoring import outcome, partner, side_points, sides_of


class DealMasks(NamedTuple):
    """A deal given as sets of cards rather than a deck order, as ``resample`` makes them
    (computing an order for every sample would cost more than the sample). ``hands`` are in
    deal order: the k-th is the k-th player clockwise from the dealer's left, the dealer's
    last. Its order, for records, is each part sorted: the hands, the upcard, the rest."""

    hands: tuple[int, ...]
    upcard: int
    stock: int


def deal_order(deal: tuple) -> tuple[int, ...]:
    """The deck order of a deal as logged: an order tuple, or the order of a ``DealMasks``."""
    if type(deal) is DealMasks:
        return (*(c for hand in deal.hands for c in bits(hand)), deal.upcard, *bits(deal.stock))
    return deal


def deal_position(players: int, dealer: int, seat: int) -> int:
    """Where a seat's five cards start in a deck order: positions ``5k .. 5k + 4`` go to the
    k-th player clockwise from the dealer's left (the dealer is the last)."""
    return 5 * ((seat - dealer - 1) % players)


def trick_seats(leader: int, count: int, players: int, out: Sequence[int] = ()
                ) -> list[int]:
    """Who played each of the first ``count`` cards of a trick: the leader, then each seat
    to his left that takes part in the hand (``out``: the seats sitting out).

    >>> trick_seats(3, 3, 4, out=(1,)), trick_seats(1, 2, 2)
    ([3, 0, 2], [1, 0])
    """
    seats, seat = [], leader
    for _ in range(count):
        seats.append(seat)
        seat = (seat + 1) % players
        while seat in out:
            seat = (seat + 1) % players
    return seats


def hand_of_cell(cell: tuple) -> tuple[tuple, list[int]]:
    """The deal and the actions of the hand whose newest log cell is ``cell``."""
    actions = []
    while type(cell[0]) is int:  # back to the hand's deal
        actions.append(cell[0])
        cell = cell[1]
    actions.reverse()
    return cell[0], actions


def hand_story(deal: tuple, actions: list[int], dealer: int, players: int = 2) -> dict:
    """What happened in a hand, from its deal and its actions.

    Returns ``bids`` (``[player, token]`` for every bid and the four-handed game's choice to
    defend alone or not), ``upcard``, ``upcard_taken``, ``discard`` (the dealer's, or -1),
    ``trump`` (-1 before it is made), ``maker``, ``alone`` (the seats playing without a
    partner: a lone maker or defender; the maker in cutthroat), ``out`` (the seats sitting
    out), ``tricks`` (``[leader, cards in play order, winner]`` as card ids), ``trick`` (the
    cards of the trick in progress), ``leader`` and ``won`` (tricks by seat).
    """
    upcard = deal_order(deal)[5 * players]
    bids: list[list] = []
    tricks: list[list] = []
    won = [0] * players
    alone: list[int] = []
    out: list[int] = []
    trick: list[int] = []
    trump = maker = discard = best = winner = -1
    leader = (dealer + 1) % players
    previous = -1
    for item in actions:
        player, action = item >> 7, item & 127
        if action < DISCARD:
            if not trick:
                leader, best, winner = player, action, player
            elif SECOND_WINS[trump][best * N_CARDS + action]:
                best, winner = action, player
            trick.append(action)
            if len(trick) == players - len(out):
                tricks.append([leader, trick, winner])
                won[winner] += 1
                trick = []
        elif action < PASS:
            discard = action - DISCARD
        elif action == PASS and previous == ORDER and players == 2:
            pass  # the two-handed dealer leaving the upcard after an order: not a bid
        else:
            bids.append([player, action_token(action)])
            bid = ALONE_OF.get(action, action)
            if bid == ORDER:
                trump, maker = upcard >> 3, player
            elif CALL <= bid < N_ACTIONS:
                trump, maker = bid - CALL, player
            if action >= ORDER_ALONE:  # a lone maker or defender: his partner sits out
                alone.append(player)
                out.append((player + 2) % players)
            elif players == 3 and bid != PASS:
                alone.append(player)
        previous = action
    return {"bids": bids, "upcard": upcard, "upcard_taken": discard >= 0, "discard": discard,
            "trump": trump, "maker": maker, "alone": alone, "out": out, "tricks": tricks,
            "trick": trick, "leader": leader, "won": won}


def story_points(story: dict, players: int) -> tuple[int, ...]:
    """The points of a finished hand by side, from its story (``scoring.side_points``)."""
    maker, won = story["maker"], story["won"]
    return side_points(players, maker, maker_tricks(won, maker, players),
                       maker in story["alone"] and players == 4,
                       any(seat != maker for seat in story["alone"]))


def maker_tricks(won: list[int] | tuple[int, ...], maker: int, players: int) -> int:
    """The makers' tricks: the maker's, and his partner's in the four-handed game."""
    mate = partner(sides_of(players), maker)
    return won[maker] if mate is None else won[maker] + won[mate]


def result_of(maker: int, trump: int, won: list[int] | tuple[int, ...],
              points: list[int] | tuple[int, ...]) -> dict:
    """A finished hand's result from its numbers (maker -1: thrown in): ``thrown_in``,
    ``maker``, ``trump``, ``tricks_won`` (by seat), ``points`` (by side), ``outcome``. The
    one builder of it: records keep it, the finished hand of a view starts from it, and
    ``words.result_words`` says it."""
    thrown_in = maker < 0
    return {"thrown_in": thrown_in, "maker": None if thrown_in else maker,
            "trump": None if thrown_in else SUITS[trump], "tricks_won": list(won),
            "points": list(points),
            "outcome": "thrown_in" if thrown_in else outcome(
                maker_tricks(won, maker, len(won)))}


def hand_result(deal: tuple, actions: list[int], dealer: int, players: int = 2) -> dict:
    """A finished hand's result as records keep it (``result_of``); in the three- and
    four-handed games also ``alone`` and ``out``."""
    story = hand_story(deal, actions, dealer, players)
    maker = story["maker"]
    if maker < 0:
        end = HandEnd.thrown_in(players, dealer, None)
    else:
        end = HandEnd(maker, story["trump"], tuple(story["won"]), story_points(story, players))
    result = result_of(end.maker, end.trump, end.won, end.points)
    if players != 2:
        result.update(alone=story["alone"], out=story["out"])
    return result


def hand_value(number: int, deal: tuple, actions: list[int], dealer: int,
               players: int = 2) -> HandResult:
    """A finished hand's result as the typed value every game of the family gives
    (``results.HandResult``), read from its story: the maker and his side, his bid as said,
    trump, the tricks by seat and side, the points, how it ended."""
    story = hand_story(deal, actions, dealer, players)
    maker = story["maker"]
    sides = sides_of(players)
    count = max(sides) + 1
    if maker < 0:
        return HandResult(number, dealer, None, (), None, None, (0,) * players, (0,) * count,
                          (0,) * count, "thrown_in")
    won = tuple(story["won"])
    side_tricks = tuple(sum(w for seat, w in enumerate(won) if sides[seat] == side)
                        for side in range(count))
    bid = next(token for seat, token in story["bids"] if seat == maker and token != "pass")
    return HandResult(number, dealer, maker,
                      tuple(seat for seat in range(players) if sides[seat] == sides[maker]),
                      bid, SUITS[story["trump"]], won, side_tricks,
                      story_points(story, players), outcome(maker_tricks(won, maker, players)),
                      tuple(story["alone"]), tuple(story["out"]))


class HandEnd:
    """A finished hand as the state keeps it until the next one ends: the result as numbers
    (what scoring and the resampler need) and where to read the rest (the log cell of the
    hand's last action, or a finished-hand dict taken from a view). ``to_dict`` builds the
    full public account once per player and keeps it: a finished hand never changes."""

    __slots__ = ("_dicts", "dealer", "maker", "points", "source", "trump", "won")

    def __init__(self, maker: int, trump: int, won: tuple[int, ...], points: tuple[int, ...],
                 dealer: int = -1, source: tuple | dict | None = None) -> None:
        self.maker, self.trump = maker, trump
        self.won = won
        """Tricks by seat."""
        self.points = points
        """Points by side."""
        self.dealer = dealer
        self.source = source
        self._dicts: list | None = None  # made when first asked for (most never are)

    @property
    def players(self) -> int:
        return len(self.won)

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
    def thrown_in(cls, players: int, dealer: int, source: tuple | dict | None) -> HandEnd:
        """A hand nobody made trump in."""
        return cls(-1, -1, (0,) * players, (0,) * (3 if players == 3 else 2), dealer, source)

    @classmethod
    def from_dict(cls, last: dict) -> HandEnd:
        """A finished hand from its dict (a view's ``last_hand``, or a record's start),
        which it keeps as the account to show."""
        dealer = -1 if last.get("dealer") is None else last["dealer"]
        won, points = tuple(last["tricks_won"]), tuple(last["points"])
        if last["thrown_in"]:
            return cls(-1, -1, won, points, dealer, last)
        return cls(last["maker"], SUITS.index(last["trump"]), won, points, dealer, last)

    @classmethod
    def from_compact(cls, numbers: list[int], players: int) -> HandEnd:
        """A finished hand from ``compact()``'s numbers (a record's ``start.last_hand``)."""
        return cls(numbers[0], numbers[1], tuple(numbers[2:2 + players]),
                   tuple(numbers[2 + players:]))

    def as_saved(self) -> list[int] | dict:
        """What a record's ``start.last_hand`` keeps: the account it was given, or the
        numbers when that is all there is."""
        return self.source if isinstance(self.source, dict) else list(self.compact())

    def compact(self) -> tuple[int, ...]:
        """The numbers a record's ``start.last_hand`` holds: maker, trump, tricks by seat,
        points by side (six for the two-handed game)."""
        return (self.maker, self.trump, *self.won, *self.points)

    def to_dict(self, player: int | None) -> dict:
        """The finished hand as ``player`` may see it (None: a spectator); see
        ``View.last_hand``. The dict is shared: read it, do not change it."""
        index = -1 if player is None else player
        dicts = self._dicts
        if dicts is None:
            dicts = self._dicts = [None] * (len(self.won) + 1)
        found = dicts[index]
        if found is None:
            found = dicts[index] = self._build(player)
        return found

    def _build(self, player: int | None) -> dict:
        players = len(self.won)
        out = result_of(self.maker, self.trump, self.won, self.points)
        out["dealer"] = None if self.dealer < 0 else self.dealer
        source = self.source
        if isinstance(source, dict):  # taken from a view (a resampled game)
            known = {k: source[k] for k in ("upcard", "upcard_taken", "bids", "tricks",
                                            "alone", "out") if k in source}
            mine = source.get("discard") is not None and player == self.dealer
            out.update(known, discard=source["discard"] if mine else None)
            return out
        if source is None:  # a record's start: only the numbers are known
            out.update(upcard=None, upcard_taken=None, bids=[], tricks=[], discard=None,
                       alone=[], out=[])
            return out
        deal, actions = hand_of_cell(source)
        story = hand_story(deal, actions, self.dealer, players)
        own = story["discard"] >= 0 and player == self.dealer
        out.update(upcard=card_token(story["upcard"]), upcard_taken=story["upcard_taken"],
                   bids=story["bids"],
                   tricks=[{"leader": leader, "cards": [card_token(c) for c in cards],
                            "winner": winner} for leader, cards, winner in story["tricks"]],
                   discard=card_token(story["discard"]) if own else None,
                   alone=story["alone"], out=story["out"])
        return out

