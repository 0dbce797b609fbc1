"""bench/studies/decision_changes.py: how often an option changes the expert's decisions."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).parent.parent / "bench" / "studies" / "decision_changes.py"
SMALL = "expert:deals=8,bid_deals=12"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=300)


def _counts(stdout: str) -> dict[str, tuple[int, int]]:
    found = re.findall(r"^  (.+): (\d+) decisions, (\d+) changed", stdout, re.MULTILINE)
    return {kind: (int(n), int(changed)) for kind, n, changed in found}


def test_an_option_that_is_the_default_changes_nothing():
    done = _run(f"{SMALL},calibrated=true", "--base", SMALL, "--hands", "3")
    assert done.returncode == 0, done.stderr
    counts = _counts(done.stdout)
    assert counts["bid1, dealer"][0] == 3 and counts["trick 1, lead"][0] == 3
    assert all(changed == 0 for _, changed in counts.values())


def test_another_player_changes_most_and_the_kinds_add_up():
    done = _run("random", "--base", SMALL, "--hands", "3")
    assert done.returncode == 0, done.stderr
    counts = _counts(done.stdout)
    total = counts.pop("every decision")
    assert total == (sum(n for n, _ in counts.values()), sum(c for _, c in counts.values()))
    assert total[1] > total[0] / 3  # random agrees with the expert only by chance


def test_bad_input_is_one_line_naming_it():
    done = _run("expert", "--base", "grandmaster")
    assert done.returncode == 2 and "unknown bot 'grandmaster'" in done.stderr
    assert "Traceback" not in done.stderr
    done = _run("expert:deals=many")
    assert done.returncode == 2 and "deals" in done.stderr and "Traceback" not in done.stderr
    done = _run("expert", "--hands", "0")
    assert done.returncode == 2 and "--hands must be at least 1" in done.stderr
