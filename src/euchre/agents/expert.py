"""The expert: determinized search with exact double-dummy solving, choosing by points.

For each decision the expert draws deals consistent with its view (``resample``), weights
them by how likely the opponent's bids were with the hand each deal gives him (inference
from the bidding), solves every deal exactly with the double-dummy solver, and picks the
action with the best weighted mean outcome. Outcomes are hand points (+1 / +2 / -2 from the
expert's side), or, near the end of a match, the chance of winning the match after them
(``equity.py``): a euchre that concedes the match is worse than its two points.

* **Play**: each legal card against each deal: the exact tricks that follow. When the
  expert leads, the opponent's answer is his soft best reply (the model of his play the
  inference uses), not the card that is best only for a player who sees the expert's hand.
  And the expert's own next card (every later one from four cards down) is one choice
  across the deals it could not tell apart by then (``infoset.py``), not each deal's best.
* **Discard / pick-up**: each of the dealer's options against each deal.
* **Bidding**: each deal's rest of the bidding is solved as a small game tree: the opponent
  bids from his own cards (by hand strength, or his best reply per deal), the expert's own
  later round-2 choices are fixed across the deals that reach round 2 (he will not know the
  opponent's hand then either: this avoids the optimism of "strategy fusion").
* **Deals where the bidding points**: when the bidding makes the drawn deals very unequally
  likely, more are drawn and the ones solved are drawn among them in proportion to their
  likelihood (``_drawn_by_likelihood``), so the solver's time goes to deals that count.
* **This opponent's habit**: the bidding model starts as the expert's own bidding made less
  certain and learns, from each finished hand (``hand_over``: every card he played is
  seen), where this opponent's thresholds are (``opponent_bids.py``).
* **The Joker turned up**: the dealer names trump blind; every suit is worth the same then,
  so one is chosen at random.

Ties in points are broken by expected tricks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..actions import CALL, DISCARD, ORDER, PASS, action_token, parse_action
from ..cards import EFFECTIVE_SUIT, FOLLOW_MASK, JOKER, POWER, SUITS, playable
from ..engine.games.euchre import state
from ..engine.games.euchre.resample import resample_state
from ..rules import Rules
from ..scoring import hand_points
from ..view import View
from .bid_model import BidModel, his_turns
from .calibration import Calibration
from .checked import checked
from .equity import MatchEquity
from .expert_settings import EXPERT, ExpertSettings
from .hand_strength import strength
from .infoset import Utility, Worlds, infoset_values, play_value, search_depth
from .opponent_bids import LearnedBids, observations
from .play_inference import SHARPNESS, play_likelihood, reply_weights
from .solver import Solver, worker_solver
from .view_facts import seat_of


def _cards(mask: int) -> list[int]:
    return list(state.bits(mask))


class ExpertAgent:
    """Determinized double-dummy search (see the module docstring), as ``settings`` say
    (``ExpertSettings``; the defaults are the ``expert`` level). Keywords change single
    settings: ``ExpertAgent(seed=1, deals=32)`` is ``ExpertAgent(seed=1,
    settings=ExpertSettings(deals=32))``."""

    _learned: LearnedBids | None = None  # this opponent's bidding as learned so far
    _learned_deck: int | None = None  # the deck it was learned under
    _seat: int | None = None  # mine, from ``start_match`` or the last view
    _rules: Rules | None = None

    def __init__(self, seed: int | None = None, settings: ExpertSettings = EXPERT,
                 **changes: Any) -> None:
        if not isinstance(settings, ExpertSettings):
            raise ValueError(f"settings must be an ExpertSettings, not {settings!r}")
        self.settings = replace(settings, **changes) if changes else settings
        """What this expert does (``ExpertSettings``)."""
        if "conventions" in changes and not self.settings.infer:
            raise ValueError("conventions: an option of the expert; hard keeps no convention")
        self._changes = changes
        """The settings asked for by name: at a table of three or four, given to the
        family's search (``family.search_player``), which refuses those it has not."""
        self._rng, self._seed, self._family = random.Random(seed), seed, None
        self.solver = worker_solver()
        """The double-dummy solver of this process (one per worker, its table bounded: see
        ``Solver``); every expert in a process shares it, so a process holding many experts
        (a test suite, a server's tables) still holds one bounded table."""

    # --- the protocol -----------------------------------------------------------------------

    def start_match(self, rules: Rules, seat: int) -> None:
        self._seat, self._rules = seat, rules

    def hand_over(self, last_hand: dict[str, Any] | None) -> None:
        """A hand ended: learn from his bids in it (see the module ``opponent_bids``). Before
        the expert knows its seat and the rules (it has neither acted nor been told of the
        match) there is nothing to learn from."""
        if self.settings.opponent != "fitted" or self._seat is None or (
                self._rules is not None and self._rules.players != 2):
            return
        rules = self._rules
        assert rules is not None
        learned = self._learned_for(rules)
        for turn, score, made in observations(last_hand, self._seat, rules):
            learned.observe(turn, score, made)

    def _learned_for(self, rules: Rules) -> LearnedBids:
        if self._learned is None or self._learned_deck != rules.deck:  # a new deck: anew
            self._learned = LearnedBids(BidModel.for_rules(rules))
            self._learned_deck = rules.deck
        return self._learned

    def act(self, view: View) -> str:
        if view.rules.players != 2:  # the family's search: among ties, its rules of thumb
            return self._family_player(view).act(view)
        values = self.analyse(view)
        return checked("expert", view, max(values, key=values.__getitem__))

    def analyse(self, view: View) -> dict[str, float]:
        """Every legal action with its estimated value in points for this hand (expected
        net points; near the target, the match-equity gain expressed in points)."""
        if view.rules.players != 2:
            return self._family_player(view).analyse(view)
        if not view.legal:
            raise ValueError(f"player {view.player} has nothing to do: it is not his turn")
        self._seat, self._rules = view.player, view.rules
        legal = [parse_action(t) for t in view.legal]
        if len(legal) == 1:
            return {view.legal[0]: 0.0}
        if view.phase == "joker":
            pick = self._rng.choice(legal)
            return {action_token(a): float(a == pick) * 1e-9 for a in legal}
        settings, utility = self.settings, self._utility(view)
        if view.phase == "play":
            worlds = self._worlds(view, settings.deals)
            soft = SHARPNESS if settings.soft_reply else 0.0
            if settings.search_depth and len(view.hand) >= 2:
                totals = infoset_values(worlds, legal, seat_of(view), utility, self.solver,
                                        soft, search_depth(settings.search_depth,
                                                           len(view.hand)))
            else:
                totals = _play_values(worlds, legal, seat_of(view), utility, self.solver, soft)
            return {action_token(a): round(v, 6) for a, v in zip(legal, totals, strict=True)}
        if settings.calibrated:
            utility = Calibration.for_rules(view.rules).utility(utility, view.dealer)
        worlds = self._worlds(view, settings.bid_deals_or_deals)
        if view.phase == "discard":
            totals = _discard_values(worlds, legal, seat_of(view), utility, self.solver)
        else:
            bidding = _Bidding(worlds, view, utility, self.solver, self._bids(view))
            totals = bidding.values(legal, view.phase)
        return {action_token(a): round(v, 6) for a, v in zip(legal, totals, strict=True)}

    _rule_games: Any = None

    def _family_player(self, view: Any = None) -> Any:
        """The player of a three- or four-handed view (``family``): the family's search,
        with inference from the bidding when this expert infers (``expert``) and without
        (``hard``), made once with its own random numbers."""
        from .rule_games import is_rule_game
        from .rule_games import search_player as rule_games_player

        if is_rule_game(view):  # Railroad, Hasenpfeffer, Napoleon (``rule_games``)
            if self._rule_games is None:
                self._rule_games = rule_games_player(self._seed, self.settings.infer)
            return self._rule_games
        if self._family is None:
            from .family import search_player

            self._family = search_player(self._seed, self.settings.infer, **self._changes)
        return self._family

    # --- deals --------------------------------------------------------------------------

    def _worlds(self, view: View, deals: int) -> list[tuple[list, float]]:
        """Deals consistent with the view, with their weights (summing to 1)."""
        me = seat_of(view)
        weigh = self.settings.infer and any(p != me for p, _ in view.bids)
        by_play = self.settings.infer_play and view.phase == "play" and bool(
            view.tricks or view.trick)
        bids = self._bids(view)
        if weigh and self.settings.draw_by_bids:
            worlds = _drawn_by_likelihood(view, deals, bids, self._rng)
        else:
            worlds = []
            for _ in range(deals):
                s = resample_state(view, self._rng)
                worlds.append((s, _bid_likelihood(s, view, bids) if weigh else 1.0))
        if by_play:
            worlds = [(s, w * play_likelihood(s, view, self.solver) if w > 0.0 else 0.0)
                      for s, w in worlds]
        total = sum(w for _, w in worlds)
        if total <= 0.0:  # the model finds every deal unlikely: trust the rules alone
            return [(s, 1.0 / len(worlds)) for s, _ in worlds]
        return [(s, w / total) for s, w in worlds]

    def _bids(self, view: View) -> BidModel | LearnedBids:
        if self.settings.opponent == "heuristic":
            return BidModel.heuristic()
        return self._learned_for(view.rules)

    def _utility(self, view: View) -> Callable[[int, int, int], float]:
        """``utility(maker, maker_tricks, me)``: the value of a hand's outcome for ``me``
        (near the end of a match, by the chance of winning it: ``equity.py``)."""
        equity = MatchEquity.for_rules(view.rules)
        if equity.matters(view.score):
            return equity.utility(view.score, view.dealer)
        return _net_points


