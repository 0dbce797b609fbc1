"""The terminal's lines in every language (issue 56): each heading one message, and every
line within 80 columns.

- A table's heading (the hand, the score, the goal, who deals) was glued from separately
  translated pieces ("-- " + "Hand 1" + " -- " + ... + "You deal"): a translator could not
  order them. In the pseudo-language, where each message is wrapped in ``⟦ ⟧``, each
  heading is now one message from its first character to its last.
- A line saying how to go on ("Saved as NAME. euchre play --resume NAME continues this
  match.", where the match was saved) was printed as one line, past 80 columns in Somali,
  Cebuano and Arabic. Every line of a whole match at an 80-column terminal now fits (its
  width as the terminal shows it: an Arabic letter one column, a joining mark none), each
  command on one line whole."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

import pexpect
import pytest

from euchre import Game, Rules

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PSEUDO = {"LANGUAGE": "qps", "EUCHRE_PSEUDO_LANGUAGE": "1"}


def run(*args: str, typed: str = "q\n", **env: str) -> str:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([sys.executable, "-m", "euchre.cli", *args], input=typed,
                          capture_output=True, text=True, timeout=120,
                          env={**clean, "COLUMNS": "100", **env})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-400:]
    return done.stdout


def one_message(line: str) -> bool:
    """Whether ``line`` is a single message of the pseudo-language: its first ``⟦`` closes
    at its last character (messages put inside it, names and words, may nest)."""
    line = line.strip()
    if not line.startswith("⟦"):
        return False
    depth = 0
    for i, char in enumerate(line):
        depth += {"⟦": 1, "⟧": -1}.get(char, 0)
        if depth == 0:
            return i == len(line) - 1
    return False


def headings(text: str) -> list[str]:
    """The table's heading lines ("-- Hand 1 -- ..."), in the pseudo-language."""
    return [line for line in text.splitlines() if "-- " in line and "⟦" in line]


def hands(text: str) -> list[str]:
    """The lines showing a hand ("Your hand: ...", "Ann's hand: ..."), in the
    pseudo-language ("háñd" is "hand" there)."""
    return [line for line in text.splitlines() if "háñd: " in line]


@pytest.mark.parametrize("args", [("--players", "2"), ("--players", "3"), ("--players", "4"),
                                  ("--game", "napoleon", "--players", "3")],
                         ids=["euchre-2", "euchre-3", "euchre-4", "napoleon-3"])
def test_a_tables_heading_and_hand_are_each_one_message(tmp_path, args):
    shown = run("play", "--new", "--level", "easy", "--seed", "3", *args,
                EUCHRE_DATA_DIR=str(tmp_path), **PSEUDO)
    for found in (headings(shown), hands(shown)):
        assert found and all(one_message(line) for line in found), found


def test_a_replay_stepped_throughs_headings_and_hands_are_each_one_message(tmp_path):
    game = Game(Rules(target=2), seed=3)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    path = tmp_path / "match.json"
    path.write_text(json.dumps({**game.record(),
                                "players": {"names": ["Ann", "Bo"], "human_seat": 0}}))
    shown = run("replay", str(path), "--step", typed="\n" * 30 + "q\n",
                EUCHRE_DATA_DIR=str(tmp_path), **PSEUDO)
    for found in (headings(shown), hands(shown)):
        assert len(found) > 20 and all(one_message(line) for line in found), found


def columns(line: str) -> int:
    """The columns a terminal gives ``line``: a wide (East Asian) letter two, a joining mark
    or a format character (Arabic's isolates) none, any other letter one."""
    return sum(0 if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def at_80_columns(language: str, data: str, quit_at: int = 0, *args: str) -> list[str]:
    """Every line a match shows at an 80-column terminal, the person choosing the first
    choice each time (and quitting at his ``quit_at``-th choice)."""
    child = pexpect.spawn(sys.executable, ["-m", "euchre.cli", "play", "--lang", language,
                                           "--seed", "3", "--new", "--level", "easy", *args],
                          env=dict(os.environ, EUCHRE_DATA_DIR=data, COLUMNS="80",
                                   LINES="24"),
                          encoding="utf-8", timeout=60, dimensions=(24, 80))
    said, choices = [], 0
    while child.expect([r"> $", pexpect.EOF]) == 0:
        said.append(child.before + child.after)
        choices += 1
        child.sendline("q" if choices == quit_at else "1")
    said.append(child.before)
    child.close()
    return ANSI.sub("", "".join(said)).replace("\r", "").split("\n")


@pytest.mark.parametrize("language", ["so", "ceb", "ar"])
def test_every_line_of_a_match_fits_80_columns(language):
    with tempfile.TemporaryDirectory(prefix="e") as data:  # (a short path: it fits too)
        whole = at_80_columns(language, data, 0, "--target", "3")
        quit_ = at_80_columns(language, data, 4, "--target", "3")
        napoleon = at_80_columns(language, data, 0, "--game", "napoleon", "--players", "3",
                                 "--target", "3")
    for lines in (whole, quit_, napoleon):
        assert [line for line in lines if columns(line) > 80] == []
    assert len(whole) > 100 and len(napoleon) > 20
    assert any(re.search(r"euchre replay \S+\.json", line) for line in whole)
    assert any(re.search(r"/matches/\S+\.json", line) for line in napoleon)  # (saved)
    assert any(re.search(r"euchre play --resume \S+-easy\b", line) for line in quit_), quit_
