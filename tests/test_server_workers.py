"""Issue 57, criterion 3: the computer's searching levels decide in worker processes, not on
the server's event loop; a worker killed mid-decision is replaced and the computer's move is
made once; the workers end with the server, even one killed with SIGKILL. Issue 48, defect
20: the computer is paced no slower than the page's fastest speed, its thinking included."""

from __future__ import annotations

import asyncio
import json
import os
import pickle
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)
from server_support import TEST_FLAGS, Server

from euchre import Game, Rules, agents
from euchre.server import computer as computer_module
from euchre.server.committer import Committer
from euchre.server.hub import Hub
from euchre.server.limits import BOT_DELAY
from euchre.server.paths import STATIC
from euchre.server.storage import SQLiteStorage
from euchre.server.stores import open_storage, peers_for
from euchre.server.table import accept
from euchre.server.thinker import Bots, Request
from euchre.server.workers import DIRECT, Remote, Workers, seat_player


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie, dead but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                after = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(after[1]) == pid:
                found.append(int(entry.name))
    return found


async def person_moves(hub: Hub, table, me: agents.Agent) -> None:
    """Seat 0 moves whenever it is his turn (and the computer is woken after), in place."""
    if table.game.to_move == 0 and not table.over():
        async with table.lock:
            await accept(table, hub.committer, 0, me.act(table.game.view(0)))
        hub.computer.wake(table)


