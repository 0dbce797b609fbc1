"""The coach's review in the server (issue 13, criterion 4), against a real `euchre serve`:
worked out in the background with its progress, stored once with the game (a second request
and a restart read the store), the same review as `euchre review --json`, unfinished games
and bad seats refused in one line, and a bounded queue."""

from __future__ import annotations

import json
import sqlite3
import time

import pytest
from server_support import TEST_FLAGS, Server
from test_server_protocol import play_against_computer

from euchre.coach import review_record

DEALS = 8
"""The server's deals per card decision in these tests (``--review-deals``): quick."""
FLAGS = (*TEST_FLAGS, "--review-deals", str(DEALS))


def finished_game(server: Server, seed: int = 3, target: int = 3) -> dict:
    game = server.new_game(mode="computer", level="easy", name="Ann", rules={"target": target},
                           seed=seed)
    assert play_against_computer(server, game, 500)["game"]["finished"]
    return game


def ask(server: Server, game_id: str, seat: int | str) -> tuple[int, dict]:
    status, body = server.get(f"/api/games/{game_id}/review/{seat}")
    return status, json.loads(body)


def until_done(server: Server, game_id: str, seat: int) -> list[dict]:
    """Every answer from the first ask until the review is done."""
    seen = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, told = ask(server, game_id, seat)
        assert status in (200, 202), told
        seen.append(told)
        if told["status"] == "done":
            return seen
        time.sleep(0.05)
    raise AssertionError(f"the review did not finish: {seen[-1]}")


def stored_rows(db, game_id: str) -> list[tuple]:
    with sqlite3.connect(db) as raw:
        return raw.execute("SELECT seat, created, review FROM reviews WHERE game_id = ?",
                           (game_id,)).fetchall()


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "games.db", flags=FLAGS).start()
    yield running
    running.stop()


def test_a_review_is_worked_out_with_progress_stored_once_and_kept_after_a_restart(server):
    game = finished_game(server)
    seen = until_done(server, game["id"], 0)
    first, last = seen[0], seen[-1]
    assert first["status"] in ("queued", "running") and first["done"] == 0  # from 0 ...
    dones = [t["done"] for t in seen]
    assert dones == sorted(dones)  # ... never backwards ...
    total = len(last["review"]["decisions"])
    assert last["done"] == last["total"] == total > 0  # ... to done
    assert all(t["words"] for t in seen) and last["names"] == ["Ann", "Computer"]
    record = json.loads(server.get(f"/api/games/{game['id']}/record")[1])
    assert last["review"] == review_record(record, 0, deals=DEALS).to_dict()  # = euchre review
    [(seat, created, _)] = stored_rows(server.db, game["id"])
    assert seat == 0
    status, again = ask(server, game["id"], 0)  # stored: no new work, no new row
    assert status == 200 and again["status"] == "done" and again["review"] == last["review"]
    assert [row[1] for row in stored_rows(server.db, game["id"])] == [created]
    server.stop()
    server.start()  # a restart keeps it
    status, kept = ask(server, game["id"], 0)
    assert status == 200 and kept["review"] == last["review"]
    # it is read from the store, never worked out again: change it there and the API follows
    changed = dict(last["review"], summary=dict(last["review"]["summary"], total_loss=999))
    with sqlite3.connect(server.db) as raw:
        raw.execute("UPDATE reviews SET review = ? WHERE game_id = ?",
                    (json.dumps(changed), game["id"]))
    assert ask(server, game["id"], 0)[1]["review"]["summary"]["total_loss"] == 999
    assert [row[1] for row in stored_rows(server.db, game["id"])] == [created]


def test_the_page_shows_progress_then_the_review(server):
    game = finished_game(server)
    status, page = server.get(f"/games/{game['id']}")
    assert status == 200 and f'href="/games/{game["id"]}/review/1"' in page
    status, page = server.get(f"/games/{game['id']}/review/1")
    assert status == 200 and 'data-testid="review-progress"' in page and "<progress" in page
    assert 'src="/static/review.js"' in page and "<script>" not in page  # no inline script
    review = until_done(server, game["id"], 1)[-1]["review"]
    status, page = server.get(f"/games/{game['id']}/review/1")
    assert status == 200 and 'data-testid="review-summary"' in page
    assert page.count('data-testid="flagged"') == sum(d["flagged"] for d in review["decisions"])
    assert page.count('<rect class="bar') == len(review["hands"])
    # the stored review is plain HTML: the only script is the theme every page has
    assert page.count("<script") == 1 and '<script src="/static/theme.js"></script>' in page


