"""bench/studies/bid_counterfactual.py: every bid option valued in the true deal."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).parent.parent / "bench" / "studies" / "bid_counterfactual.py"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=300)


def test_every_option_of_every_decision_has_a_worth_and_the_report_reads_it_back(tmp_path):
    out = tmp_path / "cf.jsonl"
    done = _run("--deals", "4", "--seed", "21", "--workers", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    decisions = [json.loads(line) for line in out.read_text().splitlines()]
    assert {d["kind"] for d in decisions} >= {"bid1, non-dealer", "bid1, dealer",
                                              "discard, dealer"}
    for d in decisions:
        assert set(d["worth"]) == set(d["estimate"]) and len(d["worth"]) >= 2
        assert ("pass" in d["worth"]) == d["kind"].startswith("bid")
        # a worth is a hand's expected net points: a march or a euchre is 2 at most
        assert all(-2.0 <= w <= 2.0 for w in d["worth"].values())
    again = _run("--read", str(out))
    assert again.returncode == 0, again.stderr
    assert again.stdout == done.stdout  # the report is the data's, however it was obtained


def test_a_bot_other_than_the_expert_is_one_line_naming_it():
    done = _run("--bot", "heuristic", "--deals", "1")
    assert done.returncode == 2 and "--bot must be expert or pimc" in done.stderr
    done = _run("--bot", "expert:deals=lots", "--deals", "1")
    assert done.returncode == 2 and "deals" in done.stderr and "Traceback" not in done.stderr


def test_a_missing_file_is_one_line_naming_it(tmp_path):
    done = _run("--read", str(tmp_path / "none.jsonl"))
    assert done.returncode == 2 and "cannot read" in done.stderr and "none.jsonl" in done.stderr
    assert "Traceback" not in done.stderr
