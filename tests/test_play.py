"""`euchre play` and `euchre stats`, driven through a real pseudo-terminal (pexpect)."""

from __future__ import annotations

import io
import json
import os
import re
import sys

import pexpect
import pytest
from rich.console import Console

from euchre import Game, Rules
from euchre.cards import card_token, deck_cards
from euchre.cli import main
from euchre.terminal.table import Table

PROMPT = "Your choice> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(tmp_path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path), COLUMNS="80", LINES="24")
    return pexpect.spawn(sys.executable, ["-m", "euchre.cli", "play", *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(24, 80))


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def play_to_the_end(child: pexpect.spawn, answer: str = "1") -> str:
    seen = []
    while True:
        found = child.expect([PROMPT, "Replay it with:\\s+euchre replay (\\S+)", pexpect.EOF])
        seen.append(plain(child.before))
        if found == 0:
            child.sendline(answer)
        elif found == 1:
            seen.append(child.match.group(1))
            child.expect(pexpect.EOF)
            return "".join(seen)
        else:
            raise AssertionError("the game ended without a result: " + "".join(seen)[-2000:])


def test_a_whole_match_against_the_computer(tmp_path):
    child = spawn(tmp_path, "--seed", "5", "--target", "3", "--level", "easy")
    screen = play_to_the_end(child)
    assert "wins the match" in screen or "You win the match" in screen
    assert "-- Hand 1 --" in screen and "to 3" in screen
    assert "Your hand:" in screen and "Upcard" in screen
    saved = list((tmp_path / "matches").glob("*.json"))
    assert len(saved) == 1
    record = json.loads(saved[0].read_text())
    game = Game.from_record(record)
    assert game.is_over and max(game.score) >= 3
    assert not list((tmp_path / "saves").glob("*.json"))  # the finished match left saves/
    assert record["players"]["level"] == "easy"

    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path))
    replay = pexpect.run(f"{sys.executable} -m euchre.cli replay {saved[0]}", env=env,
                         encoding="utf-8")
    assert "wins the match" in replay and "Hand 1," in replay
    stats = pexpect.run(f"{sys.executable} -m euchre.cli stats", env=env, encoding="utf-8")
    won = int(game.winner == 0)
    assert f"Matches: 1 played, {won} won" in stats
    hands = sum(1 for h in record["hands"] if h["result"] and not h["result"]["thrown_in"])
    assert f"Hands: {hands} played" in stats
    made = sum(1 for h in record["hands"] if h["result"] and h["result"]["maker"] == 0)
    assert f"As maker: {made} hands" in stats


def test_the_screen_is_in_colour_on_a_terminal_and_fits_80_columns(tmp_path):
    child = spawn(tmp_path, "--seed", "8", "--target", "2", "--level", "medium")
    child.expect(PROMPT)
    raw = child.before
    assert "\x1b[" in raw  # colours on a terminal
    assert all(len(line) <= 80 for line in plain(raw).split("\n"))
    assert any(symbol in raw for symbol in "♣♦♥♠")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_an_illegal_choice_is_refused_with_its_reason(tmp_path):
    child = spawn(tmp_path, "--seed", "5", "--target", "3")
    child.expect(PROMPT)
    child.sendline("call x")
    child.expect(PROMPT)
    assert "not a choice" in plain(child.before) or "bad action" in plain(child.before)
    child.sendline("99")
    child.expect(PROMPT)
    assert "choose a number from 1 to" in plain(child.before)
    child.sendline("JK")  # no Joker in the 24-card deck
    child.expect(PROMPT)
    assert "first round you may pass or order" in plain(child.before) or \
        "you do not hold" in plain(child.before) or "name" in plain(child.before)
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_a_hint_shows_the_experts_values(tmp_path):
    child = spawn(tmp_path, "--seed", "5", "--target", "3")
    child.expect(PROMPT)
    options = re.findall(r"(\d+)\) ", plain(child.before).split("Your hand:")[-1])
    child.sendline("?")
    child.expect(PROMPT)
    hint = plain(child.before)
    assert "Expert's estimate, in points this hand (the review's values):" in hint
    values = re.findall(r"(\d+)\) [^\n]*? ([+-]\d+\.\d\d)", hint)
    assert sorted(n for n, _ in values) == sorted(options) and len(options) >= 2
    assert [float(v) for _, v in values] == sorted((float(v) for _, v in values),
                                                   reverse=True)  # best first
    child.sendline("q")
    child.expect(pexpect.EOF)