def test_unfinished_games_and_bad_seats_are_refused_in_one_line(server):
    playing = server.new_game(mode="computer", level="easy", name="Ann", seed=4)
    status, told = ask(server, playing["id"], 0)
    assert status == 409 and told == {"error": "the game is still being played: only a "
                                               "finished game can be reviewed"}
    status, page = server.get(f"/games/{playing['id']}/review/0")
    assert status == 409 and "Still being played" in page
    game = finished_game(server)
    for seat in ("2", "-1", "x", "00", "1.0", "%E2%99%A0"):
        status, told = ask(server, game["id"], seat)
        assert status == 404 and "\n" not in told["error"], seat
        assert "this game's reviewed seats are 0 and 1" in told["error"]
        assert server.get(f"/games/{game['id']}/review/{seat}")[0] == 404
    status, told = ask(server, "nosuchgame", 0)
    assert status == 404 and told == {"error": "there is no game 'nosuchgame'"}
    assert stored_rows(server.db, game["id"]) == []  # nothing was worked out for them


def test_reviews_wait_their_turn_in_a_bounded_queue(tmp_path):
    server = Server(tmp_path / "games.db", flags=(*FLAGS, "--reviews-waiting", "1")).start()
    try:
        one, two = finished_game(server, seed=3), finished_game(server, seed=5)
        first = ask(server, one["id"], 0)[1]
        second = ask(server, one["id"], 1)[1]
        assert first["status"] == "running" and second["status"] == "queued"
        assert second["ahead"] == 1  # one at a time (--reviews-at-once 1)
        status, told = ask(server, two["id"], 0)  # the queue holds one: refused, not lost
        assert status == 503 and told["error"] == \
            "1 review is waiting already: try again in a minute"  # (counted: issue 56)
        until_done(server, one["id"], 0)
        until_done(server, one["id"], 1)
        assert sorted(row[0] for row in stored_rows(server.db, one["id"])) == [0, 1]
        until_done(server, two["id"], 0)  # asked again once there is room
    finally:
        server.stop()


def test_the_store_keeps_the_first_review_of_a_seat(tmp_path):
    from euchre import Rules
    from euchre.server.storage import NewGame, SaveReview, SQLiteStorage, StoredGame

    db = SQLiteStorage(tmp_path / "games.db")
    db.write([NewGame(StoredGame("g1", "computer", "easy", Rules(), 7, ("t0", None),
                                 ("Ann", "Computer")))])
    db.write([SaveReview("g1", 0, {"summary": {"total_loss": 1.5}})])
    db.write([SaveReview("g1", 0, {"summary": {"total_loss": 9.0}})])  # a race: ignored
    assert db.load_review("g1", 0) == {"summary": {"total_loss": 1.5}}
    assert db.load_review("g1", 1) is None and db.load_review("nope", 0) is None
    db.close()


def test_a_review_whose_worker_dies_says_so_in_one_line_and_is_tried_again(tmp_path):
    import os
    import signal
    import subprocess

    slow = (*TEST_FLAGS, "--review-deals", "3000")  # long enough to be caught at work
    server = Server(tmp_path / "games.db", flags=slow).start()
    try:
        game = finished_game(server)
        assert ask(server, game["id"], 0)[1]["status"] in ("queued", "running")
        deadline = time.monotonic() + 30

        def workers() -> list[int]:
            while time.monotonic() < deadline:
                listed = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid",
                                         str(server.process.pid)], capture_output=True,
                                        text=True).stdout.splitlines()
                found = [int(line.split()[0]) for line in listed if "spawn_main" in line]
                if found:
                    return found
                time.sleep(0.05)
            return []

        [worker] = workers()  # one review, one process of its own
        os.kill(worker, signal.SIGKILL)
        while True:
            status, told = ask(server, game["id"], 0)
            if told["status"] == "failed":
                break
            assert time.monotonic() < deadline, told
            time.sleep(0.05)
        assert status == 500 and told["error"] == "the review stopped before it was finished"
        assert "Reload to try again" in told["words"]
        status, again = ask(server, game["id"], 0)  # asked again: worked out again
        assert status == 202 and again["status"] in ("queued", "running")
        assert stored_rows(server.db, game["id"]) == []
        [worker] = workers()
    finally:
        server.stop()
    while os.path.exists(f"/proc/{worker}") and time.monotonic() < deadline + 10:
        time.sleep(0.05)  # the server stopped: its review's process is stopped with it
    assert not os.path.exists(f"/proc/{worker}")
