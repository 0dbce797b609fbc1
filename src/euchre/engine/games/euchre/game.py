"""Euchre's ``Game``: the public API (``euchre.game.Game``) over Euchre's int paths, the
two-handed ``state`` (``EuchreGame``) and the three- and four-handed ``state_family``
(``FamilyGame``, the same class but for the methods that step its core).

``Game(Rules())`` makes one: the registry (``euchre.game.GAMES``) names ``EuchreGame`` for
``Rules(game="euchre")``, and ``EuchreGame.for_rules`` picks the family's class by the
number of seats. The int path is stepped here without a call in between (``apply_id`` is
``step`` on the game's list): search calls it millions of times, and the rule-module core
(``engine/match.py``'s ``TableGame``) plays a ``Table`` of attributes at about a third of
this speed (``bench/engine_speed.py``).

>>> from euchre import Game, Rules
>>> g = Game(Rules(players=3), seed=2)
>>> type(g).__name__, isinstance(g, Game), g.score
('FamilyGame', True, (0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .... import record
from ....actions import ACTION_IDS, action_token, parse_action
from ....cards import card_token, deck_cards, parse_card, suit_token
from ....game import Game, IllegalAction, register_game
from ....hands import hand_value
from ....results import HandResult, Outcome, Termination, winner_after_resigning
from ....rules import Rules
from ....transcript import transcript
from ....view import View, build_view
from ....words import why_not
from . import sides, state, state_family

# The int path's functions and slots, bound once: a module global is one lookup where
# ``state.step`` is two, and search calls these millions of times.
_legal, _step, _family_legal, _family_step = (state.legal, state.step, state_family.legal,
                                              state_family.step)
_PHASE, _OVER, _UNDO = state.PHASE, state.OVER, state.UNDO


def _applier(is_legal: Callable[[list[Any], int], bool],
             step: Callable[[list[Any], int], None]) -> Callable[[EuchreGame, str], None]:
    """``apply`` over a core's ``is_legal`` and ``step`` (closed over: the token path pays no
    attribute lookup for them)."""

    def apply(self: EuchreGame, token: str) -> None:
        """Apply one action given as a token; ``IllegalAction`` and no change if not legal.
        ``pop()`` takes it back."""
        action = ACTION_IDS.get(token) if type(token) is str else None
        if action is None:
            action = _parse(token)
        s = self._s
        if not is_legal(s, action):
            raise IllegalAction(self._why_illegal(token, action))
        step(s, action)

    return apply


def _deck(rules: Rules) -> tuple[int, ...]:
    """The cards of the rules' deck (a stacked deck must name each once)."""
    return deck_cards(rules.deck)


def _card_of(token: Any) -> int:
    """A stacked deck's card: a token, or already a card id (``record`` keeps tokens)."""
    return token if type(token) is int and 0 <= token < 33 else parse_card(token)


