"""Hypothesis drives a real `euchre serve` with random and mutated messages (issue 17,
criterion 4): every one gets an answer or an error, never a crash; afterwards a normal game
still plays to the end and every stored game replays.

Then the abuse (issue 37, criterion 6): random and malformed HTTP requests and WebSocket
frames, byte by byte, each on a connection of its own from one of many loopback addresses.
Each is answered with a well-formed reply (never a 500, never a close for an internal error)
or its connection closed, and the server answers ``GET /health`` after every one. The whole
module's fuzzing is bounded in count (``max_examples``) and in time (each connection is read
for at most ``QUIET`` seconds after its last byte), and the server's memory grows by less
than ``MEMORY_BOUND`` MB over all of it.
"""

from __future__ import annotations

import contextlib
import json
import re
import struct
import time
import urllib.error
import urllib.request
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from raw_client import connect, handshake, rss_mb
from server_support import Server, play_out

from euchre.server.storage import SQLiteStorage

QUIET = 0.3
"""Seconds a fuzzing connection is read for after its last byte (or until it closes)."""
MEMORY_BOUND = 30
"""MB the server's resident memory may grow by over the whole module's fuzzing."""

VALID = [{"type": "action", "action": "pass"}, {"type": "action", "action": "order"},
         {"type": "action", "action": "JH", "seq": 0}, {"type": "hint"}, {"type": "ping"},
         {"type": "name", "name": "Ann"}, {"type": "action", "action": "discard 9S"},
         {"type": "say", "phrase": "thanks"}]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12)


@st.composite
def mutated(draw) -> str:
    """A valid message with one field replaced, added or removed, or its text damaged."""
    message = dict(draw(st.sampled_from(VALID)))
    how = draw(st.sampled_from(["replace", "add", "remove", "cut", "splice", "nest"]))
    if how == "replace":
        message[draw(st.sampled_from(sorted(message)))] = draw(json_values)
    elif how == "add":
        message[draw(st.sampled_from(["seq", "action", "name", "type", draw(st.text())]))] = \
            draw(json_values)
    elif how == "remove":
        message.pop(draw(st.sampled_from(sorted(message))))
    text = json.dumps(message)
    if how == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif how == "splice":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=20)) + text[at:]
    elif how == "nest":
        depth = draw(st.integers(100, 3000))
        text = "[" * depth + text + "]" * draw(st.integers(0, depth))
    return text


frames = st.one_of(mutated(), st.text(max_size=300), st.binary(max_size=300),
                   json_values.map(json.dumps))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("fuzz") / "games.db").start()
    running.get("/health")
    running.baseline = rss_mb(running.process.pid)  # type: ignore[attr-defined]
    yield running
    running.stop()


@pytest.fixture(scope="module")
def table(server):
    game = server.new_game(mode="computer", level="easy", name="Fuzz", rules={"target": 2})
    seat = server.seat(game["links"]["play"])
    seat.state_at_least(0)
    yield game, seat
    with contextlib.suppress(TimeoutError):  # (what came after the last pong, unread: else
        while True:                          # the client stops reading, and its close waits)
            seat.receive(timeout=0.5)
    seat.close()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(batch=st.lists(frames, min_size=1, max_size=8))
def test_random_and_mutated_messages_never_break_the_connection_or_the_server(server, table,
                                                                               batch):
    _, seat = table
    for frame in batch:
        seat.socket.send(frame)
    seat.send({"type": "ping"})
    seat.until(lambda m: m["type"] == "pong")  # still connected, and answering in order
    status, _ = server.get("/api/levels")
    assert status == 200


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(st.binary(max_size=400), mutated().map(str.encode),
                      json_values.map(lambda v: json.dumps(v).encode())))
def test_random_creation_requests_get_a_one_line_answer(server, body):
    code, reply = server.post("/api/games", body)
    assert code in (201, 400, 413), (body, code, reply)  # (413: a nested one over 4 KB)
    if code != 201:
        assert "\n" not in reply["error"]


OPEN_GAMES = ["two", "four", "railroad", "hasenpfeffer", "napoleon"]
PRESET_KEYS = ["standard", "stick", "joker", "long", "nobest", "short"]
"""Open tables' games and the lobby's presets' keys, beside anything at all (issue 50)."""
ACCOUNT_ROUTES = ("/api/accounts", "/api/session", "/api/accounts/games", "/api/dislikes",
                  "/api/quick", "/api/tables", "/api/tables/nosuchtable/sit")