def saved_record(tmp_path) -> dict:
    """The record of the one match saved in progress."""
    (path,) = (tmp_path / "saves").glob("*.json")
    return json.loads(path.read_text())["record"]


def test_quit_and_resume_land_in_the_same_position(tmp_path):
    child = spawn(tmp_path, "--seed", "11", "--target", "5", "--level", "medium")
    for _ in range(6):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    before = plain(child.before)
    table = before[before.rindex("-- Hand"):]
    child.sendline("q")
    child.expect("euchre play --resume")
    child.expect(pexpect.EOF)
    position = Game.from_record(saved_record(tmp_path))

    again = spawn(tmp_path, "--resume")
    again.expect(PROMPT)
    after = plain(again.before)
    assert "Resuming " in after and ", hand " in after
    assert after[after.rindex("-- Hand"):] == table
    again.sendline("q")
    again.expect(pexpect.EOF)
    assert Game.from_record(saved_record(tmp_path)) == position


def test_stats_with_no_matches(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    assert main(["stats"]) == 0
    assert "No finished matches yet" in capsys.readouterr().out


def test_stats_skip_an_unreadable_match_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    (tmp_path / "matches").mkdir()
    (tmp_path / "matches" / "broken.json").write_text("{")
    game = Game(Rules(target=1), seed=2)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])  # the last choice bids: the match ends
    (tmp_path / "matches" / "good.json").write_text(json.dumps(game.record()))
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Matches: 1 played" in out and "(1 unreadable match skipped: broken.json)" in out


def test_resume_without_a_saved_match_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert "no saved match to resume" in err and err.count("\n") == 1


def test_a_corrupt_saved_match_is_reported_and_kept(tmp_path, monkeypatch, capsys):
    """The old single save file, unreadable: moved unchanged beside the other saves, named in
    one line when asked for, and never deleted."""
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    (tmp_path / "current.json").write_text("{not json")
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert "cannot be read" in err and err.count("\n") == 1
    (kept,) = (tmp_path / "saves").glob("*.json")
    assert kept.read_text() == "{not json" and kept.name in err
    assert main(["play", "--list"]) == 0
    assert f"(cannot be read, kept: {kept})" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["play", "--level", "godlike"], ["play", "--deck", "30"],
                                  ["play", "--seed", "x"], ["play", "--target", "0"]])
def test_bad_play_flags_are_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


# --- the reasons given, on exact positions ---------------------------------------------------

def stacked(non_dealer: str, dealer: str, upcard: str) -> list[str]:
    head = non_dealer.split() + dealer.split() + [upcard]
    return head + [card_token(c) for c in deck_cards(24) if card_token(c) not in head]


def table_for(game: Game) -> tuple[Table, io.StringIO]:
    out = io.StringIO()
    return Table(game, "medium", "You", 1, Console(file=out, width=80)), out


def test_must_follow_names_the_suit_and_the_cards():
    """RULES: "Each player must follow the suit led if he can" - and the game says why."""
    game = Game(Rules(), first_dealer=0,
                decks=[stacked("AH KC QC JC TC", "QH 9H AS KS QS", "9D")])
    for token in ("order", "discard QS", "AH"):  # diamonds trump; the computer leads AH
        game.apply(token)
    table, _ = table_for(game)
    view = game.view(0)
    assert table.understand("AS", view) == ("", "you must follow hearts: you hold Q♥ 9♥")
    assert table.understand("JD", view)[1] == "you do not hold J♦"
    assert table.understand("9h", view) == ("9H", None)
    assert table.understand("10H", view)[1] == "you do not hold 10♥"


def test_reasons_for_refused_bids():
    game = Game(Rules(), first_dealer=1, decks=[stacked("AS KS QS JS TS", "QH 9H AC KC QC",
                                                        "9D")])
    table, _ = table_for(game)
    view = game.view(0)
    assert table.understand("call h", view)[1] == \
        "in the first round you may pass or order the upcard up"
    game.apply("pass")
    game.apply("pass")
    view = game.view(0)
    assert "diamonds was turned down" in table.understand("call d", view)[1]
    assert table.understand("s", view) == ("call S", None)  # a bare suit names it
    assert table.understand("2", view)[1] is None


def test_plain_text_when_the_output_is_not_a_terminal(tmp_path):
    import subprocess

    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "euchre.cli", "play", "--seed", "3",
                           "--target", "2", "--level", "medium"], input="1\n" * 300 + "q\n",
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout  # no colour codes in a pipe
    assert "Your hand:" in done.stdout and "win" in done.stdout