def _net_points(maker: int, maker_tricks: int, me: int) -> float:
    scorer, points = hand_points(maker, maker_tricks)
    return float(points if scorer == me else -points)


# --- play -----------------------------------------------------------------------------------

def _play_values(worlds: Worlds, legal: list[int], me: int, utility: Utility, solver: Solver,
                 soft: float = 0.0) -> list[float]:
    """Each legal card's value over the deals. ``soft`` 0: when I lead, the opponent
    answers with his best card in each deal (he is taken to see my hand); above 0, with
    each card in proportion to ``exp(soft * his tricks)``, the model of his play that the
    inference from play uses (``play_inference.reply_weights``): good, not all-seeing."""
    totals = [0.0] * len(legal)
    other = 1 - me
    for s, weight in worlds:
        trump = s[state.TRUMP]
        maker = s[state.MAKER]
        mine, theirs = s[state.HAND0 + me], s[state.HAND0 + other]
        won = s[state.WON0 + me]
        remaining = 5 - s[state.WON0] - s[state.WON1]
        led = s[state.LED]
        for i, card in enumerate(legal):
            if led < 0:  # I lead: the opponent answers as well as he can
                rest = mine & ~(1 << card)
                answers = playable(theirs, FOLLOW_MASK[trump][card])
                futures = [solver.tricks_after_lead(card, rest, theirs, trump, r)
                           for r in state.bits(answers)]
                if soft and len(futures) > 1:
                    chances = reply_weights([-f for f in futures], soft)
                    totals[i] += weight * sum(
                        c * play_value(won + f, maker, me, utility)
                        for c, f in zip(chances, futures, strict=True)) / sum(chances)
                    continue
                future = min(futures)
            else:
                future = remaining - solver.tricks_after_lead(led, theirs, mine, trump, card)
            totals[i] += weight * play_value(won + future, maker, me, utility)
    return totals


