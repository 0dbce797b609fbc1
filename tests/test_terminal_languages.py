"""Every command of the terminal in the reader's language (issue 56, criterion 1): its help,
argparse's own words, its examples and what it prints, under ``--lang`` and under
``LANG``/``LANGUAGE``. The pseudo-language (every message wrapped in ``⟦ ⟧``, served with
``EUCHRE_PSEUDO_LANGUAGE=1``) shows any word a command still holds in English."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys

import pytest

from euchre import Game, Rules, i18n
from euchre.cli import COMMANDS, build_parser
from euchre.i18n.catalogs import translations

NAMES = [command.__name__.rsplit(".", 1)[1] for command in COMMANDS]
"""Every command of ``euchre`` (``play``, ``stats``...)."""
CODE = "|".join([
    r"\b[A-Z]+\.\w+",           # FILE.png
    r"-{1,2}[\w-]+",            # a flag
    r"\{[^}]*\}",               # argparse's choices
    r"\b[A-Z][A-Z0-9_]*\b",     # a metavar (FILE, NAME), a card's rank
    r"\bP\d\b",                 # a seat without a name in a record
    r"(10|[2-9JQKA])[♣♦♥♠]|Joker",
    r"\bcopy\b",               # db's own command
    r"\beuchre\b", *(rf"\b{name}\b" for name in NAMES)])
"""What is no message: the words of the command line itself and the cards."""


def euchre(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run([sys.executable, "-m", "euchre.cli", *args], capture_output=True,
                          text=True, env={**clean, "COLUMNS": "100", **env}, timeout=120,
                          input="q\n")


def pseudo(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return euchre(*args, LANGUAGE="qps", EUCHRE_PSEUDO_LANGUAGE="1", **env)


def english_left(text: str) -> list[str]:
    """The lines of a command's output with a word outside the pseudo-language's markers,
    besides the command line's own words: the usage block and each example's command
    are code, as written."""
    kept, in_usage = [], False
    for line in text.splitlines():
        if "⟦" in line and "euchre" in line.split("⟧")[-1][:12]:  # "usage: euchre ..."
            in_usage = True
        if in_usage:
            in_usage = bool(line.strip())
            continue
        if line.lstrip().startswith("euchre ") and "#" in line:  # an example's command
            line = line.split("#", 1)[1]
        elif line.lstrip().startswith("euchre ") and "⟧" not in line:
            continue  # (a command on a line of its own ends the message it is in: kept)
        kept.append(line)
    stripped, before = "\n".join(kept), None  # (a message may span lines, and hold one)
    while stripped != before:
        before, stripped = stripped, re.sub(r"⟦[^⟦⟧]*⟧", " ", stripped)
    return [line for line in stripped.splitlines()
            if re.search(r"[^\W\d_]", re.sub(CODE, " ", line))]


@pytest.mark.parametrize("command", ["", *NAMES])
def test_every_commands_help_is_worded_from_the_catalog(command):
    done = pseudo(*([command] if command else []), "--help")
    assert done.returncode == 0, done.stderr
    assert "⟦" in done.stdout
    assert english_left(done.stdout) == [], command


def record_file(tmp_path) -> str:
    game = Game(Rules(target=2), seed=3)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(game.record()))
    return str(path)


def test_what_the_commands_print_is_worded_from_the_catalog(tmp_path):
    data = {"EUCHRE_DATA_DIR": str(tmp_path)}
    record = record_file(tmp_path)
    runs = {
        "stats": pseudo("stats", **data),
        "stats --db": pseudo("stats", "--db", str(tmp_path / "none.db"), **data),
        "play --list": pseudo("play", "--list", **data),
        "replay": pseudo("replay", record, **data),
        "replay --hand 1": pseudo("replay", record, "--hand", "1", **data),
        "replay --hand 99": pseudo("replay", record, "--hand", "99", **data),
        "review": pseudo("review", record, "--deals", "4", **data),
        "a flag it does not know": pseudo("stats", "--bogus", **data),
        "a missing argument": pseudo("db", "copy", **data),
    }
    for name, done in runs.items():
        said = done.stdout + done.stderr
        assert "⟦" in said and "Traceback" not in said, (name, said[-400:])
        assert english_left(said) == [], name


@pytest.mark.parametrize(("game", "players"), [("railroad", 4), ("hasenpfeffer", 4),
                                              ("napoleon", 5)])
def test_the_new_games_replay_is_worded_from_the_catalog(tmp_path, game, players):
    """Railroad, Hasenpfeffer and Napoleon's transcript (``euchre replay``, the replay page's
    record): the heading, the deals, every bid and exchange, the tricks, the results."""
    g, rng = Game(Rules(game=game, players=players, target=3), seed=2), random.Random(1)
    for _ in range(400):  # (random play: a Hasenpfeffer may stay below the target for long)
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(g.record()))
    for args in ((), ("--hand", "1")):
        done = pseudo("replay", str(path), *args, EUCHRE_DATA_DIR=str(tmp_path))
        assert "⟦" in done.stdout and done.returncode == 0, done.stderr[-400:]
        assert english_left(done.stdout) == [], (game, args)


@pytest.mark.parametrize(("args", "env", "code"), [
    (("--lang", "so"), {}, "so"),
    ((), {"LANG": "ceb_PH.UTF-8"}, "ceb"),
    ((), {"LANGUAGE": "fr:ar", "LANG": "en_US.UTF-8"}, "ar"),
])
def test_each_command_speaks_the_language_asked(args, env, code):
    """Each command's help in the language of ``--lang`` or of the environment: its own
    description and argparse's "usage" in that language's words."""
    english, translated = (described(language) for language in ("en", code))
    for name in NAMES:
        done = euchre(name, "--help", *args, **env)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(translations(code).gettext("usage: ")), name
        said = " ".join(done.stdout.split())
        assert " ".join(english[name].split()[:4]) not in said, name
        assert " ".join(translated[name].split()[:4]) in said, name


def described(code: str) -> dict[str, str]:
    """Each command's description in language ``code``, as its parser is made."""
    with i18n.use(code):
        commands = build_parser()._subparsers._group_actions[0]  # type: ignore[union-attr]
        return {name: parser.description for name, parser in commands.choices.items()}


