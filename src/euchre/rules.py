"""Rules: every option of RULES.md, RULES-family.md and RULES-more.md as one frozen value.

``game`` picks the game: ``euchre`` (the default, below), ``railroad``, ``hasenpfeffer`` or
``napoleon`` (RULES-more.md; they run on the rule-module core, ``euchre.engine``). Each game
has its own defaults (``deck``, ``players``, ``target`` left out take the game's) and its own
options: an option a game does not have is refused in one line.

``players`` picks the game: 2 (the default) is the two-handed game of RULES.md, exactly as
it always was; 4 is four-handed partnership Euchre and 3 three-handed cutthroat Euchre, as
RULES-family.md fixes them. The other options are those of the game chosen: an option that
belongs to another game is refused rather than ignored, so a rules value always means what
it says.

A ``Rules`` is hashable and validated when made, so a game, a record or a bot can hold one
without re-checking it.

>>> Rules().deck, Rules().target, Rules().stick_the_dealer, Rules().players
(24, 10, False, 2)
>>> Rules(deck=25, stick_the_dealer=True).to_dict()["deck"]
25
>>> Rules.from_dict({"deck": 24}) == Rules()        # a record saved before the family
True
>>> Rules(players=4, defend_alone=True).to_dict()["defend_alone"]
True
>>> Rules(deck=30)
Traceback (most recent call last):
...
ValueError: Rules.deck must be 24, 32 or 25 (25 = 24 cards and the Joker), not 30
>>> Rules(players=3, defend_alone=True)
Traceback (most recent call last):
...
ValueError: Rules.defend_alone is an option of the four-handed game (players=4), not of players=3
>>> Rules(game="napoleon", players=5).deck, Rules(game="railroad").deck
(32, 25)
>>> Rules(game="hasenpfeffer", stick_the_dealer=True)
Traceback (most recent call last):
...
ValueError: Rules.stick_the_dealer is not an option of hasenpfeffer (its options: target)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from .engine.messages import N_

DECK_SIZES = (24, 32, 25)
MAX_TARGET = 1000
PLAYER_COUNTS = (2, 3, 4)
"""The games of the family the engine plays: two-handed, cutthroat, partnership."""

GAME_NAMES = {2: N_("Two-handed Euchre"), 3: N_("Three-handed (cutthroat) Euchre"),
              4: N_("Four-handed Euchre")}
"""Each game's name, as the transcript and the faces print it (in English: look it up with
``_`` where it is shown)."""

_FLAGS = ("dealer_must_pick_up", "may_call_turned_suit", "stick_the_dealer", "defend_alone",
          "joker_dealer_alone")
_OPTIONS_OF = {
    2: ("deck", "target", "dealer_must_pick_up", "may_call_turned_suit", "stick_the_dealer"),
    3: ("players", "deck", "target", "may_call_turned_suit", "stick_the_dealer"),
    4: ("players", "deck", "target", "may_call_turned_suit", "stick_the_dealer",
        "defend_alone", "joker_dealer_alone"),
}
"""The options of each game, in the order ``to_dict`` writes them. The two-handed game's
are the five it always had (no ``players``), so its records and views are unchanged."""


class _Default:
    """An option left out: ``Rules`` puts the game's own default in its place."""

    def __repr__(self) -> str:
        return "the game's default"


DEFAULT: Any = _Default()


class GameSpec(NamedTuple):
    """What ``Rules`` needs to know of a game on the rule-module core: its seats, decks,
    default target and the options it takes (RULES-more.md); the game's module says the
    rest."""

    players: tuple[int, ...]
    """Seat counts, the default first."""
    decks: dict[int, tuple[int, ...]]
    """By seat count: the deck sizes, the default first."""
    target: int
    options: tuple[str, ...]
    """The options it takes besides ``game``, ``players``, ``deck`` (written by ``to_dict``
    in this order)."""
    always: tuple[str, ...] = ()
    """Flags that are always on in this game (given, they must be true)."""
    on_by_default: tuple[str, ...] = ()


GAME_SPECS: dict[str, GameSpec] = {
    "railroad": GameSpec((4,), {4: (25, 33)}, 10,
                         ("target", "may_call_turned_suit", "stick_the_dealer", "call_for_best"),
                         always=("defend_alone",), on_by_default=("call_for_best",)),
    "hasenpfeffer": GameSpec((4,), {4: (25,)}, 10, ("target",)),
    "napoleon": GameSpec((4, 3, 5), {3: (24, 52), 4: (28, 52), 5: (32, 52)}, 30, ("target",)),
}
"""The games beside ``euchre``, by ``Rules.game``."""
GAMES = ("euchre", *GAME_SPECS)
"""The games of the package ``Rules.game`` may name, the default first (``GAME_SPECS`` may
gain more: ``euchre.engine.add_game``)."""


