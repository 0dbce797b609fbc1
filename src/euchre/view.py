"""View: everything one player may see of a match, and nothing more.

A bot, a user interface or a network client gets a ``View``, never the ``Game``: the other
player's hand, the stock and the other player's discard are simply not in it. Its fields are
tokens (the public contract); ``to_dict()`` is JSON and ``View.from_dict`` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from . import state
from .actions import CALL, DISCARD, ORDER, PASS, action_token
from .cards import card_token, sort_key, suit_token
from .rules import Rules


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the two cards in play order, who won it."""

    leader: int
    cards: tuple[str, str]
    winner: int


@dataclass(frozen=True)
class View:
    """What player ``player`` sees. Cards are tokens; ``hand`` is sorted (trump first)."""

    player: int
    dealer: int
    to_move: int | None
    """Who must act, or None once the match is over."""
    phase: str
    """``bid1``, ``discard``, ``bid2``, ``play``, ``joker`` (the dealer naming the Joker's
    suit) or ``over``."""
    hand: tuple[str, ...]
    """Own cards (empty for the dealer while he names the Joker's suit)."""
    upcard: str
    """The card turned up at the deal (also after it was turned down or taken)."""
    upcard_taken: bool
    """Whether the dealer picked the upcard up (public)."""
    trump: str | None
    maker: int | None
    bids: tuple[tuple[int, str], ...]
    """This hand's bidding in order: ``(player, token)`` for pass, order and call S."""
    leader: int
    """Who leads (or led) the trick in progress."""
    trick: tuple[str, ...]
    """Cards of the trick in progress, in order."""
    tricks: tuple[Trick, ...]
    """Completed tricks of this hand."""
    tricks_won: tuple[int, int]
    score: tuple[int, int]
    target: int
    discard: str | None
    """The dealer's own discard, in the dealer's view only."""
    legal: tuple[str, ...]
    """Legal tokens; empty when it is not this player's turn."""
    last_hand: dict[str, Any] | None
    """The previous hand: maker, trump, tricks won, points (or thrown in); None at the start."""
    hand_number: int = 0
    rules: Rules = field(default_factory=Rules)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field (written out by hand: the server makes one per
        seat for every action, and ``dataclasses.asdict`` was most of its time)."""
        last = self.last_hand
        return {
            "player": self.player, "dealer": self.dealer, "to_move": self.to_move,
            "phase": self.phase, "hand": list(self.hand), "upcard": self.upcard,
            "upcard_taken": self.upcard_taken, "trump": self.trump, "maker": self.maker,
            "bids": [[p, t] for p, t in self.bids], "leader": self.leader,
            "trick": list(self.trick),
            "tricks": [{"leader": t.leader, "cards": list(t.cards), "winner": t.winner}
                       for t in self.tricks],
            "tricks_won": list(self.tricks_won), "score": list(self.score),
            "target": self.target, "discard": self.discard, "legal": list(self.legal),
            "last_hand": None if last is None else {
                k: list(v) if isinstance(v, list | tuple) else v for k, v in last.items()},
            "hand_number": self.hand_number, "rules": self.rules.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """A view from ``to_dict()``'s output (for example one received over a network)."""
        if not isinstance(data, dict):
            raise ValueError(f"a view must be an object, not {type(data).__name__}")
        names = {f.name for f in fields(cls)}
        missing = sorted(names - set(data) - {"hand_number", "rules"})
        if missing:
            raise ValueError(f"view is missing {', '.join(missing)}")
        try:
            values = {k: data[k] for k in names if k in data}
            values["rules"] = Rules.from_dict(data.get("rules", {}))
            values["tricks"] = tuple(Trick(int(t["leader"]), tuple(t["cards"]), int(t["winner"]))
                                     for t in data["tricks"])
            values["bids"] = tuple((int(p), str(tok)) for p, tok in data["bids"])
            for key in ("hand", "trick", "legal", "tricks_won", "score"):
                values[key] = tuple(data[key])
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"malformed view: {err}") from None
        return cls(**values)


def last_hand_dict(last: tuple[int, ...] | None) -> dict[str, Any] | None:
    """The public summary of a finished hand from the core's ``LAST`` tuple."""
    if last is None:
        return None
    maker, trump, won0, won1, points0, points1 = last
    if maker < 0:
        return {"thrown_in": True, "maker": None, "trump": None, "tricks_won": [0, 0],
                "points": [0, 0]}
    return {"thrown_in": False, "maker": maker, "trump": suit_token(trump),
            "tricks_won": [won0, won1], "points": [points0, points1]}


def build_view(s: list, player: int) -> View:
    """The view of ``player`` of the state ``s``."""
    phase = s[state.PHASE]
    trump = s[state.TRUMP]
    dealer = s[state.DEALER]
    _, actions = state.hand_log(s)
    bids = []
    plays = []
    for i, item in enumerate(actions):
        who, action = item >> 7, item & 127
        if action < DISCARD:
            plays.append((who, card_token(action)))
        elif action >= CALL or action == ORDER or (
            action == PASS and not (i and actions[i - 1] & 127 == ORDER)
        ):  # a pass right after an order is the dealer leaving the upcard: not a bid
            bids.append((who, action_token(action)))
    tricks = []
    for i in range(0, len(plays) - 1, 2):
        (leader, led), (_, answer) = plays[i], plays[i + 1]
        # a trick's winner leads the next one; the newest winner is the current leader
        winner = plays[i + 2][0] if i + 2 < len(plays) else s[state.LEADER]
        tricks.append(Trick(leader, (led, answer), winner))
    in_progress = tuple(tok for _, tok in plays[len(tricks) * 2:])
    hidden_hand = phase == state.JOKER_PHASE and player == dealer
    hand_cards = () if hidden_hand else sorted(state.bits(s[state.HAND0 + player]),
                                               key=lambda c: sort_key(c, trump))
    own_discard = s[state.DISCARDED] if player == dealer and s[state.DISCARDED] >= 0 else None
    to_move = s[state.TO_MOVE]
    return View(
        player=player,
        dealer=dealer,
        to_move=None if to_move < 0 else to_move,
        phase=state.PHASE_NAMES[phase],
        hand=tuple(card_token(c) for c in hand_cards),
        upcard=card_token(s[state.UPCARD]),
        upcard_taken=bool(s[state.TAKEN]),
        trump=None if trump < 0 else suit_token(trump),
        maker=None if s[state.MAKER] < 0 else s[state.MAKER],
        bids=tuple(bids),
        leader=s[state.LEADER],
        trick=in_progress,
        tricks=tuple(tricks),
        tricks_won=(s[state.WON0], s[state.WON1]),
        score=(s[state.SCORE0], s[state.SCORE1]),
        target=s[state.SETUP].rules.target,
        discard=None if own_discard is None else card_token(own_discard),
        legal=tuple(action_token(a) for a in state.legal(s)) if to_move == player else (),
        last_hand=last_hand_dict(s[state.LAST]),
        hand_number=s[state.HAND_NO],
        rules=s[state.SETUP].rules,
    )
