"""The computer players of Railroad, Hasenpfeffer and Napoleon (RULES-more.md).

The levels keep their names in every game: ``agents.load("medium")`` plays a view of any
game, and a view of a game on the rule-module core (a ``TableView``) is routed here.
``thumb`` is ``medium`` (``easy`` with a third of its choices at random), ``search`` is
``hard`` (determinized search over deals drawn uniformly, with an exact open-hand solver,
``solver``), ``expert`` the same search over deals weighed by what every bid and the cards
played so far said (``inference``). Each sees only its seat's view.
"""

from __future__ import annotations

from typing import Any

from .reading import is_rule_game

__all__ = ["is_rule_game", "search_player", "thumb_player"]


def thumb_player(seed: int | None, mistakes: float = 0.0) -> Any:
    """The ``medium`` player (``easy`` with ``mistakes``)."""
    from .thumb import RuleGamesThumb

    return RuleGamesThumb(seed=seed, mistakes=mistakes)


def search_player(seed: int | None, infer: bool, **deals: int) -> Any:
    """The ``expert`` (``infer``) or ``hard`` player; ``deals`` (``deals``, ``bid_deals``)
    other than the level's own, as a review or a hint asks for."""
    from .inference import RuleGamesExpert
    from .search import RuleGamesSearch

    return RuleGamesExpert(seed=seed, **deals) if infer else RuleGamesSearch(seed=seed, **deals)