@dataclass(frozen=True)
class Rules:
    """The options of the game (RULES.md and RULES-family.md mark each one **option**)."""

    deck: int = DEFAULT
    """24 (9 to A), 32 (7 to A) or 25 (the 24 cards and the Joker, British Euchre); the
    default 24. Railroad: 25 or 33 (the 32 and the Joker); Hasenpfeffer 25; Napoleon the
    pack stripped to the players (24, 28, 32) or 52."""
    target: int = DEFAULT  # the game's: 10 (Napoleon 30)
    """Points that win the match; the match ends the moment a player reaches them."""
    dealer_must_pick_up: bool = False
    """Two-handed: when the non-dealer orders the upcard up, the dealer must take it (in the
    three- and four-handed games he always does)."""
    may_call_turned_suit: bool = False
    """In round 2, the suit that was turned down may be named."""
    stick_the_dealer: bool = False
    """In round 2, the dealer may not pass: he must name a suit."""
    players: int = DEFAULT
    """2: two-handed Euchre (the default); 3: three-handed cutthroat; 4: four-handed
    partnership. Railroad and Hasenpfeffer 4; Napoleon 3, 4 (the default) or 5."""
    defend_alone: bool = DEFAULT
    """Four-handed: against a lone maker, a defender may play alone (without his partner).
    Always on in Railroad."""
    joker_dealer_alone: bool = False
    """Four-handed, 25-card deck: the dealer naming trump under a turned-up Joker may go alone."""
    game: str = "euchre"
    """``euchre``, ``railroad``, ``hasenpfeffer`` or ``napoleon`` (RULES-more.md)."""
    call_for_best: bool = DEFAULT
    """Railroad (default on): a lone player discards one card and his partner gives him his
    best."""

    def __post_init__(self) -> None:
        if type(self.game) is not str or (self.game != "euchre" and self.game not in GAME_SPECS):
            raise ValueError(f"Rules.game must be one of euchre, {', '.join(GAME_SPECS)}, "
                             f"not {self.game!r}")
        if self.game != "euchre":
            self._check_other_game(GAME_SPECS[self.game])
            return
        if self.call_for_best is not DEFAULT and self.call_for_best is not False:
            raise ValueError("Rules.call_for_best is an option of railroad, not of euchre")
        _settle(self, players=2, deck=24, target=10, defend_alone=False, call_for_best=False)
        if type(self.players) is not int or self.players not in PLAYER_COUNTS:
            raise ValueError(f"Rules.players must be 2, 3 or 4, not {self.players!r}")
        if type(self.deck) is not int or self.deck not in DECK_SIZES:
            raise ValueError(
                f"Rules.deck must be 24, 32 or 25 (25 = 24 cards and the Joker), not {self.deck!r}"
            )
        _check_target(self.target)
        for name in _FLAGS:
            value = getattr(self, name)
            if type(value) is not bool:
                raise ValueError(f"Rules.{name} must be true or false, not {value!r}")
            if value and name not in _OPTIONS_OF[self.players]:
                owner = ("the two-handed game (players=2)" if name == "dealer_must_pick_up"
                         else "the four-handed game (players=4)")
                raise ValueError(f"Rules.{name} is an option of {owner}, "
                                 f"not of players={self.players}")

    def _check_other_game(self, spec: GameSpec) -> None:
        """A game of RULES-more.md: its seats, deck and options, each refused in one line."""
        game = self.game
        players = spec.players[0] if self.players is DEFAULT else self.players
        if type(players) is not int or players not in spec.players:
            counts = _either(sorted(spec.players))
            raise ValueError(f"Rules.players of {game} must be {counts}, not {players!r}")
        decks = spec.decks[players]
        deck = decks[0] if self.deck is DEFAULT else self.deck
        if type(deck) is not int or deck not in decks:
            sizes = _either(decks)
            raise ValueError(f"Rules.deck of {game} with {players} players must be {sizes}, "
                             f"not {deck!r}")
        target = spec.target if self.target is DEFAULT else self.target
        _settle(self, players=players, deck=deck, target=target)
        _check_target(self.target)
        for name in (*_FLAGS, "call_for_best"):
            value = getattr(self, name)
            if value is DEFAULT:
                _settle(self, **{name: name in spec.always or name in spec.on_by_default})
                continue
            if type(value) is not bool:
                raise ValueError(f"Rules.{name} must be true or false, not {value!r}")
            if name in spec.always and not value:
                raise ValueError(f"Rules.{name} is always on in {game}")
            if value and name not in spec.options and name not in spec.always:
                raise ValueError(f"Rules.{name} is not an option of {game} "
                                 f"(its options: {', '.join(spec.options)})")

    def suits_to_name(self, turned: int) -> tuple[int, ...]:
        """The suits that may be named in round two when the upcard's suit ``turned`` was
        turned down: the other three (all four with ``may_call_turned_suit``). The engine's
        legal bids, the bots and the refusals all ask this.

        >>> Rules().suits_to_name(2), Rules(may_call_turned_suit=True).suits_to_name(2)
        ((0, 1, 3), (0, 1, 2, 3))
        """
        return tuple(suit for suit in range(4) if suit != turned or self.may_call_turned_suit)

    @property
    def sides(self) -> int:
        """How many sides score: two (two players, or two partnerships), or three players."""
        return 2 if self.players != 3 else 3

    def to_dict(self) -> dict[str, Any]:
        """The options of this game as a JSON-ready dict (a two-handed game's are the five
        it always wrote, so records saved before the family read and compare the same)."""
        if self.game != "euchre":
            names = ("game", "players", "deck", *GAME_SPECS[self.game].options)
            return {name: getattr(self, name) for name in names}
        return {name: getattr(self, name) for name in _OPTIONS_OF[self.players]}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a dict such as ``to_dict()`` made; unknown keys are an error, and a
        dict without ``players`` (every record saved before the family) is two-handed."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be an object of options, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"unknown rules option {unknown[0]!r}: expected some of {', '.join(sorted(known))}"
            )
        return cls(**data)


def _settle(rules: Rules, **values: Any) -> None:
    """Fill the options left out with the game's defaults, in the frozen value."""
    for name, value in values.items():
        if getattr(rules, name) is DEFAULT:
            object.__setattr__(rules, name, value)


def _check_target(target: Any) -> None:
    if type(target) is not int or not 1 <= target <= MAX_TARGET:
        raise ValueError(f"Rules.target must be a whole number of points from 1 to {MAX_TARGET},"
                         f" not {target!r}")


def _either(numbers: Any) -> str:
    """Numbers as choices in words: "25", "25 or 33", "3, 4 or 5"."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
