"""The `euchre` command: replay prints a record; every user error is one line and exit 2."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys

import pytest

from euchre import Game, Rules
from euchre.cli import main


def _played_match(tmp_path, seed=11, deck=25):
    game = Game(Rules(deck=deck, target=5), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(game.record()))
    return game, path


def test_replay_prints_every_hand_and_the_winner_first(tmp_path, capsys):
    game, path = _played_match(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    hands = game.record()["hands"]
    assert out.count("\nHand ") == len(hands)
    winner = game.winner
    assert out.rstrip().endswith(f"P{winner} wins the match {game.score[winner]}-"
                                 f"{game.score[1 - winner]}.")
    assert out == game.transcript() + "\n"


@pytest.mark.parametrize("deck", [24, 32, 25])
def test_replay_writes_the_record_anew_as_json_and_it_replays_the_same(tmp_path, capsys, deck):
    game = Game(Rules(deck=deck, target=3), seed=deck)
    rng = random.Random(deck)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps({**game.record(), "players": {"names": ["Ann", "Bo"]}},
                               indent=2))
    assert main(["replay", str(path), "--format", "json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert written == {**game.record(), "players": {"names": ["Ann", "Bo"]}}
    again = tmp_path / "again.json"
    again.write_text(json.dumps(written))
    assert Game.from_record(written) == game
    assert main(["replay", str(again)]) == 0
    from_written = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == from_written  # the same transcript, names included
    assert main(["replay", str(path), "--format", "json", "--step"]) == 2


def scores_after_each_hand(record: dict) -> list[tuple[int, int]]:
    """The engine's own score after every hand of a record, replayed action by action."""
    replay = Game(Rules.from_dict(record["rules"]), seed=record["seed"],
                  first_dealer=record["first_dealer"])
    scores = []
    for hand in record["hands"]:
        for _, token in hand["actions"]:
            replay.apply(token)
        scores.append(replay.score)
    return scores


@pytest.mark.parametrize(("seed", "deck"), [(11, 25), (4, 24), (9, 32)])
def test_replay_of_one_hand_shows_the_running_score_and_no_result(tmp_path, capsys, seed, deck):
    game, path = _played_match(tmp_path, seed=seed, deck=deck)
    scores = scores_after_each_hand(game.record())
    for number, (mine, theirs) in enumerate(scores, 1):
        assert main(["replay", str(path), "--hand", str(number)]) == 0
        out = capsys.readouterr().out
        assert f"Hand {number}," in out and f"Hand {number + 1}," not in out
        assert f"Score after hand {number}: P0 {mine}, P1 {theirs}." in out
        assert "wins the match" not in out


def test_replay_uses_the_names_in_the_record(tmp_path, capsys):
    game, path = _played_match(tmp_path)
    record = game.record()
    record["players"] = {"names": ["Ann", "computer (expert)"]}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "P0" not in out and "P1" not in out
    assert ("Ann:" in out and "computer (expert) deals" in out) or "Ann deals" in out
    who = ["Ann", "computer (expert)"][game.winner]
    assert f"{who} wins the match {game.score[game.winner]}-" in out
    assert main(["replay", str(path), "--hand", "99"]) == 2
    assert "--hand 99: the match has hands 1 to" in capsys.readouterr().err


@pytest.mark.parametrize("players", [3, 4])
def test_replay_of_a_family_match_names_every_seat(tmp_path, capsys, players):
    """Issue 38: `euchre replay` works for the three- and four-handed games: every seat's
    cards, tricks of three or four cards, scores by side, the names the record carries."""
    game = Game(Rules(players=players, deck=25, target=4), seed=players)
    rng = random.Random(players)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    record = game.record()
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    record["players"] = {"names": names}
    path = tmp_path / "family.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == game.transcript(names=names) + "\n"
    assert out.startswith(("Four-handed Euchre", "Three-handed (cutthroat) Euchre"))
    assert all(f"  {name}: " in out for name in names)
    trick = re.search(r"Trick 1: (.*); (\w+) wins\.", out)
    assert trick and trick.group(1).count(",") >= players - 2
    winner = ("Ann and Cy", "Bob and Di")[game.winner] if players == 4 else names[game.winner]
    assert f"{winner} win" in out.splitlines()[-1]


