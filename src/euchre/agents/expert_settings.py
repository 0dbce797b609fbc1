"""The two-handed expert's settings (``ExpertAgent``): one frozen dataclass, each field
there because a level, the frozen yardstick ``pimc`` or a user needs it.

>>> ExpertSettings().deals, HARD.deals, HARD.bid_deals_or_deals, PIMC.bid_deals
(96, 6, 6, 192)
>>> ExpertSettings(deals=0)
Traceback (most recent call last):
...
ValueError: deals must be a whole number from 1 to 10000, not 0

The switches of experiments that were measured and not kept are gone; what each was worth
is in ``docs/ablations.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class ExpertSettings:
    """How the expert searches; the defaults are the ``expert`` level."""

    deals: int = 96
    """Deals drawn for each card played: more is stronger and slower. ``hard`` plays 6; a
    user may ask for another number (``euchre arena expert:deals=32``, README), and the
    review (``euchre review --deals``) sets it."""

    bid_deals: int | None = 288
    """Deals for a bid, the dealer's pick-up or his discard, the decisions worth the most
    (None: as many as ``deals``, as ``hard`` plays). ``pimc`` draws 192; the review twice
    its ``deals``."""

    search_depth: int = 1
    """My next decisions in the play made per information set (``infoset.py``): 1, one
    decision deep from five cards in hand and every later one from four cards down; 0,
    each deal played double-dummy (``hard`` and ``pimc``)."""

    infer: bool = True
    """Weight the deals by how likely the opponent's bids were in each (inference from the
    bidding); off for ``hard``."""

    infer_play: bool = True
    """Weight the deals of a card decision by how likely his cards so far were in each
    (``play_inference.py``); off for ``pimc``."""

    soft_reply: bool = True
    """Value my lead against his soft best reply (the model of his play the inference
    uses), not his best answer in each deal as if he saw my hand; off for ``pimc``."""

    draw_by_bids: bool = True
    """Draw the deals in proportion to the bidding's likelihood (importance resampling),
    not weight uniform draws by it; off for ``pimc``."""

    calibrated: bool = True
    """Value bids and discards by the tricks real play takes from each deal's double-dummy
    tricks (``calibration.py``); off for ``pimc``."""

    conventions: bool = True
    """At a table of four, keep the partnership conventions a person partner reads
    (``family.search.CONVENTION_PRIOR``) unless the deals show breaking one gains; false:
    play for points alone, the stronger among computer players who read no convention
    (bench/README.md, issue 52). The two-handed game has none; ``hard`` keeps none."""

    opponent: str = "fitted"
    """How the opponent is taken to bid (``bid_model.py``): ``fitted`` to the expert's own
    bidding, then learned from his hands as the match goes (``opponent_bids.py``), or
    ``heuristic``, the first release's threshold, never learned (``pimc``)."""

    def __post_init__(self) -> None:
        _check(self)

    @property
    def bid_deals_or_deals(self) -> int:
        """The deals drawn for a bid, a pick-up or a discard."""
        return self.deals if self.bid_deals is None else self.bid_deals

    @classmethod
    def names(cls) -> list[str]:
        """The settings' names, as ``expert:NAME=VALUE`` takes them."""
        return [f.name for f in fields(cls)]


def _check(settings: ExpertSettings) -> None:
    """A one-line ``ValueError`` naming the first bad setting."""
    for name in ("deals", "bid_deals"):
        value: Any = getattr(settings, name)
        if (value is not None or name == "deals") and (
                type(value) is not int or not 1 <= value <= 10_000):
            raise ValueError(f"{name} must be a whole number from 1 to 10000, not {value!r}")
    depth = settings.search_depth
    if type(depth) is not int or not 0 <= depth <= 4:
        raise ValueError(f"search_depth must be a whole number from 0 to 4, not {depth!r}")
    for name in ("infer", "infer_play", "soft_reply", "draw_by_bids", "calibrated",
                 "conventions"):
        flag = getattr(settings, name)
        if type(flag) is not bool:
            raise ValueError(f"{name} must be true or false, not {flag!r}")
    if settings.opponent not in ("fitted", "heuristic"):
        raise ValueError(f"opponent must be 'fitted' or 'heuristic', not "
                         f"{settings.opponent!r}")


EXPERT = ExpertSettings()
"""The ``expert`` level: the defaults."""

HARD = ExpertSettings(deals=6, bid_deals=None, search_depth=0, infer=False)
"""The ``hard`` level: few deals, no inference from the bidding, no search over
information sets."""

PIMC = ExpertSettings(deals=96, bid_deals=192, search_depth=0, infer=True, infer_play=False,
                      soft_reply=False, draw_by_bids=False, calibrated=False,
                      opponent="heuristic")
"""The expert of the first release, frozen as ``pimc``: plain determinized search (deals
sampled and weighted by the bidding, each solved double-dummy). It is the yardstick every
gain of the expert is measured against and is never tuned again: ``tests/test_agents.py``
pins its every value on fixed positions, so a change to the shared search code that alters
it fails there."""
