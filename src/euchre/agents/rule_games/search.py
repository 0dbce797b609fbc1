"""Determinized search for Railroad, Hasenpfeffer and Napoleon: the ``hard`` level (and, with
inference from the bidding, the ``expert``'s: ``inference``).

For each decision the bot draws deals consistent with its view (``euchre.engine.resample``:
the hidden cards uniform given the cards seen, the voids shown and the cards it gave or
discarded), values every legal choice in each deal, and picks the best mean. A value is the
points of this hand for me, net of the others' (in Napoleon, mine less the mean of the
others'), from the makers' tricks with best play (``solver``).

* **A card**: the exact open-hand value of each legal card. The bidder's first lead in
  Napoleon names trump: each card is valued with its own suit as trump.
* **A bid, a call, a discard, a gift, defending alone**: the choice is applied, the rest of
  the bidding and exchanges (mine too) is played by the rules of thumb (``thumb.choose``:
  the players people expect), and the play that follows is solved exactly. In Napoleon the
  bidder then leads the card (so names the trump) that is best for him.
* **A lone hand** (Railroad's alone, Napoleon's nap and above) is valued ``LONE_CAUTION``
  points less: the solver plays it as if it saw every card, which flatters it most.

>>> from euchre import Game, Rules
>>> g = Game(Rules(game="hasenpfeffer"), seed=4)
>>> bot = RuleGamesSearch(seed=1, deals=4, bid_deals=4)
>>> bot.act(g.view(g.to_move)) in g.legal_actions()
True
"""

from __future__ import annotations

import random

from ...engine.actions import parse_action
from ...engine.cards import NO_TRUMP, mask_of, parse_card, suit_of
from ...engine.games.napoleon import TRICKS, VALUE
from ...engine.match import TableGame
from ...engine.resample import resample
from ...engine.view import TableView
from ...scoring import side_points
from ..view_facts import maker_of, seat_of
from .reading import order_of, trick_seats, trump_of
from .solver import OpenHandSolver
from .thumb import choose

LONE_CAUTION = 0.3
"""Points taken off a lone contract's value (see the module docstring)."""
NODE_BUDGET = 30_000
"""Solver positions one decision may search before it stops valuing further deals (it
values at least half of them): a few decisions (a Hasenpfeffer bid or trump call, the
first lead of a Napoleon hand, with every card still in the hands) cost many times the
median, and the budget bounds the tail of the decision time (issue 51, criterion 1). It is
counted in positions, not seconds, so a decision is the same on any machine at any load;
each decision starts from an empty transposition table, so the count does not depend on
what the process searched before."""
TIE = 1e-9

_SOLVER: list[OpenHandSolver] = []


def worker_solver() -> OpenHandSolver:
    """The one solver of this process: every bot shares its bounded table."""
    if not _SOLVER:
        _SOLVER.append(OpenHandSolver())
    return _SOLVER[0]


