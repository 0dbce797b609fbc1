"""``euchre replay --step`` knows the reader's own seat from the record, never from a word
(issue 56): records are language-free, so a match played at the terminal in Somali (its
player named whatever he typed, or his login) or saved by an older terminal (which named him
"You", read today as a guest) still shows "Your hand" and "You deal" at his seat; a
browser's game against the computer seats the person at 0; a friends' game has no reader."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from euchre.i18n import use
from euchre.record import player_names
from euchre.terminal.stepper import Stepper

DATA = Path(__file__).parent / "data"


def drawn(record: dict, moves: int) -> str:
    """The stepped table after ``moves`` moves, in English, as ``euchre replay --step``
    names its players."""
    names = player_names(record) or ("P0", "P1")
    with use("en"):
        stepper = Stepper(record, names)
        for _ in range(moves):
            stepper.forward()
        return "\n".join(stepper.lines())


def played_in_somali(tmp_path) -> dict:
    """A whole short match at the terminal under ``--lang so``, by a player named Cali."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([sys.executable, "-m", "euchre.cli", "play", "--lang", "so",
                           "--name", "Cali", "--seed", "3", "--target", "1", "--new",
                           "--level", "easy"], input="1\n" * 60, capture_output=True,
                          text=True, timeout=120,
                          env={**env, "EUCHRE_DATA_DIR": str(tmp_path), "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr[-400:]
    (path,) = (tmp_path / "matches").glob("*.json")
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_match_played_in_somali_is_the_readers_at_his_seat(tmp_path):
    record = played_in_somali(tmp_path)
    assert record["players"]["names"][0] == "Cali" and record["players"]["human_seat"] == 0
    table = drawn(record, 0)
    assert "Your hand: " in table and "Cali's hand" not in table
    assert "computer (easy)'s hand: " in table
    dealer = record["hands"][0]["dealer"]
    assert ("-- You deal --" in table) == (dealer == 0), table
    assert ("-- computer (easy) deals --" in table) == (dealer == 1), table
    assert "You 0, computer (easy) 0" in table


def test_an_older_terminals_record_is_the_readers_at_the_seat_it_marks():
    """A record the terminal saved before names were asked for: its person named "You" (a
    guest to everyone else), his seat marked ``human_seat``."""
    saved = json.loads((DATA / "records-before-the-family.json").read_text(encoding="utf-8"))
    record = {**saved[0]["record"],
              "players": {"names": ["You", "computer (medium)"], "human_seat": 0,
                          "level": "medium"}}
    table = drawn(record, 3)
    assert "Your hand: " in table and "Guest's hand" not in table
    assert "computer (medium)'s hand: " in table


def test_a_browsers_game_against_the_computer_is_the_persons_at_seat_0():
    games = json.loads((DATA / "games-before-the-family.json").read_text(encoding="utf-8"))
    record = games["games"]["computer_finished_with_undo"]["record"]
    assert record["players"]["mode"] == "computer"
    table = drawn(record, 3)
    assert "Your hand: " in table and "Ann's hand" not in table
    assert "Computer's hand: " in table
    end = drawn(record, sum(len(hand["actions"]) for hand in record["hands"]))
    assert "Computer wins the match 6-3." in end and "-- You 3, Computer 6 --" in end


def test_a_friends_game_has_no_readers_seat():
    record = {**json.loads((DATA / "records-before-the-family.json")
                           .read_text(encoding="utf-8"))[0]["record"],
              "players": {"names": ["Ann", "Bo"], "mode": "friend"}}
    table = drawn(record, 2)
    assert "Ann's hand: " in table and "Bo's hand: " in table and "Your hand" not in table
