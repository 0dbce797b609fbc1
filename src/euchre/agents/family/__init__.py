"""The computer players of the three- and four-handed games (RULES-family.md).

The levels keep their names at every table: ``agents.load("medium")`` plays a view of any
game, and a three- or four-handed view is routed here (the two-handed bots' code and
decisions are untouched). ``rules_of_thumb`` is ``medium`` (``easy`` with a third of its
choices at random), ``search`` is ``hard`` (determinized search over exactly sampled deals
with an exact open-hand solver, ``solver``), ``expert`` the same search over deals weighed
by what every bid said (``inference``).
"""

from __future__ import annotations

from typing import Any


def rules_of_thumb_player(seed: int | None, mistakes: float = 0.0,
                          order_at: float | None = None) -> Any:
    """The ``medium`` family player (``easy`` with ``mistakes``), for ``HeuristicAgent``;
    ``order_at`` (the two-handed threshold) is refused in one line."""
    from .rules_of_thumb import RulesOfThumb

    if order_at is not None:
        raise ValueError("order_at: an option of the two-handed rules of thumb only; at a "
                         "table of three or four the level takes mistakes")
    return RulesOfThumb(seed=seed, mistakes=mistakes)


SEARCH_OPTIONS = ("deals", "bid_deals", "infer", "conventions")
"""The options of ``hard`` and ``expert`` that mean something at a table of three or four
(the others tune the two-handed search alone); ``conventions`` the expert's only."""


def search_player(seed: int | None, infer: bool, **options: Any) -> Any:
    """The family player of an ``ExpertAgent``: ``expert`` (inference from the bidding) or
    ``hard`` (without), at this game's own settings (``FamilyExpert``, ``FamilySearch``)
    changed by the ``options`` given (``deals``, ``bid_deals``, the expert's
    ``conventions``); any other is a one-line ``ValueError`` naming it."""
    from .expert import FamilyExpert
    from .search import CONVENTION_PRIOR, FamilySearch

    other = sorted(set(options) - set(SEARCH_OPTIONS))
    if other:
        raise ValueError(f"{', '.join(other)}: an option of the two-handed search only; at a "
                         f"table of three or four the level takes {', '.join(SEARCH_OPTIONS)}")
    options.pop("infer", None)
    if "conventions" in options:  # (``hard`` is refused it by ``ExpertAgent``)
        options["convention_prior"] = CONVENTION_PRIOR if options.pop("conventions") else 0.0
    return (FamilyExpert if infer else FamilySearch)(seed=seed, **options)
