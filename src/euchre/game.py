"""Game: a match of Euchre (two-, three- or four-handed) as a state machine, with the public
token API.

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

The three- and four-handed games are the same class with ``Rules(players=3|4)``:

>>> g = Game(Rules(players=4), seed=7)
>>> g.dealer, g.to_move, g.legal_actions(), g.score
(0, 1, ['pass', 'order', 'order alone'], (0, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import record
from .actions import ACTION_IDS, action_token, parse_action
from .cards import card_token, deck_cards, parse_card, suit_token
from .engine.games.euchre import state, state_family
from .hands import hand_value
from .results import HandResult, Outcome, Termination, winner_after_resigning
from .rules import Rules
from .scoring import side_of
from .transcript import transcript
from .view import View, build_view
from .words import why_not

# The int path's functions and slots, bound once: a module global is one lookup where
# ``state.step`` is two, and search calls these millions of times.
_legal, _step, _family_legal, _family_step = (state.legal, state.step, state_family.legal,
                                              state_family.step)
_PHASE, _OVER, _UNDO = state.PHASE, state.OVER, state.UNDO


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the game is unchanged."""


def _applier(is_legal: Callable[[list, int], bool],
             step: Callable[[list, int], None]) -> Callable[[Game, str], None]:
    """``Game.apply`` over a core's ``is_legal`` and ``step`` (closed over: the token path
    pays no attribute lookup for them)."""

    def apply(self: Game, token: str) -> None:
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


GAMES: dict[str, type[Game] | Callable[[Rules], type[Game]]] = {}
"""The class that plays each game, by ``Rules.game`` (or a function of the rules that picks
it): ``euchre`` registers itself below, the rule-module engine (``euchre.engine``) each of
its games when it is imported; ``Game(rules)`` and ``Game.from_record`` look here."""


def register_game(names: Iterable[str], cls: type[Game] | Callable[[Rules], type[Game]]
                  ) -> None:
    """``Game(Rules(game=name))`` and ``Game.from_record`` make a ``cls`` for each name
    (``cls`` may be a function of the rules that picks the class)."""
    GAMES.update(dict.fromkeys(names, cls))


def class_of(rules: Rules) -> type[Game]:
    """The class that plays ``rules`` (see ``GAMES``)."""
    chosen = GAMES[rules.game]
    return chosen if isinstance(chosen, type) else chosen(rules)


def _new(cls: type, rules: Any = None, *args: Any, **kwargs: Any) -> Game:
    """``Game(rules)`` makes the registered game's class (``class_of``): two-handed Euchre
    is a ``Game`` with its own specialised methods, three- and four-handed Euchre a
    ``FamilyGame`` (the same API over the family's core), each game of RULES-more.md the
    engine's ``TableGame``."""
    if cls is Game and isinstance(rules, Rules):
        cls = class_of(rules)
    return object.__new__(cls)


def _parse_deck(order: Any, rules: Rules, index: int) -> tuple[int, ...]:
    return parse_stacked_deck(
        order, index, deck_cards(rules.deck), card_token,
        lambda token: token if type(token) is int and 0 <= token < 33 else parse_card(token))


def parse_stacked_deck(order: Any, index: int, deck: Sequence[int], token_of: Callable[[int], str],
                       card_of: Callable[[Any], int]) -> tuple[int, ...]:
    """A stacked deck as card ids, checked: a list of tokens naming every card of ``deck``
    once and nothing else (every game's ``decks``); ``ValueError`` naming what is wrong."""
    where = f"stacked deck {index}"
    if isinstance(order, str) or not isinstance(order, Sequence):
        raise ValueError(f"{where} must be a list of card tokens, not {type(order).__name__}")
    cards = []
    for token in order:
        try:
            cards.append(card_of(token))
        except ValueError as err:
            raise ValueError(f"{where}: {err}") from None
    wanted = set(deck)
    for card in cards:
        if card not in wanted:
            raise ValueError(f"{where}: {token_of(card)} is not in the {len(deck)}-card deck")
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ValueError(f"{where} holds {token_of(twice)} twice")
    if len(cards) != len(deck):
        raise ValueError(f"{where} has {len(cards)} cards, expected all {len(deck)} of the deck")
    return tuple(cards)