class EuchreGame(Game):
    """A match of two-handed Euchre (``Game(Rules())``); ``FamilyGame`` below is three- and
    four-handed Euchre. See ``euchre.game.Game`` for the API."""

    __slots__ = ("_kept", "_s")

    @classmethod
    def for_rules(cls, rules: Rules) -> type[EuchreGame]:
        """Two-handed Euchre's own core, or the family's for three and four seats."""
        return _CLASS_OF_SEATS[rules.players]

    def __init__(self, rules: Rules | None = None, seed: int | None = None,
                 first_dealer: int | None = None,
                 decks: Iterable[Sequence[str]] | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules, not {type(rules).__name__}")
        seed, first_dealer, stacked = self._checked_start(
            rules, seed, first_dealer, decks, _deck, card_token, _card_of)
        self._s = self._new_state(state.Setup(rules, seed, first_dealer, stacked,
                                              start_score=(0,) * rules.sides))

    _new_state = staticmethod(state.new_state)

    # --- what anyone can read -----------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._s[state.SETUP].rules

    @property
    def seed(self) -> int:
        return self._s[state.SETUP].seed

    @property
    def to_move(self) -> int | None:
        player = self._s[state.TO_MOVE]
        return None if player < 0 else player

    @property
    def phase(self) -> state.Phase:
        """``bid1``, ``discard``, ``bid2``, ``play``, ``joker``, ``defend`` (four-handed) or
        ``over``: a ``Phase``, which is a ``str``."""
        return state.PHASES[self._s[state.PHASE]]

    @property
    def dealer(self) -> int:
        return self._s[state.DEALER]

    @property
    def score(self) -> tuple[int, ...]:
        return self._s[state.SCORE0], self._s[state.SCORE1]

    @property
    def players(self) -> int:
        return self._s[state.SETUP].rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        return sides(self._s[state.SETUP].rules)

    @property
    def winner(self) -> int | None:
        winner = self._s[state.WINNER]
        return None if winner < 0 else winner

    @property
    def is_over(self) -> bool:
        return self._s[_PHASE] == _OVER

    @property
    def outcome(self) -> Outcome | None:
        s = self._s
        if s[_PHASE] != _OVER:
            return None
        winner, setup = s[state.WINNER], s[state.SETUP]
        if setup.resigned >= 0:
            ended = Termination.ABANDONED if setup.abandoned else Termination.RESIGNED
            return Outcome(None if winner < 0 else winner, self.score, ended, setup.resigned)
        return Outcome(winner, self.score, Termination.TARGET)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand's result, oldest first (``hands.hand_value``)."""
        s = self._s
        setup = s[state.SETUP]
        key = (s[state.LAST], s[_PHASE] == _OVER and setup.resigned < 0)
        memo = self._memo()
        kept = memo[1]
        if kept is not None and kept[0] is key[0] and kept[1] == key[1]:
            return kept[2]
        every = state.hands_of(s)
        finished = every if key[1] else every[:-1]
        before, earlier = (kept[3], kept[2]) if kept is not None else ((), ())
        made = tuple(earlier[i] if i < len(before) and before[i][0] is deal and
                     before[i][1] == actions and before[i][2] == dealer else
                     hand_value(setup.start_hand + i, deal, actions, dealer, self.players)
                     for i, (deal, actions, dealer) in enumerate(finished))
        # (a hand's end is a new link: kept until the next; the hands before it, the same
        # deal played the same way, keep the results they had)
        memo[1] = (*key, made, finished)
        return made

    @property
    def start_score(self) -> tuple[int, ...]:
        return self._s[state.SETUP].start_score

    def resign(self, seat: int) -> None:
        self._end_early(seat, abandoned=False)

    def abandon(self, seat: int | None = None) -> None:
        if seat is None:
            raise ValueError("a Euchre match is abandoned by a seat (abandon(seat))")
        self._end_early(seat, abandoned=True)

    def _end_early(self, seat: int, abandoned: bool) -> None:
        self._seat(seat)
        s = self._s
        if s[_PHASE] == _OVER:
            raise IllegalAction("the match is already over")
        winner = winner_after_resigning(self.score, self.sides[seat])
        s[state.SETUP] = s[state.SETUP]._replace(resigned=seat, abandoned=abandoned)
        s[_PHASE], s[state.TO_MOVE] = _OVER, -1
        s[state.WINNER] = -1 if winner is None else winner

    @property
    def hand_number(self) -> int:
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
        return [card_token(c) for c in state.bits(self._s[state.HAND0 + self._seat(player)])]

    def view(self, player: int | None) -> View:
        return build_view(self._s, None if player is None else self._seat(player), self._memo())

    def legal_actions(self) -> list[str]:
        return list(state.legal_tokens(self._s))

    def actions(self) -> list[tuple[int, str]]:
        return [(state.item_player(item), action_token(state.item_action(item)))
                for item in state.log_items(self._s) if type(item) is int]

    def _forced(self) -> bool:
        return self._s[_PHASE] == state.PLAY and len(self.legal_action_ids()) == 1

    def _become(self, other: Game) -> None:
        assert isinstance(other, EuchreGame)
        self._s = other._s

    # --- acting through tokens ----------------------------------------------------------

    apply = _applier(state.is_legal, state.step)  # type: ignore[assignment]
    push = apply  # type: ignore[assignment]

    def pop(self) -> None:
        """Take back the newest action, however it was made: instantly after ``push_id``
        (which keeps a snapshot), by replaying its hand otherwise."""
        if self._s[state.SETUP].resigned >= 0:
            outcome = self.outcome
            assert outcome is not None, "a resigned or abandoned match is over"
            raise IllegalAction(f"the match was {outcome.termination}: it cannot be "
                                "taken back")
        previous = self._take_back(self._s)
        if previous is None:
            raise IllegalAction("nothing to take back: no action was made in this game")
        self._s = previous

    _take_back: staticmethod[[list[Any]], list[Any] | None] = staticmethod(state.take_back)
    """Takes back the newest action of a state; None when there is none (each core its own)."""

    def _why_illegal(self, token: str, action: int) -> str:
        """The refusal, in the words every face uses (``words.why_not``)."""
        s = self._s
        if s[state.PHASE] == state.OVER:
            return f"{token!r} is not legal: the match is over (player {s[state.WINNER]} won)"
        player = s[state.TO_MOVE]
        reason = why_not(build_view(s, player), action)
        legal = " ".join(self.legal_actions())
        return f"{token!r} is not legal now (player {player} to move): {reason}; legal: {legal}"

    # --- acting through ids (search) ----------------------------------------------------

    def legal_action_ids(self) -> tuple[int, ...]:
        return _legal(self._s)

    def apply_id(self, action: int) -> None:
        _step(self._s, action)

    def push_id(self, action: int) -> None:
        s = self._s
        s[_UNDO] = s[:]
        _step(s, action)

    def _memo(self) -> list[Any]:
        """What this game worked out and keeps while it holds: ``[0]`` the hand's public
        story at a log link (every seat's view and the spectators' share one reading),
        ``[1]`` the finished hands' results at a finished hand (with the hands
        they were read from: the next hand's end reads its own alone). Each is keyed by the
        identity of the engine's own immutable link, so it is right until the game moves
        past it; each item is replaced whole (threads may read it). Made when first asked
        for: search's copies never are."""
        try:
            return self._kept
        except AttributeError:
            self._kept: list[Any] = [None, None]
            return self._kept

    def copy(self) -> EuchreGame:
        game = _new_game(EuchreGame)
        game._s = self._s[:]
        return game

    # --- records ------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        return record.to_record(self._s)

    @classmethod
    def _read_record(cls, data: Any) -> Game:
        setup = record.read_setup(data)
        game = Game(setup.rules, seed=setup.seed, first_dealer=setup.first_dealer,
                    decks=data["stacked_decks"])
        assert isinstance(game, EuchreGame)
        if setup.start_hand or any(setup.start_score) or setup.start_last is not None:
            game._s = game._new_state(game._s[state.SETUP]._replace(
                start_hand=setup.start_hand, start_score=setup.start_score,
                start_last=setup.start_last))
        game._replay_hands(data, setup.start_hand)
        record.check_replay(game._s, data)
        return game

    def transcript(self, names: Sequence[str] | None = None, hand: int | None = None) -> str:
        return transcript(self._s, names, hand)

    def _same_as(self, other: Game) -> bool:
        assert isinstance(other, EuchreGame)
        mine, theirs = self._s, other._s
        return (mine[:state.LOG] == theirs[:state.LOG]
                and mine[state.N_SLOTS:] == theirs[state.N_SLOTS:]
                and state.canonical_setup(mine) == state.canonical_setup(theirs)
                and state.canonical_log(mine) == state.canonical_log(theirs))


class FamilyGame(EuchreGame):
    """A three- or four-handed match: ``EuchreGame`` over the family's core
    (``state_family``), which lays out alike every slot that means the same thing; only the
    methods that step or read the seats differ."""

    __slots__ = ()

    _new_state = staticmethod(state_family.new_state)
    _take_back = staticmethod(state_family.take_back)

    @property
    def score(self) -> tuple[int, ...]:
        return state_family.score(self._s)

    def hand(self, player: int) -> list[str]:
        return [card_token(c) for c in
                state.bits(self._s[state_family.HANDS + self._seat(player)])]

    def legal_actions(self) -> list[str]:
        return list(state_family.legal_tokens(self._s))

    apply = push = _applier(state_family.is_legal, state_family.step)

    def legal_action_ids(self) -> tuple[int, ...]:
        return _family_legal(self._s)

    def apply_id(self, action: int) -> None:
        _family_step(self._s, action)

    def push_id(self, action: int) -> None:
        s = self._s
        s[_UNDO] = s[:]
        _family_step(s, action)

    def copy(self) -> FamilyGame:
        game = _new_game(FamilyGame)
        game._s = self._s[:]
        return game


_new_game = object.__new__
_CLASS_OF_SEATS: dict[int, type[EuchreGame]] = {2: EuchreGame, 3: FamilyGame, 4: FamilyGame}
"""Each table's class (``EuchreGame.for_rules``; read here directly by ``game_of_state``,
which search calls for every deal it draws)."""

register_game(["euchre"], EuchreGame)


def game_of_state(s: list[Any]) -> EuchreGame:
    """A ``Game`` around a state list (``state.py``'s slots) made by search code
    (``resample_state``: a copy the caller owns): the one way in besides the constructor,
    for code that builds states. It never hands out the state under a live game."""
    game = _new_game(_CLASS_OF_SEATS[s[state.SETUP].rules.players])
    game._s = s
    return game


def state_of(game: Game) -> list[Any]:
    """The live state list under a Euchre game (the ``state`` module's slots, every hand
    included): for the engine's own code, white-box tests and research scripts that read
    it at full speed; treat it as read-only or use ``Game.copy()`` first. No module of the
    package outside the engine may use it (``tests/test_layout.py``): a face reads the
    game's public values, search draws its own state (``resample_state``)."""
    if not isinstance(game, EuchreGame):
        raise ValueError(f"state_of reads a Euchre game's int path, not a {type(game).__name__}")
    return game._s


def _parse(token: object) -> int:
    try:
        return parse_action(token)  # type: ignore[arg-type]
    except ValueError as err:
        raise IllegalAction(str(err)) from None
