"""Issue 49, criterion 3: "one storage layer: the schema, its migrations and every query
written once, the two databases differing only where SQL does; databases made by today's
code migrate". ``data/games-before-one-storage-layer.sql`` was written by the stores of
commit 1e09520 (the last with a writer per database: schema version 17), dumped with its
``user_version``, and ``.json`` is what that store read back from it: three finished games
(two rated, one of four), a friend table of three with a seat claimed, a rename and an
option set (by SQLite's JSON functions, as it wrote them), accounts, a session, a dislike,
a review, a day's result and a setting. Today's stores read it alike in SQLite and in
PostgreSQL (its rows in a database at today's PostgreSQL version), and keep writing."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import threading
from pathlib import Path

import pytest
from pg_support import postgres_at, postgres_url, reset  # noqa: F401  (postgres_url: a fixture)
from rating_support import account, finished_game, snapshot

from euchre import Rules
from euchre.server import postgres as pg_schema
from euchre.server.dialect import POSTGRES, Db
from euchre.server.match_facts import MatchFacts, stored_form
from euchre.server.postgres import PostgresStorage
from euchre.server.queries import WRITERS
from euchre.server.storage import MIGRATIONS, Claim, Conflict, SetFacts, SQLiteStorage
from euchre.server.stores import open_storage

DATA = Path(__file__).parent / "data"
DUMP = (DATA / "games-before-one-storage-layer.sql").read_text("utf-8")
SAVED = json.loads((DATA / "games-before-one-storage-layer.json").read_text("utf-8"))
TABLES = ("games", "actions", "reviews", "seats", "player_totals", "daily", "settings",
          "accounts", "sessions", "ratings", "rating_history", "dislikes")
"""Every table, in an order their references allow."""


def old_sqlite(path: Path) -> Path:
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP)
    return path


@pytest.fixture(params=["sqlite", "postgres"])
def old_db(request, tmp_path):
    if request.param == "sqlite":
        return old_sqlite(tmp_path / "games.db")
    return postgres_at(request.getfixturevalue("postgres_url"), pg_schema.VERSION,
                       old_sqlite(tmp_path / "source.db"), TABLES)


def as_saved(game) -> dict:
    out = {field.name: getattr(game, field.name) for field in dataclasses.fields(game)}
    out.update(rules=game.rules.to_dict(), tokens=list(game.tokens), names=list(game.names),
               score=list(game.score), options=stored_form(out.pop("facts")))
    return out


def test_the_dump_is_of_todays_schema():
    assert SAVED["user_version"] == len(MIGRATIONS)
    assert DUMP.startswith(f"PRAGMA user_version = {len(MIGRATIONS)};")


def test_a_database_of_the_stores_before_reads_as_it_did_and_keeps_working(old_db):
    storage = open_storage(old_db)
    try:
        assert {i: as_saved(storage.load(i)) for i in storage.all_ids()} == SAVED["games"]
        assert {name: storage.player_total(name) for name in SAVED["totals"]} == \
            SAVED["totals"]
        ratings, history = snapshot(storage)
        assert ([list(row) for row in ratings], [list(row) for row in history]) == (
            SAVED["ratings"], SAVED["history"])
        assert storage.load_review("rated1", 0) == SAVED["review"]
        assert storage.setting("secret") == SAVED["setting"]
        assert [list(row) for row in storage.daily_board("2026-01-01", 10)] == SAVED["board"]
        assert sorted(storage.avoided("cy")) == SAVED["avoided"]
        assert list(dataclasses.astuple(storage.session("sess1", 0))) == SAVED["session"]
        assert [game.id for game in storage.open_games(0, 10)] == SAVED["open"]
        # the invite the old store left is claimed once; a fact is set beside the old ones
        before = storage.load("friend4").facts
        assert before == MatchFacts(invites={2: "i2"}, open=True, hints=False)
        storage.write([Claim("friend4", 2, "i2", "tC", "Cy"),
                       SetFacts("friend4", before, dataclasses.replace(before, bots=True))])
        with pytest.raises(Conflict):
            storage.write([Claim("friend4", 2, "i2", "tD", "Dee")])
        game = storage.load("friend4")
        assert game.tokens == ("tA", "tB", "tC") and game.names == ("Annie", "Bob", "Cy")
        assert game.facts == MatchFacts(open=True, hints=False, bots=True)
        # a new rated game beside the old ones, and the ratings worked out again alike
        storage.write([account("Dee")])
        storage.write(finished_game("new5", Rules(target=2), 3, {0: "Ann", 1: "Dee"}))
        before = snapshot(storage)
        assert storage.rebuild_ratings() == 3 and snapshot(storage) == before
    finally:
        storage.close()


def columns_of_sqlite(path: Path) -> dict[str, list[str]]:
    with sqlite3.connect(path) as raw:
        tables = [name for (name,) in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {table: [row[1] for row in raw.execute(f"PRAGMA table_info({table})")]
                for table in tables}


def test_both_databases_get_the_same_tables_and_columns(tmp_path, postgres_url):  # noqa: F811
    import psycopg

    SQLiteStorage(tmp_path / "new.db").close()
    reset(postgres_url)
    PostgresStorage(postgres_url).close()
    with psycopg.connect(postgres_url) as connection:
        rows = connection.execute(
            "SELECT table_name, column_name FROM information_schema.columns WHERE "
            "table_schema = 'public' AND table_name <> 'schema_version' ORDER BY table_name, "
            "ordinal_position").fetchall()
    in_postgres: dict[str, list[str]] = {}
    for table, column in rows:
        in_postgres.setdefault(table, []).append(column)
    assert in_postgres == columns_of_sqlite(tmp_path / "new.db")
    assert set(in_postgres) == set(TABLES)


def test_two_claims_of_one_invite_never_both_succeed_in_postgres(tmp_path,
                                                                postgres_url):  # noqa: F811
    """The claim reads the invite and rewrites the row: the second claim, made while the
    first one's transaction is open, waits for it and then finds the invite gone."""
    import psycopg

    postgres_at(postgres_url, pg_schema.VERSION, old_sqlite(tmp_path / "source.db"), TABLES)
    second_store = PostgresStorage(postgres_url)
    outcome: list[object] = []
    with psycopg.connect(postgres_url, autocommit=True) as first:
        with first.transaction():
            WRITERS[Claim](Db(first, POSTGRES), Claim("friend4", 2, "i2", "tC", "Cy"), 0.0)
            second = threading.Thread(target=lambda: outcome.append(claim(second_store)))
            second.start()
            with psycopg.connect(postgres_url, autocommit=True) as watcher:
                while not watcher.execute(  # the second claim waits for the first's row lock
                        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = "
                        "'Lock'").fetchone()[0]:
                    watcher.execute("SELECT pg_sleep(0.01)")
        second.join(timeout=30)
    assert isinstance(outcome[0], Conflict)
    assert second_store.load("friend4").names == ("Annie", "Bob", "Cy")
    second_store.close()


def claim(storage) -> object:
    try:
        storage.write([Claim("friend4", 2, "i2", "tD", "Dee")])
    except Conflict as err:
        return err
    return None
