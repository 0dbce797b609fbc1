"""View: everything one player may see of a match, and nothing more.

A bot, a user interface or a network client gets a ``View``, never the ``Game``: the other
hands (a partner's included), the stock and the dealer's discard (but for the dealer himself)
are simply not in it. At a table of three or four it also shows what every player there
sees: each seat's tricks and cards left, the sides, who plays alone and who sits out. Its fields are
tokens (the public contract); ``to_dict()`` is JSON and ``View.from_dict`` reads it back.

``game.view(None)`` is what a spectator may see: everything public, no hand, no discard,
nothing legal. It is built by the same code as a player's view, so there is no list of
"private keys" to keep in step anywhere.

The engine deals the next hand the moment a hand is scored, so the hand that just ended is
in ``last_hand``, in full: a face that shows the last trick or the hand's result reads it
there and never replays or re-scores tricks.

>>> from euchre import Game
>>> g = Game(seed=2)
>>> while g.hand_number == 0:
...     g.apply(g.legal_actions()[-1])
>>> last = g.view(None).last_hand
>>> len(last["tricks"]), sum(last["tricks_won"]), last["outcome"], last["discard"]
(5, 5, 'made', None)
>>> g.view(None).hand, g.view(None).legal, g.view(None).player
((), (), None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import bits, card_token, sort_key, suit_token
from .engine.games.euchre import sides as euchre_sides
from .engine.games.euchre import state, state_family
from .hands import hand_story
from .rules import Rules


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the cards in play order (one for each seat that plays),
    who won it."""

    leader: int
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True)
class View:
    """What player ``player`` sees. Cards are tokens; ``hand`` is sorted (trump first)."""

    player: int | None
    """Whose view this is; None for a spectator's."""
    dealer: int
    to_move: int | None
    """Who must act, or None once the match is over."""
    phase: str
    """A ``Phase`` (a ``str``): ``bid1``, ``discard``, ``bid2``, ``play``, ``joker`` (the
    dealer naming the Joker's suit), ``defend`` (four-handed: defending alone or not) or
    ``over``."""
    hand: tuple[str, ...]
    """Own cards (empty for the dealer while he names the Joker's suit, and for a
    spectator)."""
    upcard: str
    """The card turned up at the deal (also after it was turned down or taken)."""
    upcard_taken: bool
    """Whether the dealer picked the upcard up (public)."""
    trump: str | None
    maker: int | None
    bids: tuple[tuple[int, str], ...]
    """This hand's bidding in order: ``(player, token)`` for pass, order and call S (alone
    too), and the four-handed defenders' pass or defend alone."""
    leader: int
    """Who leads (or led) the trick in progress."""
    trick: tuple[str, ...]
    """Cards of the trick in progress, in order."""
    tricks: tuple[Trick, ...]
    """Completed tricks of this hand."""
    tricks_won: tuple[int, ...]
    """Tricks this hand, by seat."""
    score: tuple[int, ...]
    """Points by side (``sides``)."""
    target: int
    discard: str | None
    """The dealer's own discard, in the dealer's view only."""
    legal: tuple[str, ...]
    """Legal tokens; empty when it is not this player's turn."""
    last_hand: dict[str, Any] | None
    """The hand that ended last (once the match is over, the final hand), in full; None
    before any hand ended. Keys: ``thrown_in``, ``maker``, ``trump``, ``tricks_won``,
    ``points``, ``outcome`` (``made``, ``march``, ``euchred`` or ``thrown_in``), ``dealer``,
    ``upcard``, ``upcard_taken``, ``bids`` (``[player, token]`` as said), ``tricks`` (each
    ``{leader, cards, winner}``) and ``discard`` (the dealer's own discard, in his own view
    only; None in every other). A resampled game that started at the view's hand knows
    only what that view knew of it."""
    hand_number: int = 0
    rules: Rules = field(default_factory=Rules)
    sides: tuple[int, ...] = (0, 1)
    """The side each seat scores for: ``(0, 1, 0, 1)`` four-handed (partners opposite),
    ``(0, 1, 2)`` three-handed, ``(0, 1)`` two-handed."""
    alone: tuple[int, ...] = ()
    """The seats playing this hand without a partner: a lone maker or a lone defender
    (four-handed), the maker (three-handed, once trump is made)."""
    out: tuple[int, ...] = ()
    """The seats sitting out this hand (a lone player's partner)."""
    cards_held: tuple[int, ...] = ()
    """How many cards each seat holds (public: everybody can count them)."""
    memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """Work a search derives from this view alone, kept with it (``resample``'s facts, the
    same for every deal it draws): made empty when the view is built (``replace`` makes a
    new one), never part of what the view says (not in ``to_dict``, not compared)."""

    def to_dict(self, shared: bool = False) -> dict[str, Any]:
        """A JSON-ready dict of every field (written out by hand: the server makes one per
        seat for every action, and ``dataclasses.asdict`` was most of its time).
        ``shared``: ``last_hand`` is the engine's own dict, not a copy, for a caller that
        only reads it (the server encodes it at once)."""
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
            "last_hand": last if last is None or shared else _copy_hand(last),
            "hand_number": self.hand_number, "rules": self.rules.to_dict(),
            "sides": list(self.sides), "alone": list(self.alone), "out": list(self.out),
            "cards_held": list(self.cards_held),
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """A view from ``to_dict()``'s output (for example one received over a network)."""
        if not isinstance(data, dict):
            raise ValueError(f"a view must be an object, not {type(data).__name__}")
        names = {f.name for f in fields(cls) if f.init}
        missing = sorted(names - set(data) - set(_OPTIONAL))
        if missing:
            raise ValueError(f"view is missing {', '.join(missing)}")
        try:
            values = {k: data[k] for k in names if k in data}
            values["rules"] = Rules.from_dict(data.get("rules", {}))
            values["tricks"] = tuple(Trick(int(t["leader"]), tuple(t["cards"]), int(t["winner"]))
                                     for t in data["tricks"])
            values["bids"] = tuple((int(p), str(tok)) for p, tok in data["bids"])
            values["phase"] = state.Phase(data["phase"])
            for key in ("hand", "trick", "legal", "tricks_won", "score", "sides", "alone", "out",
                        "cards_held"):
                if key in data:
                    values[key] = tuple(data[key])
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"malformed view: {err}") from None
        return cls(**values)


