"""No request stalls the server (issue 57, criterion 2): what grows with a stored game's
length (its positions, record, replay and review pages, the game read back) is built off
the event loop, served in bounded pages, and queued with a stated limit past which it is
refused with 503 in one line; a match here is played to at most ``Limits.max_target``
points, and games stored before that bound stay readable. The figures (a bystander's wait,
the server's growth) are ``bench/replay_load.py``'s."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
import uvicorn
from long_games import long_game, store_finished
from server_support import Server, free_port, killed_quietly, spawned_children

from euchre import Rules
from euchre.server import app as app_module
from euchre.server.builds import BUSY, Builds
from euchre.server.limits import Busy, Limits
from euchre.server.protocol import encode
from euchre.server.replay import positions
from euchre.server.transport import protocols

NAMES = ("Ann", "Bo")


def test_a_long_game_is_served_in_pages_that_add_up_to_the_whole():
    game = long_game(Rules(target=30), 1, 1500)
    record = game.record()
    whole = positions(record, NAMES, "Ann won")
    frames, moves, start, sizes = [], [], 0, []
    while start is not None:
        page = positions(record, NAMES, "Ann won", start, 64 * 1024)
        frames += page["frames"]
        moves += page["moves"]
        sizes.append(len(encode(page["frames"])))
        start = page["next"]
    assert len(sizes) > 5
    assert frames == whole["frames"] and moves == whole["moves"]
    assert page["scorepad"] == whole["scorepad"] and len(whole["scorepad"]) == game.hand_number + 1
    # a page ends once it holds its budget: at most one move's frames (three) beyond it
    assert max(sizes) < 64 * 1024 + 3 * max(len(encode(f)) for f in whole["frames"])
    # a position does not carry the pad: its size does not grow with the hands played
    assert max(len(encode(f)) for f in whole["frames"]) < 6000
    assert [f["pad"] for f in whole["frames"]][-1] == game.hand_number + 1


def test_the_build_queue_refuses_past_its_limit_and_serves_again_once_free():
    async def scenario() -> None:
        builds = Builds(at_once=1, waiting=1)
        assert await builds.run(abs, -1) == 1  # (the worker process started)
        running = asyncio.ensure_future(builds.run(time.sleep, 1.5))
        waiting = asyncio.ensure_future(builds.run(abs, -2))
        await asyncio.sleep(0.2)
        with pytest.raises(Busy, match="try again in a moment"):
            await builds.run(abs, -3)
        assert builds.refused == 1 and builds.held == 2
        assert await running is None and await waiting == 2
        assert await builds.run(abs, -4) == 4 and builds.held == 0
        with pytest.raises(Busy):  # a worker that dies: that build is refused...
            await builds.run(os._exit, 1)
        assert await builds.run(abs, -5) == 5  # ...and the next has a new worker
        builds.close()

    asyncio.run(scenario())


class InProcess:
    """The app under uvicorn on a thread of this process, its event loop at hand (so a test
    can hold the build worker)."""

    def __init__(self, db, limits: Limits) -> None:
        self.port = free_port()
        self.app = app_module.create_app(db, bot_delay=0, limits=limits)
        http, ws = protocols(limits)  # (as euchre serve runs it)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                log_level="warning", http=http, ws=ws)
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=lambda: self.loop.run_until_complete(self.server.serve()), daemon=True)

    def __enter__(self) -> InProcess:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def hold_builds(self, seconds: float):
        """Keep the build worker busy for ``seconds`` (a future of its end)."""
        return asyncio.run_coroutine_threadsafe(
            self.app.state.hub.builds.run(time.sleep, seconds), self.loop)

    def get(self, path: str) -> tuple[int, str, float]:
        """Status, body and seconds taken."""
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}",
                                        timeout=30) as reply:
                status, body = reply.status, reply.read().decode()
        except urllib.error.HTTPError as err:
            status, body = err.code, err.read().decode()
        return status, body, time.perf_counter() - started


def test_a_full_build_queue_answers_503_in_one_line_and_health_is_not_held(tmp_path):
    db = tmp_path / "games.db"
    store_finished(db, "long", long_game(Rules(target=30), 2, 800), NAMES)
    with InProcess(db, Limits(builds_at_once=1, builds_waiting=0)) as server:
        assert server.get("/api/games/long/positions")[0] == 200  # (the worker started)
        held = server.hold_builds(3)
        time.sleep(0.3)
        status, body, _ = server.get("/api/games/long/positions?from=5")
        assert status == 503 and json.loads(body) == {"error": BUSY}
        status, body, _ = server.get("/api/games/long/record")
        assert status == 503 and BUSY in json.loads(body)["error"]
        status, body, _ = server.get("/games/long")
        assert status == 503 and "try again in a moment." in body and "Traceback" not in body
        status, _, waited = server.get("/health")
        assert status == 200 and waited < 2  # (answered while the build is held)
        held.result(10)
        status, body, _ = server.get("/api/games/long/positions")
        assert status == 200 and json.loads(body)["next"] > 0
        assert server.get("/api/games/long/record")[0] == 200


@pytest.mark.parametrize("start", ["abc", "-1", "%C2%B2", "99999", "1" * 30])
def test_a_bad_page_of_positions_is_refused_in_one_line(tmp_path, start):
    db = tmp_path / "games.db"
    store_finished(db, "g", long_game(Rules(target=3), 3, 0), NAMES)
    with InProcess(db, Limits()) as server:
        status, body, _ = server.get(f"/api/games/g/positions?from={start}")
    assert status == 400 and json.loads(body)["error"].startswith("from= must be a move number")


def test_matches_are_refused_past_the_largest_target_and_older_longer_ones_still_read(
        tmp_path):
    db = tmp_path / "games.db"
    old = long_game(Rules(target=100), 4, 0, passing=0)  # stored before the bound
    store_finished(db, "old", old, NAMES)
    most = Limits().max_target
    with InProcess(db, Limits(allow_seeds=True)) as server:
        for target, status in ((most + 1, 400), (most, 201)):
            request = urllib.request.Request(
                f"http://127.0.0.1:{server.port}/api/games", method="POST",
                data=json.dumps({"mode": "computer", "level": "easy",
                                 "rules": {"target": target}}).encode(),
                headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=30) as reply:
                    got, told = reply.status, json.loads(reply.read())
            except urllib.error.HTTPError as err:
                got, told = err.code, json.loads(err.read())
            assert got == status, told
        assert told["id"] and "error" not in told
        assert server.get("/api/levels")[0] == 200
        assert json.loads(server.get("/api/levels")[1])["max_target"] == most
        assert json.loads(server.get("/api/games/old/record")[1])["score"] == list(old.score)
        pages, start = 0, 0
        while start is not None:
            status, body, _ = server.get(f"/api/games/old/positions?from={start}")
            assert status == 200
            start, pages = json.loads(body)["next"], pages + 1
        assert server.get("/games/old")[0] == 200


def test_an_answer_that_takes_longer_than_the_header_timeout_still_arrives(tmp_path):
    # the timer of the next request's head used to start at once, and cut the connection
    # while a slow answer was still being built
    db = tmp_path / "games.db"
    store_finished(db, "g", long_game(Rules(target=3), 3, 0), NAMES)
    with InProcess(db, Limits(header_timeout=1.0, builds_waiting=1)) as server:
        assert server.get("/api/games/g/record")[0] == 200  # (the worker started)
        held = server.hold_builds(2.5)
        time.sleep(0.2)
        status, body, waited = server.get("/api/games/g/record")
        assert status == 200 and json.loads(body)["score"] and waited > 1.5
        held.result(10)


def test_a_finished_game_read_for_pages_is_read_and_replayed_once(tmp_path):
    db = tmp_path / "games.db"
    store_finished(db, "g", long_game(Rules(target=3), 3, 0), NAMES)
    with InProcess(db, Limits()) as server:
        hub = server.app.state.hub

        def peek():
            return asyncio.run_coroutine_threadsafe(hub.peek("g"), server.loop).result(10)

        first = peek()
        assert peek() is first  # a replay's next page reads nothing again
        hub._open(first[0])  # once it is live, the live table is the game
        assert "g" not in hub._finished


def test_the_build_worker_ends_when_the_server_is_killed(tmp_path):
    db = tmp_path / "games.db"
    store_finished(db, "g", long_game(Rules(target=3), 3, 0), NAMES)
    running = Server(db).start()
    assert running.get("/api/games/g/record")[0] == 200  # (the worker started)
    workers = spawned_children(running)
    assert workers
    killed_quietly(running, workers)


def test_the_build_queue_is_set_by_flags_and_a_bad_one_is_refused_in_one_line():
    from euchre.cli import build_parser
    from euchre.cli.serve import limits_of

    args = build_parser().parse_args(["serve", "--builds-at-once", "2", "--builds-waiting", "0"])
    limits = limits_of(args)
    assert (limits.builds_at_once, limits.builds_waiting) == (2, 0)
    for flag, value, said in (("--builds-at-once", "0", "from 1 to 64"),
                              ("--builds-waiting", "-1", "from 0 to 10000"),
                              ("--builds-waiting", "x", "from 0 to 10000")):
        run = subprocess.run([sys.executable, "-m", "euchre.cli", "serve", flag, value],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and said in run.stderr and "Traceback" not in run.stderr
