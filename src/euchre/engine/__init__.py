"""The rule-module engine: one trick-taking core (``core``) and one module per game
(``games/``). Railroad Euchre, Hasenpfeffer and Napoleon play on it; ``Game(Rules(game=...))``
makes a ``TableGame`` (``match``) for them.
"""

from __future__ import annotations

from .core import RuleModule, Table, start_play
from .match import TableGame, add_game, remove_game
from .results import HandResult, Outcome, Termination

__all__ = ["HandResult", "Outcome", "RuleModule", "Table", "TableGame", "Termination",
           "add_game", "remove_game", "start_play"]
