"""Opponents of other styles, for measuring the expert against players it was not built
around (the expert's bidding inference models the ``heuristic``; these bid otherwise).

Each is a complete, sensible player written from common card-room advice, not from the
heuristic's hand-strength count, and none is ever used to tune the expert:

* ``bold``: the aggressive bidder. Makes trump on thin hands: two trumps, or one bower with
  an outside ace; as dealer it takes the upcard with any other trump. Plays its highest
  card to win a trick, leads its best card.
* ``timid``: the cautious bidder. Makes trump only with three trumps headed by a bower (or
  the Joker) and a second bower or an outside ace, or four trumps with a bower; as dealer,
  with two trumps besides the upcard and a bower among them. Plays to keep its trumps: wins
  a trick as cheaply as it can, leads low side cards.
* ``mimic``: bids, picks up and discards exactly as the expert does (it asks one), but
  plays its cards by simple rules (win cheaply when it can, else throw its lowest card;
  lead its highest trump as maker, else its best side card). Its expert is told nothing
  of past hands, so it bids as the expert does at a match's first hand, every hand: each
  opponent here is one fixed habit, the thing to measure against.

>>> from euchre import Game, agents
>>> g = Game(seed=3)
>>> all(agents.load(name, seed=1).act(g.view(g.to_move)) in g.legal_actions()
...     for name in ("bold", "timid", "mimic"))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..actions import CALL, DISCARD, PASS, action_token, parse_action
from ..cards import EFFECTIVE_SUIT, JOKER, POWER, parse_card
from ..view import View
from .checked import checked
from .view_facts import trump_of

_RIGHT, _LEFT, _JOKER_POWER = 110, 109, 120


def _trumps(hand: list[int], trump: int) -> list[int]:
    return [c for c in hand if EFFECTIVE_SUIT[trump][c] == trump]


def _has_bower(hand: list[int], trump: int) -> bool:
    return any(POWER[trump][c] in (_RIGHT, _LEFT, _JOKER_POWER) for c in hand)


def _outside_aces(hand: list[int], trump: int) -> int:
    return sum(1 for c in hand if EFFECTIVE_SUIT[trump][c] != trump and POWER[trump][c] == 7)


def _bold_makes(hand: list[int], trump: int) -> bool:
    trumps = _trumps(hand, trump)
    return len(trumps) >= 2 or (_has_bower(trumps, trump) and _outside_aces(hand, trump) >= 1)


def _timid_makes(hand: list[int], trump: int) -> bool:
    trumps = _trumps(hand, trump)
    if len(trumps) < 3 or not _has_bower(trumps, trump):
        return False
    bowers = sum(1 for c in trumps if POWER[trump][c] in (_RIGHT, _LEFT, _JOKER_POWER))
    return len(trumps) >= 4 or bowers >= 2 or _outside_aces(hand, trump) >= 1


def _beats(card: int, led: int, trump: int) -> bool:
    eff = EFFECTIVE_SUIT[trump]
    if eff[card] == eff[led]:
        return POWER[trump][card] > POWER[trump][led]
    return eff[card] == trump


def _lowest_discard(six: list[int], trump: int) -> int:
    """Throw the weakest non-trump card (the lowest trump when all six are trumps)."""
    side = [c for c in six if EFFECTIVE_SUIT[trump][c] != trump]
    return min(side or six, key=lambda c: POWER[trump][c])


def two_handed_only(name: str, view: View) -> None:
    """The styles are opponents of the two-handed expert's measurements: a view of another
    game is refused in one line (a ``ValueError``), not played badly."""
    if view.rules.players != 2:
        raise ValueError(f"{name} plays the two-handed game only: at a table of "
                         f"{view.rules.players} choose random, easy, medium, hard or expert")


class _StyleAgent:
    """A player whose bidding is one rule (``makes``) and whose play is one of two styles."""

    def __init__(self, seed: int | None, makes: Callable[[list[int], int], bool],
                 dealer_extra: int, greedy: bool, name: str) -> None:
        self.name = name
        """``bold`` or ``timid``: what its errors call it."""
        self._rng = random.Random(seed)
        self.makes = makes
        self.dealer_extra = dealer_extra
        """Trumps the dealer wants besides the upcard before he takes it."""
        self.greedy = greedy

    def act(self, view: View) -> str:
        two_handed_only(self.name, view)
        if not view.legal:
            raise ValueError(f"player {view.player} has nothing to do: it is not his turn")
        choice = self._choose(view)
        return checked(self.name, view, choice)

    def analyse(self, view: View) -> dict[str, float]:
        """Its choice valued 1, the rest 0: rules of thumb do not estimate points."""
        choice = self.act(view)
        return {token: float(token == choice) for token in view.legal}

    def _choose(self, view: View) -> str:
        legal = [parse_action(t) for t in view.legal]
        hand = [parse_card(t) for t in view.hand]
        up = parse_card(view.upcard)
        if view.phase == "bid1":
            turned = up >> 3
            if view.player == view.dealer:
                others = _trumps(hand, turned)
                take = len(others) >= self.dealer_extra and (
                    self.greedy or _has_bower([*others, up], turned))
                return "order" if take else "pass"
            return "order" if self.makes(hand, turned) else "pass"
        if view.phase == "bid2":
            calls = [a - CALL for a in legal if a >= CALL]
            good = [s for s in calls if self.makes(hand, s)]
            if good or PASS not in legal:
                pick = max(good or calls, key=lambda s: (len(_trumps(hand, s)),
                                                         _outside_aces(hand, s)))
                return action_token(CALL + pick)
            return "pass"
        if view.phase == "joker":
            return action_token(self._rng.choice(legal))
        trump = trump_of(view)
        if view.phase == "discard":
            if PASS in legal and view.maker != view.player and not self.greedy and len(
                    _trumps(hand, trump)) < self.dealer_extra:
                return "pass"
            return action_token(DISCARD + _lowest_discard([*hand, up], trump))
        return action_token(self._play(view, legal, trump))

    def _play(self, view: View, legal: list[int], trump: int) -> int:
        power = POWER[trump]
        eff = EFFECTIVE_SUIT[trump]
        if view.trick:
            led = parse_card(view.trick[0])
            winners = [c for c in legal if _beats(c, led, trump)]
            if winners:
                pick = max if self.greedy else min
                return pick(winners, key=lambda c: power[c])
            return min(legal, key=lambda c: (eff[c] == trump, power[c]))
        if self.greedy:
            return max(legal, key=lambda c: (power[c], c != JOKER))
        side = [c for c in legal if eff[c] != trump]
        return min(side or legal, key=lambda c: power[c])


def bold(seed: int | None = None) -> _StyleAgent:
    """The aggressive bidder (see the module docstring)."""
    return _StyleAgent(seed, _bold_makes, dealer_extra=1, greedy=True, name="bold")


def timid(seed: int | None = None) -> _StyleAgent:
    """The cautious bidder (see the module docstring)."""
    return _StyleAgent(seed, _timid_makes, dealer_extra=2, greedy=False, name="timid")


class MimicAgent:
    """Bids like the expert, plays by simple rules (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        from .expert import ExpertAgent

        self._bidder = ExpertAgent(seed=seed)
        self._rng = random.Random(seed)

    def act(self, view: View) -> str:
        two_handed_only("mimic", view)
        if view.phase != "play":
            return self._bidder.act(view)
        legal = [parse_action(t) for t in view.legal]
        trump = trump_of(view)
        power, eff = POWER[trump], EFFECTIVE_SUIT[trump]
        if view.trick:
            led = parse_card(view.trick[0])
            winners = [c for c in legal if _beats(c, led, trump)]
            if winners:
                return action_token(min(winners, key=lambda c: power[c]))
            return action_token(min(legal, key=lambda c: (eff[c] == trump, power[c])))
        trumps = [c for c in legal if eff[c] == trump]
        if view.maker == view.player and trumps:
            return action_token(max(trumps, key=lambda c: power[c]))
        side = [c for c in legal if eff[c] != trump]
        return action_token(max(side or legal, key=lambda c: power[c]))

    def analyse(self, view: View) -> dict[str, float]:
        choice = self.act(view)
        return {token: float(token == choice) for token in view.legal}
