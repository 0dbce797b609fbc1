"""Reference speed of OpenSpiel's C++ euchre, driven from Python via pyspiel.

This module exists only to give our pure-Python engine a yardstick: it times
the random-play loop that OpenSpiel users actually write in Python (chance
nodes sampled, player actions chosen uniformly from ``legal_actions()``) and
the cost of ``state.clone()``, the operation search algorithms lean on.

``pyspiel`` (PyPI package ``open-spiel``) is optional and imported lazily, so
importing this module never fails; call ``available()`` first.

Note: OpenSpiel's "euchre" is the four-player partnership game, not the
two-handed variant, so its figures are a speed reference, not a like-for-like
rules comparison.

Run: ``python -m bench.openspiel_ref`` or ``python bench/openspiel_ref.py``.
"""

from __future__ import annotations

import importlib
import json
import random
import time
from typing import Any

GAME_NAME = "euchre"


def available() -> bool:
    """Return True if ``pyspiel`` can be imported."""
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        return False
    return True


def _load_game() -> Any:
    pyspiel = importlib.import_module("pyspiel")
    return pyspiel.load_game(GAME_NAME)


def random_play_rate(seconds: float = 2.0, seed: int = 0) -> dict:
    """Play uniformly random games for about ``seconds`` and report rates.

    Only player (non-chance) actions count toward ``player_actions_per_s``,
    but the timed span includes chance actions, as in OpenSpiel's own loop.
    """
    game = _load_game()
    rng = random.Random(seed)
    rand = rng.random
    games = player_actions = chance_actions = 0
    perf = time.perf_counter
    start = perf()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # Euchre's chance outcomes are uniform, so index uniformly.
                outcomes = state.chance_outcomes()
                action = outcomes[int(rand() * len(outcomes))][0]
                chance_actions += 1
            else:
                legal = state.legal_actions()
                action = legal[int(rand() * len(legal))]
                player_actions += 1
            state.apply_action(action)
        games += 1
        if perf() >= deadline:
            break
    elapsed = perf() - start
    return {
        "player_actions_per_s": player_actions / elapsed,
        "games_per_s": games / elapsed,
        "games": games,
        "player_actions": player_actions,
        "chance_actions": chance_actions,
        "player_actions_per_game": player_actions / games,
        "seconds": elapsed,
    }


def _sample_states(game: Any, rng: random.Random, count: int) -> list:
    """Collect ``count`` non-terminal states, each from its own random game.

    Each game is stopped after a random number of player actions, so the
    sample spans bidding and mid-trick play states.
    """
    states = []
    while len(states) < count:
        state = game.new_initial_state()
        history = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rng.random() * len(outcomes))][0]
            else:
                history.append(state.clone())
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
        if history:
            states.append(history[int(rng.random() * len(history))])
    return states


def clone_rate(seconds: float = 1.0, seed: int = 0, num_states: int = 300) -> dict:
    """Clone a pool of mid-game euchre states for about ``seconds``."""
    game = _load_game()
    rng = random.Random(seed)
    states = _sample_states(game, rng, num_states)
    play = importlib.import_module("pyspiel").euchre.Phase.PLAY
    play_phase = mid_trick = 0
    for state in states:
        if state.current_phase() == play:
            play_phase += 1
            # An unstarted trick reports cards == [-1] (invalid card).
            mid_trick += state.current_trick().leader() >= 0
    clones = 0
    perf = time.perf_counter
    start = perf()
    deadline = start + seconds
    while perf() < deadline:
        for state in states:
            state.clone()
        clones += len(states)
    elapsed = perf() - start
    return {
        "clones_per_s": clones / elapsed,
        "clones": clones,
        "num_states": len(states),
        "play_phase_states": play_phase,
        "mid_trick_states": mid_trick,
        "seconds": elapsed,
    }


def main() -> None:
    if not available():
        print(json.dumps({"error": "pyspiel not importable; pip install open-spiel"}))
        return
    game = _load_game()
    result = {
        "game": GAME_NAME,
        "parameters": game.get_parameters(),
        "random_play": random_play_rate(),
        "clone": clone_rate(),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
