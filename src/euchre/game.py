"""Game: a match of any game of the package (Euchre two-, three- or four-handed, Railroad
Euchre, Hasenpfeffer, Napoleon, or one added with ``euchre.engine.add_game``) as a state
machine, with the public token API.

``Game`` is that API and what every game shares: checking the start (rules, seed, first
dealer, stacked decks), ``IllegalAction``, replaying a record's hands, ``from_record``'s
choice of class, ``push``, equality and the registry (``GAMES``) through which
``Game(rules)`` makes the class that plays ``rules.game``. Each game's class lives in its
game's module: Euchre's ``EuchreGame`` and ``FamilyGame`` in ``engine/games/euchre/game.py``
(over its fast int paths), the rule-module core's ``TableGame`` in ``engine/match.py``.

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

The three- and four-handed games are made the same way, with ``Rules(players=3|4)``:

>>> g = Game(Rules(players=4), seed=7)
>>> g.dealer, g.to_move, g.legal_actions(), g.score
(0, 1, ['pass', 'order', 'order alone'], (0, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .engine.seeds import SEED_LIMIT, new_seed, seed_first_dealer
from .record import ended_early
from .results import HandResult, Outcome, Termination
from .rules import Rules
from .view import View

Stacked = tuple[tuple[int, ...], ...]
"""The stacked decks of a match's first hands, as card ids."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the game is unchanged."""


GAMES: dict[str, type[Game]] = {}
"""The class that plays each game, by ``Rules.game`` (its ``for_rules`` may pick a subclass
for the rules): each game's module registers its class when it is imported (Euchre's
``engine/games/euchre/game.py``, the core's ``engine/match.py``, which the package imports);
``Game(rules)`` and ``Game.from_record`` look here."""


def register_game(names: Iterable[str], cls: type[Game]) -> None:
    """``Game(Rules(game=name))`` and ``Game.from_record`` make a ``cls`` (or the subclass
    its ``for_rules`` picks) for each name."""
    GAMES.update(dict.fromkeys(names, cls))


def class_of(rules: Rules) -> type[Game]:
    """The class that plays ``rules`` (see ``GAMES``)."""
    return GAMES[rules.game].for_rules(rules)


