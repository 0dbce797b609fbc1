"""Issue 50, criterion 5 (in part): "schema migrations keep every existing game and
statistic (tested on a database made by today's code)". ``data/games-before-accounts.sql``
was written by the storage of commit 4278bcc (the last before accounts: SQLite schema
version 12), dumped as SQL with its ``user_version``: Ann beat the computer (easy, target 5,
seed 21), played a friend game to the end with Bob (seed 24), a table of four with Bob, Cy
and Dee (seed 31) and one of three (seed 41), each seat choosing its last legal action, and
left a friend game with Bob after 9 moves (seed 25). Today's stores open it, in SQLite and
in PostgreSQL (the same rows in a database at that commit's PostgreSQL version, 10),
migrate it, and every game, action and total is as it was; accounts and ratings then work
beside the old games."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from pg_support import postgres_at, postgres_url  # noqa: F401  (postgres_url: a fixture)
from rating_support import account, finished_game, snapshot

from euchre import Rules
from euchre.server import postgres as pg_schema
from euchre.server.storage import MIGRATIONS
from euchre.server.stores import open_storage

DUMP = (Path(__file__).parent / "data" / "games-before-accounts.sql").read_text("utf-8")
OLD_SQLITE_VERSION, OLD_POSTGRES_VERSION = 12, 10
TABLES = ("games", "actions", "seats", "player_totals")
GAME_IDS = ("comp1", "friend2", "four3", "three4", "open5")


def old_sqlite(path: Path) -> Path:
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP)
    return path


def old_postgres(url: str, tmp_path: Path) -> str:
    """A PostgreSQL database made at version 10 (that commit's steps), holding the rows."""
    return postgres_at(url, OLD_POSTGRES_VERSION, old_sqlite(tmp_path / "source.db"), TABLES)

def as_they_were(path: Path) -> dict:
    """Each game (with its actions) and each total of the dump, read with plain SQL."""
    with sqlite3.connect(old_sqlite(path)) as raw:
        games = {row[0]: row[1:] for row in raw.execute(
            "SELECT id, mode, rules, seed, tokens, names, finished, winner, score, options, "
            "summary FROM games")}
        actions = {i: [t for (t,) in raw.execute("SELECT token FROM actions WHERE game_id = ? "
                                                 "ORDER BY seq", (i,))] for i in games}
        totals = dict(raw.execute("SELECT name, counts FROM player_totals"))
    return {"games": games, "actions": actions, "totals": totals}


@pytest.fixture(params=["sqlite", "postgres"])
def old_db(request, tmp_path):
    if request.param == "sqlite":
        return old_sqlite(tmp_path / "games.db")
    return old_postgres(request.getfixturevalue("postgres_url"), tmp_path)


def test_the_dump_is_of_the_schema_before_accounts(tmp_path):
    assert len(MIGRATIONS) - 5 == OLD_SQLITE_VERSION  # accounts, sessions, ratings, history,
    # dislikes
    assert OLD_POSTGRES_VERSION == pg_schema.VERSION - 5
    with sqlite3.connect(old_sqlite(tmp_path / "games.db")) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == OLD_SQLITE_VERSION
        tables = {name for (name,) in raw.execute("SELECT name FROM sqlite_master")}
    assert "games" in tables and "accounts" not in tables


def test_migrating_keeps_every_game_and_total_and_accounts_work_beside_them(old_db,
                                                                          tmp_path):
    then = as_they_were(tmp_path / "then.db")
    storage = open_storage(old_db)
    try:
        connection = storage._connection()
        for game_id in GAME_IDS:
            game = storage.load(game_id)
            assert game is not None and game.actions == then["actions"][game_id]
            row = connection.execute(storage._sql(
                "SELECT id, mode, rules, seed, tokens, names, finished, winner, score, "
                "options, summary FROM games WHERE id = ?"), (game_id,)).fetchone()
            assert tuple(row[1:]) == then["games"][game_id]
            game.replay()  # every old game still replays
        assert {name: storage.player_total(name) for name in then["totals"]} == {
            name: json.loads(counts) for name, counts in then["totals"].items()}
        assert storage.unfinished() == ["open5"]
        # the old games are unrated (no seat was an account's) ...
        assert storage.rebuild_ratings() == 0
        # ... and new accounts and rated games live beside them
        storage.write([account("Ann"), account("Bob")])
        storage.write(finished_game("new1", Rules(target=2), 3, {0: "Ann", 1: "Bob"}))
        before = snapshot(storage)
        assert len(before[0]) == 2
        assert storage.rebuild_ratings() == 1 and snapshot(storage) == before
        assert storage.player_total("Ann")["matches"] == then_matches(then, "Ann") + 1
    finally:
        storage.close()


def then_matches(then: dict, name: str) -> int:
    return json.loads(then["totals"][name])["matches"]