class Game:
    """A match to ``rules.target`` points: between players 0 and 1, or the three or four
    seats of ``Rules(players=3|4)`` (then an instance of ``FamilyGame``, a subclass)."""

    __slots__ = ("_kept", "_s")
    __new__ = _new  # type: ignore[assignment]

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        decks: Iterable[Sequence[str]] | None = None,
    ) -> None:
        """Start a match. ``seed`` draws the first dealer and shuffles every deck (a fresh
        random seed when None); ``first_dealer`` overrides the draw; ``decks`` stacks the
        decks of the first hands (positions 5k..5k+4 to the k-th player clockwise from the
        dealer's left, the dealer last, 5N the upcard, the rest the stock: with two players
        0-4 to the non-dealer, 5-9 to the dealer, 10 the upcard)."""
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules, not {type(rules).__name__}")
        if seed is None:
            seed = state.new_seed()
        if type(seed) is not int or not 0 <= seed < state.SEED_LIMIT:
            raise ValueError(f"seed must be a whole number from 0 to {state.SEED_LIMIT - 1}, "
                             f"not {seed!r}")
        players = rules.players
        if first_dealer is None:
            first_dealer = state.seed_first_dealer(seed, players)
        if type(first_dealer) is not int or not 0 <= first_dealer < players:
            raise ValueError(f"first_dealer must be {_seats(players)}, not {first_dealer!r}")
        if decks is not None and (isinstance(decks, str) or not isinstance(decks, Iterable)):
            raise ValueError(f"decks must be a list of deck orders, not {type(decks).__name__}")
        stacked = tuple(_parse_deck(d, rules, i) for i, d in enumerate(decks or ()))
        self._s = self._new_state(state.Setup(rules, seed, first_dealer, stacked,
                                              start_score=(0,) * rules.sides))

    _new_state = staticmethod(state.new_state)

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
    def phase(self) -> state.Phase:
        """``bid1``, ``discard``, ``bid2``, ``play``, ``joker``, ``defend`` (four-handed) or
        ``over``: a ``Phase``, which is a ``str``."""
        return state.PHASES[self._s[state.PHASE]]

    @property
    def dealer(self) -> int:
        """Who deals the current hand."""
        return self._s[state.DEALER]

    @property
    def score(self) -> tuple[int, ...]:
        """Points by side: player 0 and player 1 (two-handed), seats 0 and 2 and seats 1 and
        3 (four-handed), each player (three-handed)."""
        return self._s[state.SCORE0], self._s[state.SCORE1]

    @property
    def players(self) -> int:
        """How many seats the game has (``rules.players``)."""
        return self._s[state.SETUP].rules.players

    @property
    def winner(self) -> int | None:
        """The side (see ``score``) that won the match, or None while it goes on."""
        winner = self._s[state.WINNER]
        return None if winner < 0 else winner

    @property
    def is_over(self) -> bool:
        return self._s[_PHASE] == _OVER

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (a side reached the target, or a player resigned), once it is
        over: the value every game of the family gives (``euchre.results``)."""
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
        made = tuple(hand_value(setup.start_hand + i, deal, actions, dealer, self.players)
                     for i, (deal, actions, dealer) in enumerate(finished))
        memo[1] = (*key, made)  # a hand's end is a new link: kept until the next
        return made

    @property
    def start_score(self) -> tuple[int, ...]:
        """The score by side the match started from: zeros, or where a record cut from a
        longer match began (``score`` is this plus each of ``results``' points)."""
        return self._s[state.SETUP].start_score

    def resign(self, seat: int) -> None:
        """``seat`` resigns: the match ends at once (``outcome``: resigned; the winner as
        ``results.winner_after_resigning`` says). The record keeps it; it cannot be taken
        back."""
        self._end_early(seat, abandoned=False)

    def abandon(self, seat: int) -> None:
        """``seat`` left the match unfinished (a server closes it for him): it ends as his
        resignation would, but ``outcome`` says abandoned. The record keeps it."""
        self._end_early(seat, abandoned=True)

    def _end_early(self, seat: int, abandoned: bool) -> None:
        self._seat(seat)
        s = self._s
        if s[_PHASE] == _OVER:
            raise IllegalAction("the match is already over")
        winner = winner_after_resigning(self.score, side_of(self.players, seat))
        s[state.SETUP] = s[state.SETUP]._replace(resigned=seat, abandoned=abandoned)
        s[_PHASE], s[state.TO_MOVE] = _OVER, -1
        s[state.WINNER] = -1 if winner is None else winner

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
        return [card_token(c) for c in state.bits(self._s[state.HAND0 + self._seat(player)])]

    def view(self, player: int | None) -> View:
        """Everything ``player`` may see now, and nothing more; ``view(None)`` is what a
        spectator may see (no hand, no discard, nothing legal)."""
        return build_view(self._s, None if player is None else self._seat(player), self._memo())

    def legal_actions(self) -> list[str]:
        """The legal tokens of the player to move (empty once the match is over)."""
        return list(state.legal_tokens(self._s))

    def actions(self) -> list[tuple[int, str]]:
        """Every action of the match so far, oldest first, as ``(player, token)``: the
        game's public history (deals are chance, not actions: ``record()`` has them)."""
        return [(state.item_player(item), action_token(state.item_action(item)))
                for item in state.log_items(self._s) if type(item) is int]

    def take_back_to(self, player: int, skip_forced: bool = False) -> int:
        """Take back ``player``'s newest action and every action after it: the undo of a
        person playing the computer (his last choice, and the computer's answers). With
        ``skip_forced``, a card that was his only legal one is not a choice: it goes back
        too, and the one before it is taken back. Returns how many actions were taken back;
        ``IllegalAction``, the game unchanged, when he has no choice to take back.

        >>> g = Game(seed=7)
        >>> g.apply("pass"); g.apply("pass"); g.apply("pass")
        >>> g.take_back_to(0), g.phase, g.to_move, len(g.actions())
        (2, 'bid1', 0, 1)
        """
        self._seat(player)
        moves = [who for who, _ in self.actions()]
        work = self.copy()
        taken = 0
        while moves:
            who = moves.pop()
            work.pop()
            taken += 1
            if who == player and not (skip_forced and work._s[state.PHASE] == state.PLAY
                                      and len(work.legal_action_ids()) == 1):
                self._s = work._s
                return taken
        raise IllegalAction(f"player {player} has no choice to take back")

    # --- acting through tokens ----------------------------------------------------------

    apply = _applier(state.is_legal, state.step)
    push = apply
    """``push`` is ``apply`` (the python-chess name); ``pop()`` takes either back."""

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

    _take_back: staticmethod[[list], list | None] = staticmethod(state.take_back)
    """Takes back the newest action of a state; None when there is none (each core its own)."""

    def _seat(self, player: Any) -> int:
        players = self.players
        if type(player) is not int or not 0 <= player < players:
            raise ValueError(f"player must be {_seats(players)}, not {player!r}")
        return player

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
        """The legal action ids (see ``euchre.actions``) of the player to move."""
        return _legal(self._s)

    def apply_id(self, action: int) -> None:
        """Apply a legal action id without checking it: for search, which knows it is legal."""
        _step(self._s, action)

    def push_id(self, action: int) -> None:
        """``apply_id`` with a snapshot, so that ``pop()`` takes it back at once (for search
        that pushes and pops in a loop)."""
        s = self._s
        s[_UNDO] = s[:]
        _step(s, action)

    def _memo(self) -> list:
        """What this game worked out and keeps while it holds: ``[0]`` the hand's public
        story at a log link (every seat's view and the spectators' share one reading),
        ``[1]`` the finished hands' results at a finished hand. Each is keyed by the
        identity of the engine's own immutable link, so it is right until the game moves
        past it; each item is replaced whole (threads may read it). Made when first asked
        for: search's copies never are."""
        try:
            return self._kept
        except AttributeError:
            self._kept: list = [None, None]
            return self._kept

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
        rules = data.get("rules") if isinstance(data, dict) else None
        if isinstance(rules, dict) and rules.get("game", "euchre") != "euchre":
            return class_of(Rules.from_dict(rules)).from_record(data)  # (unknown: refused)
        setup = record.read_setup(data)
        game = Game(setup.rules, seed=setup.seed, first_dealer=setup.first_dealer,
                    decks=data["stacked_decks"])
        if setup.start_hand or any(setup.start_score) or setup.start_last is not None:
            game._s = game._new_state(game._s[state.SETUP]._replace(
                start_hand=setup.start_hand, start_score=setup.start_score,
                start_last=setup.start_last))
        for i, hand in enumerate(data["hands"]):
            game._replay_hand(i, hand, setup.start_hand + i)
        ended = record.ended_early(data, setup.rules.players)
        if ended is not None:
            game._end_early(ended[0], abandoned=ended[1] == Termination.ABANDONED)
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
        score = "-".join(str(points) for points in self.score)
        return (f"<Game hand {self.hand_number} {self.phase} score {score} "
                f"dealer {self.dealer} to_move {self.to_move}>")

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they hold the same position and the same history."""
        if not isinstance(other, Game):
            return NotImplemented
        mine, theirs = self._s, other._s
        return (mine[:state.LOG] == theirs[:state.LOG]
                and mine[state.N_SLOTS:] == theirs[state.N_SLOTS:]
                and state.canonical_setup(mine) == state.canonical_setup(theirs)
                and state.canonical_log(mine) == state.canonical_log(theirs))

    __hash__ = None  # type: ignore[assignment]  # mutable


class FamilyGame(Game):
    """A three- or four-handed match: ``Game``'s API over the family's core
    (``state_family``). ``Game(Rules(players=3|4))`` makes one; nothing else differs for its
    user."""

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


register_game(["euchre"], lambda rules: Game if rules.players == 2 else FamilyGame)


def game_of_state(s: list) -> Game:
    """A ``Game`` around a state list (``engine/games/euchre/state.py``'s slots) made by
    search code (``resample_state``: a copy the caller owns): the one way in besides the
    constructor, for code that builds states. It never hands out the state under a live
    game."""
    game = _new_game(Game if s[state.SETUP].rules.players == 2 else FamilyGame)
    game._s = s
    return game


def state_of(game: Game) -> list:
    """The live state list under a game (the ``state`` module's slots, every hand
    included): for the engine's own code, white-box tests and research scripts that read
    it at full speed; treat it as read-only or use ``Game.copy()`` first. No module of the
    package outside the engine may use it (``tests/test_layout.py``): a face reads the
    game's public values, search draws its own state (``resample_state``)."""
    return game._s


def _parse(token: object) -> int:
    try:
        return parse_action(token)  # type: ignore[arg-type]
    except ValueError as err:
        raise IllegalAction(str(err)) from None


def _seats(players: int) -> str:
    """The seats of a game in words: "0 or 1", "0, 1 or 2", "0, 1, 2 or 3"."""
    return ", ".join(str(seat) for seat in range(players - 1)) + f" or {players - 1}"
