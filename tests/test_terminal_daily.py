"""``euchre daily`` in a real pseudo-terminal (issue 41, criterion 4, the terminal's part):
today's six hands against the expert, the same deals for every name, the expert's own play
of the seat as the par, one game per name a day (a game quit is saved and finished with
``--resume``), and the day's local board, best first."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pexpect
import pytest
from daily_support import END, EUCHRE, PROMPT, environment, plain, play, run, spawn

from euchre import Game, daily


def day_file(data):
    return data / "daily" / f"{daily.today()}.json"


def records(data) -> dict[str, dict]:
    """The finished records of the terminal, by the name that played them."""
    found = {}
    for path in (data / "matches").glob("*.json"):
        record = json.loads(path.read_text())
        found[record["players"]["names"][0]] = record
    return found


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return tmp_path_factory.mktemp("daily-data")


@pytest.fixture(scope="module")
def par() -> Game:
    """The expert's own play of today's deals (what the command must show as the par)."""
    return daily.expert_game(daily.day_seed(daily.today()))


@pytest.fixture(scope="module")
def ann(data) -> str:
    return play(spawn(data, "--name", "Ann"), pick_last=False)


def test_a_day_is_six_hands_against_the_expert_with_the_par_and_the_board(data, ann, par):
    assert "Hand 1 of 6" in ann and "Hand 6 of 6" in ann and "Hand 7" not in ann
    mine = records(data)["Ann"]
    game = Game.from_record(mine)
    assert game.hand_number == daily.HANDS and mine["seed"] == daily.day_seed(daily.today())
    assert mine["players"]["daily"] == daily.today()
    points, expert = daily.margin(game), daily.margin(par)
    said = " ".join(ann.split())  # as the lines were wrapped to the terminal
    assert f"Your points: {points:+d}" in said
    assert f"The expert's, from your seat on the same cards: {expert:+d}" in said
    stored = json.loads(day_file(data).read_text())
    par_record = json.loads((data / stored["par"]["file"]).read_text())
    assert [h["actions"] for h in par_record["hands"]] == \
        [h["actions"] for h in par.record()["hands"]]
    for n, mine_, theirs in daily.differences(mine, par.record())[:3]:
        assert f"Hand {n}: you {mine_:+d}, the expert {theirs:+d}" in said
        assert f"--hand {n}" in said
    board = ann[ann.index(END):]
    assert re.search(r"1\s+Ann\s+" + r"\s+".join(
        re.escape(f"{n:+d}") for n in (points, expert, points - expert)), board)
    assert os.stat(day_file(data)).st_mode & 0o777 == 0o600
    assert not list((data / "saves").glob("*.json")) if (data / "saves").exists() else True


def test_another_name_gets_the_same_deals_and_the_board_orders_by_points(data, ann):
    play(spawn(data, "--name", "Bo"), pick_last=True)
    found = records(data)
    assert found["Ann"]["seed"] == found["Bo"]["seed"]
    for a, b in zip(found["Ann"]["hands"][:daily.HANDS], found["Bo"]["hands"][:daily.HANDS],
                    strict=True):
        assert a["deck"] == b["deck"] and a["dealer"] == b["dealer"]
    out = run(data, "--board")
    assert out.returncode == 0, out.stderr
    shown = re.findall(r"(?m)^\s*\d+\s+(Ann|Bo)\s+([+-]?\d+)", out.stdout)
    assert sorted(name for name, _ in shown) == ["Ann", "Bo"]
    points = {name: daily.margin(Game.from_record(found[name])) for name in ("Ann", "Bo")}
    assert [int(p) for _, p in shown] == sorted(points.values(), reverse=True)
    assert {name: int(p) for name, p in shown} == points


def test_a_second_game_the_same_day_is_refused_before_anything_is_dealt(data, ann):
    before = day_file(data).read_bytes()
    out = run(data, "--name", "Ann")
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Ann has played today's deals already" in out.stderr
    assert day_file(data).read_bytes() == before


def test_a_game_quit_is_saved_refused_anew_and_finished_by_resume(data, ann):
    child = spawn(data, "--name", "Cy")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    said = plain(child.before)
    child.close()
    assert child.exitstatus == 0 and "euchre daily --resume" in said
    assert "Cy" not in [r["name"] for r in json.loads(day_file(data).read_text())["results"]]
    again = run(data, "--name", "Cy")
    assert again.returncode == 2 and len(again.stderr.strip().splitlines()) == 1
    assert "--resume" in again.stderr
    finished = play(spawn(data, "--resume"), pick_last=False)
    assert "Resuming" in finished
    assert "Cy" in [r["name"] for r in json.loads(day_file(data).read_text())["results"]]
    assert run(data, "--resume").returncode == 2  # nothing left to resume


@pytest.mark.parametrize("args", [["--bogus"], ["--board", "--resume"],
                                  ["--server", "not a url"], ["--name", " "],
                                  ["--server", "http://127.0.0.1:9", "--board"]])
def test_bad_flags_are_one_line(tmp_path, args):
    out = run(tmp_path, *args)
    assert out.returncode == 2 and out.stdout == "", out
    (line,) = out.stderr.strip().splitlines()
    assert line.startswith(("euchre daily: error: ", "euchre: error: unrecognized arguments"))
    assert "invalid choice" not in line and "Traceback" not in line


def test_help_has_an_example_and_euchre_lists_the_command(tmp_path):
    out = run(tmp_path, "--help")
    assert out.returncode == 0 and "examples:" in out.stdout and "euchre daily" in out.stdout
    listing = subprocess.run(EUCHRE, env=environment(tmp_path), text=True,
                             capture_output=True, timeout=30)
    assert re.search(r"(?m)^\s+daily\s+\S", listing.stdout)
