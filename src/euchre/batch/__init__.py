"""Many games in one step: ``Batch`` steps N matches at once, numpy arrays stepped by
compiled loops (numba; the optional ``batch`` extra), for agents trained by self-play.

>>> import numpy as np
>>> from euchre import Rules
>>> from euchre.batch import Batch
>>> b = Batch(Rules(players=4), n=3, seed=1)
>>> b.legal_mask().shape, b.observation(0).shape
((3, 78), (3, 1089))
>>> b.step(b.random_actions(np.random.default_rng(0))); b.to_move.shape
(3,)
"""

from __future__ import annotations

from .engine import Batch
from .observe import observation, observation_size

__all__ = ["Batch", "observation", "observation_size"]