_OPTIONAL = ("hand_number", "rules", "sides", "alone", "out", "cards_held")
"""Fields a view's dict may lack (one written before they were added)."""


def _copy_hand(last: dict[str, Any]) -> dict[str, Any]:
    """A finished hand's dict with its lists and tricks copied (the view's own is shared)."""
    out = {k: list(v) if isinstance(v, list | tuple) else v for k, v in last.items()}
    out["tricks"] = [{"leader": t["leader"], "cards": list(t["cards"]), "winner": t["winner"]}
                     for t in last.get("tricks", ())]
    out["bids"] = [list(b) for b in last.get("bids", ())]
    return out


def _public_story(s: list, dealer: int, players: int, kept: list | None) -> tuple:
    """The public part of the hand in play, as the view's fields hold it: bids, the trick
    in progress, the finished tricks, who is alone, who sits out. ``kept`` is the game's
    own memo (``Game._kept``): a server builds the views of every seat and the spectators
    from one state, and a log link names the whole match up to it (the log never changes
    behind its newest link), so they share one reading."""
    cell = s[state.LOG]
    if kept is not None:
        found = kept[0]  # one read: another thread may replace it meanwhile
        if found is not None and found[0] is cell and cell is not None:
            return found[1]
    deal, actions = state.hand_log(s)
    story = hand_story(deal, actions, dealer, players)
    public = (tuple((p, tok) for p, tok in story["bids"]),
              tuple(card_token(c) for c in story["trick"]),
              tuple(Trick(leader, tuple(card_token(c) for c in cards), winner)
                    for leader, cards, winner in story["tricks"]),
              tuple(story["alone"]), tuple(story["out"]))
    if kept is not None:
        kept[0] = (cell, public)
    return public


def build_view(s: list, player: int | None, kept: list | None = None) -> View:
    """The view of ``player`` (None: a spectator) of the state ``s`` (either core's);
    ``kept``: the game's memo of the hand's public story (see ``_public_story``)."""
    rules = s[state.SETUP].rules
    players = rules.players
    if players == 2:
        hands: tuple[int, ...] = (s[state.HAND0], s[state.HAND1])
        won: tuple[int, ...] = (s[state.WON0], s[state.WON1])
        score: tuple[int, ...] = (s[state.SCORE0], s[state.SCORE1])
        legal: Callable[[list], tuple[str, ...]] = state.legal_tokens
    else:
        hands = tuple(s[state_family.HANDS:state_family.HANDS + players])
        won = tuple(s[state_family.WON:state_family.WON + players])
        score = state_family.score(s)
        legal = state_family.legal_tokens
    phase = s[state.PHASE]
    trump = s[state.TRUMP]
    dealer = s[state.DEALER]
    public = _public_story(s, dealer, players, kept)
    bids, trick, tricks, alone, out = public
    hidden_hand = player is None or (phase == state.JOKER_PHASE and player == dealer)
    hand_cards = () if hidden_hand or player is None else sorted(bits(hands[player]),
                                               key=lambda c: sort_key(c, trump))
    own_discard = s[state.DISCARDED] if player == dealer and s[state.DISCARDED] >= 0 else None
    to_move = s[state.TO_MOVE]
    last = s[state.LAST]
    return View(
        player=player,
        dealer=dealer,
        to_move=None if to_move < 0 else to_move,
        phase=state.PHASES[phase],
        hand=tuple(card_token(c) for c in hand_cards),
        upcard=card_token(s[state.UPCARD]),
        upcard_taken=bool(s[state.TAKEN]),
        trump=None if trump < 0 else suit_token(trump),
        maker=None if s[state.MAKER] < 0 else s[state.MAKER],
        bids=bids,
        leader=s[state.LEADER],
        trick=trick,
        tricks=tricks,
        tricks_won=won,
        score=score,
        target=rules.target,
        discard=None if own_discard is None else card_token(own_discard),
        legal=legal(s) if to_move == player and player is not None else (),
        last_hand=None if last is None else last.to_dict(player),
        hand_number=s[state.HAND_NO],
        rules=rules,
        sides=euchre_sides(rules),
        alone=alone,
        out=out,
        cards_held=tuple(hand.bit_count() for hand in hands),
    )
