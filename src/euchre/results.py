"""Results as values: how a hand ended (``HandResult``) and how a match ended (``Outcome``).

A face shows these; it never re-counts tricks or re-words who won: on the rule-module
engine (``euchre.engine``) the game's module made the ``HandResult`` when the hand ended and
the core the ``Outcome`` when the match did; every ``Game`` has ``outcome``.

>>> r = HandResult(hand_number=0, dealer=3, maker=1, makers=(1, 3), bid="bid 4", trump="H",
...                tricks_won=(1, 2, 0, 3), side_tricks=(1, 5), points=(0, 5), ended="made")
>>> HandResult.from_dict(r.to_dict()) == r
True
>>> Outcome(0, (10, 4), Termination.TARGET).to_dict()
{'winner': 0, 'scores': [10, 4], 'termination': 'target', 'seat': None}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any


class Termination(StrEnum):
    """How a match ended."""

    TARGET = "target"
    """A side reached the target (the game's own end rule)."""
    RESIGNED = "resigned"
    ABANDONED = "abandoned"


ENDINGS = ("made", "march", "euchred", "set", "thrown_in")
"""How a hand ends: the makers made it (``march``: all five tricks in Railroad), were
euchred (Railroad) or set (Hasenpfeffer, Napoleon), or nobody bid (thrown in)."""


@dataclass(frozen=True)
class HandResult:
    """A finished hand: who made it and with what bid, the tricks, the points."""

    hand_number: int
    dealer: int
    maker: int | None
    """The seat that made trump or won the bidding; None when thrown in."""
    makers: tuple[int, ...]
    """Every seat of the makers' side (the maker alone in Napoleon)."""
    bid: str | None
    """The maker's bid as its token (``order alone``, ``bid 4``, ``bid nap``...)."""
    trump: str | None
    tricks_won: tuple[int, ...]
    """Tricks by seat."""
    side_tricks: tuple[int, ...]
    """Tricks by side."""
    points: tuple[int, ...]
    """Points gained (or lost) by side."""
    ended: str
    """One of ``ENDINGS``."""
    alone: tuple[int, ...] = ()
    out: tuple[int, ...] = ()

    @property
    def thrown_in(self) -> bool:
        return self.ended == "thrown_in"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (tuples as lists)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandResult:
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                  for k, v in data.items()}
        return cls(**fields)


@dataclass(frozen=True)
class Outcome:
    """The end of a match: the winning side (None: nobody, as when a match is abandoned),
    the scores by side, why it ended, and who resigned or left (``seat``)."""

    winner: int | None
    scores: tuple[int, ...]
    termination: Termination
    seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "scores": list(self.scores),
                "termination": str(self.termination), "seat": self.seat}


def winner_after_resigning(score: Sequence[int], side: int) -> int | None:
    """Who wins when a player of ``side`` resigns: the other side of two; with more, the
    highest score among the others, nobody when it is shared. Every game's ``resign`` and
    ``abandon``, and through them the server's. Why nobody: RULES-family.md's cutthroat
    match is won by "one player alone [with] the highest score" (two level at the target
    play on); a resignation stops the play, so two level players stay level. (The server
    once gave such a match to the seat after the resigner.)

    >>> winner_after_resigning((3, 7), 1), winner_after_resigning((3, 7, 7), 0)
    (0, None)
    """
    others = [other for other in range(len(score)) if other != side]
    best = max(score[other] for other in others)
    leaders = [other for other in others if score[other] == best]
    return leaders[0] if len(leaders) == 1 else None
