"""Rules: every option of RULES.md and RULES-family.md as one frozen value.

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
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

DECK_SIZES = (24, 32, 25)
MAX_TARGET = 1000
PLAYER_COUNTS = (2, 3, 4)
"""The games of the family the engine plays: two-handed, cutthroat, partnership."""

GAME_NAMES = {2: "Two-handed Euchre", 3: "Three-handed (cutthroat) Euchre",
              4: "Four-handed Euchre"}
"""Each game's name, as the transcript and the faces print it."""

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


@dataclass(frozen=True)
class Rules:
    """The options of the game (RULES.md and RULES-family.md mark each one **option**)."""

    deck: int = 24
    """24 (9 to A), 32 (7 to A) or 25 (the 24 cards and the Joker, British Euchre)."""
    target: int = 10
    """Points that win the match; the match ends the moment a player reaches them."""
    dealer_must_pick_up: bool = False
    """Two-handed: when the non-dealer orders the upcard up, the dealer must take it (in the
    three- and four-handed games he always does)."""
    may_call_turned_suit: bool = False
    """In round 2, the suit that was turned down may be named."""
    stick_the_dealer: bool = False
    """In round 2, the dealer may not pass: he must name a suit."""
    players: int = 2
    """2: two-handed Euchre; 3: three-handed cutthroat; 4: four-handed partnership."""
    defend_alone: bool = False
    """Four-handed: against a lone maker, a defender may play alone (without his partner)."""
    joker_dealer_alone: bool = False
    """Four-handed, 25-card deck: the dealer naming trump under a turned-up Joker may go alone."""

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in PLAYER_COUNTS:
            raise ValueError(f"Rules.players must be 2, 3 or 4, not {self.players!r}")
        if type(self.deck) is not int or self.deck not in DECK_SIZES:
            raise ValueError(
                f"Rules.deck must be 24, 32 or 25 (25 = 24 cards and the Joker), not {self.deck!r}"
            )
        if type(self.target) is not int or not 1 <= self.target <= MAX_TARGET:
            raise ValueError(
                f"Rules.target must be a whole number of points from 1 to {MAX_TARGET}, "
                f"not {self.target!r}"
            )
        for name in _FLAGS:
            value = getattr(self, name)
            if type(value) is not bool:
                raise ValueError(f"Rules.{name} must be true or false, not {value!r}")
            if value and name not in _OPTIONS_OF[self.players]:
                owner = ("the two-handed game (players=2)" if name == "dealer_must_pick_up"
                         else "the four-handed game (players=4)")
                raise ValueError(f"Rules.{name} is an option of {owner}, "
                                 f"not of players={self.players}")

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
