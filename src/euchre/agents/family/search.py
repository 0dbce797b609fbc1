"""Determinized search at a table of three or four: the ``hard`` level (and, with
inference, the ``expert``'s, ``family.expert``).

For each decision the bot draws deals consistent with its view (``resample_family``: the
hidden hands exactly uniform given the cards seen and the voids shown), values every legal
choice in each deal, and picks the one with the best mean. Values are points of this hand
for my side net of the others' (in cutthroat: mine less the mean of the two others'), from
``scoring.side_points``.

* **A card**: the exact open-hand value of each legal card (``TableSolver.values``: the
  makers' tricks with best play by both teams after it).
* **A bid, a discard, defending alone**: the choice is applied, the rest of the bidding
  (the dealer's discard, the others' bids, my own later ones) is played by the rules of
  thumb (``rules_of_thumb.choose``: the partner people expect), and the play that follows
  is solved exactly. Going alone, defending alone and ordering up my partner as dealer are
  valued like any other bid: the deal with the partner sitting out, or the dealer holding
  the upcard, is solved as it would be played.
* **The Joker turned up**: the dealer names trump before looking; every suit is worth the
  same then, so the rules of thumb name one.

>>> from euchre import Game, Rules
>>> g = Game(Rules(players=3), seed=4)
>>> bot = FamilySearch(seed=1, deals=4, bid_deals=4)
>>> bot.act(g.view(g.to_move)) in g.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...actions import parse_action
from ...engine.games.euchre import state, state_family
from ...engine.games.euchre.game import game_of_state
from ...engine.games.euchre.resample_family import card_of, resample_family_state
from ...hands import trick_seats
from ...scoring import partner, side_points, sides_of
from ...view import View
from ..checked import checked
from ..view_facts import seat_of
from .rules_of_thumb import choose, convention
from .solver import TableSolver, worker_table_solver

LONE_CAUTION = 0.25
"""Points taken off a lone bid's value: the open-hand solver plays a lone hand as if it saw
every card, which flatters a lone maker most (a march is worth double), so a lone bid must
beat playing with the partner by this much."""


CONVENTION_PRIOR = 0.25
"""Points the ``expert`` adds to a choice that keeps the partnership convention of its
position (``rules_of_thumb.convention``; ``hard`` adds none). The open-hand solver plays
the partner as if he saw every card, so it values a lead that tells him nothing (or misleads
him) as much as the conventional one he reads; the prior is what reading each other is
taken to be worth, and a convention is broken only where the deals say breaking it gains
more. Measured in bench/README.md (issue 52)."""

CONFIDENCE = 2.0
"""Standard errors of its deals' estimate by which breaking a convention must gain (more
than ``CONVENTION_PRIOR``) before the expert breaks it (``_doubt``)."""

TIE = 1e-9
"""Values this close are equal (sums of the same points in another order)."""


class FamilySearch:
    """Determinized search with an exact open-hand solver (see the module docstring).

    ``deals``: deals drawn for a card; ``bid_deals``: for a bid, a discard or the choice to
    defend alone (the decisions worth the most). ``worlds`` is the one place deals are drawn:
    ``family.expert`` draws them weighted by the bidding instead."""

    def __init__(self, seed: int | None = None, deals: int = 32,
                 bid_deals: int | None = 24, solver: TableSolver | None = None,
                 convention_prior: float = 0.0) -> None:
        for name, value in (("deals", deals), ("bid_deals", bid_deals)):
            if value is not None and (type(value) is not int or not 1 <= value <= 10_000):
                raise ValueError(f"{name} must be a whole number from 1 to 10000, not {value!r}")
        if type(convention_prior) not in (int, float) or not 0 <= convention_prior <= 4:
            raise ValueError(f"convention_prior must be a number of points from 0 to 4, "
                             f"not {convention_prior!r}")
        self.convention_prior = float(convention_prior)
        self._rng = random.Random(seed)
        self.deals = deals
        self.bid_deals = deals if bid_deals is None else bid_deals
        self.solver = worker_table_solver() if solver is None else solver

    def act(self, view: View) -> str:
        """The legal token of the highest value (``analyse``); among equal values, the one
        the rules of thumb choose. The points of a hand tell many cards apart not at all
        (any of three low cards loses the trick alike in every deal): the conventional card
        among them is the one a partner reads, and the one that keeps the high cards."""
        values = self.analyse(view)
        best = max(values.values())
        tied = [token for token, value in values.items() if value >= best - TIE]
        if len(tied) > 1:
            usual = choose(view)
            plain = usual.removesuffix(" alone")  # (a lone bid's plain form, if it ties)
            for token in (usual, plain):
                if token in tied:
                    return token
        return checked("the family's search", view, tied[0])

    def analyse(self, view: View) -> dict[str, float]:
        """Every legal token with its mean value in points of this hand (see the module
        docstring), ``convention_prior`` added to the choices that keep a convention; a
        single choice, or the blind naming of a Joker's suit, is valued 0."""
        if not view.legal:
            raise ValueError(f"player {view.player} has nothing to do: it is not his turn")
        if len(view.legal) == 1 or view.phase == "joker":
            pick = choose(view) if view.phase == "joker" else view.legal[0]
            return {token: float(token == pick) * 1e-9 for token in view.legal}
        play = view.phase == "play"
        worlds = self.worlds(view, self.deals if play else self.bid_deals)
        value = _play_values if play else _choice_values
        per_deal = [value(s, view, self.solver) for s, _ in worlds]
        weights = [weight for _, weight in worlds]
        totals = [sum(w * values[i] for w, values in zip(weights, per_deal, strict=True))
                  for i in range(len(view.legal))]
        if not play:
            totals = self.learned_prior(view, totals)
            totals = [v - LONE_CAUTION * _is_lone_bid(t)
                      for v, t in zip(totals, view.legal, strict=True)]
        found = convention(view) if self.convention_prior else None
        if found is not None:
            bonus = self.convention_prior + _doubt(view.legal, found[1], totals, per_deal,
                                                   weights)
            totals = [v + bonus * (t in found[1])
                      for v, t in zip(totals, view.legal, strict=True)]
        return {t: round(v, 6) for t, v in zip(view.legal, totals, strict=True)}

    def learned_prior(self, view: View, totals: list[float]) -> list[float]:
        """The bids' values (``totals``, by ``view.legal``) moved by what was learned
        offline: none here (``hard``); the expert's learned bid values (``family.expert``)."""
        return totals

    def worlds(self, view: View, deals: int) -> list[tuple[list, float]]:
        """``deals`` deals consistent with the view, each with its weight (summing to 1)."""
        return [(resample_family_state(view, self._rng), 1.0 / deals) for _ in range(deals)]


