"""Issue 51, criterion 4: "the server's databases (SQLite and PostgreSQL) migrate without
losing a game, tested on a database made by today's code". ``data/games-of-the-rule-games.*``
were written by the server of the issue's day (SQLite schema version 17, PostgreSQL 15; made
once by ``make_rule_games_db.py``, never remade): in each database Ann won a Railroad match
against the computer, played Hasenpfeffer with three friends and Napoleon with four (every
seat a person's), Napoleon at three against the computer; she left a Napoleon of four after
7 moves and a friend table of Railroad after 9 of the people's moves. Today's server opens
each database, migrates it, serves every game as it did (its record replaying to the same
result, its page), each player's statistics and page, and lets the unfinished games be
played to their end."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from pg_support import postgres_at, postgres_url  # noqa: F401  (postgres_url: a fixture)
from server_support import EUCHRE, TEST_FLAGS, Server
from test_server_rule_games_friends import choose

from euchre import Game
from euchre.server import postgres as pg_schema
from euchre.server.storage import MIGRATIONS
from euchre.server.stores import open_storage

DATA = Path(__file__).parent / "data"
DUMP = (DATA / "games-of-the-rule-games.sql").read_text("utf-8")
PG_DUMP = (DATA / "games-of-the-rule-games.pg.sql").read_text("utf-8")
SAVED = json.loads((DATA / "games-of-the-rule-games.json").read_text("utf-8"))
MADE_AT = {"sqlite": 17, "postgres": 15}
"""The schema versions the files were written at."""


def old_sqlite(path: Path) -> Path:
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP)
    return path


def old_postgres(url: str, tmp_path: Path) -> str:
    """A database at the files' PostgreSQL version (today's first steps) holding the rows
    the PostgreSQL store wrote."""
    import psycopg

    sqlite3.connect(tmp_path / "empty.db").close()
    postgres_at(url, MADE_AT["postgres"], tmp_path / "empty.db", ())
    with psycopg.connect(url, autocommit=True) as connection, connection.transaction():
        for statement in PG_DUMP.splitlines():
            if statement.startswith(("INSERT ", "SELECT ")):
                connection.execute(statement)
    return url


@pytest.fixture(params=["sqlite", "postgres"])
def old_db(request, tmp_path):
    if request.param == "sqlite":
        return "sqlite", old_sqlite(tmp_path / "games.db")
    return "postgres", old_postgres(request.getfixturevalue("postgres_url"), tmp_path)


def test_the_files_are_what_the_server_of_the_day_wrote():
    assert (SAVED["user_version"], SAVED["postgres_version"]) == tuple(MADE_AT.values())
    assert MADE_AT["sqlite"] <= len(MIGRATIONS) and MADE_AT["postgres"] <= pg_schema.VERSION
    assert DUMP.startswith(f"PRAGMA user_version = {MADE_AT['sqlite']};")
    assert PG_DUMP.startswith(f"-- schema version {MADE_AT['postgres']}\n")
    for kind in ("sqlite", "postgres"):
        games = SAVED[kind]["games"]
        assert {g["record"]["rules"]["game"] for g in games.values() if g["finished"]} == {
            "railroad", "hasenpfeffer", "napoleon"}
        assert sum(not g["finished"] for g in games.values()) == 2


def check_finished_games(server: Server, games: dict) -> None:
    """Each finished game's record as it was, replaying to its score and winner; its page."""
    for key, saved in games.items():
        if not saved["finished"]:
            continue
        status, text = server.get(f"/api/games/{saved['id']}/record")
        assert status == 200 and json.loads(text) == saved["record"], key
        game = Game.from_record(json.loads(text))
        assert game.is_over and list(game.score) == saved["record"]["score"], key
        assert game.record()["hands"] == saved["record"]["hands"], key
        status, page = server.get(f"/games/{saved['id']}")
        assert status == 200 and "Ann" in page, key


def as_then(now: dict, then: dict) -> dict:
    """What a served value says of the keys it had then (a key added since may stand
    beside them)."""
    return {key: now.get(key) for key in then}


def check_players(server: Server, saved: dict, games: dict) -> None:
    """Each player's statistics as they were, and Ann's page listing every finished game."""
    for name, then in saved["players"].items():
        assert as_then(json.loads(server.get(f"/api/players/{name}")[1]), then) == then, name
    status, page = server.get("/players/Ann")
    assert status == 200 and all(f"/games/{g['id']}" in page for g in games.values()
                                 if g["finished"])
    assert all(words in page for words in ("Railroad Euchre", "Hasenpfeffer", "Napoleon"))


def play_on(server: Server, saved: dict) -> None:
    """The people of an unfinished game find it where it was, and play it to its end."""
    seats = {int(seat): server.seat(link) for seat, link in saved["links"].items()}
    first = {seat: connection.until(lambda m: m["type"] == "state")
             for seat, connection in seats.items()}
    assert {state["seq"] for state in first.values()} == {saved["seq"]}
    assert as_then(first[0]["view"], saved["view"]) == saved["view"]
    assert first[0]["game"]["names"] == saved["names"]
    seq = saved["seq"]
    while True:
        states = {seat: c.state if c.state["seq"] >= seq else c.state_at_least(seq)
                  for seat, c in seats.items()}
        state = states[0]
        if state["game"]["finished"]:
            break
        mover = state["view"]["to_move"]
        if mover in seats and states[mover]["view"]["legal"]:
            seats[mover].send({"type": "action", "action": choose(states[mover]["view"]),
                               "seq": state["seq"]})
        seq = state["seq"] + 1
    for connection in seats.values():
        connection.close()


def test_a_database_of_the_day_is_migrated_and_loses_no_game(old_db, tmp_path):
    kind, db = old_db
    saved = SAVED[kind]
    games = saved["games"]
    server = Server(db, flags=TEST_FLAGS).start()
    try:
        check_finished_games(server, games)
        check_players(server, saved, games)
        for saved_game in games.values():
            if not saved_game["finished"]:
                play_on(server, saved_game)
    finally:
        server.stop()
    storage = open_storage(db)
    try:
        assert set(storage.all_ids()) == {g["id"] for g in games.values()}
        for key, saved_game in games.items():
            stored = storage.load(saved_game["id"])
            assert stored.finished and stored.replay().is_over, key
    finally:
        storage.close()
    if kind == "sqlite":
        ran = subprocess.run([*EUCHRE, "stats", "--db", str(db), "--name", "Ann"],
                             capture_output=True, text=True, timeout=120,
                             env={**os.environ, "EUCHRE_DATA_DIR": str(tmp_path)})
        assert ran.returncode == 0, ran.stderr
        assert all(words in ran.stdout for words in ("Railroad Euchre", "Hasenpfeffer",
                                                     "Napoleon")), ran.stdout