@settings(max_examples=70, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(ACCOUNT_ROUTES),
       body=st.one_of(st.binary(max_size=400), json_values.map(lambda v: json.dumps(v).encode()),
                      st.fixed_dictionaries({"name": json_values, "password": json_values}).map(
                          lambda v: json.dumps(v).encode()),
                      st.fixed_dictionaries({"game": st.sampled_from(OPEN_GAMES) |
                                             json_values, "name": json_values},
                                            optional={"bots": json_values,
                                                      "players": st.integers(1, 6) | json_values,
                                                      "preset": st.sampled_from(PRESET_KEYS) |
                                                      json_values,
                                                      "target": st.integers(-2, 2000) |
                                                      json_values}).map(
                          lambda v: json.dumps(v).encode())))
def test_random_account_requests_get_a_one_line_answer(server, route, body):
    """Issue 50: registering, logging in, claiming games, open tables, quick match and "don't
    seat me with", with anything for a body: an answer in one line, never a 500 (429 once
    the address's meter of failures is empty)."""
    code, reply = server.post(route, body)
    assert code in (200, 201, 400, 401, 403, 404, 409, 413, 429), (route, body, code, reply)
    if code >= 400:
        assert "\n" not in reply["error"] and reply["error"], reply


ODD_SESSIONS = ["euchre_session=\u00b2", "euchre_session=" + "9" * 5000, "euchre_session=",
                "euchre_session", "euchre_session=a; euchre_session=b", "euchre_session=%00"]


@pytest.mark.parametrize("cookie", ODD_SESSIONS)
def test_an_odd_session_cookie_is_a_guest_and_no_error(server, cookie):
    status, _, body = ask(server, "GET", "/api/session", cookie.encode().decode("latin-1"))
    assert (status, json.loads(body)) == (200, {"name": None})
    status, _, body = ask(server, "DELETE", "/api/session", cookie.encode().decode("latin-1"))
    assert status == 200, body


def finished_game(server, name: str) -> dict:
    """A friend game to one point, played out by both seats: its creation reply."""
    game = server.new_game(mode="friend", name=name, rules={"target": 1})
    a, b = server.friends(game)
    a.state_at_least(0)
    b.state_at_least(0)
    play_out(a, b)
    a.close()
    b.close()
    return game


def test_after_the_fuzzing_a_game_plays_to_the_end_and_every_stored_game_replays(server,
                                                                                   table):
    game = finished_game(server, "After")
    storage = SQLiteStorage(server.db)
    ids = storage.unfinished() + [g.id for g in storage.recent(10**6)]  # every game
    assert game["id"] in ids and table[0]["id"] in ids
    for game_id in ids:
        stored = storage.load(game_id)
        replayed = stored.replay()
        assert replayed.is_over == stored.finished
    assert storage.load(game["id"]).finished
    storage.close()


# --- every route's parameters (issue 57, criterion 6) --------------------------------------

ODD_NUMBERS = ["\u00b2", "\u0661\u0662", "\U0001d7d9", "-1", "-" + "9" * 30, "9" * 30,
               "9" * 5000, "1e999", "nan", "0x10", "", " 1", "1.5"]
"""Values no route expects: digits that are not ASCII (``'²'.isdigit()`` is true, ``int``
refuses it), huge and negative numbers, and numbers Python reads but a route should not."""


def routes_and_parameters(tmp_path) -> list[tuple[str, str, list[str], list[str]]]:
    """Every HTTP route of the app (method, path, its path parameters, its query ones), read
    from the app itself: a route added later is fuzzed too."""
    from fastapi.routing import APIRoute

    from euchre.server.app import create_app

    def walk(routes: list) -> list[APIRoute]:  # (an included router holds its own routes)
        found = []
        for route in routes:
            inner = getattr(route, "original_router", None)
            found += walk(inner.routes) if inner is not None else (
                [route] if isinstance(route, APIRoute) else [])
        return found

    app = create_app(tmp_path / "routes.db")
    return [(method, route.path, [p.name for p in route.dependant.path_params],
             [p.name for p in route.dependant.query_params])
            for route in walk(app.routes)
            for method in sorted(route.methods) if method in ("GET", "POST")]


def one_line_refusal(path: str, status: int, kind: str, body: str) -> bool:
    """A refusal in the app's one form: JSON ``{"error": one line}`` from the API, a page
    that says one thing (``data-testid="message"``), or one line of text (a card)."""
    if path.startswith("/api/"):
        error = json.loads(body).get("error")
        return isinstance(error, str) and "\n" not in error and "detail" not in body
    if kind == "text/html":
        return 'data-testid="message"' in body
    return kind == "text/plain" and "\n" not in body.strip()


