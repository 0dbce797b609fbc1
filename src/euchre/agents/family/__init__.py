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


def rules_of_thumb_player(seed: int | None, mistakes: float = 0.0) -> Any:
    """The ``medium`` family player (``easy`` with ``mistakes``), for ``HeuristicAgent``."""
    from .rules_of_thumb import RulesOfThumb

    return RulesOfThumb(seed=seed, mistakes=mistakes)


def search_player(seed: int | None, infer: bool) -> Any:
    """The family player of an ``ExpertAgent``: ``expert`` (inference from the bidding) or
    ``hard`` (without), at this game's own settings (``FamilyExpert``, ``FamilySearch``)."""
    from .expert import FamilyExpert
    from .search import FamilySearch

    return FamilyExpert(seed=seed) if infer else FamilySearch(seed=seed)
