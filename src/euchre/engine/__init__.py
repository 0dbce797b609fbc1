"""The rule-module engine: one trick-taking core (``core``) and one module per game
(``games/``). Railroad Euchre, Hasenpfeffer and Napoleon play on it; ``Game(Rules(game=...))``
makes a ``TableGame`` (``match``) for them, with the API of every ``Game``. Euchre keeps
fast int paths of its own in its game's folder (``games/euchre/``, its ``EuchreGame`` and
``FamilyGame``); importing the engine registers every game in ``euchre.game.GAMES``.

A game of each, as the README shows them:

>>> from euchre import Game, Rules
>>> g = Game(Rules(game="railroad"), seed=1, first_dealer=0)   # the Joker, call for best
>>> g.legal_actions()
['pass', 'order', 'order alone']
>>> g.apply("order alone"); g.apply(g.legal_actions()[0])      # the dealer picks up
>>> g.phase, g.to_move                                          # the lone player discards,
('exchange', 1)
>>> g.apply(g.legal_actions()[0]); g.phase, g.to_move           # his partner gives his best
('give', 3)

>>> g = Game(Rules(game="hasenpfeffer"), seed=2, first_dealer=0)
>>> for token in ("bid 3", "pass", "bid 4", "pass", "call H"):
...     g.apply(token)
>>> g.view(3).to_dict()["maker"], g.view(3).trump, len(g.view(3).hand)
(3, 'H', 6)

>>> g = Game(Rules(game="napoleon", players=3, target=10), seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[-1])           # nap, Wellington, Blücher: the highest wins
>>> g.outcome.termination, max(g.score) >= 10, g.results[0].bid
(<Termination.TARGET: 'target'>, True, 'bid blucher')
"""

from __future__ import annotations

from ..results import HandResult, Outcome, Termination
from .core import RuleModule, Table, start_play
from .games.euchre.game import EuchreGame, FamilyGame
from .match import TableGame, add_game, remove_game

__all__ = ["EuchreGame", "FamilyGame", "HandResult", "Outcome", "RuleModule", "Table",
           "TableGame", "Termination", "add_game", "remove_game", "start_play"]