@pytest.fixture(params=["sqlite", "postgres"])
def db(request, tmp_path):
    """Where the games are kept: a SQLite file, or an emptied PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "games.db"
    url = request.getfixturevalue("postgres_url")
    reset(url)
    return url


def test_a_worker_killed_mid_decision_is_replaced_and_its_move_made_once(db):
    async def scenario() -> None:
        storage = open_storage(db)
        hub = Hub(Committer(storage), bot_delay=0, peers=peers_for(storage))
        hub.start()
        workers = hub.computer.workers
        stored = await hub.create("computer", Rules(target=5), "Ann", level="expert", seed=3)
        table = await hub.table(stored.id)
        me = agents.load("medium", seed=1)
        killed: list[int] = []
        deadline = time.monotonic() + 240
        while workers.asked_again == 0 and not table.over() and time.monotonic() < deadline:
            await person_moves(hub, table, me)
            busy = workers.busy_pids()
            if busy and table.game.to_move != 0:
                os.kill(busy[0], signal.SIGKILL)  # the worker deciding the computer's move
                killed.append(busy[0])
            await asyncio.sleep(0.002)
        assert workers.asked_again >= 1, "no worker was ever killed during a decision"
        seq = table.seq  # the decision under way was asked of another worker
        while table.seq < seq + 6 and not table.over():  # and the match goes on
            await person_moves(hub, table, me)
            await asyncio.sleep(0.01)
        assert table.seq >= seq + 6 or table.over()
        assert all(not alive(pid) for pid in killed)
        assert len(workers.pids()) == workers.count and not set(killed) & set(workers.pids())
        actions = list(table.stored.actions)
        await hub.close()
        storage = open_storage(db)
        kept = storage.load(stored.id)
        storage.close()
        assert kept.actions == actions  # each move stored once, in order
        replay = Game(Rules(target=5), seed=3)
        for token in kept.actions:
            replay.apply(token)  # every stored move follows on: none is there twice
        assert replay.record() == table.game.record()

    asyncio.run(scenario())


def test_the_workers_end_with_a_server_killed_with_sigkill(tmp_path):
    server = Server(tmp_path / "games.db", flags=(*TEST_FLAGS, "--computer-workers", "1")).start()
    try:
        game = server.new_game(mode="computer", level="hard", seed=5, rules={"target": 3})
        seat = server.seat(game["links"]["play"])
        computer_moved = False
        while not computer_moved:  # the person bids until the computer has moved once
            message = seat.receive(60)
            if message["type"] == "state":
                computer_moved = (message["last_action"] or [0])[0] == 1
                if message["view"]["to_move"] == 0 and message["view"]["legal"]:
                    seat.send({"type": "action", "action": message["view"]["legal"][0],
                               "seq": message["seq"]})
        workers = [pid for pid in children(server.process.pid) if alive(pid)]
        spawned = [pid for pid in workers
                   if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        assert len(spawned) == 1, "not the one worker --computer-workers 1 asks for"
        seat.close()
        server.kill()
        deadline = time.monotonic() + 15
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(pid) for pid in workers)
    finally:
        server.stop()


def test_serve_refuses_a_bad_count_of_workers_in_one_line():
    for count in ("0", "65", "two"):
        run = subprocess.run([sys.executable, "-m", "euchre.cli", "serve",
                              "--computer-workers", count], capture_output=True, text=True,
                             timeout=60)
        assert run.returncode == 2 and "expected a whole number from 1 to 64" in run.stderr
        assert len(run.stderr.strip().splitlines()) <= 2


def test_a_workers_bot_is_told_each_hand_once_and_says_what_it_lacks():
    class Listener:
        def __init__(self) -> None:
            self.heard: list[str] = []

        def hand_over(self, last_hand: dict) -> None:
            self.heard.append(last_hand["name"])

        def act(self, view) -> str:
            return view.legal[0]

    made: list[Listener] = []
    bots = Bots(kept=1, make=lambda level, seed: made.append(Listener()) or made[-1])
    view = Game(seed=1).view(0)
    key = ("g", 1, "expert", 7)
    hands = [{"name": f"hand {n}"} for n in range(4)]
    assert bots.answer(Request(1, key, 0, hands[:2], view)) == ("move", 1, view.legal[0], 2)
    assert bots.answer(Request(2, key, 1, hands[1:4], view))[3] == 4  # hand 1 not told again
    assert made[0].heard == ["hand 0", "hand 1", "hand 2", "hand 3"]
    bots.answer(Request(3, ("h", 1, "expert", 7), 0, [], view))  # the first bot is dropped
    assert bots.answer(Request(4, key, 4, [], view)) == ("behind", 4, 0)
    assert bots.answer(Request(5, key, 0, hands, view))[0] == "move"
    assert made[2].heard == made[0].heard
    broken = Bots(make=lambda level, seed: 1 / 0)
    assert broken.answer(Request(6, key, 0, [], view)) == ("error", 6, "division by zero")


def test_a_long_matchs_hands_reach_a_new_worker_whole():
    """A request too big for the pipe in one write (a long match's hands, sent to a worker
    that has never seen the table) is written from a thread, and answered."""
    game, chooser = Game(seed=4), agents.load("medium", seed=4)
    while game.hand_number < 1 or game.to_move != 1:
        game.apply(chooser.act(game.view(game.to_move)))
    view = game.view(1)
    text = json.dumps(view.last_hand)
    remote = Remote(("g", 1, "hard", 5), [json.loads(text) for _ in range(200)])
    assert len(pickle.dumps(remote.hands)) > DIRECT

    async def scenario() -> str:
        workers = Workers(1)
        try:
            return await workers.decide(remote, view)
        finally:
            workers.close()

    assert asyncio.run(scenario()) in view.legal


def test_the_searching_levels_think_in_workers_and_the_rules_of_thumb_in_place():
    assert isinstance(seat_player("g", 1, "expert", 1), Remote)
    assert isinstance(seat_player("g", 1, "hard", 1), Remote)
    assert not isinstance(seat_player("g", 1, "medium", 1), Remote)
    assert not isinstance(seat_player("g", 1, "easy", 1), Remote)


def test_the_computer_is_paced_no_slower_than_the_pages_fastest_speed():
    speeds = (STATIC / "settings.js").read_text()
    fast = re.search(r"fast: \{[^}]*move: (\d+)", speeds)
    assert fast is not None
    assert 0 < BOT_DELAY * 1000 <= int(fast.group(1))


def test_the_computers_thinking_counts_in_its_delay(tmp_path, monkeypatch):
    """A computer that thinks 0.2 s waits 0.2 s less before moving: its delay is a least
    time from its turn to its move, not a pause added to its thinking."""
    paused: list[float] = []
    real_sleep = asyncio.sleep

    async def thinking(self, remote, view) -> str:
        await real_sleep(0.2)
        return view.legal[0]

    async def sleep(seconds: float) -> None:
        paused.append(seconds)
        await real_sleep(seconds)

    monkeypatch.setattr(computer_module.Workers, "decide", thinking)
    monkeypatch.setattr(computer_module.asyncio, "sleep", sleep)

    async def scenario() -> None:
        hub = Hub(Committer(SQLiteStorage(tmp_path / "games.db")), bot_delay=0.5)
        stored = await hub.create("computer", Rules(), "Ann", level="expert", seed=2)
        table = await hub.table(stored.id)
        me = agents.load("medium", seed=1)
        while table.seq < 6:
            await person_moves(hub, table, me)
            await real_sleep(0.01)
        await hub.close()

    asyncio.run(scenario())
    assert paused and all(pause <= 0.5 - 0.2 + 1e-3 for pause in paused)


def test_a_killed_servers_game_goes_on_with_its_searching_computer_after_a_restart(db):
    server = Server(db).start()
    game = server.new_game(mode="computer", level="hard", seed=9, rules={"target": 2})
    try:
        seat = server.seat(game["links"]["play"])
        seat.state_at_least(0)
        seat.close()
        server.kill()
        server = Server(db).start()
        seat = server.seat(game["links"]["play"])
        while True:
            message = seat.receive(60)
            if message["type"] != "state":
                continue
            if message["game"]["finished"]:
                break
            legal = message["view"]["legal"]
            if message["view"]["to_move"] == 0 and legal:
                bid = next((choice for choice in legal if choice != "pass"), legal[0])
                seat.send({"type": "action", "action": bid, "seq": message["seq"]})
        seat.close()
    finally:
        server.stop()
