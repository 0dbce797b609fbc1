"""``euchre play --game railroad|hasenpfeffer|napoleon`` (issue 51, criterion 3), through a real
pseudo-terminal: whole matches of each game, bad input refused in one line with nothing
changed, the expert's hint, undo, the game's rules at the prompt, quitting and resuming in
the same position, and the flags a game does not take refused in one line."""

from __future__ import annotations

import json
import os
import re
import sys

import pexpect
import pytest

from euchre import Game
from euchre.cli import main

PROMPT = "Your choice> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(tmp_path, *args: str, **env_vars: str) -> pexpect.spawn:
    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path), COLUMNS="80", LINES="24",
               **env_vars)
    return pexpect.spawn(sys.executable, ["-m", "euchre.cli", "play", "--new", *args],
                         env=env, encoding="utf-8", timeout=60, dimensions=(24, 80))


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def saved_record(tmp_path) -> dict:
    (path,) = (tmp_path / "saves").glob("*.json")
    return json.loads(path.read_text())["record"]


@pytest.mark.parametrize("args", [("--game", "railroad", "--target", "3"),
                                  ("--game", "hasenpfeffer", "--target", "3"),
                                  ("--game", "napoleon", "--players", "3", "--target", "4"),
                                  ("--game", "napoleon", "--players", "5", "--target", "4")],
                         ids=["railroad", "hasenpfeffer", "napoleon3", "napoleon5"])
def test_a_whole_match_of_each_game(tmp_path, args):
    child = spawn(tmp_path, *args, "--level", "easy", "--seed", "7")
    said = []
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        said.append(plain(child.before))
        child.sendline("1")
    said.append(plain(child.before))
    text = "".join(said)
    (path,) = (tmp_path / "matches").glob("*.json")
    record = json.loads(path.read_text())
    game = Game.from_record(record)
    assert game.is_over and game.rules.game == args[1]
    assert list(game.score) == record["score"]
    assert "won the match" not in text and " the match: " in text
    assert re.search(r"Trick 1: .*? - (You|West|North|East|North-west|North-east)\s+won\s+it\.",
                     text, re.S)
    assert "Hand over:" in text
    assert not list((tmp_path / "saves").glob("*.json"))  # the finished match left the saves


def test_bad_input_is_refused_in_one_line_and_changes_nothing(tmp_path):
    child = spawn(tmp_path, "--game", "napoleon", "--players", "5", "--seed", "3")
    child.expect(PROMPT)
    before = saved_record(tmp_path)
    for typed, expected in (("xx", "'xx' is not a choice"),
                            ("99", "choose a number from 1 to"),
                            ("2C", "you do not hold 2♣"),   # no twos in the 32-card deck
                            ("call x", "is not a choice")):
        child.sendline(typed)
        child.expect(PROMPT)
        answer = plain(child.before).strip().splitlines()
        assert len(answer) == 2 and expected in answer[1], answer  # the echo, one line
    assert saved_record(tmp_path) == before
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_a_bid_too_low_is_refused_with_the_choices(tmp_path):
    child = spawn(tmp_path, "--game", "hasenpfeffer", "--seed", "3")
    child.expect(PROMPT)
    offered = plain(child.before)
    if "bid 1" in offered.split("Your hand:")[-1]:
        pytest.skip("nobody has bid before the person in this deal")
    child.sendline("bid 1")
    child.expect(PROMPT)
    assert "bid 1 trick is not a choice now: choose one of pass" in plain(child.before)
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_hint_rules_and_undo_at_the_prompt(tmp_path):
    paged = tmp_path / "paged.txt"
    child = spawn(tmp_path, "--game", "hasenpfeffer", "--seed", "3", "--level", "easy",
                  PAGER=f"cat > {paged}")
    child.expect(PROMPT)
    options = re.findall(r"(\d+)\) ", plain(child.before).split("Your hand:")[-1])
    child.sendline("?")
    child.expect(PROMPT)
    hint = plain(child.before)
    assert "Expert's estimate, in points this hand:" in hint
    values = re.findall(r"(\d+)\) [^\n]*? ([+-]\d+\.\d\d)", hint)
    assert sorted(n for n, _ in values) == sorted(options)
    assert [float(v) for _, v in values] == sorted((float(v) for _, v in values), reverse=True)
    child.sendline("rules")
    child.expect(PROMPT)
    rules = plain(paged.read_text())  # the system's pager shows the game's section
    assert "Hasenpfeffer" in rules and "widow" in rules and "Railroad" not in rules
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Nothing to take back yet." in plain(child.before)
    child.sendline("1")
    child.expect(PROMPT)
    made = len(saved_record(tmp_path)["hands"][-1]["actions"])
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Taken back: your last choice and the computers' replies." in plain(child.before)
    record = saved_record(tmp_path)
    assert len(record["hands"][-1]["actions"]) < made and record["players"]["undo_used"]
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_quit_and_resume_land_in_the_same_position(tmp_path):
    child = spawn(tmp_path, "--game", "railroad", "--seed", "11", "--level", "medium")
    for _ in range(4):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    before = plain(child.before)
    hand = before[before.rindex("Your hand:"):].splitlines()[0]
    child.sendline("q")
    child.expect("euchre play --resume")
    child.expect(pexpect.EOF)
    position = saved_record(tmp_path)
    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path), COLUMNS="80", LINES="24")
    again = pexpect.spawn(sys.executable, ["-m", "euchre.cli", "play", "--resume"], env=env,
                          encoding="utf-8", timeout=60, dimensions=(24, 80))
    again.expect(PROMPT)
    shown = plain(again.before)
    assert "Resuming" in shown and "Railroad" in shown
    assert shown[shown.rindex("Your hand:"):].splitlines()[0] == hand
    again.sendline("q")
    again.expect(pexpect.EOF)
    assert saved_record(tmp_path)["hands"] == position["hands"]


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "--game", "hasenpfeffer", "--stick-the-dealer"],
     "Rules.stick_the_dealer is not an option of hasenpfeffer"),
    (["play", "--game", "napoleon", "--deck", "25"], "Rules.deck of napoleon"),
    (["play", "--game", "railroad", "--partner", "hard"], "--partner is for Euchre"),
    (["play", "--game", "napoleon", "--coach"], "--coach is for Euchre"),
])
def test_flags_a_game_does_not_take_are_one_line(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    assert main([*argv, "--new"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_list_of_saved_matches_tells_each_games_score(tmp_path, monkeypatch, capsys):
    child = spawn(tmp_path, "--game", "napoleon", "--players", "5", "--seed", "2")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    assert main(["play", "--list"]) == 0
    listed = capsys.readouterr().out
    assert "napoleon-medium: hand 1, Napoleon: You 0, West 0, North-west 0, North-east 0, " \
           "East 0 (medium), to 30" in listed
