"""The server against abuse (issue 17), each bound checked on a real `euchre serve` process:
fair deals, bounded tables, slow and idle clients, hostile input, idempotent moves, final
records and the browser's security headers."""

from __future__ import annotations

import json
import re
import socket
import sqlite3
import time
import urllib.request

import pytest
from raw_client import closed_within, frame, handshake, read_reply
from server_support import Server, play_out
from websockets.exceptions import ConnectionClosed

from euchre import Game
from euchre.server.limits import CONTENT_SECURITY_POLICY
from euchre.server.paths import STATIC
from euchre.server.storage import MIGRATIONS, SCHEMA, SQLiteStorage

DEFAULTS: tuple[str, ...] = ()  # a server exactly as `euchre serve` starts by default


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("hardening") / "games.db").start()
    yield running
    running.stop()


def pair(server: Server, **fields):
    game = server.new_game(mode="friend", name=fields.pop("name", "Ann"), **fields)
    a, b = server.friends(game)
    a.state_at_least(0)
    b.state_at_least(0)
    return game, a, b


def raw_post(server: Server, body: bytes, headers: dict[str, str]) -> tuple[int, dict]:
    request = urllib.request.Request(server.base + "/api/games", data=body, method="POST",
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


# --- 1. fair deals ---------------------------------------------------------------------

def test_a_client_seed_is_refused_and_every_deal_is_the_servers_own(tmp_path):
    plain = Server(tmp_path / "games.db", flags=DEFAULTS).start()
    try:
        status, reply = plain.post("/api/games", {"mode": "friend", "seed": 5})
        assert status == 400 and "a seed is not accepted" in reply["error"]
        ids = [plain.new_game(mode="friend", name="Ann")["id"] for _ in range(3)]
    finally:
        plain.stop()
    stored = [SQLiteStorage(plain.db).load(i) for i in ids]
    assert len({g.seed for g in stored}) == 3 and not any(g.seeded for g in stored)
    assert all(g.seed not in (0, 5) for g in stored)
    demo = Server(tmp_path / "games.db", flags=("--allow-seeds",)).start()
    try:
        game, a, b = pair(demo, seed=5, rules={"target": 1})
        play_out(a, b)
        status, record = demo.get(f"/api/games/{game['id']}/record")
        assert status == 200 and json.loads(record)["seeded"] is True
        assert Game.from_record(json.loads(record)).is_over
        status, _ = demo.get(f"/api/games/{ids[0]}/record")
        assert status == 409  # (unfinished, and not seeded in the store)
    finally:
        demo.stop()
    assert SQLiteStorage(demo.db).load(game["id"]).seeded


def test_an_old_database_is_migrated_and_keeps_its_games(tmp_path):
    db = tmp_path / "old.db"
    with sqlite3.connect(db) as raw:  # the schema before seeds were marked (version 0)
        raw.executescript(SCHEMA)
        raw.execute("INSERT INTO games (id, created, updated, mode, level, rules, seed, tokens,"
                    " names) VALUES ('old1', 0, 0, 'friend', NULL, '{}', '7', "
                    "'[\"t0\", \"t1\"]', '[\"Ann\", \"Bob\"]')")
    running = Server(db, flags=DEFAULTS).start()
    try:
        seat = running.seat("/play/old1?token=t0")
        assert seat.state_at_least(0)["game"]["names"] == ["Ann", "Bob"]
        seat.close()
    finally:
        running.stop()
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert raw.execute("SELECT seeded FROM games").fetchall() == [(0,)]


# --- 2. bounded memory -------------------------------------------------------------------

def test_creation_is_rate_limited_per_address_and_bad_requests_cost_nothing(tmp_path):
    running = Server(tmp_path / "games.db", flags=("--games-per-minute", "3",
                                                    "--trusted-proxy", "127.0.0.1")).start()
    try:
        for _ in range(5):
            assert running.post("/api/games", {"mode": "bridge"})[0] == 400
        for _ in range(3):
            running.new_game(mode="friend")
        status, reply = running.post("/api/games", {"mode": "friend"})
        assert status == 429 and reply["error"].startswith("too many new games")
        assert "\n" not in reply["error"]
        # another address (through a proxy on this machine, named as trusted) has its own
        # allowance
        status, _ = raw_post(running, b'{"mode": "friend"}',
                             {"Content-Type": "application/json",
                              "X-Forwarded-For": "192.0.2.7"})
        assert status == 201
    finally:
        running.stop()
    assert len(SQLiteStorage(running.db).unfinished()) == 4


def test_live_tables_are_capped_and_an_idle_one_is_let_go_for_a_new_one(tmp_path):
    running = Server(tmp_path / "games.db", flags=("--max-tables", "2")).start()
    try:
        games = [running.new_game(mode="friend") for _ in range(3)]  # none is opened yet
        first = running.seat(games[0]["links"]["play"])
        first.state_at_least(0)
        second = running.seat(games[1]["links"]["play"])
        second.state_at_least(0)
        third = running.seat(games[2]["links"]["play"])
        assert third.error() == "the server is full: try again in a minute"
        status, reply = running.post("/api/games", {"mode": "friend"})
        assert status == 503 and "full" in reply["error"]
        first.close()  # its table is idle now, and goes for the next one
        deadline = time.monotonic() + 10
        while True:
            third = running.seat(games[2]["links"]["play"])
            message = third.receive()
            if message["type"] == "state" or time.monotonic() > deadline:
                break
            third.close()
            time.sleep(0.2)
        assert message["type"] == "state" and message["game"]["id"] == games[2]["id"]
        again = running.seat(games[0]["links"]["play"])  # reloaded from the store? full
        assert again.error() == "the server is full: try again in a minute"
        for conn in (second, third, again):
            conn.close()
    finally:
        running.stop()


@pytest.mark.parametrize("idle, let_go", [("0.5", True), ("600", False)])
def test_a_table_nobody_is_at_is_let_go_after_the_idle_time(tmp_path, idle, let_go):
    running = Server(tmp_path / "games.db", flags=("--allow-seeds", "--table-idle", idle)
                     ).start()
    try:
        game, a, b = pair(running, seed=3)
        seq = a.state["seq"]
        a.close()
        b.close()
        time.sleep(2.5)  # the sweep runs every idle/2 (at least 0.5 s)
        # a move written to the store behind the server's back: only a table read again
        # from the store (after it was let go) can show it
        stored = SQLiteStorage(running.db).load(game["id"])
        replayed = stored.replay()
        with sqlite3.connect(running.db) as raw:
            raw.execute("INSERT INTO actions VALUES (?, ?, ?, ?)",
                        (game["id"], seq, replayed.to_move, replayed.legal_actions()[0]))
        seat = running.seat(game["links"]["play"])
        assert seat.state_at_least(0)["seq"] == (seq + 1 if let_go else seq)
        seat.close()
    finally:
        running.stop()


# --- 3. slow, idle and vanished clients ------------------------------------------------

def test_a_client_that_stops_reading_is_removed_and_its_socket_closed(server):
    game, a, b = pair(server, seed=1)
    path = "/ws/" + game["links"]["friend"].removeprefix("/play/")
    slow = handshake(server.port, path, rcvbuf=2048)
    b.close()
    a.until(lambda m: m["type"] == "state" and m["game"]["connected"][1])
    junk = frame(b"x" * 1000)  # each answered with an error it will never read
    slow.settimeout(10)
    try:
        for _ in range(60_000):
            slow.sendall(junk)
    except OSError:
        pass  # closed by the server mid-flood: the point of the test
    state = a.until(lambda m: m["type"] == "state" and not m["game"]["connected"][1],
                    timeout=30)
    assert not state["game"]["connected"][1]  # removed from its table
    assert closed_within(slow, 20)
    slow.close()
    a.send({"type": "ping"})
    assert a.until(lambda m: m["type"] == "pong")
    a.close()


def test_idle_sockets_and_slow_headers_are_timed_out(tmp_path):
    running = Server(tmp_path / "games.db", flags=("--socket-idle", "1", "--header-timeout",
                                                    "1")).start()
    try:
        game = running.new_game(mode="friend")
        idle = running.seat(game["links"]["watch"])
        idle.state_at_least(0)
        with pytest.raises(ConnectionClosed):
            while True:
                idle.receive(timeout=10)
        slow = socket.create_connection(("127.0.0.1", running.port))
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and the rest never comes
        assert closed_within(slow, 6)
        dribble = socket.create_connection(("127.0.0.1", running.port))
        started = time.monotonic()
        with pytest.raises(OSError):
            for byte in b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Pad: " + b"a" * 60:
                dribble.sendall(bytes([byte]))  # a byte at a time: cut off all the same
                time.sleep(0.1)
                if closed_within(dribble, 0.01):
                    raise OSError("closed")
        assert time.monotonic() - started < 5
        assert running.get("/api/levels")[0] == 200
    finally:
        running.stop()


def test_serve_documents_and_checks_its_limit_flags(tmp_path):
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-m", "euchre.cli", "serve", "--help"],
                         capture_output=True, text=True, timeout=60)
    for flag in ("--allow-seeds", "--games-per-minute", "--max-tables", "--table-idle",
                 "--socket-idle", "--header-timeout", "--keep-alive", "--ws-ping",
                 "--max-connections"):
        assert flag in run.stdout
    bad = subprocess.run([sys.executable, "-m", "euchre.cli", "serve", "--max-tables", "0"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "expected a whole number" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) <= 2


# --- 4. hostile input --------------------------------------------------------------------

def test_hostile_frames_and_ids_get_one_line_errors_and_the_connection_goes_on(server):
    game, a, b = pair(server, seed=2)
    if a.state["view"]["to_move"] != 0:
        a, b = b, a  # ``a`` is the seat to move, so a token reaches the engine's check
    cases = [("[" * 2000, "not valid JSON"),
             ('{"type": "action", "action": ' + "[" * 1500 + "]" * 1500 + "}", "not valid"),
             (json.dumps({"type": "action", "action": "é" * 3}), "'ééé'"),
             (json.dumps({"type": "action", "action": "J" * 40}), "at most 16 characters"),
             (json.dumps({"type": "action", "action": "pass", "seq": True}), '"seq" must'),
             (json.dumps({"type": "action", "action": "pass", "seq": -1}), '"seq" must'),
             (json.dumps({"type": ["action"]}), 'needs "type"'),
             (json.dumps({"type": "name", "name": "\ud800"}), "printable")]
    for text, words in cases:
        a.send(text)
        message = a.error()
        assert words in message and "\n" not in message, (text[:40], message)
    a.socket.send(b"\x00\xff binary")
    assert "binary frames are not accepted" in a.error()
    for query in ("token=%C3%A9t%C3%A9", "token=" + "A" * 5000, "token=%00"):
        stranger = server.seat(f"/play/{game['id']}?{query}")
        assert stranger.error() == "this link's seat token is not valid for this game"
        stranger.close()
    for game_id in ("%C3%A9", "x" * 3000, "%27%3B%20DROP%20TABLE%20games%3B%20--", "%00"):
        lost = server.seat(f"/play/{game_id}")
        assert lost.error().startswith("no game")
        lost.close()
        assert server.get(f"/play/{game_id}")[0] == 404
    assert server.get("/play/a%2Fb")[0] == 404
    a.send({"type": "ping"})
    assert a.until(lambda m: m["type"] == "pong")
    assert SQLiteStorage(server.db).load(game["id"]).actions == []
    a.close()
    b.close()


def test_huge_and_hostile_bodies_are_refused_before_reading(server):
    before = len(SQLiteStorage(server.db).unfinished())
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.sendall(  # (the rest of the body is never sent)
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
        b"application/json\r\nContent-Length: 1000000000\r\n\r\n{")
    reply = read_reply(sock, b"}")  # answered without waiting for the body
    assert reply.startswith(b"HTTP/1.1 413") and b"request too long" in reply
    sock.close()
    chunked = socket.create_connection(("127.0.0.1", server.port))
    chunk = b"1000\r\n" + b" " * 4096 + b"\r\n"
    chunked.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                    b"\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk * 3)
    assert read_reply(chunked).startswith(b"HTTP/1.1 413")
    chunked.close()
    for body, status in [(b"[" * 3000, 400), (b'{"rules": ' + b"[" * 1000 + b"]" * 1000 + b"}",
                                               400), (b"\xff\xfe", 400),
                         (json.dumps({"name": "a/b"}).encode(), 400),
                         (json.dumps({"rules": {"deck": [1]}}).encode(), 400),
                         (json.dumps({"mode": {"x": 1}}).encode(), 400)]:
        code, reply = raw_post(server, body, {"Content-Type": "application/json"})
        assert code == status and "\n" not in reply["error"], (body[:30], reply)
    assert len(SQLiteStorage(server.db).unfinished()) == before
    assert server.get("/api/levels")[0] == 200


# --- 5. idempotent moves and hints -------------------------------------------------------

def test_a_repeated_or_stale_move_is_refused_and_never_played_twice(server):
    game, a, b = pair(server, seed=6)
    mover = a if a.state["view"]["to_move"] == 0 else b
    seq = mover.state["seq"]
    move = json.dumps({"type": "action", "action": "pass", "seq": seq})
    mover.send(move)
    mover.send(move)  # the same frame again, as a flaky network re-sends it
    assert mover.error() == (f"that move answers state {seq}, but the game is at state "
                             f"{seq + 1}: nothing was played")
    assert mover.state["seq"] == seq + 1  # (its state came before the refusal)
    assert SQLiteStorage(server.db).load(game["id"]).actions == ["pass"]
    other = b if mover is a else a
    other.state_at_least(seq + 1)
    other.send({"type": "action", "action": "pass", "seq": seq + 1})  # the current seq: fine
    assert other.state_at_least(seq + 2)["seq"] == seq + 2
    a.close()
    b.close()


def test_a_hint_carries_the_seq_it_was_worked_out_for_and_one_is_in_flight(server):
    _, a, b = pair(server, seed=4)
    mover = a if a.state["view"]["to_move"] == 0 else b
    seq, legal = mover.state["seq"], mover.state["view"]["legal"]
    mover.send({"type": "hint"})
    mover.send({"type": "hint"})
    mover.send({"type": "action", "action": mover.state["view"]["legal"][0], "seq": seq})
    seen = {}
    deadline = time.monotonic() + 30
    while len(seen) < 3 and time.monotonic() < deadline:
        message = mover.receive()
        if message["type"] in ("hint", "error") or (message["type"] == "state"
                                                     and message["seq"] == seq + 1):
            seen[message["type"]] = message
    assert seen["hint"]["seq"] == seq  # asked before the move: labelled so
    assert set(seen["hint"]["values"]) == set(legal)
    assert seen["error"]["message"] == "a hint is already being worked out for your seat"
    assert seen["state"]["seq"] == seq + 1
    a.close()
    b.close()


# --- 6. final records, names and links ---------------------------------------------------

def test_names_are_final_after_the_match_and_links_are_url_encoded(server):
    name = "Zoë & co? #1 50%"
    game, a, b = pair(server, seed=8, name=name, rules={"target": 1})
    a.send({"type": "name", "name": "x/y"})
    assert a.error() == "a name may not contain /"
    assert server.post("/api/games", {"name": "a/b"})[1]["error"] == "a name may not contain /"
    play_out(a, b)
    b.send({"type": "name", "name": "Mallory"})
    assert b.error() == "the match is over: its names are final"
    assert SQLiteStorage(server.db).load(game["id"]).names == (name, "Friend")
    status, page = server.get(f"/games/{game['id']}")
    assert status == 200
    link = re.search(r'href="(/players/[^"]*)">Zo', page).group(1)
    assert link == "/players/Zo%C3%AB%20%26%20co%3F%20%231%2050%25"
    status, stats = server.get(link)
    assert status == 200 and "Zoë &amp; co? #1 50%" in stats and "No finished" not in stats
    a.close()
    b.close()


LOOKALIKES = ("\u0421omputer", "C\u0338omputer", "C0mputer", "\u0395xpert",
              "\u041dard", "W\u0435st", "\uff23\u03bfmputer")
"""The computer's names in letters that look like them (Cyrillic, Greek, an overlay, a zero,
fullwidth): issue 57, defect 8."""


def test_a_resigned_match_keeps_its_names(server):
    """Issue 57, defect 6: a match ended by resigning is over: its names are final."""
    game, a, b = pair(server, seed=9, name="Ann")
    a.send({"type": "resign"})
    a.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    for seat in (a, b):
        seat.send({"type": "name", "name": "Mallory"})
        assert seat.error() == "the match is over: its names are final"
    assert SQLiteStorage(server.db).load(game["id"]).names == ("Ann", "Friend")
    a.close()
    b.close()


def test_names_that_look_like_the_computers_or_another_players_are_refused(server):
    """Issue 57, defect 8: the computer's names in look-alike letters, and a name that
    would pass for another person's at the same table (the same name is told apart by
    seat, and allowed)."""
    _, a, b = pair(server, seed=9, name="Ann")
    for bad in LOOKALIKES:
        a.send({"type": "name", "name": bad})
        assert "looks like the computer's name" in a.error(), bad
        status, reply = server.post("/api/games", {"mode": "friend", "name": bad})
        assert status == 400 and "looks like the computer's name" in reply["error"], bad
    b.send({"type": "name", "name": "\u0410nn"})  # a Cyrillic A: passes for Ann
    assert b.error() == "'\u0410nn' looks like 'Ann', who sits at this table: choose another name"
    b.send({"type": "name", "name": "Ann"})  # the same name: told apart by seat
    assert b.until(lambda m: m["type"] == "state" and m["game"]["names"][1] == "Ann")
    a.close()
    b.close()
    other = server.new_game(mode="friend", name="Ann")
    code = other["links"]["invite"].partition("?invite=")[2]
    status, reply = server.post(f"/api/games/{other['id']}/claim",
                                {"invite": code, "name": "\u0410NN"})
    assert status == 400 and "looks like 'Ann'" in reply["error"]


# --- 7. browser hardening ----------------------------------------------------------------

def test_every_response_carries_the_security_headers(server):
    game = server.new_game(mode="computer", level="easy")
    for path in ("/", "/api/levels", "/static/table/main.js", "/cards/JK.svg", "/play/nope",
                 f"/play/{game['id']}", "/players/nobody", "/favicon.ico"):
        try:
            reply = urllib.request.urlopen(server.base + path, timeout=10)
        except urllib.error.HTTPError as err:
            reply = err
        assert reply.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
        assert reply.headers["X-Content-Type-Options"] == "nosniff"
        assert reply.headers["Referrer-Policy"] == "no-referrer"
    assert CONTENT_SECURITY_POLICY == (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'")


def test_the_pages_need_nothing_inline(server):
    game, a, b = pair(server, seed=9, rules={"target": 1})
    play_out(a, b)
    pages = [server.get(p)[1] for p in ("/", f"/play/{game['id']}", f"/games/{game['id']}",
                                        "/players/Ann")]
    pages += [f.read_text() for f in STATIC.glob("*.html")]
    for html in pages:
        assert not re.search(r"<script(?![^>]*\bsrc=)", html)
        assert "<style" not in html and " style=" not in html
        assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers
    a.close()
    b.close()


def test_creation_needs_json_from_this_site_and_tokens_never_reach_the_logs(tmp_path):
    running = Server(tmp_path / "games.db").start()
    try:
        form = {"Content-Type": "text/plain"}
        status, reply = raw_post(running, b'{"mode": "friend"}', form)
        assert status == 415 and "application/json" in reply["error"]
        cross = {"Content-Type": "application/json", "Origin": "https://evil.example"}
        status, reply = raw_post(running, b'{"mode": "friend"}', cross)
        assert status == 403 and "may only come from this site" in reply["error"]
        status, _ = raw_post(running, b'{"mode": "friend"}',
                             {"Content-Type": "application/json",
                              "Sec-Fetch-Site": "cross-site"})
        assert status == 403
        assert len(SQLiteStorage(running.db).unfinished()) == 0
        same = {"Content-Type": "application/json", "Origin": running.base}
        status, game = raw_post(running, b'{"mode": "friend"}', same)
        assert status == 201
        a, b = running.friends(game)
        tokens = [game["links"]["play"].partition("token=")[2],
                  game["links"]["invite"].partition("invite=")[2],
                  game["links"]["friend"].partition("token=")[2]]
        assert all(tokens)
        a.state_at_least(0)
        running.get(game["links"]["play"])
        a.send("{bad")
        a.error()
        a.close()
        b.close()
    finally:
        running.stop()
    output = running.process.stdout.read().decode()
    assert "Euchre at http" in output
    assert not any(token in output for token in tokens)