# --- the dealer's pick-up and discard -------------------------------------------------------

def _outcome(leader_tricks: int, maker: int, dealer: int, me: int, utility: Utility) -> float:
    """The value for ``me`` of a hand whose first leader (the non-dealer) takes
    ``leader_tricks``."""
    maker_tricks = leader_tricks if maker != dealer else 5 - leader_tricks
    mine = leader_tricks if me != dealer else 5 - leader_tricks
    return utility(maker, maker_tricks, me) + 0.001 * mine


def _hand_value(non_dealer: int, dealer_hand: int, trump: int, maker: int, dealer: int,
                me: int, utility: Utility, solver: Solver) -> float:
    """The outcome for ``me`` of playing out a hand from its first lead."""
    return _outcome(solver.tricks(non_dealer, dealer_hand, trump), maker, dealer, me, utility)


def _dealer_options(s: list, trump: int, may_leave: bool) -> list[tuple[int, int]]:
    """(action, dealer's hand after it) for the dealer's pick-up choice."""
    dealer = s[state.DEALER]
    hand = s[state.HAND0 + dealer]
    up = s[state.UPCARD]
    six = hand | 1 << up
    options = [(DISCARD + c, six & ~(1 << c)) for c in state.bits(six)]
    if may_leave:
        options.append((PASS, hand))
    return options


