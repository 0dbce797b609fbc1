"""``bench/strength.py --log``: a long strength run cut short goes on where it stopped, and
gives the same figure as the run played whole (each deal's result is kept as it is played)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "strength.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), "--workers", "1", "--seed", "3", *args],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def _figure(out: str) -> str:
    """The result line's figure and interval (its seconds differ from run to run)."""
    return out.strip().splitlines()[-1].split(";")[0]


def test_a_run_cut_short_goes_on_where_it_stopped_with_the_same_figure(tmp_path: Path) -> None:
    for game in (("--game", "railroad"), ()):
        log = tmp_path / f"log{len(game)}.jsonl"
        args = (*game, "--pairs", "easy:random", "--deals", "6")
        whole = _run(*args)
        assert whole.returncode == 0, whole.stderr
        first = _run(*args, "--log", str(log), "--progress", "2")
        assert _figure(first.stdout) == _figure(whole.stdout)
        assert "2 of 6 done" in first.stderr and "6 of 6 done" in first.stderr
        lines = log.read_text().splitlines()
        assert len(lines) == 6 and {json.loads(line)["job"] for line in lines} == set(range(6))
        log.write_text("\n".join(lines[:3]) + "\n")          # cut short after three deals
        again = _run(*args, "--log", str(log), "--progress", "1")
        assert _figure(again.stdout) == _figure(whole.stdout)
        assert "4 of 6 done" in again.stderr and "3 of 6 done" not in again.stderr
        assert len(log.read_text().splitlines()) == 6


def test_another_runs_results_in_the_log_are_not_taken_for_this_ones(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    _run("--game", "railroad", "--pairs", "easy:random", "--deals", "2", "--log", str(log))
    other = _run("--game", "railroad", "--pairs", "medium:easy", "--deals", "2", "--log", str(log),
                 "--progress", "1")
    assert other.returncode == 0 and "1 of 2 done" in other.stderr
    assert len(log.read_text().splitlines()) == 4


def test_a_damaged_log_is_refused_in_one_line_and_left_as_it_is(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text('{"a": "easy", "b"\n')
    damaged = log.read_text()
    result = _run("--game", "railroad", "--pairs", "easy:random", "--deals", "2", "--log", str(log))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert result.stderr.strip() == (f"strength.py: {log} line 1 is not a result this script "
                                     "wrote; move the file away or fix the line")
    assert log.read_text() == damaged
    bad = _run("--pairs", "easy:random", "--deals", "2", "--progress", "-1")
    assert bad.returncode == 2 and "--progress must be 0 or more deals, not -1" in bad.stderr
