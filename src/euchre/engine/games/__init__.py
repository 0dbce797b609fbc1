"""The games on the core, one module each, by ``Rules.game``.

A sixth game is a module with a ``RuleModule`` subclass (see ``docs/architecture.md``),
named here in ``MODULES`` with its options in ``euchre.rules.GAME_SPECS``, or added from
outside the package with ``euchre.engine.add_game``.
"""

from __future__ import annotations

from ..core import RuleModule
from . import hasenpfeffer, napoleon, railroad

MODULES: dict[str, RuleModule] = {
    "railroad": railroad.MODULE,
    "hasenpfeffer": hasenpfeffer.MODULE,
    "napoleon": napoleon.MODULE,
}
"""Every game on the core, by ``Rules.game``."""
