"""Matches between bots, in duplicate pairs, with statistics a researcher can trust.

A *pair* is two matches with the same seed (so the same deck for every hand number) and the
bots' seats swapped: the luck of the cards cancels out of the pair. Pairs are independent
units for the intervals. Each pair's outcome depends only on ``(seed, pair number)``, so the
results are the same however many worker processes play them.

>>> result = run(ArenaSpec("heuristic", "random", pairs=2, seed=1, rules=Rules(target=3)))
>>> result.matches, result.stats["a"]["name"]
(4, 'heuristic')
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import agents
from ..agents import tell
from ..agents.external import BotFailure
from ..engine.games import game_sides
from ..engine.games.euchre.state import mix64
from ..game import Game
from ..rules import Rules
from ..scoring import OUTCOMES
from .parallel import run_jobs

Z95 = 1.959963984540054
FAILED = {"set": "euchred"}
"""A Hasenpfeffer or Napoleon bid that failed counts with the euchred hands."""


@dataclass(frozen=True)
class BotSpec:
    """A bot by name with its options, as written on the command line: ``expert:deals=48``."""

    name: str
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        if text.startswith(agents.EXEC):  # an outside program: the rest is its command line
            spec = cls(text.strip())
            if not text[len(agents.EXEC):].strip():
                raise ValueError("exec: needs a command, e.g. exec:./mybot")
            return spec  # checked by ``check`` once its options (folder, time) are known
        name, _, rest = text.partition(":")
        options = []
        for item in filter(None, rest.split(",")):
            key, eq, value = item.partition("=")
            if not eq:
                raise ValueError(f"bot option {item!r} must look like name=value")
            options.append((key.strip(), _option_value(value.strip())))
        spec = cls(name.strip().lower(), tuple(options))
        spec.make(0)  # unknown names and options fail here, with the choices listed
        return spec

    def make(self, seed: int) -> agents.Agent:
        return agents.load(self.name, seed=seed, **dict(self.options))

    @property
    def is_program(self) -> bool:
        """Whether this is an outside program (``exec:COMMAND``)."""
        return self.name.startswith(agents.EXEC)

    def with_program_options(self, timeout: float | None, cwd: str | None) -> BotSpec:
        """An outside program's spec with its time limit and working folder (others as
        they are); checked, without starting it."""
        if not self.is_program:
            return self
        options = tuple((k, v) for k, v in (("timeout", timeout), ("cwd", cwd))
                        if v is not None)
        spec = BotSpec(self.name, options)
        spec.make(0)  # the program exists and the options are sound
        return spec

    def __str__(self) -> str:
        if not self.options or self.is_program:  # a program's options are not its name
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.options)


def _option_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@dataclass(frozen=True)
class ArenaSpec:
    """What to play: bot A against bot B, ``pairs`` duplicate pairs of matches."""

    a: str | BotSpec
    b: str | BotSpec
    pairs: int
    seed: int = 0
    rules: Rules = field(default_factory=Rules)
    keep_records: bool = False

    def bots(self) -> tuple[BotSpec, BotSpec]:
        def spec(x: str | BotSpec) -> BotSpec:
            return x if isinstance(x, BotSpec) else BotSpec.parse(x)
        return spec(self.a), spec(self.b)


@dataclass
class MatchOutcome:
    """One match of a pair, from bot A's side."""

    pair: int
    a_seat: int
    """A's seat (four-handed: A's partner sits opposite, ``a_seat + 2``)."""
    a_won: bool
    a_points: int
    b_points: float
    """B's side's points (cutthroat: the mean of the two B's)."""
    hands: int
    makes: dict[str, list[int]]
    """For "a" and "b": [hands made trump, then each of ``scoring.OUTCOMES`` but the last: made
    (3-4 tricks), marched, euchred]."""
    think: dict[str, list[float]]
    """For "a" and "b": [decisions, seconds]."""
    record: dict[str, Any] | None = None
    forfeit: dict[str, Any] | None = None
    """When an outside program failed: ``bot`` ("a" or "b"), ``decision``, ``reason`` and
    ``stderr`` (its last lines). The match is lost by that bot."""


