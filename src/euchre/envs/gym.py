"""A single-agent Gymnasium environment: one seat of a match against a bot from ``euchre.agents``.

The learner plays one seat; the opponent bot answers automatically between the learner's turns,
so every ``step`` returns with the learner to move again (or the episode over). Registered as
``euchre/TwoHandedEuchre-v0`` when this module is imported (again and again, harmlessly).

Observation
    ``{"observation": float32[522], "action_mask": int8[72]}`` (``observation_space()``): the
    learner's ``View`` encoded by ``euchre.envs.encoding`` (see its table; the same layout under
    every rule option) and 1 for each legal action id. The mask is all zeros once the episode is
    over. Nothing hidden is in it: it is made from the learner's view alone.
Actions
    ``Discrete(72)``: the engine's fixed action ids (``euchre.actions``): 0-32 play a card,
    33-65 take the upcard and discard a card, 66 pass, 67 order, 68-71 call C D H S.
Rewards
    Points per hand, zero-sum: when a hand is scored the learner gets +points if it scored
    them and -points if the opponent did, on the step during which the hand ended (a hand the
    opponent finishes is paid on the learner's step that led to it). A match's rewards add up
    to the learner's final score minus the opponent's.
Episodes
    ``episode="match"`` (the default) ends when the match ends; ``episode="hand"`` ends when the
    first hand of a fresh match ends (a thrown-in hand too, with reward 0). ``reset`` always
    starts a new match: its deals, first dealer, the learner's seat (``seat=None``) and the
    bot's seed all come from the ``reset`` seed, so a seed replays an episode exactly.
Illegal actions
    An action id the mask forbids ends the episode at once (``terminated=True``) with the
    reward ``illegal_reward`` (by default ``-(target + 2)``, worse than any legal way the
    episode can end) and ``info["illegal_action"] = True``; the game is left as it was. The
    action is never replaced by a legal one. This is what PettingZoo's classic games do, so
    the two environments agree; learners should sample from the mask.

>>> import gymnasium
>>> env = gymnasium.make("euchre/TwoHandedEuchre-v0", opponent="random", seat=0)
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((522,), True)
>>> rng = np.random.default_rng(0)
>>> total, done = 0.0, False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     obs, reward, done, truncated, info = env.step(action)
...     total += reward
>>> g = env.unwrapped.game
>>> g.is_over, total == g.score[0] - g.score[1]
(True, True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import agents
from ..actions import N_ACTIONS, parse_action
from ..game import Game
from ..rules import Rules
from ..state import SEED_LIMIT
from ..view import View
from .encoding import SIZE, action_mask, encode

ENV_ID = "euchre/TwoHandedEuchre-v0"
EPISODES = ("match", "hand")
RENDER_MODES = ("human", "ansi")



def observation_space() -> spaces.Dict:
    """The observation space of both environments: one layout for every rule option, so one
    policy can be trained across options; every value is in [0, 1]."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
    })


def observe(game: Game, player: int, over: bool = False) -> dict[str, np.ndarray]:
    """``player``'s observation of ``game``: fresh arrays every call (callers keep them).
    ``over`` zeroes the mask, for the last observation of an episode that ends before the
    match does (the engine has dealt the next hand by then)."""
    view = game.view(player)
    mask = np.zeros(N_ACTIONS, dtype=np.int8) if over else action_mask(view)
    return {"observation": encode(view), "action_mask": mask}


def illegal_penalty(rules: Rules) -> float:
    """The default reward for an illegal action: ``-(target + 2)``. A match's rewards add up
    to at least ``-(target + 1)`` and a hand's to at least -2, so it is worse than any legal
    end.

    >>> illegal_penalty(Rules(target=10))
    -12.0
    """
    return -float(rules.target + 2)


def check_episode(episode: str) -> str:
    """``episode`` if it is ``match`` or ``hand``; else a ``ValueError`` naming both."""
    if episode not in EPISODES:
        raise ValueError(f"episode must be 'match' or 'hand', not {episode!r}")
    return episode


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
    return render_mode


def render_text(view: View) -> str:
    """A few lines of plain text showing what ``view.player`` sees (hidden cards stay hidden).

    >>> print(render_text(Game(seed=7).view(1)))
    Hand 1, P0 deals; score 0-0 (to 10); P1's view, phase bid1
    Upcard KC
    P1 holds: 9C JD AH AS JS
    P1 to move: pass order
    """
    me = view.player
    lines = [f"Hand {view.hand_number + 1}, P{view.dealer} deals; score {view.score[0]}-"
             f"{view.score[1]} (to {view.target}); P{me}'s view, phase {view.phase}"]
    if view.phase == "over":
        winner = 0 if view.score[0] > view.score[1] else 1
        lines.append(f"Match over: P{winner} wins {view.score[0]}-{view.score[1]}.")
        if view.last_hand is not None:
            points = view.last_hand["points"]
            lines.append(f"Last hand: P0 +{points[0]}, P1 +{points[1]}")
        return "\n".join(lines)
    upcard = f"Upcard {view.upcard}" + (" (taken by the dealer)" if view.upcard_taken else "")
    if view.trump:
        upcard += f"; trump {view.trump}, made by P{view.maker}"
    lines.append(upcard)
    if view.bids:
        lines.append("Bids: " + ", ".join(f"P{p} {t}" for p, t in view.bids))
    for i, trick in enumerate(view.tricks):
        lines.append(f"Trick {i + 1}: P{trick.leader} led {trick.cards[0]}, "
                     f"P{1 - trick.leader} {trick.cards[1]}; P{trick.winner} wins")
    if view.trick:
        lines.append(f"Trick {len(view.tricks) + 1}: P{view.leader} led {view.trick[0]}")
    if view.tricks or view.trick:
        lines.append(f"Tricks won: P0 {view.tricks_won[0]}, P1 {view.tricks_won[1]}")
    lines.append(f"P{me} holds: {' '.join(view.hand) or '(not looked at yet)'}"
                 + (f"; discarded {view.discard}" if view.discard else ""))
    if view.legal:
        lines.append(f"P{me} to move: {' '.join(view.legal)}")
    else:
        lines.append(f"P{view.to_move} to move")
    return "\n".join(lines)