BOTS = re.compile(r"\b(random|easy)\b")
"""The bots' names, which stay as they are in every language."""
SMALL = ("random", "easy", "--games", "2", "--target", "3")
"""One duplicate pair of short matches between quick bots."""


@pytest.mark.parametrize("command", ["arena", "tournament"])
def test_the_bots_reports_are_worded_from_the_catalog(command):
    done = pseudo(command, *SMALL)
    assert done.returncode == 0, done.stderr
    assert "⟦" in done.stdout and "Traceback" not in done.stderr
    assert english_left(BOTS.sub(" ", done.stdout)) == [], command


@pytest.mark.parametrize("command", ["arena", "tournament"])
def test_the_bots_reports_read_in_somali_with_their_columns_in_line(command):
    """No English sentence of the report is left under ``--lang so``, and each table's
    numbers end under their heading though Somali's headings are longer than English's
    ("doortay xukun" for "made trump")."""
    english, somali = euchre(command, *SMALL), euchre(command, *SMALL, "--lang", "so")
    assert somali.returncode == 0, somali.stderr
    worded = [line for line in english.stdout.splitlines()
              if re.search(r"[^\W\d_]{2}", BOTS.sub(" ", line).replace("bot", " "))]
    assert worded and all(line not in somali.stdout for line in worded), somali.stdout
    words = translations("so")
    tables = ({"arena": [["bot", "made trump", "make", "march", "euchred", "ms/decision"]],
               "tournament": [["pairing", "A wins", "A margin/hand", "95% interval"],
                              ["bot", "rating", "95% interval", "matches won"]]}[command])
    lines = somali.stdout.splitlines()
    for table in tables:
        headings = [words.gettext(heading) for heading in table]
        assert any(len(mine) > len(theirs) + 1  # (a column Somali makes wider)
                   for mine, theirs in zip(headings, table, strict=True))
        top = next(i for i, line in enumerate(lines) if line.startswith(headings[0] + " ")
                   and headings[-1] in line)
        ends, start = [], 0
        for heading in headings[1:]:
            start = lines[top].index(heading, start) + len(heading)
            ends.append(start)
        rows = [line for line in lines[top + 1:top + 4] if BOTS.match(line)]
        assert rows, lines
        for line in rows:
            assert [line[end - 1] != " " and line[end:end + 1] in ("", " ") for end in ends] \
                == [True] * len(ends), (line, lines[top])


@pytest.mark.parametrize(("link", "message"), [
    ("http://127.0.0.1:1/watch", "{link} is not a seat link: its path must be /play/GAME"),
    ("http://127.0.0.1:1/play/g?token=t", "cannot connect to {url}: {why}"),
    ("http://127.0.0.1:1/join/g?invite=c", "cannot reach {url}: {why}"),
])
def test_the_bot_commands_refusals_read_in_the_language_asked(link, message):
    """(The pseudo-language cannot tell these: argparse's "error: ..." wraps them whole.)"""
    done = euchre("bot", link, "--cmd", sys.executable, "--lang", "so")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    somali = translations("so").gettext(message)
    assert somali != message
    assert all(piece in done.stderr for piece in re.split(r"\{\w+\}", somali)), done.stderr