def ask(server, method: str, path: str, cookie: str | None = None) -> tuple[int, str, str]:
    headers = {"Content-Type": "application/json"} | ({"Cookie": cookie} if cookie else {})
    request = urllib.request.Request(server.base + path, method=method, headers=headers,
                                     data=b"{}" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, reply.headers.get_content_type(), reply.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get_content_type(), err.read().decode()


def test_every_routes_parameters_with_odd_numbers_get_a_one_line_answer(server, tmp_path):
    """Each path and query parameter of each route, in turn, given each of ``ODD_NUMBERS``
    (the others a real finished game's): never a 500, and every refusal in one line."""
    game = finished_game(server, "Numbers")
    good = {"game_id": game["id"], "seat": "0", "day": "2026-12-04", "name": "JH",
            "at": "1", "colours": "4", "before": "1", "invite": "x", "token": "x"}
    checked = 0
    for method, route, in_path, in_query in routes_and_parameters(tmp_path):
        for parameter in in_path + in_query:
            for value in ODD_NUMBERS:
                filled = {name: good.get(name, "x") for name in in_path}
                query = {name: good.get(name, "x") for name in in_query}
                (filled if parameter in in_path else query)[parameter] = value
                path = route.format(**{k: quote(v, safe="") for k, v in filled.items()})
                if query:
                    path += "?" + urlencode(query)
                status, kind, body = ask(server, method, path)
                assert status < 500, (method, path[:200], status, body[:300])
                if status >= 400 and status not in (404, 405, 414):
                    assert one_line_refusal(path, status, kind, body), (path[:200], body[:300])
                checked += 1
    assert checked > 100


ODD_COOKIES = ["euchre_player=\u00b2", "euchre_player=" + "9" * 5000, "euchre_player=-1",
               "euchre_player=", "euchre_player", "euchre_player=a; euchre_player=b"]
"""Browser id cookies no server gave (``test_server_daily`` starts a day with them)."""


@pytest.mark.parametrize("cookie", ODD_COOKIES)
def test_an_odd_browser_cookie_is_no_browser_and_no_error(server, cookie):
    game = finished_game(server, "Cookie")
    for path in ("/daily", f"/games/{game['id']}", f"/api/games/{game['id']}/record"):
        status, _, body = ask(server, "GET", path, cookie.encode().decode("latin-1"))
        assert status == 200, (path, body[:300])


# --- abuse: bytes no client library would send --------------------------------------------

METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"]
PATHS = ["/", "/health", "/api/games", "/api/levels", "/api/recent", "/play/x", "/ws/x",
         "/api/accounts", "/api/session", "/api/accounts/games", "/leaderboard?game=x",
         "/api/leaderboard", "/api/tables", "/api/tables/live", "/api/quick", "/api/dislikes",
         "/games/x", "/players/x", "/static/table.js", "/api/games/x/review/0", "*",
         "/%00", "/..%2f..%2fetc/passwd", "/" + "a" * 3000]
HEADERS = ["Host", "Content-Length", "Transfer-Encoding", "Content-Type", "Origin", "Cookie",
           "Upgrade", "Connection", "Expect", "X-Forwarded-For", "Sec-WebSocket-Key",
           "Sec-WebSocket-Version"]
header_values = st.one_of(
    st.sampled_from(["127.0.0.1", "0", "-1", "99999999999999999999", "chunked", "gzip, chunked",
                     "application/json", "websocket", "Upgrade", "close", "100-continue",
                     "13", "http://evil.example", "", " " * 50]),
    st.text(max_size=60), st.binary(max_size=60).map(lambda b: b.decode("latin-1")))
STATUS_LINE = re.compile(rb"HTTP/1\.[01] ([1-5]\d\d) ")


_connections = iter(range(10**9))


def source() -> str:
    """Each fuzzing connection from the next of 254 loopback addresses (so no address ever
    holds more than a few of the closing ones: the per-address cap is not what is tested)."""
    return f"127.0.1.{1 + next(_connections) % 254}"


@pytest.fixture(scope="module")
def target(server):
    """A friend game of its own, whose first seat the frames are sent to (a seat nobody else
    holds: each connection's coming and going is news to the others at the table)."""
    return "/ws/" + server.new_game(mode="friend")["links"]["play"].removeprefix("/play/")


@st.composite
def http_requests(draw) -> bytes:
    """A request made of plausible and random parts, then perhaps cut, spliced or with its
    line ends changed."""
    method = draw(st.sampled_from(METHODS) | st.text(max_size=8))
    path = draw(st.sampled_from(PATHS) | st.text(max_size=40).map(lambda t: "/" + t))
    version = draw(st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1.1 x", "",
                                    "HTTP/9"]))
    lines = [f"{method} {path} {version}"]
    if draw(st.booleans()):
        lines.append("Host: 127.0.0.1")
    for _ in range(draw(st.integers(0, 8))):
        name = draw(st.sampled_from(HEADERS) | st.text(max_size=20))
        lines.append(f"{name}: {draw(header_values)}")
    body = draw(st.binary(max_size=300))
    raw = ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8", "surrogatepass") + body
    how = draw(st.sampled_from(["as is", "cut", "splice", "bare newlines", "twice"]))
    if how == "cut":
        raw = raw[:draw(st.integers(0, len(raw)))]
    elif how == "splice":
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=40)) + raw[at:]
    elif how == "bare newlines":
        raw = raw.replace(b"\r\n", b"\n")
    elif how == "twice":
        raw = raw * 2
    return raw


