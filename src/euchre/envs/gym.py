"""A single-agent Gymnasium environment: one seat of a match against bots from ``euchre.agents``.

The learner plays one seat; the bots answer automatically between the learner's turns, so
every ``step`` returns with the learner to move again (or the episode over). Registered as
``euchre/TwoHandedEuchre-v0``, ``euchre/ThreeHandedEuchre-v0`` and
``euchre/FourHandedEuchre-v0`` when this module is imported (again and again, harmlessly).

At a table of three or four (``Rules(players=3|4)``) every other seat, the learner's partner
included, is a bot: ``opponent`` for all of them, or ``partner`` for the partner. The
project's bots other than ``random`` are written for the two-handed game, so at a larger table
they are refused: the other seats are ``random`` or any object with ``act(view)``. There the
observation is ``euchre.envs.family_encoding``'s (``float32[1089]``, every seat relative to the
learner) and the actions are the 78 ids that include going and defending alone; the reward is
the points of the learner's side less the others' (their mean, in cutthroat), so the rewards
of all seats add up to zero.

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

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import agents, scoring
from ..actions import N_ACTIONS, N_FAMILY_ACTIONS, parse_action
from ..engine.actions import parse_action as parse_table_action
from ..engine.games import game_sides
from ..engine.seeds import SEED_LIMIT
from ..engine.view import TableView
from ..game import Game
from ..rules import Rules
from ..scoring import sides_of
from ..view import View
from . import encoding, family_encoding, rule_encoding

ENV_ID = "euchre/TwoHandedEuchre-v0"
ENV_IDS = {2: ENV_ID, 3: "euchre/ThreeHandedEuchre-v0", 4: "euchre/FourHandedEuchre-v0"}
GAME_ENV_IDS = {"railroad": "euchre/RailroadEuchre-v0", "hasenpfeffer": "euchre/Hasenpfeffer-v0",
                "napoleon": "euchre/Napoleon-v0"}
"""The other games of the family, one id each (Napoleon at four; ``rules`` for three or
five)."""
EPISODES = ("match", "hand")
RENDER_MODES = ("human", "ansi")
FAMILY_BOTS = ("random",)
"""The bots of ``euchre.agents`` that play at a table of three or four."""


def sizes(rules: Rules | None = None) -> tuple[int, int]:
    """(observation size, number of action ids) of a game: 522 and 72 for two players,
    1089 and 78 at a table of three or four, 2666 and 181 for Railroad, Hasenpfeffer and
    Napoleon (``rule_encoding``)."""
    if rules is not None and rules.game != "euchre":
        return rule_encoding.SIZE, rule_encoding.N_ACTIONS
    if rules is None or rules.players == 2:
        return encoding.SIZE, N_ACTIONS
    return family_encoding.SIZE, N_FAMILY_ACTIONS


def observation_space(rules: Rules | None = None) -> spaces.Dict:
    """The observation space of both environments: one layout for every rule option of a
    game, so one policy can be trained across options; every value is in [0, 1]."""
    size, actions = sizes(rules)
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
        "action_mask": spaces.Box(0, 1, (actions,), np.int8),
    })


def started(game: Game | None) -> Game:
    """The episode's game; ``RuntimeError`` before the first ``reset()``."""
    if game is None:
        raise RuntimeError("no match yet: call reset() first")
    return game


def mover(game: Game) -> int:
    """The seat to move in a match not over (an environment asks only then)."""
    seat = game.to_move
    if seat is None:
        raise RuntimeError("the match is over: nobody is to move")
    return seat


def observe(game: Game, player: int, over: bool = False) -> dict[str, np.ndarray]:
    """``player``'s observation of ``game``: fresh arrays every call (callers keep them).
    ``over`` zeroes the mask, for the last observation of an episode that ends before the
    match does (the engine has dealt the next hand by then)."""
    view = game.view(player)
    layout = (rule_encoding if game.rules.game != "euchre" else
              encoding if game.players == 2 else family_encoding)
    mask = (np.zeros(sizes(game.rules)[1], dtype=np.int8) if over
            else layout.action_mask(view))
    return {"observation": layout.encode(view), "action_mask": mask}


