"""The games on the rule-module core (Railroad Euchre, Hasenpfeffer, Napoleon), measured for
``engine_speed.py``: random play through the int path (``legal_action_ids``/``apply_id``),
``copy()`` over a pool of positions and ``resample(view, rng)`` over a pool of views.

Random play in Hasenpfeffer may never reach the target (random bids are set and scores fall
below zero), so a game is played for at most ``HANDS_PER_GAME`` hands before a new one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from euchre import Game, Rules

GAMES = {
    "railroad": Rules(game="railroad"),
    "hasenpfeffer": Rules(game="hasenpfeffer"),
    "napoleon3": Rules(game="napoleon", players=3),
    "napoleon5": Rules(game="napoleon", players=5),
}
"""Each measured game by the short name its figures carry."""
HANDS_PER_GAME = 20
POOL_SIZE = 300
perf = time.perf_counter


def random_play(seconds: float, seed: int, rules: Rules) -> dict:
    """Random games through the int path for about ``seconds``."""
    rand = random.Random(seed).random
    games = actions = hands = 0
    start = perf()
    deadline = start + seconds
    while True:
        g = Game(rules, seed=(seed << 32) + games)
        while not g.is_over and g.hand_number < HANDS_PER_GAME:
            legal = g.legal_action_ids()
            g.apply_id(legal[int(rand() * len(legal))])
            actions += 1
        games += 1
        hands += g.hand_number + g.is_over
        if perf() >= deadline:
            break
    elapsed = perf() - start
    return {"actions_per_s": actions / elapsed, "hands_per_s": hands / elapsed,
            "actions": actions, "hands": hands, "seconds": elapsed}


def positions(rules: Rules, rng: random.Random, count: int) -> list:
    """``count`` positions, each a random game stopped before a random one of its actions."""
    out = []
    while len(out) < count:
        g = Game(rules, seed=rng.getrandbits(64))
        history = []
        while not g.is_over and g.hand_number < 3:
            history.append(g.copy())
            legal = g.legal_action_ids()
            g.apply_id(legal[int(rng.random() * len(legal))])
        out.append(history[int(rng.random() * len(history))])
    return out


Rate = Callable[..., dict]


def steps(seed: int, copy_rate: Rate, resample_rate: Rate
          ) -> dict[str, Callable[[float, int], dict]]:
    """Every measurement of these games, named ``<kind>_<game>``: ``engine_speed``'s own
    ``copy_rate(seconds, pool)`` and ``resample_rate(seconds, seed, views)`` over their
    pools."""
    out: dict[str, Callable[[float, int], dict]] = {}
    for i, (name, rules) in enumerate(GAMES.items()):
        rng = random.Random(seed + 10 + i)
        pool = positions(rules, rng, POOL_SIZE)
        views = [g.view(int(rng.random() * g.players)) for g in positions(rules, rng, POOL_SIZE)]
        out[f"play_{name}"] = lambda s, sd, rules=rules: random_play(s, sd, rules)
        out[f"copy_{name}"] = lambda s, sd, pool=pool: copy_rate(s, pool)
        out[f"resample_{name}"] = lambda s, sd, views=views: resample_rate(s, sd, views)
    return out


FIGURES = [figure for name in GAMES for figure in (
    (f"play_{name}_actions_per_s", f"play_{name}", "actions_per_s"),
    (f"play_{name}_hands_per_s", f"play_{name}", "hands_per_s"),
    (f"copies_{name}_per_s", f"copy_{name}", "copies_per_s"),
    (f"resamples_{name}_per_s", f"resample_{name}", "resamples_per_s"))]
"""(figure, measurement, its key), as ``engine_speed.FIGURES``."""


def print_rows(f: dict[str, Any], fmt: Callable[[float], str],
               spread: Callable[[dict], str]) -> None:
    """(i) The rule-module games' rows (no targets: issue 47 asks for the figures)."""
    line = f"{'(i) games on the rule-module core':<36} {'median /s':>13} {'spread':>7}"
    print(line)
    print("-" * len(line))
    for name in GAMES:
        for label, key in (("int path: actions", f"play_{name}_actions_per_s"),
                           ("int path: hands", f"play_{name}_hands_per_s"),
                           ("copy()", f"copies_{name}_per_s"),
                           ("resample(view, rng)", f"resamples_{name}_per_s")):
            fig = f[key]
            print(f"{'    ' + name + ' ' + label:<36} {fmt(fig['median']):>13} "
                  f"{spread(fig):>7}")
    print()
