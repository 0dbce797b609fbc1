"""Euchre and its family (two-, three- and four-handed Euchre, Railroad Euchre, Hasenpfeffer,
Napoleon): an exact rules engine, computer players, and tools to play and study them.

>>> from euchre import Game, Rules
>>> g = Game(Rules(deck=25, stick_the_dealer=True), seed=1)
>>> g.rules.deck, len(g.view(0).hand)
(25, 5)
"""

from . import engine
from .actions import N_ACTIONS, action_token, parse_action
from .cards import card_token, parse_card
from .game import Game, IllegalAction
from .resample import resample
from .rules import Rules
from .view import Trick, View

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
__version__ = "0.1.0"
