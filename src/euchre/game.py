"""Game: a match of two-handed Euchre as a state machine, with the public token API.

Two ways in, one state:

* the **token API** for people, records and networks: ``legal_actions()`` lists tokens,
  ``apply(token)`` checks everything and raises ``IllegalAction`` (a ``ValueError``) with a
  message that says what was wrong, leaving the game unchanged;
* the **int API** for search: ``legal_action_ids()`` and ``apply_id()``/``push_id()`` trust
  their caller and cost about a microsecond.

>>> import textwrap
>>> from euchre import Game, Rules
>>> g = Game(Rules(), seed=7)
>>> g.dealer, g.to_move, g.phase, g.view(1).upcard
(0, 1, 'bid1', 'KC')
>>> g.legal_actions()
['pass', 'order']
>>> try:
...     g.apply("call h")
... except IllegalAction as refused:
...     print(textwrap.fill(str(refused), 90))
'call h' is not legal now (player 1 to move): in the first round you may pass or order the
upcard up; legal: pass order
>>> g.apply("order"); g.phase, g.to_move
('discard', 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from . import record, state
from .actions import ACTION_IDS, parse_action
from .cards import card_token, deck_mask, parse_card, suit_token
from .rules import Rules
from .transcript import transcript
from .view import View, build_view
from .words import why_not


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the game is unchanged."""


def _parse_deck(order: Any, rules: Rules, index: int) -> tuple[int, ...]:
    where = f"stacked deck {index}"
    if isinstance(order, str) or not isinstance(order, Sequence):
        raise ValueError(f"{where} must be a list of card tokens, not {type(order).__name__}")
    cards = []
    for token in order:
        try:
            cards.append(token if type(token) is int and 0 <= token < 33 else parse_card(token))
        except ValueError as err:
            raise ValueError(f"{where}: {err}") from None
    wanted = deck_mask(rules.deck)
    for card in cards:
        if not wanted >> card & 1:
            raise ValueError(f"{where}: {card_token(card)} is not in the {rules.deck}-card deck")
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ValueError(f"{where} holds {card_token(twice)} twice")
    if len(cards) != rules.deck:
        raise ValueError(f"{where} has {len(cards)} cards, expected all {rules.deck} of the deck")
    return tuple(cards)


