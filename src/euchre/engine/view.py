"""The view of a game on the core: what one seat (or a spectator) may see, and nothing more.

The common part is the core's: seats, sides, the dealer, whose turn, the phase, one's own
hand (sorted, trump first), the bids (a discard or a gift one may not know is there without
its card), the tricks and who won them, who plays alone and who sits out, trump once known,
the scores and the hand that ended last. The game's own public state (``details``: the
upcard in Railroad, the highest bid in Hasenpfeffer and Napoleon) is the module's ``x``,
which is public by contract. Never in it: another hand, the widow, the kitty, the unused
cards, or a hidden card of someone else's.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, final

from ..rules import Rules
from .actions import action_token
from .cards import NO_TRUMP, SUITS, card_token, sort_key
from .core import Table, bids_seen, legal, trick_dict


@final  # (so ``type(view) is TableView`` tells the checker which view it is)
@dataclass(frozen=True)
class TableView:
    """What ``player`` (None: a spectator) sees of a game on the core. Cards are tokens."""

    player: int | None
    game: str
    dealer: int
    to_move: int | None
    phase: str
    hand: tuple[str, ...]
    """Own cards, sorted (empty for a spectator, and for Railroad's dealer naming trump
    under the Joker before looking)."""
    trump: str | None
    maker: int | None
    bid: str | None
    """The maker's (the highest) bid so far, as its token."""
    bids: tuple[tuple[int, str], ...]
    """This hand's actions before play as ``(seat, token)``: bids, calls, defending alone,
    and discards and gifts (``discard``/``give`` alone when the card is not his to know)."""
    leader: int
    trick: tuple[str, ...]
    tricks: tuple[dict[str, Any], ...]
    """This hand's finished tricks: ``leader``, ``cards``, ``seats`` (who played each),
    ``winner``."""
    tricks_won: tuple[int, ...]
    """By seat."""
    score: tuple[int, ...]
    """By side."""
    target: int
    legal: tuple[str, ...]
    hand_number: int
    rules: Rules
    sides: tuple[int, ...]
    alone: tuple[int, ...]
    out: tuple[int, ...]
    cards_held: tuple[int, ...]
    last_hand: dict[str, Any] | None
    """The hand that ended last, as everybody saw it (its ``HandResult`` and its story)."""
    outcome: dict[str, Any] | None
    """The match's end (``Outcome.to_dict()``) once it is over."""
    details: dict[str, Any]
    """The game's own public state (cards as tokens)."""

    def to_dict(self, shared: bool = False) -> dict[str, Any]:
        """JSON-ready: every field, ``details`` written at the top level (``shared``, as
        Euchre's ``View.to_dict`` takes it, changes nothing: this is always a copy)."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "details"}
        for key in _TUPLES:
            out[key] = list(out[key])
        out["bids"] = [list(b) for b in self.bids]
        out["tricks"] = [dict(t) for t in self.tricks]
        out["rules"] = self.rules.to_dict()
        out.update(self.details)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> TableView:
        """A view from ``to_dict()``'s output (one received over a network, say); the keys
        that are no field are the game's ``details``."""
        if not isinstance(data, dict):
            raise ValueError(f"a view must be an object, not {type(data).__name__}")
        names = {f.name for f in fields(cls)} - {"details"}
        missing = sorted(names - set(data))
        if missing:
            raise ValueError(f"view is missing {', '.join(missing)}")
        values = {k: data[k] for k in names}
        try:
            values["rules"] = Rules.from_dict(data["rules"])
            for key in _TUPLES:
                values[key] = tuple(data[key])
            values["bids"] = tuple((int(seat), str(token)) for seat, token in data["bids"])
            values["tricks"] = tuple(dict(trick) for trick in data["tricks"])
        except (TypeError, ValueError) as err:
            raise ValueError(f"malformed view: {err}") from None
        return cls(**values, details={k: v for k, v in data.items() if k not in names})


_TUPLES = ("hand", "trick", "tricks_won", "score", "legal", "sides", "alone", "out",
           "cards_held")


def _tokens(x: dict[str, Any]) -> dict[str, Any]:
    """The module's state with its cards as tokens (keys naming a card: ``upcard``)."""
    return {k: card_token(v) if k == "upcard" and type(v) is int else v for k, v in x.items()}


def build_view(t: Table, player: int | None) -> TableView:
    module = t.module
    trump = t.trump
    if player is None or module.hides_hand(t, player):
        hand: tuple[str, ...] = ()
    else:
        order = module.order
        cards = [c for c in range(53) if t.hands[player] >> c & 1]
        cards.sort(key=lambda c: sort_key(order, trump, c))
        hand = tuple(card_token(c) for c in cards)
    to_move = None if t.to_move < 0 else t.to_move
    mine = to_move is not None and to_move == player
    return TableView(
        player=player, game=module.name, dealer=t.dealer, to_move=to_move, phase=t.phase,
        hand=hand, trump=None if trump == NO_TRUMP else SUITS[trump],
        maker=None if t.maker < 0 else t.maker,
        bid=None if t.bid < 0 else action_token(t.bid),
        bids=bids_seen(t, player), leader=t.leader,
        trick=tuple(card_token(c) for c in t.trick),
        tricks=tuple(trick_dict(trick) for trick in t.tricks),
        tricks_won=tuple(t.won), score=tuple(t.score), target=t.rules.target,
        legal=tuple(action_token(a) for a in legal(t)) if mine else (),
        hand_number=t.hand_no, rules=t.rules, sides=t.sides, alone=t.alone, out=t.out,
        cards_held=tuple(h.bit_count() for h in t.hands),
        last_hand=None if t.last is None else _tokens(t.last),
        outcome=None if t.outcome is None else t.outcome.to_dict(),
        details=_tokens(t.x),
    )
