"""A player's finished matches counted the same way for every face: ``Stats``.

The terminal's ``euchre stats`` and the browser's player pages both count with this class, so
"made", "march" and "euchred" mean one thing everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Stats:
    """A player's record over saved matches (see ``player_stats``)."""

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    made_trump: int = 0
    made: int = 0
    marched: int = 0
    euchred: int = 0
    defended: int = 0
    euchres_scored: int = 0
    unreadable: list[str] = field(default_factory=list)

    def add(self, record: dict[str, Any], seat: int) -> None:
        """Count one finished match (a checked record) from ``seat``'s side. A hand is won
        by the player who scores in it; as maker a hand is made (3-4 tricks), marched (5) or
        euchred."""
        self.matches += 1
        self.matches_won += record["winner"] == seat
        for hand in record["hands"]:
            result = hand.get("result")
            if not result or result["thrown_in"]:
                continue
            self.hands += 1
            self.hands_won += result["points"][seat] > 0
            won = result["tricks_won"][result["maker"]]
            if result["maker"] == seat:
                self.made_trump += 1
                self.made += won in (3, 4)
                self.marched += won == 5
                self.euchred += won < 3
            else:
                self.defended += 1
                self.euchres_scored += won < 3

    def lines(self) -> list[str]:
        """The record in a few sentences (the terminal and the web page both show them)."""

        def share(part: int, whole: int) -> str:
            return f"{100 * part / whole:.0f}%" if whole else "-"

        return [
            f"Matches: {self.matches} played, {self.matches_won} won "
            f"({share(self.matches_won, self.matches)})",
            f"Hands: {self.hands} played, {self.hands_won} won "
            f"({share(self.hands_won, self.hands)})",
            f"As maker: {self.made_trump} hands; made {share(self.made, self.made_trump)}, "
            f"marched {share(self.marched, self.made_trump)}, "
            f"euchred {share(self.euchred, self.made_trump)}",
            f"As defender: {self.defended} hands; euchres scored {self.euchres_scored} "
            f"({share(self.euchres_scored, self.defended)})",
        ]


