"""Railroad Euchre (RULES-more.md): four-handed partnership Euchre with the Joker, calling
for the partner's best card and defending alone.

The hand's phases: ``joker`` (a turned-up Joker: the dealer names trump unseen), ``bid1``
(pass, order, order alone), ``discard`` (the dealer takes the upcard and discards),
``bid2`` (pass, call S, call S alone), then against a lone maker ``exchange`` (the lone
player discards), ``give`` (his partner gives him a card) and ``defend`` (a defender may
defend alone, and exchanges the same way), then ``play``. ``x`` holds the upcard, whether
the dealer took it, the suit turned down and the round trump was made in.
"""

from __future__ import annotations

from ...results import HandResult
from ...rules import Rules
from ...scoring import outcome, side_points, sides_of
from ..actions import (
    CALL,
    CALL_ALONE,
    DEFEND_ALONE,
    DISCARD,
    GIVE,
    ORDER,
    ORDER_ALONE,
    PASS,
    action_token,
)
from ..cards import EUCHRE_ORDER, JOKER, SUITS, cards_of, stripped_deck
from ..core import RuleModule, Table, side_tricks, start_play, throw_in


class Railroad(RuleModule):
    name = "railroad"
    title = "Railroad Euchre"
    order = EUCHRE_ORDER

    def deck(self, rules: Rules) -> tuple[int, ...]:
        return stripped_deck(24 if rules.deck == 25 else 32, joker=True)

    def sides(self, rules: Rules) -> tuple[int, ...]:
        return sides_of(rules.players)  # partners opposite, as in four-handed Euchre

    def start(self, t: Table) -> None:
        up = t.rest[0]
        t.x = {"upcard": up, "upcard_taken": False, "turned": -1, "round": 0}
        if up == JOKER:
            t.phase, t.to_move = "joker", t.dealer
        else:
            t.phase, t.to_move = "bid1", (t.dealer + 1) % 4

    def hides_hand(self, t: Table, viewer: int) -> bool:
        return t.phase == "joker" and viewer == t.dealer

    def knows(self, t: Table, viewer: int | None, seat: int, action: int) -> bool:
        """A discard: its maker; a gift: its giver and its receiver (his partner)."""
        return viewer == seat or (action >= GIVE and viewer == (seat + 2) % 4)

    def legal(self, t: Table) -> tuple[int, ...]:
        phase, seat, rules = t.phase, t.to_move, t.rules
        hand = t.hands[seat]
        if phase == "bid1":
            return (PASS, ORDER, ORDER_ALONE)
        if phase == "bid2":
            suits = [s for s in range(4) if s != t.x["turned"] or rules.may_call_turned_suit]
            calls = (*(CALL + s for s in suits), *(CALL_ALONE + s for s in suits))
            return calls if rules.stick_the_dealer and seat == t.dealer else (PASS, *calls)
        if phase == "joker":
            return tuple(CALL + s for s in range(4))
        if phase == "discard":  # the dealer takes the upcard (a Joker he must keep)
            up = t.x["upcard"]
            return tuple(DISCARD + c for c in cards_of(hand if up == JOKER else hand | 1 << up))
        if phase == "exchange":
            return tuple(DISCARD + c for c in cards_of(hand))
        if phase == "give":
            return tuple(GIVE + c for c in cards_of(hand | self._upcard_to_give(t)))
        return (PASS, DEFEND_ALONE)  # defend

    @staticmethod
    def _upcard_to_give(t: Table) -> int:
        """The upcard, as a mask, when the dealer may give it: he sits out under his
        partner's lone bid of round 1, so it still lies on the table."""
        lone = (t.to_move + 2) % 4
        if t.to_move == t.dealer and lone == t.maker and t.x["round"] == 1:
            return 1 << t.x["upcard"]
        return 0

    def act(self, t: Table, seat: int, action: int) -> None:
        phase = t.phase
        if phase == "bid1":
            self._bid1(t, seat, action)
        elif phase == "bid2":
            if action != PASS:
                alone = action >= CALL_ALONE
                self._make(t, seat, action, action - (CALL_ALONE if alone else CALL), alone, 2)
                self._trump_fixed(t)
            elif seat != t.dealer:
                t.to_move = (seat + 1) % 4
            else:
                throw_in(t)
        elif phase == "joker":
            self._make(t, seat, action, action - CALL, False, 0)
            t.phase = "discard"
        elif phase == "discard":
            t.hands[seat] = (t.hands[seat] | 1 << t.x["upcard"]) & ~(1 << action - DISCARD)
            t.x["upcard_taken"] = True
            self._trump_fixed(t)
        elif phase == "exchange":
            t.hands[seat] &= ~(1 << action - DISCARD)
            t.phase, t.to_move = "give", (seat + 2) % 4
        elif phase == "give":
            self._give(t, seat, action - GIVE)
        else:
            self._defend(t, seat, action)

    def _bid1(self, t: Table, seat: int, action: int) -> None:
        if action == PASS:
            if seat != t.dealer:
                t.to_move = (seat + 1) % 4
            else:  # all four passed: the upcard is turned down
                t.phase, t.x["turned"] = "bid2", t.x["upcard"] // 13
                t.to_move = (t.dealer + 1) % 4
            return
        alone = action == ORDER_ALONE
        self._make(t, seat, action, t.x["upcard"] // 13, alone, 1)
        if alone and (seat + 2) % 4 == t.dealer:
            self._trump_fixed(t)  # the dealer sits out: no pick-up, no discard
        else:
            t.phase, t.to_move = "discard", t.dealer

    @staticmethod
    def _make(t: Table, seat: int, action: int, trump: int, alone: bool, rnd: int) -> None:
        t.maker, t.bid, t.trump, t.x["round"] = seat, action, trump, rnd
        if alone:
            t.alone = (seat,)

    def _trump_fixed(self, t: Table) -> None:
        """Trump is made and the dealer has discarded: against a lone maker, his exchange
        (with ``call_for_best``), then the defenders' choice; otherwise play."""
        if not t.alone:
            start_play(t)
        elif t.rules.call_for_best:
            t.phase, t.to_move = "exchange", t.maker
        else:
            t.out = ((t.maker + 2) % 4,)
            self._ask_defenders(t)

    @staticmethod
    def _first_defender(t: Table) -> int:
        seat = (t.dealer + 1) % 4
        return seat if (seat ^ t.maker) & 1 else (seat + 1) % 4

    def _ask_defenders(self, t: Table) -> None:
        t.phase, t.to_move = "defend", self._first_defender(t)

    def _give(self, t: Table, seat: int, card: int) -> None:
        lone = (seat + 2) % 4
        t.hands[seat] &= ~(1 << card)
        t.hands[lone] |= 1 << card
        t.out = (*t.out, seat)  # the giver sits out
        if lone == t.maker:
            self._ask_defenders(t)
        else:
            start_play(t)

    def _defend(self, t: Table, seat: int, action: int) -> None:
        if action == DEFEND_ALONE:
            t.alone = (*t.alone, seat)
            if t.rules.call_for_best:
                t.phase, t.to_move = "exchange", seat
            else:
                t.out = (*t.out, (seat + 2) % 4)
                start_play(t)
        elif seat == self._first_defender(t):
            t.to_move = (seat + 2) % 4
        else:
            start_play(t)

    def result(self, t: Table) -> HandResult:
        maker = t.maker
        tricks = side_tricks(t)[maker & 1]
        defender_alone = any(seat != maker for seat in t.alone)
        points = side_points(4, maker, tricks, maker in t.alone, defender_alone)
        return HandResult(t.hand_no, t.dealer, maker, (maker, (maker + 2) % 4),
                          action_token(t.bid), SUITS[t.trump], tuple(t.won), side_tricks(t),
                          points, outcome(tricks), t.alone, t.out)


MODULE = Railroad()
