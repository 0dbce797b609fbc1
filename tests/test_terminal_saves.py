"""No lost match: every match in progress is its own file, through a real pseudo-terminal."""

from __future__ import annotations

import json
import os
import sys

import pexpect
import pytest

from euchre import Game, Rules
from euchre.cli import main

PROMPT = "Your choice> "
QUESTION = "Resume or new> "


def spawn(tmp_path, *args: str, width: int = 80) -> pexpect.spawn:
    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path), COLUMNS=str(width), LINES="24")
    return pexpect.spawn(sys.executable, ["-m", "euchre.cli", "play", *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(24, width))


def saves(tmp_path) -> dict[str, Game]:
    return {p.stem: Game.from_record(json.loads(p.read_text())["record"])
            for p in (tmp_path / "saves").glob("*.json")}


def play_some_and_quit(child: pexpect.spawn, choices: int) -> None:
    for _ in range(choices):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("euchre play --resume")
    child.expect(pexpect.EOF)


def test_a_new_match_never_replaces_a_saved_one(tmp_path):
    first = spawn(tmp_path, "--seed", "11", "--target", "5", "--level", "medium")
    play_some_and_quit(first, 4)
    (name,) = saves(tmp_path)
    position = saves(tmp_path)[name]

    second = spawn(tmp_path, "--seed", "12", "--level", "easy")
    second.expect(QUESTION)
    assert "You have 1 saved match:" in second.before and f"1) resume {name}" in second.before
    second.sendline("n")
    play_some_and_quit(second, 2)
    both = saves(tmp_path)
    assert len(both) == 2 and both[name] == position  # the first is untouched

    listing = pexpect.run(f"{sys.executable} -m euchre.cli play --list", encoding="utf-8",
                          env=dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path)))
    assert all(f"{n}: hand " in listing for n in both)

    third = spawn(tmp_path, "--resume", name)
    third.expect(PROMPT)
    assert f"Resuming {name}, hand {position.hand_number + 1}" in third.before
    third.sendline("q")
    third.expect(pexpect.EOF)
    assert saves(tmp_path)[name] == position


def test_the_question_resumes_a_saved_match_by_its_number(tmp_path):
    play_some_and_quit(spawn(tmp_path, "--seed", "3", "--level", "easy"), 1)
    (name,) = saves(tmp_path)
    child = spawn(tmp_path)
    child.expect(QUESTION)
    child.sendline("7")
    child.expect(QUESTION)
    assert "Type a number from 1 to 1 to resume" in child.before
    child.sendline("1")
    child.expect(PROMPT)
    assert f"Resuming {name}" in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert list(saves(tmp_path)) == [name]


def test_quit_at_the_question_changes_nothing(tmp_path):
    play_some_and_quit(spawn(tmp_path, "--seed", "3", "--level", "easy"), 1)
    before = {p.name: p.read_text() for p in (tmp_path / "saves").iterdir()}
    child = spawn(tmp_path)
    child.expect(QUESTION)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert {p.name: p.read_text() for p in (tmp_path / "saves").iterdir()} == before


def test_new_skips_the_question_and_keeps_the_saved_match(tmp_path):
    play_some_and_quit(spawn(tmp_path, "--seed", "3", "--level", "easy"), 1)
    play_some_and_quit(spawn(tmp_path, "--new", "--seed", "4", "--level", "easy"), 1)
    assert len(saves(tmp_path)) == 2


def test_the_old_single_save_is_moved_not_lost(tmp_path, monkeypatch, capsys):
    """A match saved by an earlier version (``current.json``) is listed and resumable."""
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    game = Game(Rules(target=5), seed=9)
    game.apply(game.legal_actions()[0])
    while game.to_move != 0:  # saved, as the terminal saves, at the person's turn
        game.apply(game.legal_actions()[0])
    old = {"record": game.record(), "level": "easy", "name": "Ann", "bot_seed": 26}
    (tmp_path / "current.json").write_text(json.dumps(old))
    assert main(["play", "--list"]) == 0
    out = capsys.readouterr().out
    assert "-saved: hand 1, you 0, computer 0 (easy), to 5" in out
    assert not (tmp_path / "current.json").exists()
    (moved,) = (tmp_path / "saves").glob("*.json")
    assert json.loads(moved.read_text()) == old

    child = spawn(tmp_path, "--resume")
    child.expect(PROMPT)
    assert f"Resuming {moved.stem}, hand 1" in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert Game.from_record(json.loads(moved.read_text())["record"]) == game


def test_resume_by_a_wrong_name_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    assert main(["play", "--resume", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "no saved match called 'nosuch'" in err and err.count("\n") == 1
    assert main(["play", "--resume", "../../etc/passwd"]) == 2
    err = capsys.readouterr().err
    assert "is not the name of a saved match" in err and err.count("\n") == 1


def test_list_with_nothing_saved(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    assert main(["play", "--list"]) == 0
    assert "No saved matches" in capsys.readouterr().out


def test_resume_and_new_together_are_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["play", "--resume", "--new"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "not allowed with argument" in err and err.count("\n") == 1


def test_two_matches_begun_in_the_same_minute_get_their_own_files(tmp_path, monkeypatch):
    from euchre.terminal import saves as store

    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(store.time, "strftime", lambda fmt, *a: "2025-01-31-1412")
    first = store.create("easy", {"record": {"n": 1}})
    second = store.create("easy", {"record": {"n": 2}})
    assert (first, second) == ("2025-01-31-1412-easy", "2025-01-31-1412-easy-2")
    assert [json.loads((tmp_path / "saves" / f"{n}.json").read_text())["record"]["n"]
            for n in (first, second)] == [1, 2]
    assert {p.name for p in (tmp_path / "saves").iterdir()} == \
        {f"{first}.json", f"{second}.json"}  # no temporary left behind
