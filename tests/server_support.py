"""A real `euchre serve` process for the server tests, and a small WebSocket client."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

EUCHRE = [sys.executable, "-m", "euchre.cli"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


TEST_FLAGS = ("--allow-seeds", "--games-per-minute", "100000")
"""What test servers run with unless told otherwise: seeded deals (exact, repeatable games)
and no creation limit. Tests of those limits pass their own ``flags``."""


class Server:
    """``euchre serve`` on a free loopback port with its own database file."""

    def __init__(self, db: Path, bot_delay: float = 0.0, port: int | None = None,
                 flags: tuple[str, ...] = TEST_FLAGS) -> None:
        self.db = db
        self.bot_delay = bot_delay
        self.flags = flags
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [*EUCHRE, "serve", "--port", str(self.port), "--db", str(self.db),
             "--bot-delay", str(self.bot_delay), *self.flags],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        self.wait_up(30)
        return self

    def wait_up(self, seconds: float, poll: float = 0.1) -> None:
        """Until the started process answers ``/api/levels`` (``RuntimeError`` if it exits,
        with what it printed when that was kept, or is not up in ``seconds``)."""
        assert self.process is not None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                said = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"server exited: {said}" if said else "server exited")
            try:
                with urllib.request.urlopen(self.base + "/api/levels", timeout=5 * poll):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(poll)
        raise RuntimeError(f"server did not start in {seconds:g} s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when a machine or a process dies."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, data: Any, opener: Any = None) -> tuple[int, dict[str, Any]]:
        body = data if isinstance(data, bytes) else json.dumps(data).encode()
        request = urllib.request.Request(self.base + path, data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with (opener or urllib.request.build_opener()).open(request, timeout=10) as reply:
                return reply.status, json.load(reply)
        except urllib.error.HTTPError as err:
            return err.code, json.load(err)

    def get(self, path: str, opener: Any = None) -> tuple[int, str]:
        try:
            with (opener or urllib.request.build_opener()).open(self.base + path,
                                                                timeout=30) as reply:
                return reply.status, reply.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode()

    def new_game(self, **fields: Any) -> dict[str, Any]:
        status, reply = self.post("/api/games", fields)
        assert status == 201, reply
        return reply

    def claim(self, invite: str, name: str = "Friend") -> str:
        """Take the seat a friend's invite link (``/join/GAME?invite=CODE``) offers: that
        seat's own link."""
        game_id, _, query = invite.removeprefix("/join/").partition("?invite=")
        status, reply = self.post(f"/api/games/{game_id}/claim", {"invite": query, "name": name})
        assert status == 200, reply
        return reply["link"]

    def friends(self, game: dict[str, Any]) -> tuple[Seat, Seat]:
        """Both seats of a new friend game: the friend takes his seat first (so the first
        state either seat reads is one where both have arrived). The friend's seat link is
        kept in ``game["links"]["friend"]``."""
        friend = game["links"]["friend"] = self.claim(game["links"]["invite"])
        return self.seat(game["links"]["play"]), self.seat(friend)

    def resign(self, link: str) -> None:
        """The seat of ``link`` gives its match up, and the match is over."""
        seat = self.seat(link)
        seat.state_at_least(0)
        seat.send({"type": "resign"})
        seat.until(lambda m: m["type"] == "state" and m["game"]["finished"])
        seat.close()

    def seat(self, link: str, cookies: str | None = None) -> Seat:
        """A connection to the seat of ``link`` (an invite link takes its seat first), from
        a browser with ``cookies`` (a ``Cookie`` header) when given."""
        if link.startswith("/join/"):
            link = self.claim(link)
        game_id, _, query = link.removeprefix("/play/").partition("?")
        return Seat(f"ws://127.0.0.1:{self.port}/ws/{game_id}?{query}", cookies)


@contextlib.contextmanager
def two_servers(db: str, flags: tuple[str, ...] = TEST_FLAGS) -> Iterator[tuple[Server, Server]]:
    """Two ``euchre serve`` processes on one database (a PostgreSQL URL), stopped after."""
    one = Server(db, flags=flags).start()  # type: ignore[arg-type]
    try:
        two = Server(db, flags=flags).start()  # type: ignore[arg-type]
        try:
            yield one, two
        finally:
            two.stop()
    finally:
        one.stop()


