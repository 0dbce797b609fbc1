"""Euchre and its family (two-, three- and four-handed Euchre, Railroad Euchre, Hasenpfeffer,
Napoleon): an exact rules engine, computer players, and tools to play and study them.

>>> from euchre import Game, Rules
>>> g = Game(Rules(deck=25, stick_the_dealer=True), seed=1)
>>> g.rules.deck, len(g.view(0).hand)
(25, 5)
"""

import sys as _sys

from . import engine
from . import game as _game
from .actions import N_ACTIONS, action_token, parse_action
from .cards import card_token, parse_card
from .engine.games import euchre as _euchre
from .engine.games.euchre import game as _euchre_game
from .engine.games.euchre import state, state_family  # noqa: F401 (``from euchre import state``)
from .engine.games.euchre.resample import resample
from .game import Game, IllegalAction
from .rules import Rules
from .view import Trick, View

MOVED = {f"{__name__}.{name}": getattr(_euchre, name) for name in _euchre.MODULES}
"""Euchre's int paths moved into its game's module (``euchre.engine.games.euchre``, issue
47); their old names (``euchre.state``, ``euchre.resample``'s ``resample_state``...) stay
importable for code written against them: the same module objects, not copies."""
_sys.modules.update(MOVED)

MOVED_NAMES = ("EuchreGame", "FamilyGame", "state_of", "game_of_state")
"""Names of ``euchre.game`` that moved to Euchre's game module
(``euchre.engine.games.euchre.game``) when ``Game`` became the API every game's class
shares (issue 47); ``from euchre.game import state_of`` still gives the same objects.
(``game.py`` cannot import them itself: Euchre's module is built on it.)"""
for _name in MOVED_NAMES:
    setattr(_game, _name, getattr(_euchre_game, _name))

__all__ = [
    "N_ACTIONS",
    "Game",
    "IllegalAction",
    "Rules",
    "Trick",
    "View",
    "action_token",
    "card_token",
    "engine",
    "parse_action",
    "parse_card",
    "resample",
]
__version__ = "0.2.0"
