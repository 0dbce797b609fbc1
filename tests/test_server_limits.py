"""Every connection-level limit `euchre serve` states holds (issue 37, criterion 2), each
tested by the attack that broke it on a real server: idle sockets past `--max-connections`,
one address holding every slot, a ping flood from a client that never reads, a huge
header, trickled request bodies. The attacks come from ``raw_client.ATTACKER``; the victim,
who must still be served, from 127.0.0.1. Servers run at their default limits unless a test
says otherwise."""

from __future__ import annotations

import threading
import time
import urllib.request

import pytest
from raw_client import (
    ATTACKER,
    close_code,
    closed_within,
    connect,
    frame,
    handshake,
    read_head,
    read_reply,
    rss_mb,
    upgrade,
)
from server_support import TEST_FLAGS, Server

from euchre.server.limits import Limits

DEFAULT = Limits()


def open_sockets(server: Server, path: str, sources: list[str]) -> list:
    """A WebSocket handshake on ``path`` from each source address, unread."""
    opened = []
    for source in sources:
        try:
            sock = connect(server.port, source, timeout=5)
            sock.sendall(upgrade(path, f"127.0.0.1:{server.port}"))
        except OSError:  # refused at once: closed before the handshake was sent
            continue
        opened.append(sock)
    return opened


def admitted(sock) -> bool:
    """Whether a socket was let in (its first frame is the table's state), not refused:
    closed with 1013, or closed before its handshake was answered."""
    try:
        head = read_head(sock)
        if b" 101 " not in head.split(b"\r\n")[0]:
            return False
        sock.settimeout(5)
        first = sock.recv(2)
    except OSError:
        return False
    if len(first) < 2 or first[0] & 0x0F == 8:
        return False
    assert first[0] & 0x0F == 1, first
    return True


def refused_with_1013(sock) -> bool:
    try:
        head = read_head(sock)
    except OSError:
        return False
    return b" 101 " in head and close_code(sock) == 1013


def health(server: Server) -> int:
    return server.get("/health")[0]


def test_one_address_holds_at_most_its_share_of_sockets_and_the_others_get_in(tmp_path):
    # D3: with the limit at 50, 120 idle sockets from one address were all let in and every
    # HTTP request got 503 for as long as they stayed
    running = Server(tmp_path / "games.db", flags=(*TEST_FLAGS, "--max-connections", "200"))
    running.start()
    try:
        game = running.new_game(mode="friend")
        path = f"/ws/{game['id']}"
        flood = open_sockets(running, path, [ATTACKER] * 120)
        let_in = [s for s in flood if admitted(s)]
        assert len(let_in) == DEFAULT.max_per_address == 60
        assert health(running) == 200  # another address is served
        seat = running.seat(game["links"]["play"])
        assert seat.state_at_least(0)["seq"] == 0
        seat.close()
        for sock in flood:
            sock.close()
        deadline, back = time.monotonic() + 10, False
        while not back and time.monotonic() < deadline:  # its sockets back once closed
            again = open_sockets(running, path, [ATTACKER])
            back = bool(again) and admitted(again[0])
            for sock in again:
                sock.close()
            time.sleep(0.2)
        assert back
    finally:
        running.stop()


def test_max_connections_counts_websockets_refusing_with_1013_and_503_then_recovers(tmp_path):
    running = Server(tmp_path / "games.db", flags=(*TEST_FLAGS, "--max-connections", "30"))
    running.start()
    try:
        game = running.new_game(mode="friend")
        sources = [f"127.0.0.{3 + i % 4}" for i in range(40)]  # 10 each: under the cap
        opened = open_sockets(running, f"/ws/{game['id']}", sources)
        let_in = [s for s in opened if admitted(s)]
        assert 25 <= len(let_in) <= 30
        assert health(running) == 503  # full: HTTP is refused too
        late = open_sockets(running, f"/ws/{game['id']}", ["127.0.0.9"])
        assert refused_with_1013(late[0])
        for sock in opened + late:
            sock.close()
        deadline = time.monotonic() + 10
        while health(running) != 200 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert health(running) == 200
        back = open_sockets(running, f"/ws/{game['id']}", ["127.0.0.9"])
        assert admitted(back[0])
        back[0].close()
    finally:
        running.stop()


