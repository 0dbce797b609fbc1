"""The batched engine as a Gymnasium vector environment and a PettingZoo parallel one.

Both keep the adapters' spaces (``envs.gym.observation_space``: the documented encoding and
the action mask; ``Discrete`` over the int path's ids) and their zero-sum points
(``envs.gym.seat_rewards``: a side's points less the other side's, or less the mean of the
others' in cutthroat).

``BatchVectorEnv`` is self-play: in each of its ``num_envs`` games the policy acts for the
player to move and sees that player's observation; the reward of a step is the acting
seat's for the hand the step finished, and ``info["seat_rewards"]`` holds every seat's, for
a learner that credits each seat. A won match is dealt anew in the same step (Gymnasium's
``SAME_STEP`` autoreset): ``terminated`` says so, and the observation is the new match's.

``BatchParallelEnv`` is one match for PettingZoo's parallel API: every agent is asked each
step, and only the action of the agent to move (whose mask is not all zeros) is applied.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from pettingzoo import ParallelEnv

from ..envs.gym import observation_space
from ..envs.pettingzoo import agents_of
from ..rules import Rules
from .engine import Batch
from .tables import action_count


def seat_rewards(batch: Batch) -> np.ndarray:
    """(N, players) float32: every seat's zero-sum reward for the hands the last step
    finished (``envs.gym.seat_rewards`` for arrays: own side's points less the other side's,
    or less the mean of the two others' in cutthroat)."""
    points = batch.points.astype(np.float32)
    players = batch.players
    if players == 3:
        return points - (points.sum(axis=1, keepdims=True) - points) / 2
    return points - np.roll(points, 1, axis=1)


class BatchVectorEnv(VectorEnv):
    """``num_envs`` matches under one ``Rules``, the policy playing every seat."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (Gymnasium's is an instance attribute)
        "autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, rules: Rules | None = None, num_envs: int = 16,
                 seed: int | None = None) -> None:
        self.rules = Rules(players=4) if rules is None else rules
        self.num_envs = num_envs
        self.batch = Batch(self.rules, n=num_envs, seed=seed)
        self.single_observation_space = observation_space(self.rules)
        self.single_action_space = spaces.Discrete(self.batch.n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def _observe(self) -> dict[str, np.ndarray]:
        b = self.batch
        seen = np.stack([b.observation(seat) for seat in range(b.players)])
        return {"observation": seen[b.to_move, np.arange(b.n)],
                "action_mask": b.legal_mask().astype(np.int8)}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        """New matches in every game (a seed fixes them all)."""
        super().reset(seed=seed)
        self.batch = Batch(self.rules, n=self.num_envs, seed=seed)
        return self._observe(), {"to_move": self.batch.to_move.copy()}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict]:
        """One action for the player to move in each game; an illegal one is refused in one
        line (``ValueError``) and changes nothing."""
        b = self.batch
        actor = b.to_move.copy()
        b.step(actions)
        rewards = seat_rewards(b)
        reward = rewards[np.arange(b.n), actor]
        info = {"to_move": b.to_move.copy(), "seat_rewards": rewards,
                "hand_over": b.hand_over}
        return (self._observe(), reward, b.match_over, np.zeros(b.n, dtype=bool), info)


class BatchParallelEnv(ParallelEnv):
    """One match on the batched engine, for PettingZoo's parallel API."""

    metadata: ClassVar[dict[str, Any]] = {"name": "euchre_batch_v0", "render_modes": []}

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = Rules(players=4) if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a Rules, not {type(self.rules).__name__}")
        self.possible_agents = list(agents_of(self.rules.players))
        self.agents: list[str] = []
        self._observation_space = observation_space(self.rules)
        self._action_space = spaces.Discrete(action_count(self.rules.players))
        self.batch: Batch | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def _observe(self, over: bool = False) -> dict[str, dict[str, np.ndarray]]:
        b = self.batch
        assert b is not None
        mask = b.legal_mask()[0].astype(np.int8)
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            moves = not over and b.to_move[0] == seat
            out[agent] = {"observation": b.observation(seat)[0],
                          "action_mask": mask if moves else np.zeros_like(mask)}
        return out

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """A new match (a seed fixes it)."""
        self.batch = Batch(self.rules, n=1, seed=seed)
        self.agents = list(self.possible_agents)
        return self._observe(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the action of the agent to move (the others' are ignored)."""
        b = self.batch
        if b is None or not self.agents:
            raise ValueError("step before reset, or after the match ended: call reset()")
        mover = self.possible_agents[int(b.to_move[0])]
        if mover not in actions:
            raise ValueError(f"{mover} is to move: actions must hold its action")
        b.step(np.asarray([actions[mover]]))
        over = bool(b.match_over[0])
        rewards = seat_rewards(b)[0]
        agents = self.agents
        obs = self._observe(over)
        result: tuple[Any, ...] = (obs, {a: float(rewards[i]) for i, a in enumerate(agents)},
                  dict.fromkeys(agents, over), dict.fromkeys(agents, False),
                  {a: {} for a in agents})
        if over:
            self.agents = []
        return result
