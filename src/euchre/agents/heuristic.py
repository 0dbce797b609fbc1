"""The heuristic bot: the rules of thumb a decent club player uses.

* **Bidding**: a hand-strength count for each possible trump (bowers and the Joker worth the
  most, then trump by rank, then outside aces, plus voids once there is trump to ruff with);
  bid when the count reaches a threshold, the dealer counting the upcard he would take.
* **Discards**: keep trump and aces; throw a lone low card to make a void, else the lowest.
* **Play**: the maker draws trump with his best ones; everyone cashes outside aces; a follower
  wins as cheaply as he can or throws his least useful card.

It is the ``medium`` level; with ``mistakes`` > 0 (the ``easy`` level) that share of its
choices is made at random.
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import CALL, DISCARD, PASS, action_token, parse_action
from ..cards import EFFECTIVE_SUIT, JOKER, POWER, parse_card, suit_of
from ..view import View
from .checked import checked
from .hand_strength import ORDER_AT, best_discard, card_value, strength, strength_with_upcard
from .view_facts import trump_of


class HeuristicAgent:
    """Rules of thumb (see the module docstring)."""

    def __init__(self, seed: int | None = None, mistakes: float = 0.0,
                 order_at: float = ORDER_AT) -> None:
        if type(mistakes) not in (int, float) or not 0.0 <= mistakes <= 1.0:
            raise ValueError(f"mistakes must be a share from 0 to 1, not {mistakes!r}")
        if type(order_at) not in (int, float):
            raise ValueError(f"order_at must be a number, not {order_at!r}")
        self._rng = random.Random(seed)
        self._seed = seed
        self._family: Any = None
        self.mistakes = mistakes
        self.order_at = order_at
        self._order_at_asked = order_at != ORDER_AT

    def act(self, view: View) -> str:
        if view.rules.players != 2:
            return self._family_player(view).act(view)
        if not view.legal:
            raise ValueError(f"player {view.player} has nothing to do: it is not his turn")
        if self.mistakes and self._rng.random() < self.mistakes:
            return self._rng.choice(view.legal)
        choice = self._choose(view)
        return checked("heuristic", view, choice)

    def analyse(self, view: View) -> dict[str, float]:
        """Its choice valued 1, the rest 0: rules of thumb do not estimate points."""
        if view.rules.players != 2:
            return self._family_player(view).analyse(view)
        choice = self._choose(view)
        return {token: float(token == choice) for token in view.legal}

    _rule_games: Any = None

    def _family_player(self, view: Any = None) -> Any:
        """The player of a three- or four-handed view (``family.rules_of_thumb``): the
        conventions of a table of partners, made once, with its own random numbers. A view
        of Railroad, Hasenpfeffer or Napoleon goes to their rules of thumb (``rule_games``)."""
        from .rule_games import is_rule_game, thumb_player

        if is_rule_game(view):
            if self._rule_games is None:
                self._rule_games = thumb_player(self._seed, self.mistakes)
            return self._rule_games
        if self._family is None:
            from .family import rules_of_thumb_player

            self._family = rules_of_thumb_player(
                self._seed, self.mistakes, self.order_at if self._order_at_asked else None)
        return self._family

    def _choose(self, view: View) -> str:
        legal = [parse_action(t) for t in view.legal]
        hand = [parse_card(t) for t in view.hand]
        up = parse_card(view.upcard)
        dealer = view.player == view.dealer
        if view.phase == "bid1":
            turned = suit_of(up)
            score = (strength_with_upcard(hand, up, turned) if dealer
                     else strength(hand, turned) - 0.5 * card_value(up, turned))
            return "order" if score >= self.order_at else "pass"
        if view.phase == "bid2":
            calls = [a - CALL for a in legal if a >= CALL]
            suit = max(calls, key=lambda s: strength(hand, s))
            if strength(hand, suit) >= self.order_at or PASS not in legal:
                return action_token(CALL + suit)
            return "pass"
        if view.phase == "joker":
            return action_token(legal[0])
        trump = trump_of(view)
        if view.phase == "discard":
            return action_token(DISCARD + best_discard([*hand, up], trump))
        return action_token(self._play(view, legal, trump))

    def _play(self, view: View, legal: list[int], trump: int) -> int:
        eff = EFFECTIVE_SUIT[trump]
        power = POWER[trump]
        if view.trick:  # following
            led = parse_card(view.trick[0])
            winners = [c for c in legal if _beats(c, led, trump)]
            if winners:
                return min(winners, key=lambda c: power[c])
            return min(legal, key=lambda c: (eff[c] == trump, card_value(c, trump), power[c]))
        trumps = sorted((c for c in legal if eff[c] == trump), key=lambda c: -power[c])
        if view.maker == view.player and trumps and (len(trumps) >= 2 or _is_boss(
                trumps[0], view, trump)):
            return trumps[0]
        aces = [c for c in legal if eff[c] != trump and power[c] == 7]
        if aces:
            return aces[0]
        side = [c for c in legal if eff[c] != trump]
        if side:
            return min(side, key=lambda c: power[c])
        return min(legal, key=lambda c: power[c])


def _beats(card: int, led: int, trump: int) -> bool:
    eff = EFFECTIVE_SUIT[trump]
    if eff[card] == eff[led]:
        return POWER[trump][card] > POWER[trump][led]
    return eff[card] == trump


def _is_boss(card: int, view: View, trump: int) -> bool:
    """Whether no unseen card is a higher trump."""
    seen = {parse_card(t) for t in view.hand}
    seen |= {parse_card(c) for trick in view.tricks for c in trick.cards}
    higher = [c for c in range(33) if EFFECTIVE_SUIT[trump][c] == trump
              and POWER[trump][c] > POWER[trump][card] and c not in seen]
    if view.rules.deck != 25:
        higher = [c for c in higher if c != JOKER]
    return not higher