class RuleGamesSearch:
    """Determinized search (see the module docstring). ``deals``: deals drawn for a card;
    ``bid_deals``: for every other choice."""

    def __init__(self, seed: int | None = None, deals: int = 16, bid_deals: int = 6) -> None:
        for name, value in (("deals", deals), ("bid_deals", bid_deals)):
            if type(value) is not int or not 1 <= value <= 10_000:
                raise ValueError(f"{name} must be a whole number from 1 to 10000, not {value!r}")
        self._rng = random.Random(seed)
        self.deals, self.bid_deals = deals, bid_deals
        self.node_budget = NODE_BUDGET
        self.solver = worker_solver()

    def act(self, view: TableView) -> str:
        values = self.analyse(view)
        best = max(values.values())
        tied = [token for token, value in values.items() if value >= best - TIE]
        if len(tied) > 1:
            usual = choose(view)
            if usual in tied:
                return usual
        return tied[0]

    def analyse(self, view: TableView) -> dict[str, float]:
        """Every legal choice with its mean value in points over the deals drawn."""
        if not view.legal:
            raise ValueError(f"player {view.player} has nothing to do: it is not his turn")
        legal = list(view.legal)
        if len(legal) == 1 or (view.phase == "joker"):
            usual = choose(view)
            return {token: float(token == usual) * 1e-9 for token in legal}
        playing = view.phase == "play"
        worlds = self.worlds(view, self.card_deals(len(view.hand)) if playing
                             else self.bid_deals)
        self.solver.table.clear()  # (so that the budget's count depends on this view alone)
        start, least = self.solver.nodes, (len(worlds) + 1) // 2
        totals, weights = [0.0] * len(legal), 0.0
        for done, (world, weight) in enumerate(worlds):
            if done >= least and self.solver.nodes - start >= self.node_budget:
                totals = [total / weights for total in totals]  # the mean of those valued
                break
            values = self._card_values(view, world, legal) if playing else [
                self._choice_value(seat_of(view), world, token, view.phase == "bid")
                for token in legal]
            for i, value in enumerate(values):
                totals[i] += weight * value
            weights += weight
        return {token: round(v, 6) for token, v in zip(legal, totals, strict=True)}

    def card_deals(self, held: int) -> int:
        """Deals drawn for a card when holding ``held``: fewer early in a hand, where each
        costs the solver most (a share of ``deals``: all of them from three cards down)."""
        share = {4: 2 / 3, 5: 0.45, 6: 1 / 3}.get(held, 1.0)
        return max(1, round(self.deals * share))

    def worlds(self, view: TableView, deals: int) -> list[tuple[TableGame, float]]:
        """``deals`` deals drawn uniformly among those the view allows, equally weighted;
        the ``expert`` draws them by the bidding instead (``inference``)."""
        return [(resample(view, self._rng), 1.0 / deals) for _ in range(deals)]

    # --- cards -------------------------------------------------------------------------

    def _card_values(self, view: TableView, world: TableGame, legal: list[str]) -> list[float]:
        hands = _hands(view, world)
        trick = list(zip(trick_seats(view), (parse_card(c) for c in view.trick), strict=True))
        trump = trump_of(view)
        names_trump = trump == NO_TRUMP and view.game == "napoleon" and \
            view.bid != "bid misere" and not view.tricks and not view.trick
        return [_net(view, self._tricks(view, hands, suit_of(card) if names_trump else trump,
                                        seat_of(view), trick, card)) for card in
                (parse_card(t) for t in legal)]

    def _tricks(self, view: TableView, hands: list[int], trump: int, leader: int,
                trick: list[tuple[int, int]], card: int) -> int:
        """The makers' tricks this hand, with best play after ``card`` (-1: from the trick's
        start), known as far as the score needs: the score changes only at a few counts
        (``_steps``), so null-window searches find between which of them it lies, far faster
        than the exact count. Returns the lowest count of that span."""
        counted, maxers = _teams(view)
        done = sum(won for seat, won in enumerate(view.tricks_won) if counted >> seat & 1)
        left = bin(hands[_next_seat(view, trick[-1][0]) if trick else leader]).count("1")
        steps = _steps(view)
        low, high = -1, len(steps)  # the count is >= steps[low] and < steps[high]
        while high - low > 1:
            mid = (low + high) // 2
            need = steps[mid] - done
            if need <= 0:
                reached = True
            elif need > left:
                reached = False
            else:
                moves = None if card < 0 else [card]
                value = self.solver.values(hands, order_of(view), trump, counted, maxers,
                                           leader, trick, moves, (need - 1, need))[0]
                reached = value >= need
            low, high = (mid, high) if reached else (low, mid)
        return steps[low] if low >= 0 else 0

    # --- every other choice --------------------------------------------------------------

    def _choice_value(self, me: int, world: TableGame, token: str, shared: bool) -> float:
        """My net points for ``token`` in this deal: the rest of the bidding by the rules of
        thumb, then the play solved (``shared``: the choices lead to few contracts, each
        worth solving exactly once)."""
        game = world.copy()
        hand = game.hand_number
        game.apply(token)
        while game.hand_number == hand and not game.is_over and game.phase != "play":
            seat = game.to_move
            game.apply(choose(game.view(seat)))
        if game.hand_number != hand or game.is_over:
            return 0.0  # thrown in
        return self._solved(me, game, shared)

    def _solved(self, me: int, game: TableGame, shared: bool = False) -> float:
        """My net points when the play of ``game`` (at the first lead) is solved; in
        Napoleon the bidder's first lead names trump, and he leads his best. ``shared``:
        Hasenpfeffer's bids, where several bids end in one contract whose exact count
        serves them all."""
        view = game.view(me)
        hands = _hands(view, game)
        leader = game.to_move
        if leader is None:
            raise ValueError("the hand is over: there is nothing left to play")
        caution = _caution(view)
        if view.trump is None and view.bid != "bid misere":
            return _net(view, self._best_lead(view, hands, leader,
                                              [parse_card(c) for c in game.hand(leader)])
                        ) - caution
        trump = trump_of(view)
        if shared and view.game == "hasenpfeffer":  # exact: every bid of it shares it
            counted, maxers = _teams(view)
            tricks = self.solver.tricks(hands, order_of(view), trump, counted, maxers, leader)
            return _net(view, tricks) - caution
        return _net(view, self._tricks(view, hands, trump, leader, [], -1)) - caution

    def _best_lead(self, view: TableView, hands: list[int], leader: int,
                   cards: list[int]) -> int:
        """The makers' tricks (as ``_tricks`` counts them) when the leader leads his best
        card, its suit trump. The cards of his longest suits first, and none after one that
        reaches the top of the score (none can do better): the same count as trying all."""
        top, best = _steps(view)[-1], 0
        length = {suit: sum(suit_of(c) == suit for c in cards) for suit in map(suit_of, cards)}
        for card in sorted(cards, key=lambda c: (-length[suit_of(c)], -c)):
            best = max(best, self._tricks(view, hands, suit_of(card), leader, [], card))
            if best >= top:
                break
        return best