class Browser:
    """One browser at a server: the cookies it is given kept from request to request (the
    deal of the day's one game, and what it may see of the day, go by them)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def post(self, path: str, data: Any) -> tuple[int, dict[str, Any]]:
        return self.server.post(path, data, self.opener)

    def get(self, path: str) -> tuple[int, str]:
        return self.server.get(path, self.opener)

    def cookies(self) -> str:
        """The ``Cookie`` header this browser sends."""
        return "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.jar)

    def seat(self, link: str) -> Seat:
        return self.server.seat(link, self.cookies() or None)


def friend_game_played(host: Browser, guest: Browser, host_name: str,
                       guest_name: str) -> dict:
    """A friend game to 1 point between two browsers (each with its cookies: a session
    makes the seat its account's), played out: its creation reply."""
    status, game = host.post("/api/games", {"mode": "friend", "name": host_name,
                                            "rules": {"target": 1}})
    assert status == 201, game
    code = game["links"]["invite"].split("?invite=")[1]
    status, claimed = guest.post(f"/api/games/{game['id']}/claim",
                                 {"invite": code, "name": guest_name})
    assert status == 200, claimed
    one, two = host.seat(game["links"]["play"]), guest.seat(claimed["link"])
    one.state_at_least(0)
    two.state_at_least(0)
    play_out(one, two)
    one.close()
    two.close()
    return game


def play_out(a, b) -> dict:
    """Both seats play their last legal choice (never a pass) until the match is over."""
    while not a.state["game"]["finished"]:
        mover = a if a.state["view"]["to_move"] == 0 else b
        seq = mover.state["seq"]
        mover.send({"type": "action", "action": mover.state["view"]["legal"][-1], "seq": seq})
        a.state_at_least(seq + 1)
        b.state_at_least(seq + 1)
    return a.state


def every_seat_plays_out(seats: list[Seat]) -> dict:
    """Each seat of a table (its own connection, seat order) plays its last legal choice in
    turn until the match is over: the last state."""
    states = [seat.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]), 20)
              for seat in seats]
    while not states[0]["game"]["finished"]:
        to_move = states[0]["view"]["to_move"]
        mine = states[to_move]
        seats[to_move].send({"type": "action", "action": mine["view"]["legal"][-1],
                             "seq": mine["seq"]})
        states = [seat.state_at_least(mine["seq"] + 1) for seat in seats]
    return states[0]


class Seat:
    """A WebSocket connection to one seat (or a spectator) that reads typed messages."""

    def __init__(self, url: str, cookies: str | None = None) -> None:
        headers = {"Cookie": cookies} if cookies else None
        self.socket = connect(url, max_size=2**22, open_timeout=10,
                              additional_headers=headers).__enter__()
        self.state: dict[str, Any] | None = None
        self.frames: list[str] = []
        """Every frame received, as sent (tests read them for what must never be there)."""

    def send(self, message: Any) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self, timeout: float = 20) -> dict[str, Any]:
        frame = self.socket.recv(timeout=timeout)
        self.frames.append(frame)
        message = json.loads(frame)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, predicate, timeout: float = 30) -> dict[str, Any]:
        """Read until a message satisfies ``predicate``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(deadline - time.monotonic(), 0.01))
            if predicate(message):
                return message

    def state_at_least(self, seq: int) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state" and m["seq"] >= seq)

    def error(self) -> str:
        return self.until(lambda m: m["type"] in ("error",))["message"]

    def drain(self, quiet: float = 0.5) -> None:
        """Read whatever comes until ``quiet`` seconds pass with nothing."""
        while True:
            try:
                self.receive(quiet)
            except TimeoutError:
                return

    def close(self) -> None:
        self.socket.close()


def spawned_children(server: Server) -> list[int]:
    """The server's spawned child processes (a review's, the build worker)."""
    listed = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid",
                             str(server.process.pid)], capture_output=True, text=True)
    return [int(line.split()[0]) for line in listed.stdout.splitlines()
            if "spawn_main" in line]


def killed_quietly(server: Server, children: list[int]) -> None:
    """SIGKILL the server: each of ``children`` must end too, and nobody say an error."""
    server.kill()
    lines = server.process.stdout.read().decode().splitlines()  # (until the children end)
    for pid in children:  # gone (or a zombie nobody reaps in this container)
        status = Path(f"/proc/{pid}/status")
        assert not status.exists() or "zombie" in status.read_text().lower()
    assert not any("Traceback" in line or "Error" in line for line in lines), lines
