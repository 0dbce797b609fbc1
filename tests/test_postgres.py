"""PostgreSQL behind the same storage interface as SQLite: a real throwaway cluster
(tests/pg_support.py), the schema made on first start and versioned, the same writes and
reads as SQLite, `euchre serve --db postgresql://...` playing and surviving a SIGKILL, and
`euchre db copy` from SQLite to PostgreSQL."""

from __future__ import annotations

import json
import random
import re
import sys

import pytest
from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)

from euchre import Game, Rules
from euchre.cli import main
from euchre.history import Stats
from euchre.server.match_facts import MatchFacts
from euchre.server.postgres import VERSION, PostgresStorage, safe_url
from euchre.server.storage import (
    Action,
    Conflict,
    Finish,
    NewGame,
    Rename,
    SaveReview,
    SetFacts,
    SQLiteStorage,
    StoredGame,
    TakeBack,
)
from euchre.server.stores import open_storage

psycopg = pytest.importorskip("psycopg")


def stored(game_id: str = "g1", mode: str = "computer") -> StoredGame:
    return StoredGame(game_id, mode, "expert" if mode == "computer" else None,
                      Rules(deck=25, target=3), 11, ("secret0", None), ("Ann", "Computer"))


@pytest.fixture
def pg(postgres_url):  # noqa: F811
    reset(postgres_url)
    storage = open_storage(postgres_url)
    yield storage
    storage.close()


def played(game_id: str, moves: int, seed: int = 11) -> tuple[list, Game]:
    game = Game(Rules(deck=25, target=3), seed=seed)
    writes = []
    for seq in range(moves):
        if game.is_over:
            break
        token = game.legal_actions()[-1]
        writes.append(Action(game_id, seq, game.to_move, token))
        game.apply(token)
    return writes, game


def test_the_schema_is_made_on_first_start_and_versioned(pg, postgres_url):  # noqa: F811
    assert isinstance(pg, PostgresStorage)
    with psycopg.connect(postgres_url) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [
            (VERSION,)]
        connection.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(ValueError, match="newer euchre"):
        PostgresStorage(postgres_url)
    with psycopg.connect(postgres_url) as connection:
        connection.execute("UPDATE schema_version SET version = 1")
    PostgresStorage(postgres_url).close()  # a second start finds it made


def test_a_game_comes_back_with_its_setup_and_actions_in_order(pg):
    writes, game = played("g1", 12)
    pg.write([NewGame(stored()), *writes])
    back = pg.load("g1")
    assert back.rules == Rules(deck=25, target=3) and back.seed == 11
    assert back.tokens == ("secret0", None) and back.names == ("Ann", "Computer")
    assert back.replay() == game
    assert pg.unfinished() == ["g1"] and pg.load("nope") is None


def test_each_action_is_applied_once_and_a_batch_is_all_or_nothing(pg):
    pg.write([NewGame(stored()), Action("g1", 0, 0, "pass")])
    with pytest.raises(Conflict):  # seq 0 again: never applied twice
        pg.write([Action("g1", 1, 1, "pass"), Action("g1", 0, 0, "order")])
    assert pg.load("g1").actions == ["pass"]


def test_finish_rename_options_and_take_back(pg):
    pg.write([NewGame(stored()), NewGame(stored("g2", "friend"))])
    writes, _ = played("g2", 6)
    pg.write([*writes, TakeBack("g2", 4),
              SetFacts("g2", MatchFacts(), MatchFacts(undo_used=True)),
              SetFacts("g2", MatchFacts(), MatchFacts(hints=False))])
    summary = {str(s): {**Stats().counts(), "matches": 1, "matches_won": s} for s in (0, 1)}
    pg.write([Rename("g2", 1, "Bob"), Finish("g2", 1, (2, 3), summary)])
    pg.write([Finish("g2", 0, (9, 9), summary)])  # finished already: ignored
    assert pg.unfinished() == ["g1"]
    [game] = pg.games_of("Bob", 10)
    assert (game.id, game.winner, game.score, game.names) == ("g2", 1, (2, 3), ("Ann", "Bob"))
    assert len(pg.load("g2").actions) == 4
    assert game.facts == MatchFacts(undo_used=True, hints=False)
    total = {**summary["1"], "with_undo": 1, "abandoned": 0}
    assert pg.player_total("Bob") == {**total, **{f"2:{k}": v for k, v in total.items()}}
    assert pg.games_of("Nobody", 10) == [] and [g.id for g in pg.recent(5)] == ["g2"]


