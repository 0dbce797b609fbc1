"""Issue 49, criterion 4: "a match's facts a typed value, not keys built from strings". A
stored game's facts are ``MatchFacts`` (named fields); the database keeps them under the
keys earlier versions wrote, so a database made before reads the same facts, a change
rewrites only the facts it changes, and a damaged row is refused in one line."""

from __future__ import annotations

import html
import json
import sqlite3
from dataclasses import replace

import pytest
from server_support import Server

from euchre import Rules
from euchre.server.match_facts import MatchFacts, TimedOut, read_stored, stored_form
from euchre.server.storage import Claim, NewGame, SetFacts, SQLiteStorage, StoredGame

AS_WRITTEN_BEFORE = {
    "invite": "i1", "invite3": "i3", "account0": "ann", "account2": None, "takeover3": 2,
    "away1": True, "away2": False, "left1": True, "computers": {"3": "hard"},
    "partner": "medium", "hints": False, "undo_used": True, "resigned": 0, "abandoned": True,
    "rematch": "r2", "rematch_of": "r0", "rematch_asked": [2, 0], "game": "railroad",
    "daily": "2026-03-01", "open": True, "opened": 1796611051.5, "bots": True, "preset": "stick",
    "timed_out": {"seat": 1, "seq": 17}}
"""Every key the server's options held before they were typed, as that code wrote them
(``away2: false`` when a player came back; an owner cleared to null by a rename)."""
FACTS = MatchFacts(
    invites={1: "i1", 3: "i3"}, owners={0: "ann"}, computers={3: "hard"}, takeovers={3: 2},
    away=frozenset({1}), left=frozenset({1}), partner="medium", hints=False, undo_used=True,
    resigned=0, abandoned=True, rematch="r2", rematch_of="r0",
    rematch_asked=frozenset({0, 2}), game="railroad", day="2026-03-01", open=True,
    opened=1796611051.5, bots=True, preset="stick", timed_out=TimedOut(1, 17))


def test_every_fact_written_before_reads_into_its_field_and_back_under_its_key():
    assert read_stored(AS_WRITTEN_BEFORE) == FACTS
    cleared = {"away2", "account2"}  # (false and null: the default, not stored again)
    assert stored_form(FACTS) == {key: value if key != "rematch_asked" else sorted(value)
                                  for key, value in AS_WRITTEN_BEFORE.items()
                                  if key not in cleared}
    assert read_stored(None) == read_stored({}) == MatchFacts() and stored_form(
        MatchFacts()) == {}


@pytest.mark.parametrize("stored, words", [
    ({"resigned": "0"}, "'resigned'"), ({"hints": "no"}, "'hints'"),
    ({"computers": {"two": "easy"}}, "'computers'"), ({"takeover2": -1}, "'takeover2'"),
    ({"timed_out": {"seat": 1}}, "'timed_out'"), ({"invite": 7}, "'invite'"),
    (["open"], "not an object")])
def test_a_fact_of_the_wrong_kind_is_refused_in_one_line_naming_it(stored, words):
    with pytest.raises(ValueError) as refused:
        read_stored(stored)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_an_unknown_key_is_ignored_and_kept(tmp_path):
    """A key this version does not know (a newer version's) is read as nothing and stays
    in the database when a fact beside it changes."""
    store = SQLiteStorage(tmp_path / "games.db")
    store.write([NewGame(StoredGame("g", "friend", None, Rules(), 1, ("t", None),
                                    ("Ann", "Friend"), facts=MatchFacts(invites={1: "i"})))])
    with sqlite3.connect(tmp_path / "games.db") as raw:
        raw.execute("""UPDATE games SET options = '{"invite": "i", "later": [1]}'""")
    facts = store.load("g").facts
    assert facts == MatchFacts(invites={1: "i"})
    store.write([SetFacts("g", facts, replace(facts, hints=False))])
    with sqlite3.connect(tmp_path / "games.db") as raw:
        (options,) = raw.execute("SELECT options FROM games").fetchone()
    assert json.loads(options) == {"invite": "i", "later": [1], "hints": False}
    store.close()


def test_two_changes_from_one_reading_both_stay(tmp_path):
    """Two processes that read a game's facts alike and change different ones (a seat
    claimed and its owner set in one, hints turned off in the other) keep both: a change
    rewrites only the facts it changes, and never brings back an invite claimed since."""
    store = SQLiteStorage(tmp_path / "games.db")
    read = MatchFacts(invites={1: "i1", 2: "i2"})
    store.write([NewGame(StoredGame("g", "friend", "easy", Rules(players=3), 1,
                                    ("t", None, None), ("Ann", "", ""), facts=read))])
    store.write([Claim("g", 1, "i1", "t1", "Bob"),
                 SetFacts("g", read, replace(read, owners={1: "bob"}))])
    store.write([SetFacts("g", read, replace(read, hints=False))])
    assert store.load("g").facts == MatchFacts(invites={2: "i2"}, owners={1: "bob"},
                                               hints=False)
    store.close()


def test_a_damaged_game_is_a_one_line_refusal_not_a_traceback(tmp_path):
    db = tmp_path / "games.db"
    store = SQLiteStorage(db)
    store.write([NewGame(StoredGame("bad", "computer", "easy", Rules(), 1, ("t", None),
                                    ("Ann", "Computer")))])
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("""UPDATE games SET options = '{"resigned": "Ann"}'""")
    server = Server(db).start()
    try:
        status, body = server.get("/api/games/bad")
        assert status == 500 and "\n" not in json.loads(body)["error"]
        assert "game bad" in body and "'resigned'" in body and "Traceback" not in body
        status, page = server.get("/play/bad")
        assert status == 500 and "'resigned'" in html.unescape(page) and "Traceback" not in page
    finally:
        server.stop()
