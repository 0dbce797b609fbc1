"""A PettingZoo AEC environment: every seat of a match, for self-play and multi-agent learning.

Agents ``player_0`` .. ``player_{N-1}`` are the engine's seats (two; or three or four with
``Rules(players=3|4)``); ``agent_selection`` is always the seat the engine has to move
(bidding order, the dealer's discard, the leader of each trick), so turns do not simply go
round. At a table of three or four the observation is ``euchre.envs.family_encoding``'s
(``float32[1089]``, every seat relative to the agent: its table has the layout), the actions
are the 78 ids that add going and defending alone, and each agent's reward is the points of
its side less the other side's (cutthroat: less the mean of the other two players'), so the
rewards of all agents add up to zero (``gym.seat_rewards``).

Observation (``observation_space(agent)``, the same for every rule option)
    ``{"observation": float32[522], "action_mask": int8[72]}``, as PettingZoo's classic games
    do: the agent's own ``View`` encoded by ``euchre.envs.encoding`` (its module docstring
    has the table: hand, upcard, own discard, completed tricks, trick in progress, bids,
    trump, maker, phase, dealer, turn, tricks won, score, deck and options) and 1 for each
    legal action id. The mask is all zeros for the agent not to move and once the episode is
    over. An observation is made from that agent's view alone: the other hand, the stock and
    the other discard are not in it. Every value is in [0, 1].
Actions (``action_space(agent)`` is ``Discrete(72)``)
    The engine's fixed ids (``euchre.actions``): 0-32 play card ``id``, 33-65 take the upcard
    and discard card ``id - 33``, 66 pass, 67 order, 68-71 call C D H S.
Rewards
    Points per hand, zero-sum: on the step that finishes a hand, its scorer gets +points
    (1, or 2 for a march or a euchre) and the other player -points. ``last()`` gives each agent
    what it earned since its previous turn (``_cumulative_rewards``), so a match's rewards add
    up to the final score difference.
Episodes
    ``episode="match"`` (the default) ends when the match ends; ``episode="hand"`` ends when
    the first hand of a fresh match ends (a thrown-in hand too, with rewards 0). Both agents are
    then terminated; the last observation of a hand episode shows the next deal, as the engine
    has it, with an all-zero mask. ``reset(seed)`` starts a new match whose deals and first
    dealer come from ``seed`` (a random one when None, then a stream of seeds on later resets).
Illegal actions
    As in PettingZoo's classic games, ``env()`` wraps the game in ``TerminateIllegalWrapper``:
    an action the mask forbids ends the episode for both agents; the mover gets
    ``illegal_reward`` (by default ``-(target + 2)``, worse than any legal end) and the other
    0, and a reward the mover had not collected yet is dropped (that is the wrapper's rule).
    The unwrapped ``raw_env`` raises ``IllegalAction`` (a ``ValueError``) instead. The action
    is never replaced by a legal one. Out-of-range ids fail the ``AssertOutOfBoundsWrapper``.

>>> e = env(Rules(target=5))
>>> e.reset(seed=1)
>>> rng = np.random.default_rng(0)
>>> totals = {agent: 0.0 for agent in e.possible_agents}
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     totals[agent] += reward
...     action = None if termination or truncation else int(
...         rng.choice(np.flatnonzero(obs["action_mask"])))
...     e.step(action)
>>> g = e.unwrapped.game
>>> g.is_over, totals["player_0"] == g.score[0] - g.score[1] == -totals["player_1"]
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import logger, spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..actions import action_token
from ..engine.games import game_sides
from ..engine.seeds import SEED_LIMIT
from ..game import Game, IllegalAction
from ..rules import Rules
from .gym import (
    RENDER_MODES,
    check_episode,
    check_render_mode,
    illegal_penalty,
    mover,
    observation_space,
    observe,
    render_text,
    seat_rewards,
    sizes,
    started,
)

AGENTS = ("player_0", "player_1")
"""The two-handed game's agents; ``agents_of(players)`` names those of any table."""


def agents_of(players: int) -> tuple[str, ...]:
    """``player_0`` .. ``player_{players-1}``."""
    return tuple(f"player_{seat}" for seat in range(players))