def _worth_discarding(six: int, trump: int) -> list[int]:
    """The dealer's discards that can be best: the lowest card of each suit he holds (by
    effective suit). Keeping a higher card of a suit instead of a lower one never takes
    fewer tricks (it can be played wherever the lower one could, and wins whatever the lower
    one wins), so discarding any other card is never better.

    >>> from euchre.cards import parse_card, card_token, HEARTS
    >>> six = sum(1 << parse_card(t) for t in "JH AH 9H KS QS AC".split())
    >>> sorted(card_token(c) for c in _worth_discarding(six, HEARTS))
    ['9H', 'AC', 'QS']
    """
    lowest: dict[int, int] = {}
    suit_of, power = EFFECTIVE_SUIT[trump], POWER[trump]
    for card in state.bits(six):
        suit = suit_of[card]
        if suit not in lowest or power[card] < power[lowest[suit]]:
            lowest[suit] = card
    return list(lowest.values())


def _discard_values(worlds: Worlds, legal: list[int], me: int, utility: Utility,
                    solver: Solver) -> list[float]:
    totals = [0.0] * len(legal)
    for s, weight in worlds:
        dealer = s[state.DEALER]
        trump, maker = s[state.TRUMP], s[state.MAKER]
        non_dealer = s[state.HAND0 + 1 - dealer]
        hands = dict(_dealer_options(s, trump, PASS in legal))
        for i, action in enumerate(legal):
            totals[i] += weight * _hand_value(non_dealer, hands[action], trump, maker, dealer,
                                              me, utility, solver)
    return totals


# --- bidding --------------------------------------------------------------------------------

class _World:
    """One deal's bidding game, valued for ``me`` by the double-dummy solver (whose table
    remembers the positions the stages share)."""

    def __init__(self, s: list[Any], me: int, utility: Utility, solver: Solver,
                 bids: BidModel | LearnedBids) -> None:
        self.s = s
        self.bids = bids
        self.solver = solver
        self.me = me
        self.utility = utility
        self.dealer = s[state.DEALER]
        self.rules = s[state.SETUP].rules
        self.his_hand = _cards(s[state.HAND0 + 1 - me])
        self._called: dict[int, int] = {}  # round-2 trump -> the first leader's tricks
        self._picked: list[int] | None = None  # per discard worth weighing, the same
        self._left = 0  # the same when the dealer leaves the upcard
        self._dealer1: float | None = None  # his round-1 count as dealer, once read

    def his_choice(self, turn: str, options: list[tuple[float, float | None]]) -> float:
        """The value for me of the opponent's bid among ``(value, his hand strength)``
        options (strength None: pass): he bids his strongest suit when it reaches the
        bidding threshold, as people do."""
        bids = [(strength, value) for value, strength in options if strength is not None]
        passes = [value for value, strength in options if strength is None]
        best = max(bids)
        if not passes:
            return best[1]
        return best[1] if best[0] >= self.bids.center(turn) else passes[0]

    def dealer1_strength(self) -> float:
        """The opponent's strength as the dealer of round 1 (the bidding model's count),
        counted once per deal: every option of my bid reads it."""
        if self._dealer1 is None:
            self._dealer1 = self.bids.strength(self.his_hand, self.s[state.UPCARD], True,
                                               True, [])
        return self._dealer1

    def call(self, suit: int, maker: int) -> float:
        """A round-2 call: no pick-up."""
        tricks = self._called.get(suit)
        if tricks is None:
            s = self.s
            tricks = self._called[suit] = self.solver.tricks(
                s[state.HAND0 + 1 - self.dealer], s[state.HAND0 + self.dealer], suit)
        return _outcome(tricks, maker, self.dealer, self.me, self.utility)

    def pickup(self, maker: int) -> list[float]:
        """Round 1 made by ``maker``: the value of each of the dealer's choices worth
        weighing (his discards that can be best, and leaving the upcard when he may)."""
        may_leave = maker != self.dealer and not self.rules.dealer_must_pick_up
        if self._picked is None:
            s, dealer, solver = self.s, self.dealer, self.solver
            trump, up = s[state.UPCARD] >> 3, s[state.UPCARD]
            non_dealer, hand = s[state.HAND0 + 1 - dealer], s[state.HAND0 + dealer]
            six = hand | 1 << up
            self._picked = [solver.tricks(non_dealer, six & ~(1 << c), trump)
                            for c in _worth_discarding(six, trump)]
            self._left = solver.tricks(non_dealer, hand, trump)
        tricks = [*self._picked, self._left] if may_leave else self._picked
        return [_outcome(t, maker, self.dealer, self.me, self.utility) for t in tricks]

    def dealer_picks(self, maker: int) -> float:
        """The dealer's choice: the best for him in this deal (mine or his)."""
        values = self.pickup(maker)
        return max(values) if self.dealer == self.me else min(values)


