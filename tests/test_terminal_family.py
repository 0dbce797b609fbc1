"""``euchre play --players 4|3``: the terminal table of four (you, West, your partner North,
East) and of three (cutthroat), through a real pseudo-terminal: every seat's moves told,
the tricks of every seat, lone bids, hints, undo, saving and resuming, and the finished
match kept as a record that replays to the same result."""

from __future__ import annotations

import json
import os
import re
import sys

import pexpect
import pytest

from euchre import Game

PROMPT = "Your choice> "
TRICK = re.compile(r"Trick (\d): (.*?) - (You|West|North|East) won it: ([A-Za-z ]+)\.")
REASONS = {"the Joker", "the right bower", "the left bower", "trump", "higher trump",
           "higher card", "the suit led"}
"""Why a trick was won, as the browser says it (``words.trick_reason``)."""


def spawn(tmp_path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path), COLUMNS="100", LINES="40")
    return pexpect.spawn(sys.executable, ["-m", "euchre.cli", "play", "--new", *args],
                         env=env, encoding="utf-8", timeout=120, dimensions=(40, 100))


def play_to_the_end(child: pexpect.spawn) -> str:
    """Answer every question with its first choice; everything the terminal said."""
    said = []
    while True:
        found = child.expect([PROMPT, pexpect.EOF])
        said.append(child.before)
        if found == 1:
            return re.sub(r"\x1b\[[0-9;]*m", "", "".join(said)).replace("\r", "")
        child.sendline("1")


def finished(tmp_path) -> tuple[Game, dict]:
    """The finished match as kept, and its record."""
    (path,) = (tmp_path / "matches").glob("*.json")
    record = json.loads(path.read_text())
    return Game.from_record(record), record


@pytest.mark.parametrize(("players", "seats"), [(4, ("You", "West", "North", "East")),
                                                (3, ("You", "West", "East"))])
def test_a_whole_match_at_a_table_of_four_and_of_three(tmp_path, players, seats):
    child = spawn(tmp_path, "--players", str(players), "--level", "easy", "--target", "4",
                  "--seed", "21")
    said = play_to_the_end(child)
    game, record = finished(tmp_path)
    assert game.is_over and game.players == players and game.score == tuple(record["score"])
    assert record["players"]["names"][1:] == [f"{name} (easy)" for name in seats[1:]]
    tricks = TRICK.findall(said)
    assert len(tricks) == 5 * sum(h["result"]["outcome"] != "thrown_in"
                                  for h in record["hands"])
    assert {reason for *_, reason in tricks} <= REASONS  # each trick says why it was won
    for _, played, _, _ in tricks:  # every seat in play, once each
        names = [part.split(" ")[0] for part in played.split(", ")]
        assert len(names) == len(set(names)) and set(names) <= set(seats)
        assert len(names) in ((3, 4) if players == 4 else (3,))
    for seat in seats[1:]:
        assert f"{seat} played " in said and f"{seat} passed." in said
    assert re.search(r"Cards held: (West|North|East) [1-5]", said)
    assert "Hand over: " in said and f"Score: {'you and North' if players == 4 else 'you'} "\
        in said
    ending = said.split("Match saved")[0].strip().splitlines()[-1]
    winners = ({4: ("You and North", "West and East"), 3: seats}[players])[game.winner]
    assert ending.startswith(f"{winners} win") and "the match: you" in ending


def test_hint_undo_save_and_resume_at_a_table_of_four(tmp_path):
    child = spawn(tmp_path, "--players", "4", "--partner", "medium", "--level", "easy",
                  "--seed", "3", "--defend-alone")
    child.expect(PROMPT)
    assert "Four-handed" not in child.before or "you and North (medium)" in child.before
    assert "Bidding: West passed, North passed, East passed." in child.before
    offered = re.findall(r"\d\) ([^\n]*?)(?=   \d\)|\n|$)", child.before.split("Your hand")[1])
    child.sendline("?")
    child.expect(PROMPT)
    assert "Expert's estimate" in child.before
    assert len(re.findall(r"\d\) .*? [+-]\d\.\d\d", child.before)) == len(offered) == 3
    child.sendline("1")  # pass
    child.expect(PROMPT)
    child.sendline("1")  # the first card of the first trick
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Taken back: your last choice and the computers' replies." in child.before
    child.sendline("q")
    child.expect("euchre play --resume ")
    child.expect(pexpect.EOF)
    (save,) = (tmp_path / "saves").glob("*.json")
    data = json.loads(save.read_text())
    assert data["partner"] == "medium" and data["record"]["players"]["undo_used"]
    kept = Game.from_record(data["record"])
    assert kept.to_move == 0 and kept.players == 4

    again = pexpect.spawn(sys.executable, ["-m", "euchre.cli", "play", "--resume"],
                          env=dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path)),
                          encoding="utf-8", timeout=120, dimensions=(40, 100))
    again.expect(PROMPT)
    assert "Resuming " in again.before and "you and North 0, West and East 0" in again.before
    again.sendline("q")
    again.expect(pexpect.EOF)
    assert Game.from_record(json.loads(save.read_text())["record"]) == kept


def test_a_partner_level_needs_a_table_of_four(tmp_path):
    out = pexpect.run(f"{sys.executable} -m euchre.cli play --partner easy",
                      env=dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path)), encoding="utf-8")
    assert out.strip().splitlines() == [
        "euchre play: error: --partner is for a table of four (--players 4)"]
    assert not (tmp_path / "saves").exists() or not list((tmp_path / "saves").iterdir())