def points_delta(before: tuple[int, int], after: tuple[int, int]) -> int:
    """Player 0's zero-sum reward for a score change: his points minus player 1's."""
    return (after[0] - before[0]) - (after[1] - before[1])


class EuchreEnv(gymnasium.Env):
    """One seat of two-handed Euchre against a bot (see the module docstring).

    ``opponent`` is a bot name for ``agents.load`` (seeded anew from each ``reset`` seed) or
    any object with ``act(view) -> token`` (used as it is); ``seat`` 0 or 1 fixes the learner's
    seat, None draws it each episode; ``illegal_reward`` None means ``illegal_penalty(rules)``.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        rules: Rules | None = None,
        opponent: str | agents.Agent = "heuristic",
        seat: int | None = 0,
        episode: str = "match",
        render_mode: str | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        self.rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a Rules, not {type(self.rules).__name__}")
        if seat not in (0, 1, None) or isinstance(seat, bool):
            raise ValueError(f"seat must be 0, 1 or None (a random seat), not {seat!r}")
        if isinstance(opponent, str):
            agents.load(opponent)  # an unknown name fails here, not at the first reset
        elif not callable(getattr(opponent, "act", None)):
            raise ValueError("opponent must be a bot name or an object with act(view)")
        self.opponent = opponent
        self.seat = seat
        self.episode = check_episode(episode)
        self.render_mode = check_render_mode(render_mode)
        self.illegal_reward = (illegal_penalty(self.rules) if illegal_reward is None
                               else float(illegal_reward))
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(N_ACTIONS)
        self.game: Game | None = None
        """The engine's game (omniscient: for tools and tests, not for the learner)."""
        self.player = 0
        """The learner's seat this episode."""
        self.bot: agents.Agent | None = None
        """The opponent acting this episode."""
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new match; its deals, the seat (when ``seat`` is None) and the bot's seed are
        drawn from ``self.np_random``, which ``seed`` seeds."""
        super().reset(seed=seed)
        rng = self.np_random
        self.game = Game(self.rules, seed=int(rng.integers(0, SEED_LIMIT, dtype=np.uint64)))
        self.player = int(rng.integers(0, 2)) if self.seat is None else self.seat
        bot_seed = int(rng.integers(0, SEED_LIMIT, dtype=np.uint64))
        self.bot = (agents.load(self.opponent, seed=bot_seed) if isinstance(self.opponent, str)
                    else self.opponent)
        self._done = False
        self._play_opponent()  # nothing is scored before the learner's first action
        if self.render_mode == "human":
            self.render()
        return observe(self.game, self.player), self._info(False)

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an id) for the learner, then the bot until the learner is to move
        again or the episode ends."""
        if self._done or self.game is None:
            raise RuntimeError("the episode is over: call reset() to start a new one")
        game = self.game
        a = int(action)
        if a not in game.legal_action_ids():
            self._done = True
            return (observe(game, self.player, over=True), self.illegal_reward, True, False,
                    self._info(True))
        reward = self._apply(a)
        reward += self._play_opponent()
        if self.render_mode == "human":
            self.render()
        return (observe(game, self.player, over=self._done), float(reward), self._done, False,
                self._info(False))

    def _apply(self, action: int) -> int:
        """Apply one action; the learner's reward; marks the episode done at its end."""
        game = self.game
        hand, before = game.hand_number, game.score
        game.apply_id(action)
        if game.is_over or (self.episode == "hand" and game.hand_number != hand):
            self._done = True
        delta = points_delta(before, game.score)
        return delta if self.player == 0 else -delta

    def _play_opponent(self) -> int:
        reward = 0
        game, bot, me = self.game, self.bot, self.player
        while not self._done and game.to_move == 1 - me:
            reward += self._apply(_bot_action(bot, game.view(1 - me)))
        return reward

    def _info(self, illegal: bool) -> dict[str, Any]:
        return {"illegal_action": illegal, "seat": self.player}

    def render(self) -> str | None:
        """The learner's view as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: nothing to do")
            return None
        text = "(no match: call reset())" if self.game is None else render_text(
            self.game.view(self.player))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def _bot_action(bot: agents.Agent, view: View) -> int:
    token = bot.act(view)
    if token not in view.legal:
        raise ValueError(f"the opponent bot chose {token!r}, which is not legal: "
                         f"{' '.join(view.legal)}")
    return parse_action(token)


def register() -> None:
    """Register ``ENV_ID`` with Gymnasium once (importing this module does it)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="euchre.envs.gym:EuchreEnv")


register()
__all__ = ["ENV_ID", "EuchreEnv", "observation_space", "observe", "register", "render_text"]
