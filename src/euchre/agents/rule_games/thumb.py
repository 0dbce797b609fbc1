"""The ``medium`` player of Railroad, Hasenpfeffer and Napoleon (``easy``: the same with a
share of its choices at random): the bidding of ``bidding`` and the card play of ``play``,
the conventions players of each game use.

>>> from euchre import Game, Rules
>>> g = Game(Rules(game="napoleon", players=3), seed=4)
>>> bot = RuleGamesThumb(seed=1)
>>> bot.act(g.view(g.to_move)) in g.legal_actions()
True
"""

from __future__ import annotations

import random

from ...engine.cards import card_token
from ...engine.view import TableView
from .bidding import choose_bid, napoleon_trump
from .play import choose_card


def choose(view: TableView) -> str:
    """The rules of thumb's choice (one of ``view.legal``)."""
    if view.phase != "play":
        return choose_bid(view)
    first = None
    if view.game == "napoleon" and view.trump is None and view.player == view.maker \
            and not view.tricks and view.bid != "bid misere":
        first = napoleon_trump(view)
    token = card_token(choose_card(view, first))
    return token if token in view.legal else view.legal[0]


class RuleGamesThumb:
    """Rules of thumb (see the module docstring); ``mistakes``: the share of choices made at
    random (``easy``)."""

    def __init__(self, seed: int | None = None, mistakes: float = 0.0) -> None:
        self._rng = random.Random(seed)
        self.mistakes = mistakes

    def act(self, view: TableView) -> str:
        if not view.legal:
            raise ValueError(f"player {view.player} has nothing to do: it is not his turn")
        if len(view.legal) > 1 and self.mistakes and self._rng.random() < self.mistakes:
            return self._rng.choice(view.legal)
        return choose(view)

    def analyse(self, view: TableView) -> dict[str, float]:
        """Its choice valued 1, the rest 0: rules of thumb do not estimate points."""
        choice = choose(view)
        return {token: float(token == choice) for token in view.legal}