class _Bidding:
    """The rest of one bidding decision, played out in every deal (see the module docstring):
    each method values one stage of the bidding for ``me``, averaged over the deals."""

    def __init__(self, worlds: Worlds, view: View, utility: Utility, solver: Solver,
                 bids: BidModel | LearnedBids) -> None:
        self.me = seat_of(view)
        self.bids = bids
        self.dealer = view.dealer
        self.rules = view.rules
        turned = parse_action("call " + view.upcard[1]) - CALL if view.upcard != "JK" else -1
        self.round2_suits = list(self.rules.suits_to_name(turned))
        self.games = [(_World(s, self.me, utility, solver, bids), weight)
                      for s, weight in worlds]
        self.dealer_plan: list[int] = []  # my round-2 choice as dealer, once fixed

    def _reached(self, turn: str, his_strength: Callable[[_World], float]
                 ) -> list[tuple[_World, float]]:
        """The deals where the opponent passes at ``turn`` (his strength under the
        threshold), so that my later choice is made where it is reached."""
        center = self.bids.center(turn)
        return [(g, w) for g, w in self.games if his_strength(g) < center] or self.games

    def round2_calls(self, world: _World, maker: int) -> list[tuple[float, float | None]]:
        return [(world.call(suit, maker), strength(world.his_hand, suit))
                for suit in self.round2_suits]

    def dealer_value(self, world: _World, choice: int) -> float:
        return 0.0 if choice == PASS else world.call(choice - CALL, self.dealer)

    def round2_dealer(self, world: _World) -> float:
        if self.dealer == self.me and self.dealer_plan:
            return self.dealer_value(world, self.dealer_plan[0])
        options = self.round2_calls(world, self.dealer)
        if not self.rules.stick_the_dealer:
            options.append((0.0, None))  # thrown in
        if self.dealer == self.me:
            return max(value for value, _ in options)
        return world.his_choice("dealer2", options)

    def plan_dealer_round2(self) -> None:
        """Fix the round-2 choice I would make as dealer, across the deals where the
        non-dealer passes round 2 too (I will not see his hand then either)."""
        reached = self._reached("first2", lambda g: max(
            strength(g.his_hand, s) for s in self.round2_suits))
        choices = [CALL + s for s in self.round2_suits]
        if not self.rules.stick_the_dealer:
            choices.append(PASS)
        self.dealer_plan.append(max(choices, key=lambda a: sum(
            w * self.dealer_value(g, a) for g, w in reached)))

    def round2(self, world: _World, my_choice: int | None) -> float:
        """Round 2 from the non-dealer's turn; ``my_choice`` fixes mine when I am he."""
        non_dealer = 1 - self.dealer
        if non_dealer == self.me:
            if my_choice is None:
                raise AssertionError("the non-dealer's round-2 choice must be fixed")
            if my_choice == PASS:
                return self.round2_dealer(world)
            return world.call(my_choice - CALL, self.me)
        return world.his_choice("first2", [*self.round2_calls(world, non_dealer),
                                 (self.round2_dealer(world), None)])

    def my_best_round2(self) -> int:
        """The round-2 choice a non-dealer expert would make, fixed across deals: the best
        over the deals that reach round 2 (those where the dealer passes, when his choice is
        modelled from his hand alone)."""
        reached = self._reached("dealer1", lambda g: g.dealer1_strength())
        choices = [PASS] + [CALL + s for s in self.round2_suits]
        return max(choices, key=lambda a: sum(w * self.round2(g, a) for g, w in reached))

    def values(self, legal: list[int], phase: str) -> list[float]:
        """Each legal bid's value, averaged over the deals."""
        if phase == "bid2":
            return [sum(w * self.bid2_value(g, action) for g, w in self.games)
                    for action in legal]
        if self.me == self.dealer:  # round 1, the non-dealer passed
            self.plan_dealer_round2()
            return [self.my_pickup() if action == ORDER
                    else sum(w * self.round2(g, None) for g, w in self.games)
                    for action in legal]
        later = self.my_best_round2()
        return [sum(w * self.bid1_value(g, action, later) for g, w in self.games)
                for action in legal]

    def my_pickup(self) -> float:
        """Taking the upcard as dealer, my discard each deal's best."""
        return sum(w * g.dealer_picks(self.me) for g, w in self.games)

    def bid2_value(self, world: _World, action: int) -> float:
        if self.me == self.dealer:
            return 0.0 if action == PASS else world.call(action - CALL, self.me)
        return self.round2(world, action)

    def bid1_value(self, world: _World, action: int, later: int) -> float:
        """Round 1 as the non-dealer: order up, or pass and let the dealer accept or pass to
        round 2 (where I make ``later``)."""
        if action == ORDER:
            return world.dealer_picks(self.me)
        return world.his_choice("dealer1", [
            (world.dealer_picks(self.dealer), world.dealer1_strength()),
            (self.round2(world, later), None)])


