"""The computer's levels as people choose them: a sentence each, and its measured strength.

The one place for these figures: the lobby reads them (``/api/levels``) and the table of
levels in ``docs/research.md`` is made from them (``readme_table``; a test holds it to them, and
``python -m euchre.server.levels`` prints the table). Each strength is the level's points a
hand against the level below over duplicate deals (``bench/strength.py``; the runs are in
``bench/README.md``), with its 95% interval, and the median time of a decision.

>>> ABOUT["medium"].strength()
'+0.310 points a hand against easy (95%: +0.285 to +0.335)'
>>> ABOUT["easy"].strength()
'the bottom level'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..agents import FIRST_LEVEL
from ..i18n import N_, _, ngettext
from ..words import LEVEL_WORDS


def level_name(level: str) -> str:
    """A level's name in the reader's language (a token it does not know: as it is)."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


@dataclass(frozen=True)
class Level:
    """A level: what it is like to play, and how it measured against the level below."""

    sentence: str
    against: str | None = None
    points: float | None = None
    low: float | None = None
    high: float | None = None
    decision_ms: float = 0.0

    def strength(self) -> str:
        """Its measured strength in words."""
        if self.against is None:
            return _("the bottom level")
        points, low, high = (format(x, "+.3f") for x in (self.points, self.low, self.high))
        return _("{points} points a hand against {level} (95%: {low} to {high})",
                 points=points, level=level_name(self.against), low=low, high=high)

    def plainly(self) -> str:
        """Its strength as a player would say it: points over ten hands, rounded (the
        figures stay in ``strength``, for whoever wants them).

        >>> ABOUT["medium"].plainly()
        'Scores about 3 points more than easy over ten hands.'
        >>> ABOUT["hard"].plainly(), ABOUT["easy"].plainly()
        ('Scores about 1 point more than medium over ten hands.', '')
        """
        if self.against is None:
            return ""
        ten = max(1, round(10 * (self.points or 0)))
        return ngettext("Scores about {n} point more than {level} over ten hands.",
                        "Scores about {n} points more than {level} over ten hands.", ten,
                        level=level_name(self.against))

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "sentence": _(self.sentence), "strength": self.strength(),
                "plainly": self.plainly()}


ABOUT: dict[str, Level] = {
    "easy": Level(N_("Plays sensibly but makes a random choice one time in three: a gentle "
                  "start.")),
    "medium": Level(N_("Bids and plays by rules of thumb (hand strength, sensible discards "
                       "and leads): a fair game."), "easy", 0.310, 0.285, 0.335, 0.0),
    "hard": Level(N_("Looks ahead through a few possible deals for each choice: a strong "
                     "player."), "medium", 0.124, 0.078, 0.171, 1.5),
    "expert": Level(N_("Searches hundreds of possible deals and reads your bids and cards: "
                       "the strongest."), "hard", 0.171, 0.133, 0.209, 39.9),
}
"""Every level the server offers (``agents.LEVELS``), easiest first. The figures: the
`expert` and `hard` rows from ``bench/strength.py --pairs expert/hard hard/medium --deals
1000 --seed 6 --series 10`` (2026-12-03), the `medium` row from ``--pairs medium/easy
--deals 2000 --seed 6``; the decision times from those runs, on 2 busy cores."""

DEFAULT = FIRST_LEVEL
"""The level a first visit to the lobby offers."""


def readme_table() -> str:
    """The README's table of levels, made from ``ABOUT``."""
    rows = ["| level | points a hand against the level below | 95% interval | median decision |",
            "|---|---:|---|---:|"]
    for name, level in ABOUT.items():
        if level.against is None:
            rows.append(f"| `{name}` | (the bottom level) | | {level.decision_ms:.1f} ms |")
        else:
            rows.append(f"| `{name}` | {level.points:+.3f} against {level.against} | "
                        f"{level.low:+.3f} to {level.high:+.3f} | {level.decision_ms:.1f} ms |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(readme_table())
