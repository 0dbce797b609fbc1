"""``TableGame``: ``Game``'s public API over the rule-module core, for every game on it.

``Game(Rules(game="railroad"))`` (or ``hasenpfeffer``, ``napoleon``) makes one: the token
path (``legal_actions``, ``apply``), the int path (``legal_action_ids``, ``apply_id``,
``push_id``), ``pop``, ``copy``, views, records and the transcript, as for Euchre, plus the
match's end as a value (``outcome``), ``resign`` and each hand's ``HandResult``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..game import GAMES, Game, IllegalAction, register_game
from ..record import read_setup_fields
from ..results import HandResult, Outcome, Termination
from ..rules import GAME_SPECS, GameSpec, Rules
from . import core
from .actions import action_token, parse_action
from .cards import card_token, parse_card
from .games import MODULES
from .record import check_replay, to_record
from .transcript import transcript
from .view import TableView, build_view


class TableGame(Game):
    """A match of a game on the core (see the module's docstring)."""

    __slots__ = ("_t", "_undo")

    def __init__(self, rules: Rules | None = None, seed: int | None = None,
                 first_dealer: int | None = None,
                 decks: Iterable[Sequence[str]] | None = None) -> None:
        """As ``Game``: ``decks`` stacks the first hands' decks, each the whole deck of the
        game, dealt as RULES-more.md says."""
        if not isinstance(rules, Rules) or rules.game not in MODULES:
            raise ValueError(f"rules must be a Rules of {', '.join(MODULES)}, not {rules!r}")
        module = MODULES[rules.game]
        seed, first_dealer, stacked = self._checked_start(
            rules, seed, first_dealer, decks, module.deck, card_token, parse_card)
        self._t = core.new_table(core.Setup(rules, seed, first_dealer, stacked), module)
        self._undo: list[core.Table] = []

    # --- what anyone can read -------------------------------------------------------------

    rules = property(lambda self: self._t.setup.rules, doc="The rules of this match.")
    seed = property(lambda self: self._t.setup.seed)
    dealer = property(lambda self: self._t.dealer)
    players = property(lambda self: self._t.players)
    sides = property(lambda self: self._t.sides, doc="The side each seat scores for.")
    hand_number = property(lambda self: self._t.hand_no)
    phase = property(lambda self: self._t.phase, doc="The hand's phase (a game's own words).")
    is_over = property(lambda self: self._t.outcome is not None)

    @property
    def to_move(self) -> int | None:
        return None if self._t.to_move < 0 else self._t.to_move

    @property
    def score(self) -> tuple[int, ...]:
        """Points by side (partnerships 0 and 2 against 1 and 3; in Napoleon each player)."""
        return tuple(self._t.score)

    @property
    def winner(self) -> int | None:
        outcome = self._t.outcome
        return None if outcome is None else outcome.winner

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, once it is over."""
        return self._t.outcome

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand's result, oldest first (every past hand has one)."""
        return tuple(result for hand in self._t.past if (result := hand.result) is not None)

    @property
    def start_score(self) -> tuple[int, ...]:
        """The score by side the match started from: zeros, or a resampled game's view's
        (``score`` is this plus each of ``results``' points)."""
        t = self._t
        return tuple(t.origin[0].score) if t.origin is not None else (0,) * len(t.score)

    @property
    def trump(self) -> str | None:
        return self.view(None).trump

    @property
    def maker(self) -> int | None:
        return None if self._t.maker < 0 else self._t.maker

    def hand(self, player: int) -> list[str]:
        """A seat's cards (omniscient: for tests and tools, not bots)."""
        mask = self._t.hands[self._seat(player)]
        return [card_token(c) for c in range(53) if mask >> c & 1]

    def view(self, player: int | None) -> TableView:  # type: ignore[override]
        return build_view(self._t, None if player is None else self._seat(player))

    def legal_actions(self) -> list[str]:
        return [action_token(a) for a in core.legal(self._t)]

    def actions(self) -> list[tuple[int, str]]:
        """Every action of the match, oldest first, as ``(seat, token)``."""
        return [(seat, action_token(a)) for hand in core.hands_of(self._t)
                for seat, a in hand.actions]

    # --- acting ---------------------------------------------------------------------------

    def apply(self, token: str) -> None:
        """Apply an action given as a token; ``IllegalAction`` and no change if not legal."""
        try:
            action = parse_action(token)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        t = self._t
        legal = core.legal(t)
        if action not in legal:
            if t.outcome is not None:
                raise IllegalAction(f"{token!r} is not legal: the match is over")
            said = " ".join(action_token(a) for a in legal)
            raise IllegalAction(f"{token!r} is not legal now (player {t.to_move} to move, "
                                f"{t.phase}); legal: {said}")
        core.step(t, action)

    push = apply

    def pop(self) -> None:
        """Take back the newest action: at once after ``push_id`` (which keeps a snapshot),
        by replaying the match from its start otherwise. A match resigned or abandoned
        stays so."""
        t = self._t
        if t.outcome is not None and t.outcome.termination != Termination.TARGET:
            raise IllegalAction(f"the match was {t.outcome.termination}: it cannot be taken "
                                "back")
        if self._undo and self._undo[-1].count == t.count - 1:
            self._t = self._undo.pop()
            return
        start, done = (core.new_table(t.setup, t.module), 0) if t.origin is None else \
            (t.origin[0].copy(), t.origin[1])
        if t.count <= done:
            raise IllegalAction("nothing to take back: no action was made in this game")
        every = [a for hand in core.hands_of(t) for _, a in hand.actions]
        for action in every[done:-1]:
            core.step(start, action)
        self._t = start

    def _become(self, other: Game) -> None:
        assert isinstance(other, TableGame)
        self._t, self._undo = other._t, other._undo

    def resign(self, seat: int) -> None:
        """``seat`` resigns and the match ends (``outcome``: resigned)."""
        self._seat(seat)
        if self._t.outcome is not None:
            raise IllegalAction("the match is already over")
        core.resign(self._t, seat)

    def abandon(self, seat: int | None = None) -> None:
        """The match is abandoned: left unfinished by ``seat`` (a server closes it for him),
        it ends as his resignation would; with no seat, it ends with no winner."""
        if seat is not None:
            self._seat(seat)
        if self._t.outcome is not None:
            raise IllegalAction("the match is already over")
        if seat is None:
            core.finish(self._t, Outcome(None, tuple(self._t.score), Termination.ABANDONED))
        else:
            core.resign(self._t, seat, Termination.ABANDONED)

    def legal_action_ids(self) -> tuple[int, ...]:
        return core.legal(self._t)

    def apply_id(self, action: int) -> None:
        core.step(self._t, action)

    def push_id(self, action: int) -> None:
        self._undo.append(self._t.copy())
        core.step(self._t, action)

    def copy(self) -> TableGame:
        game: TableGame = object.__new__(TableGame)
        game._t, game._undo = self._t.copy(), self._undo[:]
        return game

    # --- records --------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        return to_record(self._t)

    @classmethod
    def _read_record(cls, data: Any) -> TableGame:
        rules, seed, first_dealer = read_setup_fields(data)
        game: TableGame = TableGame(rules, seed=seed, first_dealer=first_dealer,
                                    decks=data["stacked_decks"])
        game._replay_hands(data, 0)
        ended = data.get("outcome")
        if (isinstance(ended, dict) and ended.get("termination") == "abandoned"
                and ended.get("seat") is None):
            game.abandon()  # (a match closed with no one to blame: the core's games only)
        check_replay(game.record(), data)
        game._undo = []
        return game

    def transcript(self, names: Sequence[str] | None = None, hand: int | None = None) -> str:
        return transcript(self._t, names, hand)

    def _same_as(self, other: Game) -> bool:
        assert isinstance(other, TableGame)
        return self.record() == other.record() and self._t.phase == other._t.phase


def add_game(module: core.RuleModule, spec: GameSpec) -> None:
    """Make ``Rules(game=module.name)`` and ``Game(...)`` play a game written outside the
    package: its module, and what ``Rules`` checks of it (seats, decks, options)."""
    MODULES[module.name] = module
    GAME_SPECS[module.name] = spec
    register_game([module.name], TableGame)


def remove_game(name: str) -> None:
    """Undo ``add_game``: ``Rules`` refuses the game again."""
    MODULES.pop(name, None)
    GAME_SPECS.pop(name, None)
    GAMES.pop(name, None)


register_game(MODULES, TableGame)
