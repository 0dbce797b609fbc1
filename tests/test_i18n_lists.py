"""A list's items are separated as the reader's language separates them (Arabic's comma is
"،"), in the terminal, a record's words and the page: one catalog message, not a ", "
written into the code."""

from __future__ import annotations

import json

from euchre import Game, Rules, i18n
from euchre.server.languages import _page_catalog
from euchre.terminal.screen import table_lines
from euchre.words import plays_said


def test_a_list_takes_the_languages_separator() -> None:
    assert i18n.listed(["Ann 3", "Bob 2"]) == "Ann 3, Bob 2"
    with i18n.use("ar"):
        assert i18n.listed(["أ 3", "ب 2"]) == "أ 3، ب 2"
        assert "، " in plays_said([("أحمد", "9♣"), ("Bob", "J♣")])
    with i18n.use("so"):
        assert i18n.listed(["a", "b"]) == "a, b"


def test_the_arabic_terminal_table_lists_the_bids_with_the_arabic_comma() -> None:
    game = Game(Rules(players=4), seed=3, first_dealer=0)
    for _ in range(3):
        game.apply("pass")
    with i18n.use("ar"):
        names = ("أحمد", "Bob", "Cy", "Di")
        text = "\n".join(table_lines(game.view(3), names.__getitem__, "", [(None, game.view(3))]))
    bids = next(line for line in text.splitlines() if "، " in line)
    assert ", " not in bids


def test_the_pages_catalog_carries_the_separator() -> None:
    body, _ = _page_catalog("ar", 0.0)
    assert json.loads(body)["messages"][", "] == "، "