# --- inference from the bidding -------------------------------------------------------------

POOL_ESS = 2.0
"""Drawing deals in proportion to their likelihood: candidates are drawn until their
effective number (``(sum w)^2 / sum w^2``) is this many times the deals wanted..."""
MAX_POOL = 8
"""...or until this many times the deals wanted have been drawn."""
EVEN = 0.9
"""A first batch whose effective number is this share of its size is kept as it is."""


def _drawn_by_likelihood(view: View, deals: int, bids: BidModel | LearnedBids,
                         rng: random.Random) -> list[tuple[list, float]]:
    """``deals`` deals drawn in proportion to how likely the opponent's bids made them
    (importance resampling: cheap candidates, weighted by the bidding model, then a
    systematic draw among them), each distinct deal once with its count as weight.

    Weighting uniform draws wastes the solver on deals the bidding all but rules out: after
    the opponent names trump, four deals in five give him a hand he would not have named it
    with. Candidates cost microseconds and solving costs milliseconds, so the solver's deals
    are spent where the likelihood is. The weights are on the scale of ``deals`` uniform
    draws (their sum estimates the evidence as the uniform draws' sum does), so two batches
    pool as before."""
    pool: list[tuple[list, float]] = []
    total = squares = 0.0
    while len(pool) < MAX_POOL * deals and (
            squares == 0.0 or total * total < POOL_ESS * deals * squares):
        for _ in range(deals):
            s = resample_state(view, rng)
            w = _bid_likelihood(s, view, bids)
            pool.append((s, w))
            total += w
            squares += w * w
        if len(pool) == deals and total * total >= EVEN * deals * squares:
            return pool  # the bidding hardly tells these deals apart: keep them all
    if total <= 0.0:
        return pool[:deals]
    evidence = total / len(pool)
    step = total / deals
    point = rng.random() * step
    drawn: list[tuple[list, float]] = []
    reached = 0.0
    for s, w in pool:
        reached += w
        count = 0
        while point < reached:
            count += 1
            point += step
        if count:
            drawn.append((s, count * evidence))
    return drawn


def _bid_likelihood(s: list, view: View, bids: BidModel | LearnedBids) -> float:
    """How likely the opponent's bids were with the hand this deal gives him, under a soft
    hand-strength model of a reasonable bidder."""
    me = seat_of(view)
    other = 1 - me
    dealer = view.dealer
    up = s[state.UPCARD]
    if up == JOKER:  # the dealer named trump blind: nothing to infer
        return 1.0
    hand = _cards(state.dealt_hand(s, other))
    turned = up >> 3
    suits = view.rules.suits_to_name(turned)
    weight = 1.0
    for turn, round_one, token in his_turns(view.bids, other, dealer):
        made = bids.likely(turn, bids.strength(hand, up, other == dealer, round_one, suits))
        weight *= (1.0 - made) if token == "pass" else made
        if token.startswith("call") and not round_one:
            weight *= bids.likely(turn, strength(hand, SUITS.index(token[-1])))
    return weight

