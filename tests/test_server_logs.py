"""Quiet logs (issue 37, criterion 4), on a real `euchre serve` whose output is read: a
client hanging up mid-request, a WebSocket frame that is not UTF-8, a close sent before the
server has answered, and a review child left behind by a killed server each write at most one
short line, never a traceback; and lines about one client are rate-limited."""

from __future__ import annotations

import socket
import time

from raw_client import ATTACKER, connect, frame, handshake, upgrade
from server_support import Server, killed_quietly, play_out, spawned_children

from euchre.server.quiet import BURST

CLOSE = frame(b"\x03\xe8", opcode=8)


def output_of(server: Server) -> list[str]:
    """Every line the server wrote, once it has stopped (its start-up line first)."""
    server.stop()
    return server.process.stdout.read().decode().splitlines()


def test_hang_ups_bad_utf8_and_early_closes_write_no_traceback(tmp_path):
    running = Server(tmp_path / "games.db").start()
    port = running.port
    game = running.new_game(mode="friend", seed=1)
    play = "/ws/" + game["links"]["play"].removeprefix("/play/")
    for _ in range(3):
        hung_up = connect(port)  # a body promised, then the client is gone
        hung_up.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type:"
                        " application/json\r\nContent-Length: 100\r\n\r\n{\"mode\"".encode())
        time.sleep(0.2)
        hung_up.close()
        early = connect(port)  # a close frame right behind the handshake
        early.sendall(upgrade("/ws/nogame", f"127.0.0.1:{port}") + CLOSE)
        time.sleep(0.2)
        early.close()
        reset = connect(port)  # gone at once, with a reset, mid-handshake
        reset.sendall(upgrade(play, f"127.0.0.1:{port}"))
        reset.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\0\0\0\0\0\0\0")
        reset.close()
    bad = handshake(port, play)
    bad.sendall(frame(b"\xff\xfe not UTF-8"))
    time.sleep(0.5)
    bad.close()
    lines = output_of(running)
    assert not any("Traceback" in line or line.startswith("  File ") for line in lines), lines
    assert lines[0].startswith("Euchre at http")
    assert len(lines) <= 2, lines  # the UTF-8 frame's one line at most
    assert all(len(line) < 200 for line in lines)


def test_a_review_child_left_behind_by_a_killed_server_ends_in_silence(tmp_path):
    running = Server(tmp_path / "games.db", flags=("--allow-seeds", "--review-deals",
                                                   "1000")).start()
    game = running.new_game(mode="friend", seed=4, rules={"target": 3})
    a, b = running.seat(game["links"]["play"]), running.seat(game["links"]["invite"])
    a.state_at_least(0)
    b.state_at_least(0)
    play_out(a, b)
    a.close()
    b.close()
    assert running.get(f"/api/games/{game['id']}/review/0")[0] == 202  # (started)
    children: list[int] = []
    deadline = time.monotonic() + 30
    while not children and time.monotonic() < deadline:
        children = spawned_children(running)
        time.sleep(0.05)
    assert children
    time.sleep(1)  # at work
    killed_quietly(running, children)


def test_lines_about_one_client_are_rate_limited(tmp_path):
    running = Server(tmp_path / "games.db").start()
    port = running.port
    game = running.new_game(mode="friend")
    for _ in range(60):  # each a line of uvicorn's: "Invalid HTTP request received."
        sock = connect(port, ATTACKER)
        sock.sendall(b"NONSENSE\x00 / HTTP/1.1\r\n\r\n")
        sock.recv(1024)
        sock.close()
    for _ in range(60):  # each a line of the gate's: a page of another site
        sock = connect(port, ATTACKER)
        sock.sendall(upgrade(f"/ws/{game['id']}", f"127.0.0.1:{port}",
                             "Origin: http://evil.example\r\n"))
        sock.recv(1024)
        sock.close()
    lines = output_of(running)[1:]
    assert sum("Invalid HTTP request" in line for line in lines) <= BURST, lines
    assert sum("evil.example" in line for line in lines) <= BURST, lines
    assert len(lines) <= 2 * BURST