def _doubt(legal: tuple[str, ...] | list[str], keeping: frozenset[str], totals: list[float],
           per_deal: list[list[float]], weights: list[float]) -> float:
    """``CONFIDENCE`` standard errors of the mean gain, deal by deal, of the best choice
    that breaks a convention over the best that keeps it: a few dozen deals can favour
    either by chance, and a partner should see a convention broken only where the deals
    show, beyond their noise, that breaking it gains."""
    keep = max((i for i, t in enumerate(legal) if t in keeping), key=totals.__getitem__)
    breaks = max((i for i, t in enumerate(legal) if t not in keeping), key=totals.__getitem__)
    gains = [values[breaks] - values[keep] for values in per_deal]
    mean = sum(w * g for w, g in zip(weights, gains, strict=True))
    spread = sum(w * (g - mean) ** 2 for w, g in zip(weights, gains, strict=True))
    return CONFIDENCE * (spread / len(gains)) ** 0.5


def _is_lone_bid(token: str) -> bool:
    return token.endswith("alone") and token != "defend alone"


def net_points(players: int, me: int,
               needs: tuple[int, ...] | None = None) -> Callable[[tuple[int, ...]], float]:
    """The value of a hand's points by side for ``me``: my side's less the mean of the
    other sides' (four-handed: less the opponents'; cutthroat: less the mean of the two),
    each side's points counted only up to ``needs`` (what it still needs to win the match,
    ``match_needs``): at 9 points a lone march wins the game no more than one trick over
    half does, so the search stops paying for the risk of going alone for points that
    decide nothing."""
    sides = sides_of(players)
    mine = sides[me]
    cap = needs or (1 << 30,) * (max(sides) + 1)

    def value(points: tuple[int, ...]) -> float:
        capped = [min(p, c) for p, c in zip(points, cap, strict=True)]
        return capped[mine] - (sum(capped) - capped[mine]) / (len(capped) - 1)

    return value


def match_needs(view: View) -> tuple[int, ...]:
    """The points each side still needs to win the match (at least 1)."""
    return tuple(max(1, view.target - points) for points in view.score)


