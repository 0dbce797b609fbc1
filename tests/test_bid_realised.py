"""bench/studies/bid_realised.py: the expert's bid values beside the points realised."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).parent.parent / "bench" / "studies" / "bid_realised.py"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=300)


def test_the_three_gaps_agree_on_every_kind_of_decision():
    done = _run("--deals", "6", "--seed", "13", "--min-n", "2")
    assert done.returncode == 0, done.stderr
    measured = [line for line in done.stdout.splitlines() if "real - pred" in line]
    assert measured, done.stdout  # six deals hold two dealer's bids at least
    for line in measured:
        gaps = dict(re.findall(r"(real - pred|real - cal|pred - cal) ([+-]\d\.\d{3})", line))
        # (real - cal) - (real - pred) is (pred - cal), up to rounding
        assert abs(float(gaps["real - cal"]) - float(gaps["real - pred"])
                   - float(gaps["pred - cal"])) <= 0.0015, line


def test_a_bad_flag_is_one_line_naming_it():
    done = _run("--deals", "0")
    assert done.returncode == 2 and "--deals must be at least 1" in done.stderr
    assert "Traceback" not in done.stderr
