"""Who may come in, and what they may call themselves (issue 37, criterion 3), on a real
`euchre serve`: the Host a request names (DNS rebinding), the Origin of a WebSocket or a
creation (other sites' pages), X-Forwarded-For only from a named proxy, names that would
pass for the computer, JSON that gives a key twice, and files readable by their owner only."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest
from raw_client import connect, read_head, read_reply, upgrade
from server_support import TEST_FLAGS, Server

from euchre.server.storage import SQLiteStorage


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("origins") / "games.db",
                     flags=(*TEST_FLAGS, "--allowed-host", "euchre.example", "--allowed-origin",
                            "https://front.example")).start()
    yield running
    running.stop()


def request(server: Server, head: str, body: bytes = b"") -> bytes:
    """Send ``head`` (the request line and headers, without the blank line) and read the
    reply."""
    sock = connect(server.port)
    sock.sendall(head.encode() + b"\r\n\r\n" + body)
    reply = read_reply(sock, b"")
    sock.close()
    return reply


def status(reply: bytes) -> int:
    return int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/1.1 ") else 0


def create(server: Server, host: str, origin: str | None = None,
           body: bytes = b'{"mode": "friend"}') -> bytes:
    extra = f"\r\nOrigin: {origin}" if origin else ""
    return request(server, f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: "
                           f"application/json\r\nContent-Length: {len(body)}\r\nConnection: "
                           f"close{extra}", body)


def opens(server: Server, path: str, host: str, origin: str | None = None) -> bool:
    """Whether a WebSocket handshake naming ``host`` (from ``origin``) is accepted."""
    sock = connect(server.port)
    sock.sendall(upgrade(path, host, f"Origin: {origin}\r\n" if origin else ""))
    head = read_head(sock)
    sock.close()
    return b" 101 " in head.split(b"\r\n")[0]


def test_a_request_naming_another_host_is_refused_and_this_servers_names_are_not(server):
    port = server.port
    game = server.new_game(mode="friend")
    before = len(SQLiteStorage(server.db).unfinished())
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "euchre.example",
                 f"EUCHRE.example:{port}", "192.0.2.1"):
        reply = request(server, f"GET /health HTTP/1.1\r\nHost: {host}\r\nConnection: close")
        assert status(reply) == 200, (host, reply[:80])
        assert opens(server, f"/ws/{game['id']}", host)
    # a page on a name the attacker re-pointed at this machine (DNS rebinding)
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}"):
        reply = request(server, f"GET /api/recent HTTP/1.1\r\nHost: {host}\r\n"
                                "Connection: close")
        assert status(reply) == 400 and b"does not answer to the name" in reply, reply[:200]
        assert status(create(server, host, f"http://{host}")) == 400
        assert not opens(server, f"/ws/{game['id']}", host, f"http://{host}")
    assert len(SQLiteStorage(server.db).unfinished()) == before


def test_a_websocket_or_a_creation_from_another_sites_page_is_refused(server):
    port, host = server.port, f"127.0.0.1:{server.port}"
    game = server.new_game(mode="friend")
    path = "/ws/" + game["links"]["play"].removeprefix("/play/")
    for origin in ("http://evil.example", "null", f"http://localhost:{port + 1}"):
        assert not opens(server, path, host, origin)
        assert status(create(server, host, origin)) == 403
    for origin in (f"http://127.0.0.1:{port}", "https://front.example", None):
        assert opens(server, path, host, origin)
        assert status(create(server, host, origin)) == 201


def test_x_forwarded_for_is_ignored_unless_its_proxy_is_named(tmp_path):
    for flags, second in ((("--games-per-minute", "1"), 429),
                          (("--games-per-minute", "1", "--trusted-proxy", "10.0.0.0/8"), 429),
                          (("--games-per-minute", "1", "--trusted-proxy", "127.0.0.1"), 201)):
        running = Server(tmp_path / "games.db", flags=flags).start()
        try:
            assert status(create(running, f"127.0.0.1:{running.port}")) == 201
            forged = request(running, "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                      "Content-Type: application/json\r\nContent-Length: 2\r\n"
                                      "X-Forwarded-For: 192.0.2.7\r\nConnection: close", b"{}")
            assert status(forged) == second, (flags, forged[:200])
        finally:
            running.stop()


def test_names_are_normalised_and_the_computers_are_reserved(server):
    for name in ("Computer", " computer ", "Ｃｏｍｐｕｔｅｒ", "expert", "EASY", "East", "north"):
        code, reply = server.post("/api/games", {"mode": "friend", "name": name})
        assert code == 400 and "is the computer's name" in reply["error"], (name, reply)
    game = server.new_game(mode="friend", name="  Ａｎｎ \u3000 Lee\t")
    seat = server.seat(game["links"]["play"])
    assert seat.state_at_least(0)["game"]["names"][0] == "Ann Lee"
    seat.send({"type": "name", "name": "hard"})
    assert seat.error() == "'hard' is the computer's name: choose another"
    seat.send({"type": "name", "name": "ｚｏë"})
    assert seat.until(lambda m: m["type"] == "state"
                      and m["game"]["names"][0] == "zoë")["game"]["names"][0] == "zoë"
    seat.close()
    assert SQLiteStorage(server.db).load(game["id"]).names == ("zoë", "Friend")


def test_json_that_gives_a_key_twice_is_refused(server):
    game = server.new_game(mode="friend", seed=5)
    a, b = server.seat(game["links"]["play"]), server.seat(game["links"]["invite"])
    a.state_at_least(0)
    b.state_at_least(0)
    mover = a if a.state["view"]["to_move"] == 0 else b
    mover.send('{"type": "action", "action": "order", "action": "pass"}')
    assert mover.error() == "message is refused: the key 'action' is given twice"
    mover.send('{"type": "name", "name": "Ann", "name": "Computer"}')
    assert "given twice" in mover.error()
    assert SQLiteStorage(server.db).load(game["id"]).actions == []
    code, reply = server.post("/api/games", b'{"mode": "friend", "mode": "computer"}')
    assert code == 400 and reply["error"] == ("the request is not valid JSON: the key 'mode' "
                                              "is given twice")
    a.close()
    b.close()


def private(path: Path, mode: int) -> bool:
    return stat.S_IMODE(path.stat().st_mode) == mode


@pytest.fixture
def open_umask():
    """A umask that would let every user read what is created (it must not matter)."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_the_database_and_its_folder_are_created_readable_by_the_owner_only(tmp_path,
                                                                            open_umask):
    db = tmp_path / "new" / "data" / "games.db"
    running = Server(db).start()
    try:
        game = running.new_game(mode="friend", seed=1)
        seat = running.seat(game["links"]["play"])
        seat.state_at_least(0)
        seat.send({"type": "name", "name": "Ann"})  # a write: the -wal file has content
        seat.until(lambda m: m["type"] == "state" and m["game"]["names"][0] == "Ann")
        deadline = time.monotonic() + 10
        while not Path(f"{db}-shm").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            assert private(path, 0o600), (path, oct(path.stat().st_mode))
        assert private(db.parent, 0o700) and private(db.parent.parent, 0o700)
        seat.close()
    finally:
        running.stop()


def test_the_terminals_saves_and_matches_are_readable_by_the_owner_only(tmp_path, monkeypatch,
                                                                        open_umask):
    from euchre import Game, Rules
    from euchre.terminal import saves

    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path / "data"))
    record = Game(Rules(target=1), seed=3).record()
    name = saves.create("expert", {"record": record, "level": "expert"})
    saved = saves.save(name, {"record": record, "level": "expert"})
    finished = saves.save_finished(record)
    for path in (saved, finished):
        assert private(path, 0o600), (path, oct(path.stat().st_mode))
    for folder in (tmp_path / "data", saved.parent, finished.parent):
        assert private(folder, 0o700), folder
    assert json.loads(saved.read_text())["level"] == "expert"
