"""The games on the core, one module each, by ``Rules.game``.

A sixth game is a module with a ``RuleModule`` subclass (see ``docs/architecture.md``),
named here in ``MODULES`` with its options in ``euchre.rules.GAME_SPECS``, or added from
outside the package with ``euchre.engine.add_game``.
"""

from __future__ import annotations

from ...rules import Rules
from ..core import RuleModule
from . import hasenpfeffer, napoleon, railroad

MODULES: dict[str, RuleModule] = {
    "railroad": railroad.MODULE,
    "hasenpfeffer": hasenpfeffer.MODULE,
    "napoleon": napoleon.MODULE,
}
"""Every game on the core, by ``Rules.game``."""


def game_sides(rules: Rules) -> tuple[int, ...]:
    """The side each seat scores for, in every game of the package: a game on the core by
    its module, Euchre by its seats (partners opposite at four)."""
    module = MODULES.get(rules.game)
    if module is not None:
        return module.sides(rules)
    from ...scoring import sides_of

    return sides_of(rules.players)