def seatings(players: int, game: str = "euchre") -> list[tuple[int, ...]]:
    """The seats bot A takes in each match of a duplicate set (each deal is played once per
    seating): ``[(0,), (1,)]`` two-handed, ``[(0, 2), (1, 3)]`` four-handed (the sides
    swapped; Railroad and Hasenpfeffer too), ``[(0,), (1,), (2,)]`` in cutthroat (A's seat
    rotated over the three, B in the two others), and so in Napoleon at any number of seats.

    >>> seatings(2), seatings(4), seatings(3), seatings(4, "napoleon")
    ([(0,), (1,)], [(0, 2), (1, 3)], [(0,), (1,), (2,)], [(0,), (1,), (2,), (3,)])
    """
    sides = game_sides(Rules(game=game, players=players))  # A's seats: one side's
    return [tuple(seat for seat in range(players) if sides[seat] == side)
            for side in range(max(sides) + 1)]


def play_match(spec: ArenaSpec, pair: int, a_seat: int) -> MatchOutcome:
    """Play one match of a pair: the seed is the pair's, A sits in ``a_seat`` (and opposite,
    four-handed; B everywhere else). A bot that is an outside program and fails forfeits
    the match; every program is stopped at the end, whatever happens."""
    bot_a, bot_b = spec.bots()
    match_seed = mix64((spec.seed << 20) + pair)
    players = spec.rules.players
    if players == 2:
        seats = {a_seat: ("a", bot_a.make(mix64(match_seed + 1 + a_seat))),
                 1 - a_seat: ("b", bot_b.make(mix64(match_seed + 3 + a_seat)))}
    else:
        mine = seatings(players, spec.rules.game)[a_seat]
        seats = {seat: ("a", bot_a.make(mix64(match_seed + 1 + 4 * a_seat + seat)))
                 if seat in mine else ("b", bot_b.make(mix64(match_seed + 17 + 4 * a_seat
                                                             + seat)))
                 for seat in range(players)}
    game = Game(spec.rules, seed=match_seed)
    makes = {"a": [0, 0, 0, 0], "b": [0, 0, 0, 0]}
    think = {"a": [0, 0.0], "b": [0, 0.0]}
    forfeit = None
    try:
        _play(game, seats, makes, think)
    except _Forfeit as lost:
        forfeit = {"bot": lost.who, **lost.failure.to_dict()}
    finally:
        for _, bot in seats.values():
            tell(bot, "close")
    score = game.score
    side = game_sides(spec.rules)[a_seat]
    others = [points for s, points in enumerate(score) if s != side]
    a_won = game.winner == side if forfeit is None else forfeit["bot"] == "b"
    return MatchOutcome(
        pair=pair, a_seat=a_seat, a_won=a_won, a_points=score[side],
        b_points=others[0] if len(others) == 1 else sum(others) / len(others),
        hands=game.hand_number + 1, makes=makes, think=think,
        record=game.record() if spec.keep_records else None, forfeit=forfeit)


def _play(game: Game, seats: dict[int, tuple[str, agents.Agent]],
          makes: dict[str, list[int]], think: dict[str, list[float]]) -> None:
    """The match to its end, telling bots that listen (outside programs) how it goes."""
    for seat, (who, bot) in seats.items():
        try:
            tell(bot, "start_match", game.rules, seat)  # a program starts here
        except BotFailure as failure:
            raise _Forfeit(who, failure) from None
    hand = game.hand_number
    while not game.is_over:
        player = game.to_move
        assert player is not None
        who, bot = seats[player]
        view = game.view(player)
        started = time.perf_counter()
        try:
            token = bot.act(view)
        except BotFailure as failure:
            raise _Forfeit(who, failure) from None
        think[who][0] += 1
        think[who][1] += time.perf_counter() - started
        game.apply(token)  # our own bot's illegal move is a bug: IllegalAction stops the run
        if game.hand_number != hand or game.is_over:
            hand = game.hand_number
            last = game.view(0).last_hand
            for seat, (_, listener) in seats.items():
                tell(listener, "hand_over", game.view(seat).last_hand)
            ended = last and last.get("outcome", last.get("ended"))  # a game on the core
            if last and ended and ended != "thrown_in":               # says "ended"
                maker = seats[last["maker"]][0]
                makes[maker][0] += 1
                makes[maker][OUTCOMES.index(FAILED.get(ended, ended)) + 1] += 1
    for _, (_, bot) in seats.items():
        tell(bot, "match_over", game.score, game.winner)


