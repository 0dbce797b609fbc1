"""Issue 50, criterion 5: ``euchre db copy`` moves the people with their games. From SQLite
to PostgreSQL the accounts come with their password hashes, sessions (a browser logged in
before the move still is) and "don't seat me with this player again" choices, and the
ratings are worked out again to exactly the source's numbers, even when a game's row was
changed after it finished (a rematch asked for), which moves its time but not its place in
the order of the ratings. A name registered at the destination already keeps its own
account: nothing of the other person's (no session, no dislike) is joined to it."""

from __future__ import annotations

import json
import urllib.request
from dataclasses import replace

from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)
from rating_support import finished_game, snapshot, store_of
from server_support import TEST_FLAGS, Browser, Server

from euchre import Rules
from euchre.cli import main
from euchre.server.account_store import Dislike, NewSession
from euchre.server.lookalike import skeleton
from euchre.server.storage import SetFacts, SQLiteStorage
from euchre.server.stores import open_storage

PEOPLE = ("Ann", "Bob", "Cy", "Dee")
PASSWORD = "correct horse battery"


def people_and_games(storage) -> None:
    """Rated games sharing players, the first changed after the second finished; a
    session and a dislike."""
    storage.write(finished_game("a", Rules(target=2), 1, {0: "Ann", 1: "Bob"}))
    storage.write(finished_game("b", Rules(target=2), 2, {0: "Bob", 1: "Ann"}))
    storage.write(finished_game("c", Rules(players=4, target=2), 3, dict(enumerate(PEOPLE))))
    before = storage.load("a").facts
    storage.write([SetFacts("a", before, replace(before, rematch_asked=frozenset({0})))])
    # (after b and c finished)
    storage.write([NewSession("hash-of-anns-cookie", skeleton("Ann")),
                   Dislike(skeleton("Ann"), skeleton("Rude Rex"))])


def test_accounts_sessions_dislikes_and_exact_ratings_go_to_postgresql(
        tmp_path, postgres_url, capsys):  # noqa: F811
    reset(postgres_url)
    with store_of(tmp_path / "games.db", PEOPLE) as lite:
        people_and_games(lite)
        rows, ratings = lite.account_rows(), snapshot(lite)
    assert len(rows.accounts) == 4 and rows.sessions and rows.dislikes
    assert main(["db", "copy", str(tmp_path / "games.db"), postgres_url]) == 0
    assert "3 games copied; 4 accounts copied" in capsys.readouterr().out
    pg = open_storage(postgres_url)
    try:
        assert pg.account_rows() == rows  # hashes, times, sessions and dislikes alike
        assert snapshot(pg) == ratings  # the same numbers, in the same order
        assert pg.avoided(skeleton("Rude Rex")) == {skeleton("Ann")}
    finally:
        pg.close()
    assert main(["db", "copy", str(tmp_path / "games.db"), postgres_url]) == 0
    assert "0 games copied, 3 already there; 0 accounts copied" in capsys.readouterr().out


def test_a_browser_logged_in_before_the_move_still_is_after_it(tmp_path, postgres_url):  # noqa: F811
    reset(postgres_url)
    before = Server(tmp_path / "games.db", flags=TEST_FLAGS).start()
    try:
        cleo = Browser(before)
        assert cleo.post("/api/accounts", {"name": "Moved Cleo", "password": PASSWORD})[0] == 201
        assert cleo.post("/api/dislikes", {"name": "Rude Rex"})[0] == 201
        cookie = cleo.cookies()
    finally:
        before.stop()
    assert main(["db", "copy", str(tmp_path / "games.db"), postgres_url]) == 0
    after = Server(postgres_url, flags=TEST_FLAGS).start()
    try:
        request = urllib.request.Request(after.base + "/api/session",
                                         headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=10) as reply:
            assert json.load(reply) == {"name": "Moved Cleo"}
        status, reply = Browser(after).post("/api/session", {"name": "moved cleo",
                                                             "password": PASSWORD})
        assert (status, reply) == (200, {"name": "Moved Cleo"})
        _, rex = after.post("/api/quick", {"game": "three", "name": "Rude Rex"})
        _, mine = after.post("/api/quick", {"game": "three", "name": "Moved Cleo"})
        assert mine.get("error") and "registered" in mine["error"]  # (no session: refused)
        status, mine = Browser(after).post("/api/quick", {"game": "three", "name": "Cleo Two"})
        assert mine["id"] == rex["id"]  # anyone else sits with Rex...
        with urllib.request.urlopen(urllib.request.Request(
                after.base + "/api/quick", method="POST", data=json.dumps(
                    {"game": "three", "name": "Moved Cleo"}).encode(),
                headers={"Cookie": cookie, "Content-Type": "application/json"}),
                timeout=10) as reply:
            seated = json.load(reply)
        assert seated["seat"] == 0  # ...but Cleo, by her copied dislike, gets a table of her own
    finally:
        after.stop()


def test_a_name_registered_at_the_destination_keeps_its_own_account(tmp_path):
    with store_of(tmp_path / "there.db", ("Ann",)) as there:
        theirs = there.account(skeleton("Ann"))
    with store_of(tmp_path / "games.db", PEOPLE) as here:
        people_and_games(here)
    assert main(["db", "copy", str(tmp_path / "games.db"), str(tmp_path / "there.db")]) == 0
    there = SQLiteStorage(tmp_path / "there.db")
    try:
        assert there.account(skeleton("Ann")) == theirs  # her own hash, not the copied one
        rows = there.account_rows()
        assert len(rows.accounts) == 4 and rows.sessions == () and rows.dislikes == ()
        assert there.account(skeleton("Bob")) is not None
    finally:
        there.close()