def test_a_review_is_stored_once_per_game_and_seat(pg):
    pg.write([NewGame(stored())])
    pg.write([SaveReview("g1", 1, {"summary": {"total_loss": 1.5}})])
    pg.write([SaveReview("g1", 1, {"summary": {"total_loss": 9.0}})])  # the first stays
    assert pg.load_review("g1", 1) == {"summary": {"total_loss": 1.5}}
    assert pg.load_review("g1", 0) is None and pg.load_review("g2", 1) is None


def test_a_bad_address_is_one_line():
    with pytest.raises(ValueError, match=re.escape("cannot connect to postgresql://nobody@127.0.0.1:1/x")):
        PostgresStorage("postgresql://nobody:secret@127.0.0.1:1/x")
    assert safe_url("postgresql://u:pw@h:5/d") == "postgresql://u@h:5/d"


def latest(seat, seq: int) -> dict:
    """The seat's newest state once it has reached ``seq``."""
    if seat.state is not None and seat.state["seq"] >= seq:
        return seat.state
    return seat.state_at_least(seq)


def test_euchre_serve_plays_on_postgres_and_survives_a_kill(postgres_url):  # noqa: F811
    from server_support import Server

    reset(postgres_url)
    server = Server(postgres_url).start()
    try:
        game = server.new_game(mode="friend", name="Ann", rules={"target": 2})
        seats = dict(enumerate(server.friends(game)))
        rng = random.Random(4)
        state = seats[0].state_at_least(0)
        for _ in range(8):
            mover = state["view"]["to_move"]
            view = latest(seats[mover], state["seq"])["view"]
            seats[mover].send({"type": "action", "action": rng.choice(view["legal"]),
                               "seq": state["seq"]})
            state = latest(seats[0], state["seq"] + 1)
        acknowledged = state["seq"]
        server.kill()
        server = Server(postgres_url, port=server.port).start()
        again = server.seat(game["links"]["play"]).state_at_least(0)
        assert again["seq"] == acknowledged
        assert PostgresStorage(postgres_url).load(game["id"]).actions[:acknowledged]
    finally:
        server.stop()


def test_euchre_db_copy_moves_every_game_from_sqlite_to_postgres(tmp_path, postgres_url,  # noqa: F811
                                                                 capsys):
    reset(postgres_url)
    source = tmp_path / "games.db"
    lite = SQLiteStorage(source)
    writes, _ = played("g1", 10)
    more, _ = played("g2", 30)
    lite.write([NewGame(stored()), NewGame(stored("g2", "friend")), *writes, *more,
                SetFacts("g2", MatchFacts(), MatchFacts(undo_used=True)), Finish("g2", 0, (3, 0)),
                SaveReview("g2", 1, {"decisions": [], "summary": {"total_loss": 0.5}})])
    before = {i: lite.load(i) for i in lite.all_ids()}
    lite.close()
    assert main(["db", "copy", str(source), postgres_url]) == 0
    assert "2 games copied" in capsys.readouterr().out
    pg = PostgresStorage(postgres_url)
    for game_id, game in before.items():
        assert pg.load(game_id) == game  # setup, actions, times, result and options
    assert pg.load_review("g2", 1) == {"decisions": [], "summary": {"total_loss": 0.5}}
    assert pg.load_review("g2", 0) is None  # the stored reviews came too, and only they
    assert main(["db", "copy", str(source), postgres_url]) == 0
    assert "0 games copied, 2 already there" in capsys.readouterr().out
    back = tmp_path / "back.db"  # and back again, into a new SQLite file
    assert main(["db", "copy", postgres_url, str(back)]) == 0
    assert SQLiteStorage(back).load("g2") == before["g2"]
    assert SQLiteStorage(back).load_review("g2", 1)["summary"] == {"total_loss": 0.5}
    pg.close()


@pytest.mark.parametrize(("argv", "fragment"), [
    (["db", "copy", "/no/such.db", "x.db"], "no such database file"),
    (["db", "copy", "a.db", "a.db"], "the same database"),
    (["db", "copy", "/etc/hostname", "x.db"], "not a usable SQLite database"),
    (["db", "copy", "postgresql://nobody@127.0.0.1:1/x", "x.db"], "cannot connect"),
])
def test_db_copy_refusals_are_one_line(argv, fragment, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1, err


def test_serve_refuses_a_database_it_cannot_reach(capsys):
    import subprocess

    done = subprocess.run([sys.executable, "-m", "euchre.cli", "serve", "--port", "1",
                           "--db", "postgresql://nobody@127.0.0.1:1/x"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert json.dumps(done.stderr)  # one line, no traceback