@st.composite
def ws_frames(draw) -> bytes:
    """A few frames with random opcodes, flags, masks, lengths (some of them lies) and
    payloads (some of them text that is not UTF-8), perhaps followed by random bytes."""
    out = b""
    for _ in range(draw(st.integers(1, 5))):
        opcode = draw(st.sampled_from([0, 1, 2, 8, 9, 10]) | st.integers(0, 15))
        head = (draw(st.booleans()) << 7) | (draw(st.integers(0, 7)) << 4) | opcode
        if opcode == 1 and draw(st.booleans()):
            payload = json.dumps(draw(json_values)).encode()
        else:
            payload = draw(st.binary(max_size=200))
        declared = draw(st.sampled_from([len(payload)] * 4 + [0, len(payload) + 7, 2**16, 2**40]))
        masked = draw(st.sampled_from([True] * 5 + [False]))
        if declared < 126:
            size = bytes([masked << 7 | declared])
        elif declared < 2**16:
            size = bytes([masked << 7 | 126]) + struct.pack("!H", declared)
        else:
            size = bytes([masked << 7 | 127]) + struct.pack("!Q", declared)
        key = draw(st.binary(min_size=4, max_size=4)) if masked else b""
        body = bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if masked else payload
        out += bytes([head]) + size + key + body
    return out + draw(st.binary(max_size=20))


def read_for_a_while(sock) -> bytes:
    """What the server sends until it closes the connection or is quiet ``QUIET`` s."""
    data, deadline = b"", time.monotonic() + 5
    while time.monotonic() < deadline:
        sock.settimeout(QUIET)
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, OSError):
            break
        if not chunk:
            break
        data += chunk
    return data


def close_codes(data: bytes) -> list[int]:
    """The codes of the close frames among the server's frames (which it never masks)."""
    codes = []
    while len(data) >= 2:
        opcode, n, at = data[0] & 0x0F, data[1] & 0x7F, 2
        if n == 126:
            n, at = struct.unpack("!H", data[2:4])[0], 4
        elif n == 127:
            n, at = struct.unpack("!Q", data[2:10])[0], 10
        payload, data = data[at:at + n], data[at + n:]
        if opcode == 8:
            codes.append(struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005)
    return codes


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(raw=http_requests())
def test_random_and_malformed_http_requests_get_a_well_formed_answer_or_are_closed(server, raw):
    sock = connect(server.port, source(), timeout=5)
    with contextlib.suppress(OSError):  # (closed while we sent: refused early)
        sock.sendall(raw)
    reply = read_for_a_while(sock)
    sock.close()
    if reply:
        status = STATUS_LINE.match(reply)
        assert status is not None, (raw[:120], reply[:120])
        assert status.group(1) != b"500", (raw[:200], reply[:300])
    assert server.get("/health")[0] == 200


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(raw=ws_frames(), lobby=st.booleans())
def test_random_and_malformed_websocket_frames_never_break_the_server(server, target, raw,
                                                                      lobby):
    """At a seat's socket, or at a lobby's (``/api/tables/live``, which takes nothing)."""
    sock = handshake(server.port, "/api/tables/live" if lobby else target, source=source())
    with contextlib.suppress(OSError):
        sock.sendall(raw)
    codes = close_codes(read_for_a_while(sock))
    sock.close()
    assert 1011 not in codes, (raw[:200], codes)  # (an internal error in the server)
    assert set(codes) <= {1000, 1002, 1003, 1005, 1007, 1008, 1009, 1013}, codes
    assert server.get("/health")[0] == 200


def test_after_the_abuse_the_servers_memory_is_within_its_bound(server):
    time.sleep(1)
    grown = rss_mb(server.process.pid) - server.baseline
    assert grown < MEMORY_BOUND, f"grew by {grown:.1f} MB"
