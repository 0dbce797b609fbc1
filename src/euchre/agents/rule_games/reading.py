"""What a player of Railroad, Hasenpfeffer or Napoleon reads off his view: his cards as ids,
trump, the game's card order, who plays with him this hand, the cards still unseen.

Only the view is read (``euchre.engine.view.TableView``): a bot of these games knows what
its seat may know and nothing more.
"""

from __future__ import annotations

from ...engine.cards import NO_TRUMP, SUITS, CardOrder, parse_card
from ...engine.games import MODULES
from ...engine.view import TableView

GAMES = tuple(MODULES)
"""The games these players play (the games on the rule-module core)."""


def is_rule_game(view: object) -> bool:
    """Whether a view is of a game on the rule-module core (routed to these players)."""
    return isinstance(view, TableView)


def order_of(view: TableView) -> CardOrder:
    return MODULES[view.game].order


def trump_of(view: TableView) -> int:
    return NO_TRUMP if view.trump is None else SUITS.index(view.trump)


def my_cards(view: TableView) -> list[int]:
    return [parse_card(c) for c in view.hand]


def team_of(view: TableView, seat: int) -> frozenset[int]:
    """The seats playing with ``seat`` this hand (``seat`` included): partners opposite in
    Railroad and Hasenpfeffer (a partner who sits out still counts: his side scores), and in
    Napoleon the bidder alone against all the others together."""
    n = view.rules.players
    if view.game == "napoleon":
        if view.maker is None:
            return frozenset({seat})
        if seat == view.maker:
            return frozenset({seat})
        return frozenset(s for s in range(n) if s != view.maker)
    return frozenset(s for s in range(n) if view.sides[s] == view.sides[seat])


def played_cards(view: TableView) -> set[int]:
    out = {parse_card(c) for trick in view.tricks for c in trick["cards"]}
    return out | {parse_card(c) for c in view.trick}


def unseen(view: TableView) -> set[int]:
    """The game's cards that are neither mine nor played: someone else holds them, or
    nobody (the widow, the kitty, a discard)."""
    deck = MODULES[view.game].deck(view.rules)
    return set(deck) - set(my_cards(view)) - played_cards(view)


def trick_seats(view: TableView) -> list[int]:
    """Who played each card of the trick in progress."""
    n = view.rules.players
    seats = [view.leader]
    while len(seats) < len(view.trick):
        seat = (seats[-1] + 1) % n
        while seat in view.out:
            seat = (seat + 1) % n
        seats.append(seat)
    return seats[:len(view.trick)]
