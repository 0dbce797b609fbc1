"""Hasenpfeffer (RULES-more.md): four players in two partnerships, 25 cards, six each and a
widow nobody sees, one round of bids for tricks, the maker names trump and leads.

Phases: ``bid`` (each in turn from the dealer's left: pass or bid higher), ``call`` (the
maker names trump), ``play``. When all four pass, the player holding the Joker is made to
bid 3 (no action of his: ``x["forced"]`` says so); a Joker in the widow throws the hand in.
``x["high"]`` is the highest bid so far (0: none).
"""

from __future__ import annotations

from ...results import HandResult
from ...rules import Rules
from ...scoring import sides_of
from ..actions import BID, CALL, PASS, action_token
from ..cards import EUCHRE_ORDER, JOKER, SUITS, stripped_deck
from ..core import RuleModule, Table, side_tricks, start_play, throw_in

FORCED_BID = 3
"""What the Joker's holder must bid when all four pass."""


class Hasenpfeffer(RuleModule):
    name = "hasenpfeffer"
    title = "Hasenpfeffer"
    order = EUCHRE_ORDER
    hand_size = 6

    def deck(self, rules: Rules) -> tuple[int, ...]:
        return stripped_deck(24, joker=True)

    def sides(self, rules: Rules) -> tuple[int, ...]:
        return sides_of(rules.players)  # partners opposite, as in four-handed Euchre

    def start(self, t: Table) -> None:
        t.x = {"high": 0, "forced": False}
        t.phase, t.to_move = "bid", (t.dealer + 1) % 4

    def legal(self, t: Table) -> tuple[int, ...]:
        if t.phase == "bid":
            return (PASS, *(BID + n - 1 for n in range(t.x["high"] + 1, 7)))
        return tuple(CALL + s for s in range(4))

    def act(self, t: Table, seat: int, action: int) -> None:
        if t.phase == "call":
            t.trump = action - CALL
            start_play(t, leader=t.maker)
            return
        if action != PASS:
            t.x["high"] = action - BID + 1
            t.maker, t.bid = seat, action
        if seat != t.dealer:
            t.to_move = (seat + 1) % 4
            return
        if t.maker < 0:  # all four passed
            holder = next((s for s in range(4) if t.hands[s] >> JOKER & 1), -1)
            if holder < 0:  # the Joker is the widow
                throw_in(t)
                return
            t.maker, t.bid = holder, BID + FORCED_BID - 1
            t.x["high"], t.x["forced"] = FORCED_BID, True
        t.phase, t.to_move = "call", t.maker

    def result(self, t: Table) -> HandResult:
        maker, bid = t.maker, t.x["high"]
        taken = side_tricks(t)[maker & 1]
        gained = taken if taken >= bid else -bid
        points = (gained, 0) if maker & 1 == 0 else (0, gained)
        return HandResult(t.hand_no, t.dealer, maker, (maker, (maker + 2) % 4),
                          action_token(t.bid), SUITS[t.trump], tuple(t.won), side_tricks(t),
                          points, "made" if taken >= bid else "set")


MODULE = Hasenpfeffer()