def _hands(view: TableView, game: TableGame) -> list[int]:
    """Every seat's cards in a drawn deal (none for a seat that sits out)."""
    return [0 if seat in view.out else mask_of(parse_card(c) for c in game.hand(seat))
            for seat in range(view.rules.players)]


def _next_seat(view: TableView, seat: int) -> int:
    n = view.rules.players
    seat = (seat + 1) % n
    while seat in view.out:
        seat = (seat + 1) % n
    return seat


def _contract(view: TableView) -> str:
    """The winning bid of the hand in play."""
    if view.bid is None:
        raise ValueError("no contract has been made yet")
    return view.bid


def _steps(view: TableView) -> list[int]:
    """The makers' trick counts at which this hand's score changes, lowest first (below
    the first, the makers fail)."""
    if view.game == "railroad":
        return [3, 5]
    if view.game == "hasenpfeffer":
        return list(range(int(_contract(view).split()[1]), 7))
    if view.bid == "bid misere":
        return [1]
    return [TRICKS[parse_action(view.bid)]]


def _caution(view: TableView) -> float:
    """``LONE_CAUTION`` when the viewer is on the side of a lone contract."""
    me, maker = seat_of(view), maker_of(view)
    if view.game == "napoleon":
        lone = me == maker and view.bid in ("bid nap", "bid wellington", "bid blucher")
    else:
        lone = maker in view.alone and view.sides[me] == view.sides[maker]
    return LONE_CAUTION if lone else 0.0


def _teams(view: TableView) -> tuple[int, int]:
    """The seats whose tricks are counted (the makers) and those who play to make the count
    high: the makers, or the others at misère."""
    n = view.rules.players
    maker = maker_of(view)
    if view.game == "napoleon":
        counted = 1 << maker
        return counted, ((1 << n) - 1) ^ counted if view.bid == "bid misere" else counted
    counted = sum(1 << s for s in range(n) if view.sides[s] == view.sides[maker])
    return counted, counted


def _net(view: TableView, tricks: int) -> float:
    """My points of this hand net of the others' when the makers take ``tricks``."""
    me, maker, n = seat_of(view), maker_of(view), view.rules.players
    if view.game == "napoleon":
        bid = parse_action(_contract(view))
        made = tricks == 0 if view.bid == "bid misere" else tricks >= TRICKS[bid]
        value = VALUE[bid] if made else -VALUE[bid]
        return value * n if me == maker else -value * n / (n - 1)
    mine = view.sides[me] == view.sides[maker]
    if view.game == "hasenpfeffer":
        bid = int(_contract(view).split()[1])
        gained = tricks if tricks >= bid else -bid
        return gained if mine else -gained
    defender_alone = any(seat != maker for seat in view.alone)
    points = side_points(4, maker, tricks, maker in view.alone, defender_alone)
    side = view.sides[me]
    return points[side] - points[1 - side]
