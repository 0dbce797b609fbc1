"""The terminal's table of Railroad, Hasenpfeffer and Napoleon in the reader's language (issue
56, criterion 1): a short match of each in the pseudo-language (every message wrapped in
``⟦ ⟧``) leaves no English word outside the markers (the table, the choices, the bids, the
tricks, the results, the help, the hint, the refusals, taking back, the end), and in Arabic
and Somali the prompt's lines read in that language."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from test_terminal_languages import english_left

from euchre.i18n.catalogs import translations

AT_THE_PROMPT = ["help", "?", "xx", "99", "AS", "call x", "undo"]
"""What the person types first: the help, the expert's hint, refusals of every kind, a
take-back with nothing to take back; then ``1`` until the match is over."""


def play(tmp_path, game: str, *args: str, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    typed = "\n".join([*AT_THE_PROMPT, *["1"] * 400]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "euchre.cli", "play", "--new", "--game", game, "--target", "1",
         "--level", "easy", "--seed", "7", *args], input=typed, capture_output=True, text=True,
        timeout=120, env={**clean, "COLUMNS": "100", "EUCHRE_DATA_DIR": str(tmp_path), **env})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-600:]
    return done.stdout


@pytest.mark.parametrize(("game", "args"), [("railroad", ()), ("hasenpfeffer", ()),
                                            ("napoleon", ("--players", "3"))])
def test_a_match_of_each_new_game_is_worded_from_the_catalog(tmp_path, game, args):
    said = play(tmp_path, game, *args, LANGUAGE="qps", EUCHRE_PSEUDO_LANGUAGE="1")
    assert "⟦" in said and list((tmp_path / "matches").glob("*.json"))  # played to the end
    for wanted in ("Match saved", "Hand over", "Choosing", "Nothing to take back"):
        assert wanted not in said  # (each said, and in the pseudo-language)
    assert english_left(said) == []


@pytest.mark.parametrize("code", ["ar", "so"])
def test_the_napoleon_table_reads_in_the_language_asked(tmp_path, code):
    said = play(tmp_path, "napoleon", "--players", "3", "--lang", code)
    words = translations(code)
    for message in ("Your choice> ", "? hint   undo   rules   help   q save and quit",
                    "Nothing to take back yet.", "choose a number from 1 to {n}"):
        translated = words.gettext(message)
        assert translated != message
        assert translated.split("{")[0].strip() in said, (code, message)
    assert "Your hand" not in said and "Trick 1:" not in said and "won it" not in said
