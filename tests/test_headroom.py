"""bench/studies/headroom.py: the split of a margin by bidding, and the all-seeing upper bound."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).parent.parent / "bench" / "studies" / "headroom.py"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args, "--workers", "1"],
                          capture_output=True, text=True, timeout=300)


def test_the_split_adds_up_to_the_whole_margin():
    done = _run("--split", "expert:bid_deals=12,deals=8", "heuristic", "--deals", "6",
                "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    counts = [int(re.search(r": (\d+) deals", line).group(1)) for line in lines]
    assert counts[0] == 6 and counts[1] + counts[2] == 6
    shares = [float(m.group(1)) for line in lines
              if (m := re.search(r"([+-]\d\.\d{3}) of the whole", line))]
    assert len(shares) == 3  # on these deals both groups hold two deals or more
    assert abs(shares[0] - shares[1] - shares[2]) <= 0.0015


def test_seeing_the_cards_plays_only_legal_cards_to_the_end():
    done = _run("--see", "all", "--deals", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("pimc seeing the cards (all) vs pimc: 2 deals")


def test_a_bad_bot_is_one_line_naming_it():
    done = _run("--split", "expert", "grandmaster")
    assert done.returncode == 2 and "unknown bot 'grandmaster'" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_first_parting_splits_the_whole_margin_by_kind_of_decision():
    done = _run("--first", "expert:bid_deals=12,deals=8", "heuristic", "--deals", "6",
                "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    whole = int(re.search(r": (\d+) deals", lines[0]).group(1))
    parts = [re.search(r"first parted at (.+?): (\d+) deals?", line) for line in lines[1:]]
    assert all(parts) and whole == 6 == sum(int(m.group(2)) for m in parts)
    kinds = {m.group(1) for m in parts}
    assert kinds <= {"same", "bid1, dealer", "bid1, non-dealer", "bid2, dealer",
                     "bid2, non-dealer", "discard, dealer"} | {
        f"trick {t}, {how}" for t in range(1, 6) for how in ("lead", "answer")}
    shares = [float(re.search(r"([+-]\d\.\d{3}) of the whole", line).group(1))
              for line in lines]
    assert abs(shares[0] - sum(shares[1:])) <= 0.001 * len(shares)
