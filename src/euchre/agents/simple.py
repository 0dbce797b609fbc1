"""The random bot: a legal action uniformly at random, for baselines and tests."""

from __future__ import annotations

import random

from ..view import View


class RandomAgent:
    """Chooses uniformly among ``view.legal``."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: View) -> str:
        if not view.legal:
            raise ValueError(f"player {view.player} has nothing to do: it is not his turn")
        return self._rng.choice(view.legal)

    def analyse(self, view: View) -> dict[str, float]:
        """Every legal action valued alike: the random bot has no opinion."""
        return {token: 0.0 for token in view.legal}