def illegal_penalty(rules: Rules) -> float:
    """The default reward for an illegal action, worse than any legal end: ``-(target + 2)``
    two-handed (a match's rewards add up to at least ``-(target + 1)``, a hand's to at least
    -2); ``-(target + 5)`` at a larger table (a lone march scores 4; in cutthroat only a tie
    at the target played on for hands could end worse).

    >>> illegal_penalty(Rules(target=10)), illegal_penalty(Rules(players=4, target=10))
    (-12.0, -15.0)

    Railroad as the four-handed game; Hasenpfeffer ``-(target + 7)`` (a set costs at most
    6); Napoleon ``-(target + 40 * players + 1)`` (a failed Blücher costs the bidder 40 to
    each other player).
    """
    if rules.game == "hasenpfeffer":
        return -float(rules.target + 7)
    if rules.game == "napoleon":
        return -float(rules.target + 40 * rules.players + 1)
    return -float(rules.target + (2 if rules.players == 2 else 5))


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
    if isinstance(view, TableView):
        return rule_text(view)
    me = view.player
    score = "-".join(str(points) for points in view.score)
    lines = [f"Hand {view.hand_number + 1}, P{view.dealer} deals; score {score} "
             f"(to {view.target}); P{me}'s view, phase {view.phase}"]
    if view.phase == "over":
        winner = view.score.index(max(view.score))
        lines.append(f"Match over: side {winner} wins {score}." if len(view.sides) == 4
                     else f"Match over: P{winner} wins {score}.")
        if view.last_hand is not None:
            points = view.last_hand["points"]
            lines.append("Last hand: " + ", ".join(
                f"{'side ' if len(view.sides) == 4 else 'P'}{side} +{gained}"
                for side, gained in enumerate(points)))
        return "\n".join(lines)
    upcard = f"Upcard {view.upcard}" + (" (taken by the dealer)" if view.upcard_taken else "")
    if view.trump:
        upcard += f"; trump {view.trump}, made by P{view.maker}"
    lines.append(upcard)
    if view.bids:
        lines.append("Bids: " + ", ".join(f"P{p} {t}" for p, t in view.bids))
    if view.out:
        lines.append("Sitting out: " + " ".join(f"P{seat}" for seat in view.out))
    for i, trick in enumerate(view.tricks):
        lines.append(f"Trick {i + 1}: P{trick.leader} led {trick.cards[0]}, then "
                     f"{' '.join(trick.cards[1:])}; P{trick.winner} wins")
    if view.trick:
        lines.append(f"Trick {len(view.tricks) + 1}: P{view.leader} led "
                     f"{' '.join(view.trick)}")
    if view.tricks or view.trick:
        lines.append("Tricks won: " + ", ".join(f"P{seat} {won}" for seat, won in
                                                enumerate(view.tricks_won)))
    lines.append(f"P{me} holds: {' '.join(view.hand) or '(not looked at yet)'}"
                 + (f"; discarded {view.discard}" if view.discard else ""))
    if view.legal:
        lines.append(f"P{me} to move: {' '.join(view.legal)}")
    else:
        lines.append(f"P{view.to_move} to move")
    return "\n".join(lines)


def rule_text(view: TableView) -> str:
    """``render_text`` for Railroad, Hasenpfeffer and Napoleon: the same lines from the
    game's own view (what it shows of its public state, ``details``, as it is).

    >>> print(rule_text(Game(Rules(game="hasenpfeffer"), seed=7).view(1)))
    Hasenpfeffer, hand 1, P0 deals; score 0-0 (to 10); P1's view, phase bid
    high 0, forced False
    P1 holds: AC JC 9C TH TS 9S
    P1 to move: pass bid 1 bid 2 bid 3 bid 4 bid 5 bid 6
    """
    me = view.player
    score = "-".join(str(points) for points in view.score)
    lines = [f"{view.game.capitalize()}, hand {view.hand_number + 1}, P{view.dealer} deals; "
             f"score {score} (to {view.target}); P{me}'s view, phase {view.phase}"]
    if view.details:
        lines.append(", ".join(f"{k} {v}" for k, v in view.details.items()))
    if view.trump:
        lines.append(f"Trump {view.trump}, made by P{view.maker} ({view.bid})")
    if view.bids:
        lines.append("Bids: " + ", ".join(f"P{p} {t}" for p, t in view.bids))
    if view.out:
        lines.append("Sitting out: " + " ".join(f"P{seat}" for seat in view.out))
    for i, trick in enumerate(view.tricks):
        lines.append(f"Trick {i + 1}: P{trick['leader']} led {' '.join(trick['cards'])}; "
                     f"P{trick['winner']} wins")
    if view.trick:
        lines.append(f"Trick {len(view.tricks) + 1}: P{view.leader} led "
                     f"{' '.join(view.trick)}")
    if view.outcome is not None:
        lines.append(f"Match over: side {view.outcome['winner']} wins {score}.")
    lines.append(f"P{me} holds: {' '.join(view.hand) or '(not looked at yet)'}")
    lines.append(f"P{me} to move: {' '.join(view.legal)}" if view.legal else
                 f"P{view.to_move} to move")
    return "\n".join(lines)