def env(
    rules: Rules | None = None,
    render_mode: str | None = None,
    episode: str = "match",
    illegal_reward: float | None = None,
) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: illegal actions end the
    episode with ``illegal_reward`` for the mover (None: ``-(target + 2)``), out-of-range
    actions fail an assertion, and the order of calls is enforced."""
    raw = raw_env(rules, render_mode, episode)
    penalty = illegal_penalty(raw.rules) if illegal_reward is None else float(illegal_reward)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=penalty)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


ENV_NAMES = {("euchre", 2): "two_handed_euchre_v0", ("euchre", 3): "three_handed_euchre_v0",
             ("euchre", 4): "four_handed_euchre_v0", ("railroad", 4): "railroad_euchre_v0",
             ("hasenpfeffer", 4): "hasenpfeffer_v0", ("napoleon", 3): "napoleon_3p_v0",
             ("napoleon", 4): "napoleon_4p_v0", ("napoleon", 5): "napoleon_5p_v0"}
"""The environment's name for each game and table size, PettingZoo's way (``metadata
["name"]``). Its version goes up whenever what an agent sees or gets changes (the
observation, the actions, the rewards, when an episode ends); the history is in
``docs/research.md``. (Until issue 49 every size was called ``two_handed_euchre_v0``.)"""


def env_name(rules: Rules) -> str:
    """The versioned name of the environment of ``rules``' game and table size.

    >>> env_name(Rules(players=4)), env_name(Rules(game="napoleon", players=5))
    ('four_handed_euchre_v0', 'napoleon_5p_v0')
    """
    return ENV_NAMES[(rules.game, rules.players)]


class raw_env(AECEnv, EzPickle):
    """Euchre as an AEC game (see the module docstring); illegal actions raise. Lower case,
    as PettingZoo names the unwrapped class of every game."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's is an instance attribute)
        "render_modes": list(RENDER_MODES),
        "name": "two_handed_euchre_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self, rules: Rules | None = None, render_mode: str | None = None, episode: str = "match"
    ) -> None:
        EzPickle.__init__(self, rules, render_mode, episode)
        super().__init__()
        self.rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a Rules, not {type(self.rules).__name__}")
        self.episode = check_episode(episode)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**type(self).metadata, "name": env_name(self.rules)}
        self.seats = agents_of(self.rules.players)
        self.possible_agents = list(self.seats)
        self.agents = list(self.seats)
        self.observation_spaces = {a: observation_space(self.rules) for a in self.seats}
        self.action_spaces = {a: spaces.Discrete(sizes(self.rules)[1]) for a in self.seats}
        self.game: Game | None = None
        """The engine's game (omniscient: for tools and tests, not for the agents)."""
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match. A seed fixes the match; without one, a stream of matches continues
        from the last seed (or from fresh entropy the first time)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        seed = int(self._np_random.integers(0, SEED_LIMIT, dtype=np.uint64))
        self.game = Game(self.rules, seed=seed)
        seats = self.seats
        self.agents = list(seats)
        self.rewards = dict.fromkeys(seats, 0.0)
        self._cumulative_rewards = dict.fromkeys(seats, 0.0)
        self.terminations = dict.fromkeys(seats, False)
        self.truncations = dict.fromkeys(seats, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in seats}
        self.agent_selection = seats[mover(self.game)]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: its own view, encoded, and its action mask."""
        return observe(started(self.game), self.seats.index(agent),
                       over=self.terminations.get(agent, True))

    def step(self, action: Any) -> None:
        """Apply ``action`` (an id) for ``agent_selection``; ``IllegalAction`` if not legal."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = started(self.game)
        a = int(action)
        if a not in game.legal_action_ids():
            token = action_token(a) if 0 <= a < sizes(self.rules)[1] else "out of range"
            legal = " ".join(str(x) for x in game.legal_action_ids())
            raise IllegalAction(f"action {a} ({token}) is not legal for {agent} now: "
                                f"the legal ids are {legal}")
        self._cumulative_rewards[agent] = 0.0
        hand, before = game.hand_number, game.score
        game.apply_id(a)
        seats = self.seats
        self.rewards = dict(zip(seats, seat_rewards(before, game.score, len(seats),
                                                    game_sides(self.rules)), strict=True))
        if game.is_over or (self.episode == "hand" and game.hand_number != hand):
            self.terminations = dict.fromkeys(seats, True)
            self.agent_selection = seats[(seats.index(agent) + 1) % len(seats)]
        else:
            self.agent_selection = seats[mover(game)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The view of the agent to move as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: nothing to do")
            return None
        text = render_text(started(self.game).view(self.seats.index(self.agent_selection)))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
