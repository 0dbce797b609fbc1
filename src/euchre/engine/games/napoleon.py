"""Napoleon (Nap, RULES-more.md): three to five players, each for himself; five cards each,
one round of bids, the bidder alone against the others, trump the suit he leads first (none
at misère); the hand ends the moment its result is decided, and the bidder is paid (or
pays) his bid's value by each other player.

Phases: ``bid`` then ``play``. ``x["high"]`` is the highest bid so far (an action id, -1).
"""

from __future__ import annotations

from ...results import HandResult
from ...rules import Rules
from ..actions import BID, BLUCHER, MISERE, NAP, PASS, WELLINGTON, action_token
from ..cards import NO_TRUMP, PLAIN_ORDER, SUITS, stripped_deck, suit_of
from ..core import RuleModule, Table, start_play, throw_in

LADDER = (BID + 1, BID + 2, MISERE, BID + 3, NAP, WELLINGTON, BLUCHER)
"""The bids, lowest first: 2, 3, misère, 4, nap, Wellington, Blücher."""
VALUE = dict(zip(LADDER, (2, 3, 3, 4, 10, 20, 40), strict=True))
"""Each bid's stake (Parlett's), paid by each other player."""
TRICKS = dict(zip(LADDER, (2, 3, 0, 4, 5, 5, 5), strict=True))
"""The tricks each bid must take (misère: none)."""
ONLY_OVER = {WELLINGTON: NAP, BLUCHER: WELLINGTON}
"""Wellington only over a nap already bid, Blücher only over a Wellington."""


class Napoleon(RuleModule):
    name = "napoleon"
    title = "Napoleon"
    order = PLAIN_ORDER

    def deck(self, rules: Rules) -> tuple[int, ...]:
        return stripped_deck(rules.deck)

    def start(self, t: Table) -> None:
        t.x = {"high": -1}
        t.phase, t.to_move = "bid", (t.dealer + 1) % t.players

    def legal(self, t: Table) -> tuple[int, ...]:
        high = t.x["high"]
        above = LADDER[LADDER.index(high) + 1:] if high >= 0 else LADDER
        return (PASS, *(b for b in above if ONLY_OVER.get(b, high) == high))

    def act(self, t: Table, seat: int, action: int) -> None:
        if action != PASS:
            t.x["high"] = t.bid = action
            t.maker = seat
        if seat != t.dealer:
            t.to_move = (seat + 1) % t.players
        elif t.maker < 0:
            throw_in(t)
        else:
            t.alone = (t.maker,)
            start_play(t, leader=t.maker)

    def on_lead(self, t: Table, card: int) -> None:
        if not t.tricks and t.bid != MISERE:
            t.trump = suit_of(card)

    def trump_fixed_at_lead(self) -> bool:
        return True

    def hand_over(self, t: Table) -> bool:
        """As soon as the result is decided: the bidder has his tricks, or the others have
        taken enough that he cannot; at misère his first trick, or five without one."""
        mine = t.won[t.maker]
        others = len(t.tricks) - mine
        if t.bid == MISERE:
            return mine > 0 or len(t.tricks) == 5
        need = TRICKS[t.bid]
        return mine >= need or others > 5 - need

    def result(self, t: Table) -> HandResult:
        maker, bid, n = t.maker, t.bid, t.players
        mine = t.won[maker]
        made = mine == 0 if bid == MISERE else mine >= TRICKS[bid]
        value = VALUE[bid] if made else -VALUE[bid]
        points = tuple(value * (n - 1) if seat == maker else -value for seat in range(n))
        return HandResult(t.hand_no, t.dealer, maker, (maker,), action_token(bid),
                          None if t.trump == NO_TRUMP else SUITS[t.trump], tuple(t.won),
                          tuple(t.won), points, "made" if made else "set", (maker,))


MODULE = Napoleon()