class Game:
    """A match to ``rules.target`` points between players 0 and 1."""

    __slots__ = ("_s",)

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        decks: Iterable[Sequence[str]] | None = None,
    ) -> None:
        """Start a match. ``seed`` draws the first dealer and shuffles every deck (a fresh
        random seed when None); ``first_dealer`` overrides the draw; ``decks`` stacks the
        decks of the first hands (positions 0-4 to the non-dealer, 5-9 to the dealer, 10 the
        upcard, the rest the stock)."""
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules, not {type(rules).__name__}")
        if seed is None:
            seed = state.new_seed()
        if type(seed) is not int or not 0 <= seed < state.SEED_LIMIT:
            raise ValueError(f"seed must be a whole number from 0 to {state.SEED_LIMIT - 1}, "
                             f"not {seed!r}")
        if first_dealer is None:
            first_dealer = state.seed_first_dealer(seed)
        if first_dealer not in (0, 1) or type(first_dealer) is not int:
            raise ValueError(f"first_dealer must be 0 or 1, not {first_dealer!r}")
        if decks is not None and (isinstance(decks, str) or not isinstance(decks, Iterable)):
            raise ValueError(f"decks must be a list of deck orders, not {type(decks).__name__}")
        stacked = tuple(_parse_deck(d, rules, i) for i, d in enumerate(decks or ()))
        self._s = state.new_state(state.Setup(rules, seed, first_dealer, stacked))

    # --- what anyone can read -----------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of this match."""
        return self._s[state.SETUP].rules

    @property
    def seed(self) -> int:
        """The seed that shuffles every deck that was not stacked."""
        return self._s[state.SETUP].seed

    @property
    def to_move(self) -> int | None:
        """The player who must act, or None once the match is over."""
        player = self._s[state.TO_MOVE]
        return None if player < 0 else player

    @property
    def phase(self) -> str:
        """``bid1``, ``discard``, ``bid2``, ``play``, ``joker`` or ``over``."""
        return state.PHASE_NAMES[self._s[state.PHASE]]

    @property
    def dealer(self) -> int:
        """Who deals the current hand."""
        return self._s[state.DEALER]

    @property
    def score(self) -> tuple[int, int]:
        """Points of player 0 and player 1."""
        return self._s[state.SCORE0], self._s[state.SCORE1]

    @property
    def winner(self) -> int | None:
        """The player who reached the target, or None while the match goes on."""
        winner = self._s[state.WINNER]
        return None if winner < 0 else winner

    @property
    def is_over(self) -> bool:
        return self._s[state.PHASE] == state.OVER

    @property
    def hand_number(self) -> int:
        """Hands dealt before this one (hands thrown in count)."""
        return self._s[state.HAND_NO]

    @property
    def trump(self) -> str | None:
        trump = self._s[state.TRUMP]
        return None if trump < 0 else suit_token(trump)

    @property
    def maker(self) -> int | None:
        maker = self._s[state.MAKER]
        return None if maker < 0 else maker

    def hand(self, player: int) -> list[str]:
        """The cards a player holds (omniscient: for tests, tools and the arena, not bots)."""
        return [card_token(c) for c in state.bits(self._s[state.HAND0 + _check_player(player)])]

    def view(self, player: int | None) -> View:
        """Everything ``player`` may see now, and nothing more; ``view(None)`` is what a
        spectator may see (no hand, no discard, nothing legal)."""
        return build_view(self._s, None if player is None else _check_player(player))

    def legal_actions(self) -> list[str]:
        """The legal tokens of the player to move (empty once the match is over)."""
        return list(state.legal_tokens(self._s))

    # --- acting through tokens ----------------------------------------------------------

    def apply(self, token: str) -> None:
        """Apply one action given as a token; ``IllegalAction`` and no change if not legal.
        ``pop()`` takes it back."""
        action = ACTION_IDS.get(token) if type(token) is str else None
        if action is None:
            action = _parse(token)
        s = self._s
        if not state.is_legal(s, action):
            raise IllegalAction(self._why_illegal(token, action))
        state.step(s, action)

    push = apply
    """``push`` is ``apply`` (the python-chess name); ``pop()`` takes either back."""

    def pop(self) -> None:
        """Take back the newest action, however it was made: instantly after ``push_id``
        (which keeps a snapshot), by replaying its hand otherwise."""
        previous = state.take_back(self._s)
        if previous is None:
            raise IllegalAction("nothing to take back: no action was made in this game")
        self._s = previous

    def _why_illegal(self, token: str, action: int) -> str:
        """The refusal, in the words every face uses (``words.why_not``)."""
        s = self._s
        if s[state.PHASE] == state.OVER:
            return f"{token!r} is not legal: the match is over (player {s[state.WINNER]} won)"
        player = s[state.TO_MOVE]
        reason = why_not(build_view(s, player), action)
        legal = " ".join(state.legal_tokens(s))
        return f"{token!r} is not legal now (player {player} to move): {reason}; legal: {legal}"

    # --- acting through ids (search) ----------------------------------------------------

    def legal_action_ids(self) -> tuple[int, ...]:
        """The legal action ids (see ``euchre.actions``) of the player to move."""
        return state.legal(self._s)

    def apply_id(self, action: int) -> None:
        """Apply a legal action id without checking it: for search, which knows it is legal."""
        state.step(self._s, action)

    def push_id(self, action: int) -> None:
        """``apply_id`` with a snapshot, so that ``pop()`` takes it back at once (for search
        that pushes and pops in a loop)."""
        s = self._s
        snapshot = s[:]
        s[state.UNDO] = snapshot
        state.step(s, action)

    def copy(self) -> Game:
        """An independent copy (it shares nothing mutable with this game)."""
        game = _new_game(Game)
        game._s = self._s[:]
        return game

    # --- records ------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The match as a JSON-ready dict that ``Game.from_record`` rebuilds exactly."""
        return record.to_record(self._s)

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """Rebuild a game from ``record()``; ``ValueError`` naming what is wrong if the record
        is malformed or was tampered with."""
        setup = record.read_setup(data)
        game = Game(setup.rules, seed=setup.seed, first_dealer=setup.first_dealer,
                    decks=data["stacked_decks"])
        if setup.start_hand or setup.start_score != (0, 0) or setup.start_last is not None:
            game._s = state.new_state(game._s[state.SETUP]._replace(
                start_hand=setup.start_hand, start_score=setup.start_score,
                start_last=setup.start_last))
        for i, hand in enumerate(data["hands"]):
            game._replay_hand(i, hand, setup.start_hand + i)
        record.check_replay(game._s, data)
        return game

    def _replay_hand(self, i: int, hand: Any, number: int) -> None:
        if not isinstance(hand, dict) or not isinstance(hand.get("actions"), list):
            raise ValueError(f"record hand {i} must be an object with a list of 'actions'")
        if self.hand_number != number:
            raise ValueError(f"record hand {i}: the hand before it ended early or late")
        for j, entry in enumerate(hand["actions"]):
            if (not isinstance(entry, list) or len(entry) != 2
                    or entry[0] != self.to_move or self.hand_number != number):
                raise ValueError(f"record hand {i} action {j}: {entry!r} is not the next "
                                 f"action (player {self.to_move} is to move)")
            try:
                self.apply(entry[1])
            except IllegalAction as err:
                raise ValueError(f"record hand {i} action {j}: {err}") from None

    def transcript(self, names: Sequence[str] | None = None, hand: int | None = None) -> str:
        """The match as readable text, hand by hand: deal, bids, tricks, points; ``names``
        for the players, ``hand`` (from 1) for that hand alone."""
        return transcript(self._s, names, hand)

    def __repr__(self) -> str:
        return (f"<Game hand {self.hand_number} {self.phase} score {self.score[0]}-"
                f"{self.score[1]} dealer {self.dealer} to_move {self.to_move}>")

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they hold the same position and the same history."""
        if not isinstance(other, Game):
            return NotImplemented
        mine, theirs = self._s, other._s
        return (mine[:state.LOG] == theirs[:state.LOG]
                and state.canonical_setup(mine) == state.canonical_setup(theirs)
                and state.canonical_log(mine) == state.canonical_log(theirs))

    __hash__ = None  # type: ignore[assignment]  # mutable


_new_game = object.__new__


def game_of_state(s: list) -> Game:
    """A ``Game`` around a state list (see ``state.py``) made by the engine's own search code
    (``resample``): the one way in besides the constructor, for code that builds states."""
    game = _new_game(Game)
    game._s = s
    return game


def state_of(game: Game) -> list:
    """The state list under a game, for search code that reads it at full speed (the
    ``state`` module's slots); treat it as read-only or use ``Game.copy()`` first."""
    return game._s


def _parse(token: object) -> int:
    try:
        return parse_action(token)  # type: ignore[arg-type]
    except ValueError as err:
        raise IllegalAction(str(err)) from None


def _check_player(player: int) -> int:
    if player not in (0, 1) or type(player) is not int:
        raise ValueError(f"player must be 0 or 1, not {player!r}")
    return player
