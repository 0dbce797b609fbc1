"""The server's store: a real SQLite file in WAL mode; writes in atomic batches."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from euchre import Game, Rules
from euchre.history import Stats
from euchre.server.committer import Committer
from euchre.server.storage import (
    Action,
    Conflict,
    Finish,
    NewGame,
    Rename,
    SQLiteStorage,
    StoredGame,
)


def stored(game_id: str = "g1", mode: str = "computer") -> StoredGame:
    return StoredGame(game_id, mode, "expert" if mode == "computer" else None,
                      Rules(deck=25, target=3), 11, ("secret0", None), ("Ann", "Computer"))


@pytest.fixture
def db(tmp_path):
    storage = SQLiteStorage(tmp_path / "games.db")
    yield storage
    storage.close()


def test_the_file_is_in_wal_mode(db, tmp_path):
    with sqlite3.connect(tmp_path / "games.db") as other:
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_game_comes_back_with_its_setup_and_actions_in_order(db):
    game = Game(Rules(deck=25, target=3), seed=11)
    writes = [NewGame(stored())]
    for seq in range(12):
        token = game.legal_actions()[-1]
        writes.append(Action("g1", seq, game.to_move, token))
        game.apply(token)
    db.write(writes)
    back = db.load("g1")
    assert back.rules == Rules(deck=25, target=3) and back.seed == 11
    assert back.tokens == ("secret0", None) and back.names == ("Ann", "Computer")
    assert back.replay() == game
    assert db.unfinished() == ["g1"] and db.load("nope") is None


def test_a_batch_is_all_or_nothing(db):
    db.write([NewGame(stored()), Action("g1", 0, 0, "pass")])
    with pytest.raises(Conflict):  # seq 0 again: never applied twice
        db.write([Action("g1", 1, 1, "pass"), Action("g1", 0, 0, "order")])
    assert db.load("g1").actions == ["pass"]


def seat_summaries(winner: int) -> dict[str, dict[str, int]]:
    return {str(seat): {**Stats().counts(), "matches": 1, "matches_won": int(seat == winner)}
            for seat in (0, 1)}


def test_finish_and_rename_show_in_the_finished_lists_and_totals(db):
    db.write([NewGame(stored()), NewGame(stored("g2", "friend"))])
    db.write([Rename("g2", 1, "Bob"), Finish("g2", 1, (2, 3), seat_summaries(1))])
    db.write([Finish("g2", 0, (9, 9), seat_summaries(0))])  # finished already: ignored
    assert db.unfinished() == ["g1"]
    [game] = db.games_of("Bob", 10)
    assert (game.id, game.winner, game.score, game.names) == ("g2", 1, (2, 3), ("Ann", "Bob"))
    assert db.games_of("Nobody", 10) == [] and db.player_total("Nobody") is None
    assert db.player_total("Bob")["matches_won"] == 1 and db.player_total("Ann")["matches"] == 1
    assert [g.id for g in db.recent(5)] == ["g2"]


def test_a_players_games_come_a_page_at_a_time_newest_first(db):
    ids = [f"g{n}" for n in range(7)]
    for n, game_id in enumerate(ids):
        db.write([NewGame(stored(game_id)), Finish(game_id, n % 2, (n, 0), seat_summaries(
            n % 2))])
    first = db.games_of("Ann", 4)
    assert [g.id for g in first] == ids[::-1][:4]
    rest = db.games_of("Ann", 4, before=first[-1].updated)
    assert [g.id for g in rest] == ids[::-1][4:]
    total = db.player_total("Ann")
    assert (total["matches"], total["matches_won"], total["with_undo"]) == (7, 4, 0)


def test_a_stored_action_that_does_not_replay_is_refused_with_its_place(db):
    db.write([NewGame(stored()), Action("g1", 0, 0, "JH")])
    with pytest.raises(ValueError, match=r"game g1: stored action 1 \('JH'\) does not replay"):
        db.load("g1").replay()


def test_a_file_that_is_not_a_database_is_one_clear_error(tmp_path):
    bad = tmp_path / "not.db"
    bad.write_text("this is not SQLite " * 100)
    with pytest.raises(ValueError, match="is not a usable SQLite database"):
        SQLiteStorage(bad)
    assert bad.read_text().startswith("this is not SQLite")  # left as it was


def test_group_commit_acknowledges_every_write_in_few_transactions(db):
    db.write([NewGame(stored(f"g{i}")) for i in range(50)])

    async def many() -> Committer:
        committer = Committer(db)
        await asyncio.gather(*(committer.submit([Action(f"g{i}", 0, 0, "pass")])
                               for i in range(50)))
        return committer

    committer = asyncio.run(many())
    assert all(db.load(f"g{i}").actions == ["pass"] for i in range(50))
    assert committer.commits < 50  # batched, not one sync per action


def test_one_bad_write_in_a_group_fails_alone(db):
    db.write([NewGame(stored("g1")), NewGame(stored("g2")), Action("g1", 0, 0, "pass")])

    async def both():
        committer = Committer(db)
        return await asyncio.gather(committer.submit([Action("g1", 0, 0, "order")]),
                                    committer.submit([Action("g2", 0, 0, "pass")]),
                                    return_exceptions=True)

    bad, good = asyncio.run(both())
    assert isinstance(bad, Conflict) and good is None
    assert db.load("g1").actions == ["pass"] and db.load("g2").actions == ["pass"]