class _Forfeit(Exception):
    """An outside program failed while playing as ``who`` ("a" or "b")."""

    def __init__(self, who: str, failure: BotFailure) -> None:
        super().__init__(str(failure))
        self.who = who
        self.failure = failure


def duplicate_hand(job: tuple[BotSpec, BotSpec, Rules, int, int]) -> tuple[float, list[float]]:
    """One deal played twice, bots' seats swapped: A's mean net points per hand, and A's
    decision times in seconds. The measure of ``bench/strength.py``: single hands isolate
    card play and bidding from match strategy, and duplicate cancels the luck of the deal.
    """
    bot_a, bot_b, rules, seed, deal = job
    return duplicate_series((bot_a, bot_b, rules, seed, deal, 1))


def duplicate_series(job: tuple[BotSpec, BotSpec, Rules, int, int, int]
                     | tuple[BotSpec, BotSpec, Rules, int, int, int, bool]
                     ) -> tuple[float, list[float]]:
    """Deals ``first`` to ``first + hands - 1`` (those of ``duplicate_hand``) played in
    order by the same two bots, then again with their seats swapped: A's mean net points per
    hand, and A's decision times. Each hand is a single hand from 0-0, but the bots live
    through the series and are told of each hand's end (``hand_over``), as in a match: a bot
    that learns its opponent shows it here, and only here. ``hands`` 1 is ``duplicate_hand``.

    A seventh item ``same_seed`` True gives both bots one seed (common random numbers): two
    bots that differ in one option then play alike until that option changes a decision, so
    a bot against itself scores exactly 0 and a variant's margin is its option's alone (the
    paired measure for ablations; between different bots it changes nothing but the draws).
    """
    bot_a, bot_b, rules, seed, first, hands = job[:6]
    same_seed = len(job) > 6 and bool(job[6])
    bot_seed = mix64((seed << 24) + first)
    net = 0.0
    times: list[float] = []
    for a_seat in (0, 1):
        bots = {a_seat: bot_a.make(mix64(bot_seed + 5)),
                1 - a_seat: bot_b.make(mix64(bot_seed + (5 if same_seed else 7)))}
        for seat, bot in bots.items():
            tell(bot, "start_match", rules, seat)
        for deal in range(first, first + hands):
            deal_seed = mix64((seed << 24) + deal)
            game = Game(rules, seed=deal_seed, first_dealer=deal % 2)
            while game.hand_number == 0 and not game.is_over:
                player = game.to_move
                assert player is not None
                started = time.perf_counter()
                token = bots[player].act(game.view(player))
                if player == a_seat:
                    times.append(time.perf_counter() - started)
                game.apply(token)
            for seat, bot in bots.items():
                tell(bot, "hand_over", game.view(seat).last_hand)
            net += game.score[a_seat] - game.score[1 - a_seat]
    return net / (2 * hands), times


def play_pair(job: tuple[ArenaSpec, int]) -> list[MatchOutcome]:
    """The matches of duplicate set ``job[1]``, one for each of ``seatings`` (a worker's unit
    of work): two, or three in cutthroat."""
    spec, pair = job
    return [play_match(spec, pair, a_seat)
            for a_seat in range(len(seatings(spec.rules.players, spec.rules.game)))]


@dataclass
class ArenaResult:
    spec: ArenaSpec
    outcomes: list[MatchOutcome]
    interrupted: bool = False

    @property
    def matches(self) -> int:
        return len(self.outcomes)

    @property
    def stats(self) -> dict[str, Any]:
        return summarise(self.spec, self.outcomes)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion.

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratio_interval(numerators: Sequence[float], denominators: Sequence[float],
                   z: float = Z95) -> tuple[float, float, float]:
    """Mean of a ratio of sums (points per hand over pairs) with a delta-method interval
    that treats each pair as one independent unit.

    >>> [round(x, 3) for x in ratio_interval([2, 4, 0, 2], [4, 4, 4, 4])]
    [0.5, 0.1, 0.9]
    """
    n = len(numerators)
    total = sum(denominators)
    if n == 0 or total == 0:
        return (0.0, -math.inf, math.inf)
    mean = sum(numerators) / total
    if n < 2:
        return (mean, -math.inf, math.inf)
    mean_d = total / n
    residuals = [x - mean * d for x, d in zip(numerators, denominators, strict=True)]
    se = math.sqrt(sum(r * r for r in residuals) / (n * (n - 1))) / mean_d
    return (mean, mean - z * se, mean + z * se)


