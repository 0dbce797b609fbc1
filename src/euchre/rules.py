"""Rules: every option of RULES.md as one frozen value; the defaults are the rules page's game.

A ``Rules`` is hashable and validated when made, so a game, a record or a bot can hold one
without re-checking it.

>>> Rules().deck, Rules().target, Rules().stick_the_dealer
(24, 10, False)
>>> Rules(deck=25, stick_the_dealer=True).to_dict()["deck"]
25
>>> Rules(deck=30)
Traceback (most recent call last):
...
ValueError: Rules.deck must be 24, 32 or 25 (25 = 24 cards and the Joker), not 30
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

DECK_SIZES = (24, 32, 25)
MAX_TARGET = 1000


@dataclass(frozen=True)
class Rules:
    """The options of two-handed Euchre (RULES.md marks each one **option**)."""

    deck: int = 24
    """24 (9 to A), 32 (7 to A) or 25 (the 24 cards and the Joker, British Euchre)."""
    target: int = 10
    """Points that win the match; the match ends the moment a player reaches them."""
    dealer_must_pick_up: bool = False
    """When the non-dealer orders the upcard up, the dealer must take it (four-handed rule)."""
    may_call_turned_suit: bool = False
    """In round 2, the suit that was turned down may be named."""
    stick_the_dealer: bool = False
    """In round 2, the dealer may not pass: he must name a suit."""

    def __post_init__(self) -> None:
        if type(self.deck) is not int or self.deck not in DECK_SIZES:
            raise ValueError(
                f"Rules.deck must be 24, 32 or 25 (25 = 24 cards and the Joker), not {self.deck!r}"
            )
        if type(self.target) is not int or not 1 <= self.target <= MAX_TARGET:
            raise ValueError(
                f"Rules.target must be a whole number of points from 1 to {MAX_TARGET}, "
                f"not {self.target!r}"
            )
        for name in ("dealer_must_pick_up", "may_call_turned_suit", "stick_the_dealer"):
            value = getattr(self, name)
            if type(value) is not bool:
                raise ValueError(f"Rules.{name} must be true or false, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return {"deck": self.deck, "target": self.target,
                "dealer_must_pick_up": self.dealer_must_pick_up,
                "may_call_turned_suit": self.may_call_turned_suit,
                "stick_the_dealer": self.stick_the_dealer}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a dict such as ``to_dict()`` made; unknown keys are an error."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be an object of options, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"unknown rules option {unknown[0]!r}: expected some of {', '.join(sorted(known))}"
            )
        return cls(**data)
