"""The rule-module engine: one trick-taking core (``core``) and one module per game
(``games/``). Railroad Euchre, Hasenpfeffer and Napoleon play on it; ``Game(Rules(game=...))``
makes a ``TableGame`` (``match``) for them.
"""

from __future__ import annotations

from .match import TableGame
from .results import HandResult, Outcome, Termination

__all__ = ["HandResult", "Outcome", "TableGame", "Termination"]