def summarise(spec: ArenaSpec, outcomes: list[MatchOutcome]) -> dict[str, Any]:
    """The statistics of a run (see ``ArenaResult``); JSON-ready."""
    bot_a, bot_b = spec.bots()
    by_pair: dict[int, list[MatchOutcome]] = {}
    for outcome in outcomes:
        by_pair.setdefault(outcome.pair, []).append(outcome)
    size = len(seatings(spec.rules.players, spec.rules.game))
    complete = [pair for pair in by_pair.values() if len(pair) == size]
    wins = sum(o.a_won for pair in complete for o in pair)
    n = size * len(complete)
    margins = [sum(o.a_points - o.b_points for o in pair) for pair in complete]
    hands = [sum(o.hands for o in pair) for pair in complete]
    per_hand, low, high = ratio_interval(margins, hands)
    low_w, high_w = wilson(wins, n)

    def bot_stats(key: str, spec_: BotSpec) -> dict[str, Any]:
        made = [sum(o.makes[key][i] for pair in complete for o in pair) for i in range(4)]
        decisions = sum(o.think[key][0] for pair in complete for o in pair)
        seconds = sum(o.think[key][1] for pair in complete for o in pair)
        share = (lambda x: x / made[0]) if made[0] else (lambda x: 0.0)
        return {"name": str(spec_), "made_trump": made[0], "make_rate": share(made[1]),
                "march_rate": share(made[2]), "euchred_rate": share(made[3]),
                "decisions": decisions,
                "mean_decision_ms": 1000 * seconds / decisions if decisions else 0.0}

    forfeits = [{"pair": o.pair, "a_seat": o.a_seat, **o.forfeit}
                for pair in complete for o in pair if o.forfeit]
    return {
        "a": bot_stats("a", bot_a), "b": bot_stats("b", bot_b),
        "pairs": len(complete), "matches": n, "seed": spec.seed, "rules": spec.rules.to_dict(),
        "forfeits": forfeits,
        "a_match_wins": wins, "a_win_rate": wins / n if n else 0.0,
        "a_win_rate_95": [low_w, high_w],
        "hands": sum(hands), "a_points_per_hand": per_hand,
        "a_points_per_hand_95": [_finite(low), _finite(high)],
        "running_margin": _running(margins, hands),
    }


def _finite(x: float) -> float | None:
    """JSON has no infinity: an unbounded end of an interval (too few pairs) is None."""
    return x if math.isfinite(x) else None


def _running(margins: Sequence[float], hands: Sequence[float]) -> list[list[float]]:
    """[pairs so far, margin per hand, low, high] after each pair, for the plot."""
    out = []
    for k in range(1, len(margins) + 1):
        mean, low, high = ratio_interval(margins[:k], hands[:k])
        out.append([k, mean, low if math.isfinite(low) else mean,
                    high if math.isfinite(high) else mean])
    return out


def run(spec: ArenaSpec, workers: int = 1,
        progress: Callable[[int, int], None] | None = None, backend: str = "local",
        address: str | None = None) -> ArenaResult:
    """Play every pair (in ``workers`` processes, or as Ray tasks with ``backend="ray"``),
    results in pair order whatever the backend; Ctrl-C stops early and returns the pairs
    finished, marked ``interrupted``."""
    spec.bots()  # fail on bad names before starting workers
    jobs = [(spec, pair) for pair in range(spec.pairs)]
    done = run_jobs(play_pair, jobs, workers=workers, backend=backend, address=address,
                    progress=progress)
    outcomes = [outcome for pair in done.results for outcome in pair]
    return ArenaResult(spec, outcomes, done.interrupted)


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean with a normal 95% interval (for per-deal figures in the benchmarks)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, -math.inf, math.inf)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)