def points_delta(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    """Player 0's zero-sum reward for a two-handed score change: his points minus player
    1's."""
    return (after[0] - before[0]) - (after[1] - before[1])


def seat_rewards(before: tuple[int, ...], after: tuple[int, ...],
                 players: int, sides: tuple[int, ...] | None = None) -> tuple[float, ...]:
    """Every seat's zero-sum reward for a score change: the points of its side less those of
    the other side (two sides), or less the mean of the others' (cutthroat).

    >>> seat_rewards((0, 0), (0, 4), 4), seat_rewards((1, 1, 1), (3, 1, 3), 3)
    ((-4.0, 4.0, -4.0, 4.0), (1.0, -2.0, 1.0))
    """
    gained = [a - b for a, b in zip(after, before, strict=True)]
    total, others = sum(gained), len(gained) - 1
    return tuple(float(gained[side] - (total - gained[side]) / others)
                 for side in (sides or sides_of(players)))


class EuchreEnv(gymnasium.Env):
    """One seat of a match against bots (see the module docstring).

    ``opponent`` is a bot name for ``agents.load`` (seeded anew from each ``reset`` seed) or
    any object with ``act(view) -> token`` (used as it is), for every other seat; None is
    ``heuristic`` two-handed and ``random`` at a larger table. ``partner`` (four-handed) is
    the partner's bot, ``opponent``'s when None. ``seat`` fixes the learner's seat, None
    draws it each episode; ``illegal_reward`` None means ``illegal_penalty(rules)``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (Gymnasium's is an instance attribute)
        "render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        rules: Rules | None = None,
        opponent: str | agents.Agent | None = None,
        seat: int | None = 0,
        episode: str = "match",
        render_mode: str | None = None,
        illegal_reward: float | None = None,
        partner: str | agents.Agent | None = None,
    ) -> None:
        self.rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a Rules, not {type(self.rules).__name__}")
        players = self.rules.players
        if isinstance(seat, bool) or (seat is not None and seat not in range(players)):
            raise ValueError(f"seat must be one of 0 to {players - 1} or None (a random seat), "
                             f"not {seat!r}")
        if opponent is None:
            opponent = ("medium" if self.rules.game != "euchre" else
                        "heuristic" if players == 2 else "random")
        self.opponent = _check_bot(opponent, "opponent", self.rules)
        if partner is not None and scoring.partner(game_sides(self.rules), 0) is None:
            raise ValueError("partner is a seat of the four-handed game (players=4), "
                             "Railroad or Hasenpfeffer")
        self.partner = self.opponent if partner is None else _check_bot(partner, "partner",
                                                                         self.rules)
        self.seat = seat
        self.episode = check_episode(episode)
        self.render_mode = check_render_mode(render_mode)
        self.illegal_reward = (illegal_penalty(self.rules) if illegal_reward is None
                               else float(illegal_reward))
        self.observation_space = observation_space(self.rules)
        self.action_space = spaces.Discrete(sizes(self.rules)[1])
        self.game: Game | None = None
        """The engine's game (omniscient: for tools and tests, not for the learner)."""
        self.player = 0
        """The learner's seat this episode."""
        self.bots: dict[int, agents.Agent] = {}
        """The bot at every other seat this episode."""
        self._done = True

    @property
    def bot(self) -> agents.Agent | None:
        """The bot of the seat to the learner's left (two-handed: the opponent)."""
        return self.bots.get((self.player + 1) % self.rules.players)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new match; its deals, the seat (when ``seat`` is None) and the bots' seeds are
        drawn from ``self.np_random``, which ``seed`` seeds."""
        super().reset(seed=seed)
        rng = self.np_random
        players = self.rules.players
        self.game = Game(self.rules, seed=int(rng.integers(0, SEED_LIMIT, dtype=np.uint64)))
        self.player = int(rng.integers(0, players)) if self.seat is None else self.seat
        self.bots = {}
        for k in range(1, players):
            other = (self.player + k) % players
            bot = self.partner if players == 4 and k == 2 else self.opponent
            bot_seed = int(rng.integers(0, SEED_LIMIT, dtype=np.uint64))
            self.bots[other] = agents.load(bot, seed=bot_seed) if isinstance(bot, str) else bot
        self._done = False
        self._play_bots()  # nothing is scored before the learner's first action
        if self.render_mode == "human":
            self.render()
        return observe(started(self.game), self.player), self._info(False)

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an id) for the learner, then the bots until the learner is to
        move again or the episode ends."""
        if self._done or self.game is None:
            raise RuntimeError("the episode is over: call reset() to start a new one")
        game = self.game
        a = int(action)
        if a not in game.legal_action_ids():
            self._done = True
            return (observe(game, self.player, over=True), self.illegal_reward, True, False,
                    self._info(True))
        reward = self._apply(a)
        reward += self._play_bots()
        if self.render_mode == "human":
            self.render()
        return (observe(game, self.player, over=self._done), float(reward), self._done, False,
                self._info(False))

    def _apply(self, action: int) -> float:
        """Apply one action; the learner's reward; marks the episode done at its end."""
        game = started(self.game)
        hand, before = game.hand_number, game.score
        game.apply_id(action)
        if game.is_over or (self.episode == "hand" and game.hand_number != hand):
            self._done = True
        if self.rules.players == 2:
            delta = points_delta(before, game.score)
            return delta if self.player == 0 else -delta
        return seat_rewards(before, game.score, self.rules.players,
                            game_sides(self.rules))[self.player]

    def _play_bots(self) -> float:
        reward = 0.0
        game, me = started(self.game), self.player
        while not self._done and game.to_move != me:
            seat = mover(game)
            reward += self._apply(_bot_action(self.bots[seat], game.view(seat)))
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


def _check_bot(bot: Any, what: str, rules: Rules) -> Any:
    """A bot name (that plays this game) or an object with ``act(view)``: every level plays
    Railroad, Hasenpfeffer and Napoleon."""
    players = rules.players
    if isinstance(bot, str):
        agents.load(bot)  # an unknown name fails here, not at the first reset
        if players != 2 and rules.game == "euchre" and bot not in FAMILY_BOTS:
            raise ValueError(f"{what} {bot!r} plays only the two-handed game: at a table of "
                             f"{players} the other seats may be {', '.join(FAMILY_BOTS)} or "
                             "any object with act(view)")
        return bot
    if not callable(getattr(bot, "act", None)):
        raise ValueError(f"{what} must be a bot name or an object with act(view)")
    return bot


def _bot_action(bot: agents.Agent, view: View) -> int:
    token = bot.act(view)
    if token not in view.legal:
        raise ValueError(f"the bot of seat {view.player} chose {token!r}, which is not legal: "
                         f"{' '.join(view.legal)}")
    if isinstance(view, TableView):  # the games on the core number their actions alike
        return parse_table_action(token)
    return parse_action(token)


def register() -> None:
    """Register ``ENV_IDS`` and ``GAME_ENV_IDS`` with Gymnasium once (importing this module
    does it); each id but the two-handed one makes its game's rules unless ``rules`` is
    given."""
    for players, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="euchre.envs.gym:EuchreEnv",
                               kwargs={} if players == 2 else {"rules": Rules(players=players)})
    for game, env_id in GAME_ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="euchre.envs.gym:EuchreEnv",
                               kwargs={"rules": Rules(game=game)})


register()
__all__ = ["ENV_ID", "ENV_IDS", "GAME_ENV_IDS", "EuchreEnv", "observation_space", "observe",
           "register", "render_text", "seat_rewards"]