@pytest.mark.parametrize(("args", "message"), [
    (("arena", "random", "easy", "--games", "0"), "expected a whole number of at least 1"),
    (("tournament", "random", "easy", "--seed", "-1"), "expected a seed from 0 to {high}"),
    (("bot", "http://h/play/g?token=t", "--cmd", "x", "--timeout", "0"),
     "expected seconds from 0.01 to 600"),
    (("arena", "random", "grandmaster"), "unknown bot {name}: choose one of {names}"),
    (("tournament", "random", "easy", "--games", "3"),
     "--games {games}: matches come in duplicate pairs, so the number must be even"),
    (("arena", "exec:no-such-program-x", "random"),
     "bot program {program} not found (exec: runs it without a shell, from the working folder)"),
])
def test_bad_arguments_are_refused_in_the_language_asked(args, message):
    done = euchre(*args, "--lang", "ar")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    arabic = translations("ar").gettext(message)
    assert arabic != message
    assert all(piece in done.stderr for piece in re.split(r"\{\w+\}", arabic)), done.stderr


def played(typed: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``euchre play`` in the pseudo-language, fed the lines ``typed``."""
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run([sys.executable, "-m", "euchre.cli", "play", *args],
                          capture_output=True, text=True, timeout=120, input=typed,
                          env={**clean, "COLUMNS": "100", "LANGUAGE": "qps",
                               "EUCHRE_PSEUDO_LANGUAGE": "1", **env})


MOVES = "help\n?\nundo\nzz\n9\n" + "1\n" * 40
"""At a Euchre table: the commands, the hint, a take-back with nothing to take back, a bad
token, a number out of range, then the first choice each turn to the match's end."""


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 3), (4, 3), (4, 5)])
def test_a_euchre_match_at_the_terminal_is_worded_from_the_catalog(tmp_path, players, seed):
    """``euchre play`` at two, three and four seats, whole short matches: the table, the
    commands' line, help, the hint, the refusals, the tricks, the hands' results, the winner
    and where the match was saved (the rules page is a written page per language); then a
    match saved and resumed. (At four, seed 5: North goes alone and you sit out, the match
    over before you choose: nothing to resume.)"""
    data = {"EUCHRE_DATA_DIR": str(tmp_path), "HOME": str(tmp_path)}
    args = ("--level", "easy", "--seed", str(seed), "--new", "--target", "1",
            "--players", str(players))
    done = played(MOVES, *args, **data)
    said = done.stdout + done.stderr
    assert done.returncode == 0 and "Traceback" not in said, said[-400:]
    assert "⟦" in said and english_left(said) == [], players
    if seed == 5:
        return
    saved = played("q\n", *args, **data)
    resumed = played("?\n" + "1\n" * 40, "--resume", **data)
    for done in (saved, resumed):
        said = done.stdout + done.stderr
        assert done.returncode == 0 and "⟦" in said, said[-400:]
        assert english_left(said) == [], players


def test_a_replay_stepped_through_is_worded_from_the_catalog(tmp_path):
    """``euchre replay --step``: the heading, each move said, the hands, the keys, the notes
    (the last move, the start, a hand not there, a key not known) and the winner."""
    keys = "\n" * 3 + "b\n" * 5 + "2\n99\nzz\n" + "\n" * 300 + "q\n"
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([sys.executable, "-m", "euchre.cli", "replay", record_file(tmp_path),
                           "--step"], capture_output=True, text=True, timeout=120, input=keys,
                          env={**clean, "COLUMNS": "100", "LANGUAGE": "qps",
                               "EUCHRE_PSEUDO_LANGUAGE": "1", "EUCHRE_DATA_DIR": str(tmp_path)})
    said = done.stdout + done.stderr
    assert done.returncode == 0 and "⟦" in said and "Traceback" not in said, said[-400:]
    assert english_left(said) == []


def test_the_deals_of_the_day_at_the_terminal_are_worded_from_the_catalog(tmp_path):
    """``euchre daily``: the day's table, its help (its own way back in), a refusal, the
    line saying how to continue; then the same game resumed and left again."""
    data = {"EUCHRE_DATA_DIR": str(tmp_path), "HOME": str(tmp_path)}
    for typed, args in (("help\nzz\nq\n", ()), ("?\nq\n", ("--resume",))):
        done = subprocess.run([sys.executable, "-m", "euchre.cli", "daily", "--name", "ann",
                               *args], capture_output=True, text=True, timeout=120,
                              input=typed, env={**os.environ, "COLUMNS": "100",
                                                "LANGUAGE": "qps", "LC_ALL": "",
                                                "EUCHRE_PSEUDO_LANGUAGE": "1", **data})
        said = done.stdout + done.stderr
        assert done.returncode == 0 and "⟦" in said and "Traceback" not in said, said[-400:]
        assert english_left(said) == [], args
