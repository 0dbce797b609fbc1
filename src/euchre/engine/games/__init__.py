"""The games on the core, one module each, by ``Rules.game``.

A sixth game is a module with a ``RuleModule`` subclass (see ``docs/architecture.md``),
named here in ``MODULES`` with its options in ``euchre.rules.GAME_SPECS``, or added from
outside the package with ``euchre.engine.add_game``.
"""

from __future__ import annotations

from ...rules import Rules
from ..core import RuleModule
from . import euchre, hasenpfeffer, napoleon, railroad

MODULES: dict[str, RuleModule] = {
    "railroad": railroad.MODULE,
    "hasenpfeffer": hasenpfeffer.MODULE,
    "napoleon": napoleon.MODULE,
}
"""Every game on the core, by ``Rules.game``."""


def game_sides(rules: Rules) -> tuple[int, ...]:
    """The side each seat scores for, in every game of the package, as the game's module
    says it: a game on the core's ``RuleModule.sides``, Euchre's ``games.euchre.sides``
    (``Game.sides`` and every view's ``sides`` are the same)."""
    return (euchre if rules.game == "euchre" else MODULES[rules.game]).sides(rules)