def test_transcript_reads_like_the_hand(tmp_path):
    deck = "AC KC QC JC TC 9H TH QH KH AH 9C JD QD KD AD 9D JH JS QS KS AS 9S TS TD".split()
    game = Game(Rules(target=1), first_dealer=1, decks=[deck])
    for token in ["order", "discard 9H", "JC", "9C", "AC", "TH", "KC", "QH", "QC", "KH",
                  "TC", "AH"]:
        game.apply(token)
    text = game.transcript()
    assert "Hand 1, P1 deals. Upcard 9♣." in text
    assert "P0: J♣ A♣ K♣ Q♣ 10♣" in text  # sorted by suit, high cards first
    assert "Bidding: P0 ordered up 9♣, P1 picked up 9♣, discarded 9♥." in text
    assert "Trick 1: P0 J♣, P1 9♣; P0 wins." in text
    assert "P0 made clubs trump: a march; P0 scores 2. Score P0 2, P1 0." in text
    assert text.endswith("P0 wins the match 2-0.")


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["replay"], "the following arguments are required: FILE"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["replay", "x.json", "--hand", "two"], "invalid int value: 'two'"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(argv, fragment, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


def test_euchre_alone_lists_every_command_with_one_line_each(capsys, monkeypatch):
    from euchre.cli import COMMANDS

    monkeypatch.setenv("COLUMNS", "80")
    assert main([]) == 0
    out = capsys.readouterr().out
    listed = re.findall(r"^    (\S+) +(\S.*)$", out, re.M)
    names = [command.__name__.rsplit(".", 1)[-1] for command in COMMANDS]
    assert [name for name, _ in listed] == names  # each with its words on its own line
    commands_part = out.split("  COMMAND\n", 1)[1].split("\n\n")[0]
    assert len(commands_part.splitlines()) == len(names)  # and nothing wraps


def test_subprocess_euchre_alone_lists_the_commands():
    done = subprocess.run([sys.executable, "-m", "euchre.cli"], capture_output=True,
                          text=True, check=False, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0 and not done.stderr
    assert re.search(r"^    tournament +a round robin", done.stdout, re.M)


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{", "is not valid JSON"),
        ("[]", "a record must be a JSON object"),
        ('{"format": "chess"}', "not a euchre-record version 1 record"),
        (b"\xff\xfe\x00", "is not a text file"),
        (None, "cannot read"),
    ],
)
def test_corrupt_record_files_are_one_line_and_exit_2(tmp_path, content, fragment, capsys):
    path = tmp_path / "bad.json"
    if content is None:
        path = tmp_path / "missing.json"
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


def test_tampered_record_names_the_hand(tmp_path, capsys):
    _, path = _played_match(tmp_path)
    data = json.loads(path.read_text())
    data["hands"][0]["actions"][0][1] = "call X"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "hand 0 action 0" in err and err.count("\n") == 1


def test_hand_out_of_range(tmp_path, capsys):
    _, path = _played_match(tmp_path)
    assert main(["replay", str(path), "--hand", "999"]) == 2
    assert "--hand 999: the match has hands 1 to" in capsys.readouterr().err


def test_installed_command_runs(tmp_path):
    _, path = _played_match(tmp_path)
    done = subprocess.run([sys.executable, "-m", "euchre.cli", "replay", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "wins the match" in done.stdout and not done.stderr


@pytest.mark.parametrize("command", ["play", "stats"])
def test_help_has_examples_kept_as_written(command, capsys):
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    examples = out.split("examples:\n")[1].splitlines()
    assert examples and all(line.startswith(f"  euchre {command}") for line in examples)


def test_stats_help_names_every_source(capsys):
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    out = capsys.readouterr().out
    for flag in ("--name", "--db", "--no-undo"):
        assert flag in out


def test_make_play_installs_only_the_package():
    """`make play` sets up only what playing needs: no test tools, no Ray (`make test` does)."""
    import shutil
    from pathlib import Path

    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(["make", "-n", "-B", "-C", str(root), "play"], capture_output=True,
                          text=True, check=True)
    installs = [line for line in done.stdout.splitlines() if "pip install" in line]
    assert installs and all(line.rstrip().endswith("-e .") for line in installs)
    assert "euchre play" in done.stdout
    test = subprocess.run(["make", "-n", "-B", "-C", str(root), "test"], capture_output=True,
                          text=True, check=True)
    assert "'.[test,ray]'" in test.stdout


def test_every_command_has_an_example_in_its_help(capsys):
    from euchre.cli import COMMANDS

    commands = [[command.__name__.rsplit(".", 1)[-1]] for command in COMMANDS]
    for argv in [*commands, ["db", "copy"]]:
        with pytest.raises(SystemExit):
            main([*argv, "--help"])
        out = capsys.readouterr().out
        example = re.split(r"\b[Ee]xamples?:", out)
        assert len(example) == 2 and f"euchre {' '.join(argv)}" in example[1], argv


def test_replay_of_a_resigned_browser_match_names_the_winner(tmp_path, capsys):
    """A browser match ended by a resignation stops mid-match; its record (as the server
    writes it: the engine's ``outcome``) replays to the end and says who won, in the
    engine's words (the replay command used to word it again itself)."""
    from euchre.server.match import public_record
    from euchre.server.match_facts import MatchFacts
    from euchre.server.storage import StoredGame

    game = Game(Rules(target=10), seed=3)
    rng = random.Random(3)
    while game.hand_number < 3:
        game.apply(rng.choice(game.legal_actions()))
    stored = StoredGame("g1", "friend", None, game.rules, 3, ("t0", "t1"), ("Ann", "Bo"))
    stored.facts = MatchFacts(resigned=0)
    stored.settle(game)  # as the server's game is: resigned in the engine
    path = tmp_path / "resigned.json"
    path.write_text(json.dumps(public_record(stored, game)))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    last = out.rstrip().splitlines()[-1]
    assert last == (f"Ann resigned: Bo wins the match (Ann {game.score[0]}, Bo "
                    f"{game.score[1]}).")
    assert "in progress" not in out and out.count("\nHand ") == 4
    assert "  (Ann resigned during this hand.)" in out
    assert main(["replay", str(path), "--hand", "4"]) == 0  # the hand she resigned in
    out = capsys.readouterr().out
    assert "in progress" not in out and "  (Ann resigned during this hand.)" in out
    assert out.rstrip().splitlines()[-1] == (
        f"Ann resigned during hand 4: Bo wins the match (Ann {game.score[0]}, Bo "
        f"{game.score[1]}).")
    assert main(["replay", str(path), "--hand", "3"]) == 0  # a finished hand: unchanged
    assert capsys.readouterr().out.rstrip().splitlines()[-1].startswith("Score after hand 3")


def test_replay_of_a_resignation_saved_by_an_older_server(tmp_path, capsys):
    """Criterion 4: a record saved today replays to the same result. The server of 5103b15
    wrote a resignation beside the moves (``players.resigned``, no ``outcome``): the replay
    tells the engine, which says who won (the winner the server wrote)."""
    from pathlib import Path

    saved = json.loads((Path(__file__).parent / "data" / "games-before-the-family.json")
                       .read_text(encoding="utf-8"))["games"]["computer_resigned"]["record"]
    assert "outcome" not in saved and saved["players"]["resigned"] == 0
    path = tmp_path / "old.json"
    path.write_text(json.dumps(saved))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    winner = saved["players"]["names"][saved["players"]["winner"]]
    assert out.rstrip().splitlines()[-1].startswith(f"Ann resigned: {winner} wins the match")
    assert "  (Ann resigned during this hand.)" in out and "in progress" not in out


def test_replay_of_a_match_of_six_hands_stops_after_them(tmp_path, capsys):
    """A deal of the day ends after its six hands (the engine has dealt a seventh): the
    transcript shows the six and the score after them, not a match in progress."""
    game, rng = Game(Rules(target=13), seed=6), random.Random(6)
    while game.hand_number < 6:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "day.json"
    path.write_text(json.dumps({**game.record(), "players": {"names": ["Ann", "Bo"],
                                                             "daily": "2026-12-04",
                                                             "hands": 6}}))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\nHand ") == 6 and "in progress" not in out
    assert out.rstrip().endswith(f"After 6 hands: Ann {game.score[0]}, Bo {game.score[1]}.")


def test_the_version_is_the_changelogs_newest_release():
    """Issue 49, criterion 7: a release is cut in the changelog with the package's version,
    written once (``euchre.__version__``; ``pyproject.toml`` reads it)."""
    from pathlib import Path

    import euchre

    root = Path(__file__).resolve().parent.parent
    released = re.findall(r"^## (\d+\.\d+\.\d+) \(\d{4}-\d\d-\d\d\)$",
                          (root / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert released and released[0] == euchre.__version__
    assert 'version = {attr = "euchre.__version__"}' in (root / "pyproject.toml").read_text()
    shown = subprocess.run([sys.executable, "-m", "euchre.cli", "--version"],
                           capture_output=True, text=True, timeout=60)
    assert shown.stdout.strip() == f"euchre {euchre.__version__}"
