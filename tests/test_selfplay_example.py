"""The self-play example (examples/selfplay): training over the batched engine improves the
policy, the same seed gives the same weights, and the saved policy plays the arena as a bot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from euchre import Rules
from euchre.study.arena import ArenaSpec, run

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "selfplay"
sys.path.insert(0, str(EXAMPLE))
import policy  # noqa: E402
import train  # noqa: E402

TINY = {"games": 128, "steps": 16, "hidden": 32, "lr": 3e-3}


@pytest.fixture(scope="module")
def trained() -> dict:
    return train.train(seed=3, iterations=12, **TINY)


def test_training_beats_its_untrained_self_on_fixed_deals(trained):
    decks = train.evaluation_decks(60, 2, seed=7)
    untrained = policy.init(522, 72, TINY["hidden"], seed=3)
    before = train.points_against_random(untrained, decks)
    after = train.points_against_random(trained, decks)
    assert after > before + 0.2, (before, after)


def test_the_same_seed_gives_the_same_weights(trained):
    again = train.train(seed=3, iterations=12, **TINY)
    assert all(np.array_equal(trained[k], again[k]) for k in policy.NAMES)


def test_the_saved_policy_plays_legally_in_the_arena(trained, tmp_path):
    path = tmp_path / "policy.npz"
    policy.save(trained, path, seed=3)
    assert all(np.array_equal(policy.load(path)[k], trained[k]) for k in policy.NAMES)
    bot = f"exec:{sys.executable} {EXAMPLE / 'bot.py'} {path}"
    result = run(ArenaSpec(bot, "random", pairs=2, seed=5, rules=Rules(target=5)))
    assert result.matches == 4
    assert not result.stats["forfeits"]
    assert result.stats["hands"] > 4


def test_a_file_without_weights_is_refused_in_one_line(tmp_path):
    path = tmp_path / "empty.npz"
    np.savez(path, other=np.zeros(1))
    done = subprocess.run([sys.executable, str(EXAMPLE / "bot.py"), str(path)],
                          input="", capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert done.stderr.strip().count("\n") == 0
    assert "holds no policy weights" in done.stderr
