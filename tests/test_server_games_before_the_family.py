"""Issue 40, criterion 5 (in part): "the schema versioned and migrated: games stored today
keep working". ``data/games-before-the-family.sql`` is a games database written by the
server of commit 5103b15 (before tables of three and four; SQLite schema version 8, before
the deal of the day's tables), dumped as SQL; ``data/games-before-the-family.json`` is what
that server said about it: each game's links, its last state, a finished game's record, a
stored review, each player's totals. Today's server opens it, in SQLite and in PostgreSQL
(the same rows in a database at PostgreSQL schema version 6, that server's; the migrations
are append-only, so version 6 is today's first five steps), migrates it to the current
schema, serves every old game as it was served then, lets the unfinished ones (an old
friend's unused invite too) be played to the end, and plays a table of four beside them.

How the files were made: ``euchre serve --allow-seeds --review-deals 2`` of 5103b15 over an
empty file; Ann won a game against the computer (easy, target 5, seed 21) in which she took
a move back, resigned another (seed 22), played a friend game to the end against Bob (seed
24, whose seat-0 review was then asked for), left a friend game with Bob unfinished after 9
moves (seed 25) and one whose invite nobody used (seed 26); Cy left a game against the
computer after 4 moves (seed 23); then ``sqlite3``'s ``iterdump`` with its
``user_version``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from pg_support import postgres_at, postgres_url  # noqa: F401  (postgres_url: a fixture)
from server_support import TEST_FLAGS, Server, play_out

from euchre import Game
from euchre.server import postgres as pg_schema
from euchre.server.storage import MIGRATIONS
from euchre.server.stores import open_storage

DATA = Path(__file__).parent / "data"
DUMP = (DATA / "games-before-the-family.sql").read_text(encoding="utf-8")
SAVED = json.loads((DATA / "games-before-the-family.json").read_text(encoding="utf-8"))
GAMES = SAVED["games"]
OLD_SQLITE_VERSION = 8
OLD_POSTGRES_VERSION = 6
TABLES = ("games", "actions", "reviews", "seats", "player_totals")
"""The tables of schema version 8 (6 in PostgreSQL), in an order their references allow."""


def old_sqlite(path: Path) -> Path:
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP)
    return path


def old_postgres(url: str, tmp_path: Path) -> str:
    """An empty PostgreSQL database made at version 6 (today's first steps, as that server
    made them), holding the dump's rows."""
    return postgres_at(url, OLD_POSTGRES_VERSION, old_sqlite(tmp_path / "source.db"), TABLES)

@pytest.fixture(params=["sqlite", "postgres"])
def old_db(request, tmp_path):
    """The old database in the store of the parameter."""
    if request.param == "sqlite":
        return old_sqlite(tmp_path / "games.db")
    url = request.getfixturevalue("postgres_url")
    return old_postgres(url, tmp_path)


def schema_version(db) -> int:
    if isinstance(db, Path):
        with sqlite3.connect(db) as raw:
            return raw.execute("PRAGMA user_version").fetchone()[0]
    import psycopg

    with psycopg.connect(db) as connection:
        return connection.execute("SELECT version FROM schema_version").fetchone()[0]


def same_view(now: dict, then: dict) -> bool:
    """The view of today's server is the old one, with the keys the family added beside it
    (``alone``, ``cards_held``, ``out``, ``sides``)."""
    return {key: now.get(key) for key in then} == then


def first_state(server: Server, link: str):
    seat = server.seat(link)
    return seat, seat.until(lambda m: m["type"] == "state")