def _new(cls: type[Game], rules: Any = None, *args: Any, **kwargs: Any) -> Game:
    """``Game(rules)`` makes the registered game's class (``class_of``; ``Game()`` and a
    ``rules`` that is no ``Rules`` go to the default game, which says what is wrong)."""
    if cls is Game:
        cls = class_of(rules if isinstance(rules, Rules) else Rules())
    return object.__new__(cls)


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
    """A match to ``rules.target`` points between the seats of ``rules``: the public API of
    every game. ``Game(rules, ...)`` makes the class that plays ``rules.game`` (``GAMES``),
    so ``isinstance(g, Game)`` holds for every game; the members below that raise
    ``NotImplementedError`` are each game class's own."""

    __slots__ = ()
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
        0-4 to the non-dealer, 5-9 to the dealer, 10 the upcard; each game's rules say its
        own deal)."""
        raise NotImplementedError  # (``__new__`` made the game's class, whose this is)

    @classmethod
    def for_rules(cls, rules: Rules) -> type[Game]:
        """The class that plays ``rules`` among this registered class and its subclasses."""
        return cls

    @staticmethod
    def _checked_start(rules: Rules, seed: Any, first_dealer: Any, decks: Any,
                       deck: Callable[[Rules], Sequence[int]], token_of: Callable[[int], str],
                       card_of: Callable[[Any], int]) -> tuple[int, int, Stacked]:
        """The start every game checks alike: the seed (a fresh one when None), the first
        dealer (the seed's draw when None) and the stacked decks, as card ids of the game's
        ``deck(rules)`` (asked only when decks are stacked: search makes games by the
        thousand); ``ValueError`` naming what is wrong."""
        if seed is None:
            seed = new_seed()
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"seed must be a whole number from 0 to {SEED_LIMIT - 1}, "
                             f"not {seed!r}")
        players = rules.players
        if first_dealer is None:
            first_dealer = seed_first_dealer(seed, players)
        if type(first_dealer) is not int or not 0 <= first_dealer < players:
            raise ValueError(f"first_dealer must be {_seats(players)}, not {first_dealer!r}")
        if decks is not None and (isinstance(decks, str) or not isinstance(decks, Iterable)):
            raise ValueError(f"decks must be a list of deck orders, not {type(decks).__name__}")
        if not decks:
            return seed, first_dealer, ()
        cards = deck(rules)
        stacked = tuple(parse_stacked_deck(d, i, cards, token_of, card_of)
                        for i, d in enumerate(decks))
        return seed, first_dealer, stacked

    # --- what anyone can read (each game's class) ------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of this match."""
        raise NotImplementedError

    @property
    def seed(self) -> int:
        """The seed that shuffles every deck that was not stacked."""
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        """The player who must act, or None once the match is over."""
        raise NotImplementedError

    @property
    def phase(self) -> str:
        """The hand's phase, in its game's words (Euchre's ``bid1``, ``discard``, ``bid2``,
        ``play``, ``joker``, ``defend``, ``over``)."""
        raise NotImplementedError

    @property
    def dealer(self) -> int:
        """Who deals the current hand."""
        raise NotImplementedError

    @property
    def score(self) -> tuple[int, ...]:
        """Points by side: player 0 and player 1 (two-handed), seats 0 and 2 and seats 1 and
        3 (partnerships), each player (three-handed, Napoleon)."""
        raise NotImplementedError

    @property
    def players(self) -> int:
        """How many seats the game has (``rules.players``)."""
        raise NotImplementedError

    @property
    def sides(self) -> tuple[int, ...]:
        """The side each seat scores for (``score`` and ``winner`` are by side), as the
        game's module says it: ``(0, 1, 0, 1)`` for partners opposite, ``(0, 1, 2)`` when
        each plays for himself (``scoring.partner`` reads a seat's partner from it)."""
        raise NotImplementedError

    @property
    def winner(self) -> int | None:
        """The side (see ``score``) that won the match, or None while it goes on."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (a side reached the target, a player resigned or abandoned),
        once it is over: a value (``euchre.results``)."""
        raise NotImplementedError

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand's result, oldest first."""
        raise NotImplementedError

    @property
    def start_score(self) -> tuple[int, ...]:
        """The score by side the match started from: zeros, or where a record cut from a
        longer match (or a resampled view) began (``score`` is this plus each of
        ``results``' points)."""
        raise NotImplementedError

    @property
    def hand_number(self) -> int:
        """Hands dealt before this one (hands thrown in count)."""
        raise NotImplementedError

    @property
    def trump(self) -> str | None:
        raise NotImplementedError

    @property
    def maker(self) -> int | None:
        raise NotImplementedError

    def hand(self, player: int) -> list[str]:
        """The cards a player holds (omniscient: for tests, tools and the arena, not bots)."""
        raise NotImplementedError

    def view(self, player: int | None) -> View:
        """Everything ``player`` may see now, and nothing more; ``view(None)`` is what a
        spectator may see (no hand, no discard, nothing legal)."""
        raise NotImplementedError

    def legal_actions(self) -> list[str]:
        """The legal tokens of the player to move (empty once the match is over)."""
        raise NotImplementedError

    def actions(self) -> list[tuple[int, str]]:
        """Every action of the match so far, oldest first, as ``(player, token)``: the
        game's public history (deals are chance, not actions: ``record()`` has them)."""
        raise NotImplementedError

    def resign(self, seat: int) -> None:
        """``seat`` resigns: the match ends at once (``outcome``: resigned; the winner as
        ``results.winner_after_resigning`` says). The record keeps it; it cannot be taken
        back."""
        raise NotImplementedError

    def abandon(self, seat: int | None = None) -> None:
        """``seat`` left the match unfinished (a server closes it for him): it ends as his
        resignation would, but ``outcome`` says abandoned. The record keeps it."""
        raise NotImplementedError

    # --- acting ----------------------------------------------------------------------

    def apply(self, token: str) -> None:
        """Apply one action given as a token; ``IllegalAction`` and no change if not legal.
        ``pop()`` takes it back."""
        raise NotImplementedError

    def push(self, token: str) -> None:
        """``push`` is ``apply`` (the python-chess name); ``pop()`` takes either back."""
        self.apply(token)

    def pop(self) -> None:
        """Take back the newest action (a resigned or abandoned match stays so)."""
        raise NotImplementedError

    def legal_action_ids(self) -> tuple[int, ...]:
        """The legal action ids of the player to move."""
        raise NotImplementedError

    def apply_id(self, action: int) -> None:
        """Apply a legal action id without checking it: for search, which knows it is legal."""
        raise NotImplementedError

    def push_id(self, action: int) -> None:
        """``apply_id`` with a snapshot, so that ``pop()`` takes it back at once (for search
        that pushes and pops in a loop)."""
        raise NotImplementedError

    def copy(self) -> Game:
        """An independent copy (it shares nothing mutable with this game)."""
        raise NotImplementedError

    def take_back_to(self, player: int, skip_forced: bool = False) -> int:
        """Take back ``player``'s newest action and every action after it: the undo of a
        person playing the computer (his last choice, and the computer's answers). With
        ``skip_forced``, an action that was his only legal one is not a choice: it goes back
        too, and the one before it is taken back. Returns how many actions were taken back;
        ``IllegalAction``, the game unchanged, when he has no choice to take back.

        >>> g = Game(seed=7)
        >>> g.apply("pass"); g.apply("pass"); g.apply("pass")
        >>> g.take_back_to(0), g.phase, g.to_move, len(g.actions())
        (2, 'bid1', 0, 1)
        """
        self._seat(player)
        work = self.copy()
        for taken, (who, _) in enumerate(reversed(self.actions()), 1):
            work.pop()
            if who == player and not (skip_forced and work._forced()):
                self._become(work)
                return taken
        raise IllegalAction(f"player {player} has no choice to take back")

    def _forced(self) -> bool:
        """Whether the player to move has one legal action only (``take_back_to``)."""
        return len(self.legal_action_ids()) == 1

    def _become(self, other: Game) -> None:
        """Take ``other``'s position and history (a copy of this game, moved on or back)."""
        raise NotImplementedError

    def _seat(self, player: Any) -> int:
        players = self.players
        if type(player) is not int or not 0 <= player < players:
            raise ValueError(f"player must be {_seats(players)}, not {player!r}")
        return player

    # --- records ---------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The match as a JSON-ready dict that ``Game.from_record`` rebuilds exactly."""
        raise NotImplementedError

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """Rebuild a game from ``record()``; ``ValueError`` naming what is wrong if the record
        is malformed or was tampered with. ``Game.from_record`` reads the record's game and
        asks that game's class."""
        if cls is Game:
            rules = data.get("rules") if isinstance(data, dict) else None
            name = rules.get("game", "euchre") if isinstance(rules, dict) else "euchre"
            chosen = GAMES.get(name) if isinstance(name, str) else None
            if chosen is None:
                Rules.from_dict(rules)  # says what is wrong with the game's name
                raise ValueError(f"record rules: no game {name!r} is registered")
            return chosen._read_record(data)
        return cls._read_record(data)

    @classmethod
    def _read_record(cls, data: Any) -> Game:
        """This game's ``from_record``."""
        raise NotImplementedError

    def _replay_hands(self, data: dict[str, Any], start_hand: int) -> None:
        """Apply a record's hands' actions, each checked, then the resignation or abandon
        its ``outcome`` names: the part of reading a record every game shares."""
        for i, hand in enumerate(data["hands"]):
            self._replay_hand(i, hand, start_hand + i)
        early = ended_early(data, self.players)
        if early is not None and early[1] == Termination.RESIGNED:
            self.resign(early[0])
        elif early is not None:
            self.abandon(early[0])

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
        raise NotImplementedError

    def __repr__(self) -> str:
        score = "-".join(str(points) for points in self.score)
        return (f"<Game hand {self.hand_number} {self.phase} score {score} "
                f"dealer {self.dealer} to_move {self.to_move}>")

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they play the same game from the same position with the
        same history."""
        if not isinstance(other, Game):
            return NotImplemented
        return type(self) is type(other) and self._same_as(other)

    def _same_as(self, other: Game) -> bool:
        """``__eq__`` for two games of this class."""
        raise NotImplementedError

    __hash__ = None  # type: ignore[assignment]  # mutable


def _seats(players: int) -> str:
    """The seats of a game in words: "0 or 1", "0, 1 or 2", "0, 1, 2 or 3"."""
    return ", ".join(str(seat) for seat in range(players - 1)) + f" or {players - 1}"
