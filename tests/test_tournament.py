"""`euchre tournament`: every pairing is the arena's own result; ratings order the bots."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from euchre import Rules
from euchre.cli import main
from euchre.study.arena import ArenaSpec, run
from euchre.study.tournament import bradley_terry, run_tournament


def test_each_pairing_is_exactly_the_arena_run_with_the_same_seed():
    result = run_tournament(["heuristic", "random", "easy"], pairs=3, seed=4,
                            rules=Rules(target=3))
    assert [(p["a"]["name"], p["b"]["name"]) for p in result.pairings] == [
        ("heuristic", "random"), ("heuristic", "easy"), ("random", "easy")]
    alone = run(ArenaSpec("random", "easy", pairs=3, seed=4, rules=Rules(target=3))).stats
    third = result.pairings[2]
    for key in ("a_match_wins", "hands", "a_points_per_hand", "a_points_per_hand_95"):
        assert third[key] == alone[key]
    for row in result.ratings:
        low, high = row["rating_95"]
        assert low <= row["rating"] <= high and row["matches"] == 12
    assert sum(row["wins"] for row in result.ratings) == 3 * 6  # every match won once


def test_bradley_terry_orders_by_strength_and_is_even_for_even_results():
    assert bradley_terry(3, {(0, 1): 5, (1, 0): 5, (1, 2): 5, (2, 1): 5, (0, 2): 5,
                             (2, 0): 5}) == pytest.approx([0, 0, 0], abs=1e-6)
    strong, middle, weak = bradley_terry(3, {(0, 1): 8, (1, 0): 2, (1, 2): 8, (2, 1): 2,
                                             (0, 2): 9, (2, 0): 1})
    assert strong > middle > weak and strong + middle + weak == pytest.approx(0, abs=1e-6)
    # a clean sweep still has a finite rating (half a win of prior each way)
    assert all(abs(r) < 1000 for r in bradley_terry(2, {(0, 1): 10}))


def test_the_command_prints_json_and_draws_the_plot(capsys, tmp_path):
    plot = tmp_path / "round.png"
    assert main(["tournament", "heuristic", "random", "easy", "--games", "4", "--target", "3",
                 "--seed", "2", "--json", "--plot", str(plot)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["heuristic", "random", "easy"] and len(data["pairings"]) == 3
    assert [r["rating"] for r in data["ratings"]] == sorted(
        (r["rating"] for r in data["ratings"]), reverse=True)
    assert data["backend"] == "local" and data["interrupted"] is False
    assert plot.read_bytes().startswith(b"\x89PNG")
    assert main(["tournament", "heuristic", "random", "--games", "2", "--target", "2"]) == 0
    text = capsys.readouterr().out
    assert "heuristic vs random" in text and "Bradley-Terry" in text
    assert "nan" not in text and "none from 1 pair" in text  # one pair: no interval


@pytest.mark.parametrize("games", ["1", "3", "41"])
def test_a_game_count_that_cannot_be_played_as_asked_is_refused(games, capsys):
    """As the arena does: matches come in duplicate pairs, so an odd count is one line on
    stderr and exit status 2, before anything is played."""
    done = subprocess.run([sys.executable, "-m", "euchre.cli", "tournament", "heuristic",
                           "random", "--games", games], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 2 and not done.stdout
    assert done.stderr == (f"euchre tournament: error: --games {games}: matches come in "
                           "duplicate pairs, so the number must be even\n")


@pytest.mark.parametrize(("args", "words"), [
    (["heuristic"], "at least two bots"),
    (["heuristic", "heuristic"], "each bot may enter once"),
    (["heuristic", "grandmaster"], "unknown bot 'grandmaster'"),
    (["heuristic", "random", "--plot", "x.svg"], "name a .png file"),
    (["heuristic", "random", "--address", "auto"], "use it with --backend ray"),
    (["heuristic", "random", "--backend", "spark"], "invalid choice: 'spark'"),
])
def test_bad_arguments_are_one_line_and_status_2(capsys, args, words):
    try:
        status = main(["tournament", *args, "--games", "2"])
    except SystemExit as exit_:  # argparse refuses it
        status = exit_.code
    err = capsys.readouterr().err
    assert status == 2 and words in err and "Traceback" not in err
