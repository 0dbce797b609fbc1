"""A client that speaks HTTP and WebSocket byte by byte, for the tests that play the attacker:
it sends what no library would (floods, huge headers, trickled bodies, broken frames), reads
or does not read as the test says, and can come from another loopback address.

Every ``127.x.y.z`` address is this machine on Linux, so an attack from ``ATTACKER`` and a
victim on ``127.0.0.1`` are two client addresses to the server.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

ATTACKER = "127.0.0.2"
"""The address the attacks come from (the victim's requests come from 127.0.0.1)."""


def connect(port: int, source: str | None = None, rcvbuf: int | None = None,
            timeout: float = 10) -> socket.socket:
    """A TCP connection to the server on loopback, from ``source`` if given."""
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    if source:
        sock.bind((source, 0))
    sock.settimeout(timeout)
    sock.connect(("127.0.0.1", port))
    return sock


def upgrade(path: str, host: str, extra: str = "") -> bytes:
    """A WebSocket handshake request for ``path`` naming ``host`` (with ``extra`` header
    lines, each ending in CRLF)."""
    return (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: "
            "Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: "
            f"13\r\n{extra}\r\n").encode()


def handshake(port: int, path: str, rcvbuf: int | None = None, source: str | None = None,
              extra: str = "") -> socket.socket:
    """A WebSocket connection that the test reads (or does not read) itself; its handshake
    must succeed (101)."""
    sock = connect(port, source, rcvbuf)
    sock.sendall(upgrade(path, f"127.0.0.1:{port}", extra))
    reply = read_head(sock)
    assert b" 101 " in reply.split(b"\r\n")[0], reply
    return sock


def read_head(sock: socket.socket) -> bytes:
    """An HTTP response's status line and headers, read a byte at a time (nothing after)."""
    reply = b""
    while b"\r\n\r\n" not in reply:
        byte = sock.recv(1)
        if not byte:
            break
        reply += byte
    return reply


def frame(payload: bytes, opcode: int = 1, fin: bool = True) -> bytes:
    """A masked client frame (a mask of zeros: the payload goes as it is)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
    return head + b"\0\0\0\0" + payload


def read_frame(sock: socket.socket) -> tuple[int, bytes]:
    """The next frame from the server: its opcode and payload (a server never masks)."""
    head = _exactly(sock, 2)
    n = head[1] & 0x7F
    if n == 126:
        n = int.from_bytes(_exactly(sock, 2), "big")
    elif n == 127:
        n = int.from_bytes(_exactly(sock, 8), "big")
    return head[0] & 0x0F, _exactly(sock, n)


def close_code(sock: socket.socket) -> int | None:
    """The code of the server's close frame, skipping the frames before it (None if the
    connection ends without one)."""
    try:
        while True:
            opcode, payload = read_frame(sock)
            if opcode == 8:
                return int.from_bytes(payload[:2], "big") if payload else 1005
    except (ConnectionError, TimeoutError):
        return None


def _exactly(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def read_reply(sock: socket.socket, until: bytes = b"\r\n\r\n") -> bytes:
    """What the server sends until ``until`` appears (or it closes, or 2 s of quiet)."""
    sock.settimeout(2)
    data = b""
    while not until or until not in data:
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, OSError):
            break
        if not chunk:
            break
        data += chunk
    return data


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server ends the connection within ``seconds`` (whatever it sent first)."""
    sock.settimeout(0.5)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset: aborted
            return True
    return False


def rss_mb(pid: int) -> float:
    """A process's resident memory (``VmRSS``, Linux) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")
