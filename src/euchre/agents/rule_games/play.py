"""The card play people use in Railroad, Hasenpfeffer and Napoleon: the ``medium`` level's
cards, and the card the search falls back on among equal ones.

* **Leads.** The makers draw trump with the best trump out, else cash a winner, else lead
  low; a defender cashes a winner, else leads low beside trump. In Napoleon the bidder's
  first lead names trump: the top of his best suit.
* **Following.** Leave a trick to a partner who wins it with the best card out (or when
  I play last); else win as cheaply as I can; else throw the least card.
* **Misère.** The bidder ducks under the card winning the trick and throws his highest
  cards when void; the others play low while he has still to play, and under him once he
  has, so that he keeps the trick.
"""

from __future__ import annotations

from ...engine.cards import NO_TRUMP, CardOrder, parse_card, suit_of
from ...engine.view import TableView
from ..view_facts import seat_of
from .reading import order_of, team_of, trick_seats, trump_of, unseen


def choose_card(view: TableView, first_trump: int | None = None) -> int:
    """The card to play (one of ``view.legal``). ``first_trump``: in Napoleon, the suit the
    bidder means to make trump with his first lead (``napoleon_trump``)."""
    legal = [parse_card(t) for t in view.legal]
    order, trump = order_of(view), trump_of(view)
    me = seat_of(view)
    if view.game == "napoleon" and view.bid == "bid misere":
        return _misere(view, legal, order)
    if trump == NO_TRUMP and first_trump is not None and not view.trick:
        suited = [c for c in legal if suit_of(c) == first_trump] or legal
        return max(suited, key=lambda c: order.power[first_trump][c])
    power, suits = order.power[trump], order.suit[trump]
    out = unseen(view)
    team = team_of(view, me)
    if not view.trick:
        return _lead(view, legal, order, trump, out, me in team_of(view, view.maker)
                     if view.maker is not None else False)
    seats = trick_seats(view)
    cards = [parse_card(c) for c in view.trick]
    best_i = 0
    for i in range(1, len(cards)):
        if order.beats(trump, cards[best_i], cards[i]):
            best_i = i
    best, winner = cards[best_i], seats[best_i]
    playing = view.rules.players - len(view.out)
    last = len(cards) == playing - 1
    if winner in team and (last or _is_boss(best, out, order, trump)):
        return _least(legal, power, suits, trump)
    winners = [c for c in legal if order.beats(trump, best, c)]
    if winners and winner not in team:
        return min(winners, key=lambda c: power[c] + (200 if suits[c] == trump else 0))
    return _least(legal, power, suits, trump)


def _lead(view: TableView, legal: list[int], order: CardOrder, trump: int, out: set[int],
          makers: bool) -> int:
    power, suits = order.power[trump], order.suit[trump]
    trumps = [c for c in legal if trump != NO_TRUMP and suits[c] == trump]
    if makers and trumps:
        top = max(trumps, key=lambda c: power[c])
        if _is_boss(top, out, order, trump) or len(trumps) >= 2:
            return top
    bosses = [c for c in legal if suits[c] != trump and _is_boss(c, out, order, trump)]
    if bosses:
        return max(bosses, key=lambda c: power[c])
    return _least(legal, power, suits, trump)


def _is_boss(card: int, out: set[int], order: CardOrder, trump: int) -> bool:
    """Whether no card unseen could beat ``card`` led or winning in its suit."""
    suits, power = order.suit[trump], order.power[trump]
    return not any(suits[c] == suits[card] and power[c] > power[card] for c in out) and (
        suits[card] == trump or trump == NO_TRUMP
        or not any(suits[c] == trump for c in out))


def _least(legal: list[int], power: tuple[int, ...], suits: tuple[int, ...], trump: int
           ) -> int:
    """The card worth least: the lowest beside trump, the lowest trump if all are trump."""
    return min(legal, key=lambda c: power[c] + (200 if suits[c] == trump else 0))


def _misere(view: TableView, legal: list[int], order: CardOrder) -> int:
    power = order.power[NO_TRUMP]
    bidder = view.maker
    if not view.trick:
        return min(legal, key=lambda c: power[c])
    cards = [parse_card(c) for c in view.trick]
    seats = trick_seats(view)
    best_i = 0
    for i in range(1, len(cards)):
        if order.beats(NO_TRUMP, cards[best_i], cards[i]):
            best_i = i
    best = cards[best_i]
    under = [c for c in legal if not order.beats(NO_TRUMP, best, c)]
    if view.player == bidder:  # duck as high as he can, throw his highest when void
        if under:
            return max(under, key=lambda c: power[c])
        return min(legal, key=lambda c: power[c])
    if bidder in seats and seats[best_i] == bidder and under:
        return max(under, key=lambda c: power[c])
    return min(legal, key=lambda c: power[c])