def test_the_files_are_what_the_old_server_wrote():
    assert SAVED["user_version"] == OLD_SQLITE_VERSION
    assert DUMP.startswith(f"PRAGMA user_version = {OLD_SQLITE_VERSION};")
    with sqlite3.connect(":memory:") as raw:
        raw.executescript(DUMP)
        tables = {name for (name,) in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == set(TABLES)
        assert raw.execute("SELECT count(*) FROM games").fetchone()[0] == len(GAMES)


def test_an_old_database_is_migrated_and_its_games_keep_working(old_db):
    assert schema_version(old_db) == (OLD_SQLITE_VERSION if isinstance(old_db, Path)
                                      else OLD_POSTGRES_VERSION)
    server = Server(old_db, flags=TEST_FLAGS).start()
    try:
        assert schema_version(old_db) == (len(MIGRATIONS) if isinstance(old_db, Path)
                                          else pg_schema.VERSION)
        # every finished game is served as it was: its record, its page, its stored review
        for key in ("computer_finished_with_undo", "computer_resigned", "friend_finished"):
            saved = GAMES[key]
            status, text = server.get(f"/api/games/{saved['id']}/record")
            served = json.loads(text)
            ended = served.pop("outcome", None)
            if key == "computer_resigned":  # the engine's game is resigned now: it says so
                assert ended == {"winner": 1, "scores": served["score"],
                                 "termination": "resigned", "seat": 0}
                assert served["winner"] == saved["record"]["players"]["winner"] == 1
                served["winner"] = None  # (the record of 5103b15 left it to ``players``)
            assert status == 200 and served == saved["record"], key
            assert Game.from_record(json.loads(text)).record()["hands"] == \
                saved["record"]["hands"]
            status, page = server.get(f"/games/{saved['id']}")
            assert status == 200 and "Ann" in page, key
        friend = GAMES["friend_finished"]
        status, text = server.get(f"/api/games/{friend['id']}/review/0")
        assert status == 200 and json.loads(text)["review"] == friend["review0"]
        assert server.get(f"/games/{friend['id']}/review/0")[0] == 200
        # the totals as they were (a count added since may stand beside them)
        for name, then in SAVED["players"].items():
            now = json.loads(server.get(f"/api/players/{name}")[1])
            assert {key: now.get(key) for key in then} == then, name
        status, page = server.get("/players/Ann")
        assert status == 200 and all(
            f"/games/{GAMES[key]['id']}" in page
            for key in ("computer_finished_with_undo", "computer_resigned", "friend_finished"))

        # an unfinished game against the computer: the same state, then played to its end
        cy = GAMES["computer_unfinished"]
        seat, state = first_state(server, cy["links"]["play"])
        assert state["seq"] == cy["seq"] and state["game"]["names"] == cy["names"]
        assert same_view(state["view"], cy["view"])
        while not state["game"]["finished"]:
            if state["view"]["to_move"] == 0:
                seat.send({"type": "action", "action": state["view"]["legal"][-1],
                           "seq": state["seq"]})
            state = seat.until(lambda m: m["type"] == "state", 30)
        seat.close()
        assert json.loads(server.get("/api/players/Cy")[1])["matches"] == 1

        # an unfinished friend game: both seats where they were, played to its end
        bob = GAMES["friend_unfinished"]
        ann_seat, ann_state = first_state(server, bob["links"]["play"])
        bob_seat, bob_state = first_state(server, bob["links"]["friend"])
        assert ann_state["seq"] == bob_state["seq"] == bob["seq"]
        assert same_view(ann_state["view"], bob["view"])
        assert play_out(ann_seat, bob_seat)["game"]["finished"]
        ann_seat.close()
        bob_seat.close()

        # an old friend game's invite works once today, and the game is played to its end
        open_game = GAMES["friend_unclaimed"]
        game_id = open_game["id"]
        dee = server.claim(open_game["links"]["invite"], "Dee")
        code = open_game["links"]["invite"].partition("?invite=")[2]
        status, told = server.post(f"/api/games/{game_id}/claim", {"invite": code,
                                                                   "name": "Eve"})
        assert status == 409, told
        host, guest = server.seat(open_game["links"]["play"]), server.seat(dee)
        host.state_at_least(0)
        guest.state_at_least(0)
        assert play_out(host, guest)["game"]["names"] == ["Ann", "Dee"]
        host.close()
        guest.close()

        # and a table of four beside the old games
        four = server.new_game(mode="computer", level="easy", seed=60, name="Ann",
                               rules={"players": 4, "target": 3})
        seat, state = first_state(server, four["links"]["play"])
        while not state["game"]["finished"]:
            if state["view"]["to_move"] == 0 and state["view"]["legal"]:
                seat.send({"type": "action", "action": state["view"]["legal"][-1],
                           "seq": state["seq"]})
            state = seat.until(lambda m: m["type"] == "state", 30)
        seat.close()
        assert json.loads(server.get("/api/players/Ann")[1])["matches"] == \
            SAVED["players"]["Ann"]["matches"] + 3  # with Bob's, Dee's and the four
        status, text = server.get(f"/api/games/{four['id']}/record")
        assert status == 200 and Game.from_record(json.loads(text)).players == 4
    finally:
        server.stop()
    storage = open_storage(old_db)
    try:
        for key, saved in GAMES.items():
            stored = storage.load(saved["id"])
            game = stored.replay()
            assert stored.finished and game.record()["hands"][0]["deck"], key
            if "record" in saved:  # the old finished games are untouched
                assert game.record()["hands"] == saved["record"]["hands"], key
            elif "seq" in saved:  # the unfinished ones kept their moves and went on
                assert len(stored.actions) > saved["seq"], key
    finally:
        storage.close()