class Peak:
    """Samples a process's RSS every 50 ms on a thread; ``peak`` is the highest seen."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self._stop = pid, rss_mb(pid), threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._stop.wait(0.05):
            self.peak = max(self.peak, rss_mb(self.pid))

    def stop(self) -> float:
        self._stop.set()
        self._thread.join()
        return self.peak


def test_a_ping_flood_from_a_client_that_never_reads_is_cut_off_and_costs_no_memory(tmp_path):
    # D4: each pong was queued whatever the backpressure: 41 MB of pings took the server
    # from 149 to 186 MB, kept until the keep-alive dropped the socket 45 s later
    running = Server(tmp_path / "games.db").start()
    try:
        game = running.new_game(mode="friend")
        pid = running.process.pid
        before = rss_mb(pid)
        peak = Peak(pid)
        sock = handshake(running.port, f"/ws/{game['id']}", rcvbuf=4096, source=ATTACKER)
        pings = frame(b"p" * 125, opcode=9) * 512  # 67 KB a batch
        sock.settimeout(0.5)
        started, sent = time.monotonic(), 0
        while sent < 40_000_000 and time.monotonic() - started < 30:
            try:
                sock.sendall(pings)
                sent += len(pings)
            except TimeoutError:  # the server has stopped reading from us
                continue
            except OSError:  # and then cut us off
                break
        assert closed_within(sock, max(0.0, started + DEFAULT.write_stall + 5
                                       - time.monotonic()))
        sock.close()
        time.sleep(1)
        after, highest = rss_mb(pid), peak.stop()
        assert sent < 40_000_000  # most of the flood was never read
        assert after < before + 10 and highest < before + 10, (before, highest, after)
        assert health(running) == 200
    finally:
        running.stop()


def test_a_huge_header_is_answered_431_unread_and_a_large_one_still_served(tmp_path):
    # D5: four 40 MB headers took the server from 148 to 308 MB
    running = Server(tmp_path / "games.db").start()
    try:
        pid = running.process.pid
        before = rss_mb(pid)
        sock = connect(running.port, ATTACKER, timeout=2)
        sock.sendall(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{running.port}\r\n"
                     "X-Big: ".encode())
        chunk, sent = b"a" * 1_000_000, 0
        try:
            while sent < 40_000_000:
                sock.sendall(chunk)
                sent += len(chunk)
        except OSError:  # (a timeout: the server has stopped reading)
            pass
        reply = read_reply(sock)
        assert reply.startswith(b"HTTP/1.1 431 "), reply[:80]
        assert b"connection: close" in reply.lower()
        assert closed_within(sock, 10)
        sock.close()
        assert sent < 40_000_000 and rss_mb(pid) < before + 10
        request = urllib.request.Request(running.base + "/health",
                                         headers={"X-Large": "b" * 15_000})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200  # under the 16 KB bound: served
    finally:
        running.stop()


def slow_post(port: int, source: str) -> object:
    sock = connect(port, source, timeout=5)
    sock.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
                 "application/json\r\nContent-Length: 200\r\n\r\n{".encode())
    return sock


def answer(sock, deadline: float) -> bytes:
    """Everything the server sends until it closes the connection or ``deadline`` passes."""
    data = b""
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    return data


def test_a_trickled_request_body_is_cut_off_with_408(tmp_path):
    # D6: a body sent a byte at a time was never timed out
    running = Server(tmp_path / "games.db").start()
    try:
        sock = slow_post(running.port, ATTACKER)
        sock.settimeout(0.5)
        started, reply = time.monotonic(), b""
        while time.monotonic() - started < DEFAULT.body_timeout + 5:
            try:
                sock.sendall(b" ")
                reply = sock.recv(65536)
                if reply:
                    break
            except TimeoutError:
                continue
            except OSError:
                break
        assert reply.startswith(b"HTTP/1.1 408 "), reply[:80]
        assert closed_within(sock, 10)
        sock.close()
    finally:
        running.stop()


def test_sixty_slow_posts_do_not_make_other_requests_503(tmp_path):
    # D6: with the limit at 50, 60 slow POSTs made every other request 503
    running = Server(tmp_path / "games.db", flags=(*TEST_FLAGS, "--max-connections", "200"))
    running.start()
    try:
        slow = [slow_post(running.port, ATTACKER) for _ in range(60)]
        started = time.monotonic()
        while time.monotonic() - started < 3:
            assert health(running) == 200
            assert running.post("/api/games", {"mode": "friend"})[0] == 201
        answers = set()
        for sock in slow:  # each answered within the body's deadline, then closed
            answers.add(answer(sock, started + DEFAULT.body_timeout + 5)[:12])
            sock.close()
        assert answers <= {b"HTTP/1.1 408", b"HTTP/1.1 503", b""}
        assert b"HTTP/1.1 408" in answers
    finally:
        running.stop()


@pytest.mark.parametrize("flag, value", [("--max-per-address", "0"), ("--header-bytes", "10"),
                                         ("--body-timeout", "0"), ("--write-stall", "x"),
                                         ("--trusted-proxy", "not-an-address"),
                                         ("--allowed-host", "http://games.example/"),
                                         ("--allowed-origin", "games.example")])
def test_each_new_limit_is_a_checked_flag(flag, value):
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-m", "euchre.cli", "serve", flag, value],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) <= 2, run.stderr
    assert flag in run.stderr