def _makers(s: list, players: int) -> tuple[int, int, bool, bool]:
    """The makers' seats in play (a mask), the seats that play (a mask), whether the maker
    and whether a defender plays alone."""
    maker = s[state.MAKER]
    out = sum(1 << seat for seat in state_family.out_seats(s))
    active = ((1 << players) - 1) & ~out
    mate = partner(sides_of(players), maker)
    team = 1 << maker | (0 if mate is None else 1 << mate)
    return team & active, active, s[state_family.ALONE] >= 0 and players == 4, \
        s[state_family.DEFENDER] >= 0


def _points_of(s: list, players: int, tricks_from_here: int) -> tuple[int, ...]:
    """The hand's points by side when the makers take ``tricks_from_here`` more tricks
    (counted from the start of the current trick)."""
    makers, _, alone, defender = _makers(s, players)
    return side_points(players, s[state.MAKER], _taken(s, players, makers) + tricks_from_here,
                       alone, defender)


def _taken(s: list, players: int, makers: int) -> int:
    return sum(s[state_family.WON + seat] for seat in range(players) if makers >> seat & 1)


def outcome_tricks(search: Callable[[tuple[int, int]], list[int]], taken: int,
                   count: int) -> list[int]:
    """For ``count`` lines of play, the makers' tricks from here as far as the points tell
    them apart (euchred, made, march: ``2 - taken``, ``3 - taken``, ``5 - taken`` when the
    makers have ``taken`` already), by two searches with a null window (``search(window)``
    answers for every line), far faster than exact counts: does the side take 3, then 5?"""
    need = 3 - taken
    made = [True] * count if need <= 0 else [v >= need for v in search((need - 1, need))]
    out = [3 - taken if m else 2 - taken for m in made]
    if any(made):
        need = 5 - taken
        march = search((need - 1, need))
        out = [need if m and v >= need else o for m, v, o in zip(made, march, out, strict=True)]
    return out


def _play_values(s: list, view: View, solver: TableSolver) -> list[float]:
    """Each legal card's value in the deal ``s``: the exact open-hand play after it."""
    players = view.rules.players
    me = seat_of(view)
    assert me is not None
    makers, active, _, _ = _makers(s, players)
    seats = _trick_seats(view)
    trick = [(seat, card_of(t)) for seat, t in zip(seats, view.trick, strict=True)]
    hands = [s[state_family.HANDS + seat] for seat in range(players)]
    moves = [card_of(t) for t in view.legal]
    worth = net_points(players, me, match_needs(view))
    trump = s[state.TRUMP]

    def search(window: tuple[int, int]) -> list[int]:
        return solver.values(hands, trump, makers, active, trick, me, moves, window)

    tricks = outcome_tricks(search, _taken(s, players, makers), len(moves))
    return [worth(_points_of(s, players, v)) for v in tricks]


def _trick_seats(view: View) -> list[int]:
    return trick_seats(view.leader, len(view.trick), view.rules.players, view.out)


def _choice_values(s: list, view: View, solver: TableSolver) -> list[float]:
    """Each legal bid's (discard's, defence's) value in the deal ``s``: the choice made, the
    rest of the bidding by the rules of thumb, the play solved exactly."""
    me = seat_of(view)
    assert me is not None
    worth = net_points(view.rules.players, me, match_needs(view))
    out = []
    for token in view.legal:
        after = s[:]
        game_of_state(after).apply_id(parse_action(token))
        out.append(worth(settle(after, solver)))
    return out


def settle(s: list, solver: TableSolver) -> tuple[int, ...]:
    """The points by side of the hand under way in the state ``s`` (a deal drawn by
    ``resample_family_state``, or a copy of one: the caller's, which this plays on): its
    bidding finished by the rules of thumb, its play solved exactly (a hand thrown in
    scores nothing)."""
    game = game_of_state(s)
    number = game.hand_number
    players = game.rules.players
    while game.hand_number == number and game.phase not in ("play", "over"):
        player = game.to_move
        assert player is not None
        game.apply_id(parse_action(choose(game.view(player))))
    if game.hand_number != number or game.phase == "over":
        last = game.view(None).last_hand
        return tuple(last["points"]) if last else (0,) * game.rules.sides
    makers, active, _, _ = _makers(s, players)
    hands = [s[state_family.HANDS + seat] for seat in range(players)]
    trump, leader = s[state.TRUMP], s[state.LEADER]
    tricks = outcome_tricks(lambda window: [solver.tricks(hands, trump, makers, leader, active,
                                                          window)], 0, 1)
    return _points_of(s, players, tricks[0])

