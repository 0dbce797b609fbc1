"""Memory and answers of `euchre serve` under abuse (issues 17 and 37): its resident memory
(VmRSS, Linux) before, at its peak during and after each attack, and how long a health
request from another address waits meanwhile.

Each attack runs against a fresh server at its default limits on a fresh SQLite file on
loopback. The attacker comes from 127.0.0.2 and up (every 127.x address is this machine),
while 127.0.0.1 asks for ``--health`` (``/health``) every 50 ms on a new connection and the
server's RSS is sampled every 20 ms. "after" is read once the attack's connections are
closed and 2 s have passed.

* ``creations``: 5,000 POST /api/games of expert games from one address, then 5,000 from
  500 addresses named in X-Forwarded-For (the server trusting the attacker's address as its
  proxy: ``--trusted-proxy 127.0.0.2``), then 300 idle WebSockets on 300 of those games
  from 20 addresses (what many players cost).
* ``sockets``: 120 idle WebSockets on one game from one address (issue 37, D3).
* ``pings``: a client that never reads sends WebSocket pings, up to 40 MB (D4).
* ``headers``: four connections each send a 40 MB header (D5).
* ``bodies``: 60 POSTs whose bodies never finish, a byte every second for 15 s (D6).

    python bench/server_memory.py                      # every attack
    python bench/server_memory.py --attacks pings headers
    PYTHONPATH=/tmp/old/src python bench/server_memory.py --health /api/levels --old
                                                       # an older euchre (no /health)
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from raw_client import connect, frame, read_head, rss_mb, upgrade
from server_support import Server

ATTACKERS = [f"127.0.0.{i}" for i in range(2, 255)]


class Watch:
    """RSS and health latency sampled on threads while an attack runs."""

    def __init__(self, server: Server, health: str) -> None:
        self.server, self.health, self.pid = server, health, server.process.pid
        self.peak, self.waits, self.failed = rss_mb(self.pid), [], Counter()
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=f, daemon=True)
                         for f in (self._memory, self._ask)]
        for thread in self._threads:
            thread.start()

    def _memory(self) -> None:
        while not self._stop.wait(0.02):
            with contextlib.suppress(FileNotFoundError):
                self.peak = max(self.peak, rss_mb(self.pid))

    def _ask(self) -> None:
        while not self._stop.wait(0.05):
            started = time.perf_counter()
            try:
                asking = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
                asking.request("GET", self.health)
                status = asking.getresponse().status
                asking.close()
            except OSError as err:
                self.failed[type(err).__name__] += 1
                continue
            if status == 200:
                self.waits.append((time.perf_counter() - started) * 1000)
            else:
                self.failed[str(status)] += 1

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()

    def health_line(self) -> str:
        if not self.waits:
            return f"no health answer ({dict(self.failed)})"
        waits = sorted(self.waits)
        p99 = waits[min(len(waits) - 1, int(len(waits) * 0.99))]
        failed = f", {sum(self.failed.values())} refused" if self.failed else ""
        slow = sum(wait > 50 for wait in waits)
        return (f"{len(waits)} health answers: median {statistics.median(waits):.1f} ms, "
                f"p99 {p99:.1f}, max {waits[-1]:.1f}, {slow} over 50 ms{failed}")


def run(name: str, attack: Callable[[Server], str], flags: tuple[str, ...],
        health: str) -> None:
    folder = Path(tempfile.mkdtemp(prefix="euchre-mem-"))
    server = Server(folder / "games.db", bot_delay=0.6, flags=flags).start()
    try:
        server.get(health)
        time.sleep(0.5)
        before = rss_mb(server.process.pid)
        watch = Watch(server, health)
        outcome = attack(server)
        time.sleep(2)
        watch.stop()
        after = rss_mb(server.process.pid)
        print(f"{name:<10} RSS before {before:6.1f} MB  peak {watch.peak:6.1f}  after "
              f"{after:6.1f}   {outcome}")
        print(f"{'':<10} {watch.health_line()}", flush=True)
    finally:
        server.stop()


def post(server: Server, source: str, address: str | None = None) -> tuple[int, dict]:
    asking = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30,
                                        source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if address:
        headers["X-Forwarded-For"] = address
    asking.request("POST", "/api/games", json.dumps({"mode": "computer", "level": "expert"}),
                   headers)
    reply = asking.getresponse()
    answer = reply.status, json.loads(reply.read())
    asking.close()
    return answer


def creations(count: int) -> Callable[[Server], str]:
    def attack(server: Server) -> str:
        told: list[str] = []
        links: list[str] = []
        for label, forwarded in (("one address", False), ("500 addresses", True)):
            answers: Counter[int] = Counter()
            for i in range(count):
                address = f"198.51.{i % 500 // 250}.{i % 500 % 250}" if forwarded else None
                status, reply = post(server, ATTACKERS[0], address)
                answers[status] += 1
                if status == 201:
                    links.append(reply["links"]["play"])
            told.append(f"{label}: " + ", ".join(f"{n} x {code}"
                                                for code, n in sorted(answers.items())))
        held = [hold(server, "/ws/" + link.removeprefix("/play/"), ATTACKERS[1 + i % 20])
                for i, link in enumerate(links[:300])]
        opened = sum(sock is not None for sock in held)
        time.sleep(2)
        told.append(f"{opened} idle sockets at {rss_mb(server.process.pid):.1f} MB")
        close_all(held)
        return "; ".join(told)
    return attack


def hold(server: Server, path: str, source: str):
    """A WebSocket held open and unread after its first frame; None if refused."""
    try:
        sock = connect(server.port, source, timeout=5)
        sock.sendall(upgrade(path, f"127.0.0.1:{server.port}"))
        if b" 101 " not in read_head(sock).split(b"\r\n")[0]:
            sock.close()
            return None
        first = sock.recv(2)
    except OSError:
        return None
    if len(first) < 2 or first[0] & 0x0F == 8:  # closed: refused (1013)
        sock.close()
        return None
    return sock


def close_all(socks) -> None:
    for sock in socks:
        if sock is not None:
            sock.close()


def sockets(server: Server) -> str:
    game = server.new_game(mode="friend")
    held = [hold(server, f"/ws/{game['id']}", ATTACKERS[0]) for _ in range(120)]
    let_in = sum(sock is not None for sock in held)
    close_all(held)
    return f"120 sockets from one address: {let_in} let in, {120 - let_in} refused"


def pings(server: Server) -> str:
    game = server.new_game(mode="friend")
    sock = connect(server.port, ATTACKERS[0], rcvbuf=4096)
    sock.sendall(upgrade(f"/ws/{game['id']}", f"127.0.0.1:{server.port}"))
    read_head(sock)
    batch = frame(b"p" * 125, opcode=9) * 512
    sock.settimeout(0.5)
    started, sent, cut = time.monotonic(), 0, None
    while sent < 40_000_000 and time.monotonic() - started < 60:
        try:
            sock.sendall(batch)
            sent += len(batch)
        except TimeoutError:
            continue
        except OSError:
            cut = time.monotonic() - started
            break
    sock.close()
    ended = f"cut off after {cut:.1f} s" if cut is not None else "never cut off"
    return f"pings: {sent / 1e6:.1f} of 40 MB sent, {ended}"


def headers(server: Server) -> str:
    def one(results: list[str]) -> None:
        sock = connect(server.port, ATTACKERS[0], timeout=5)
        sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nX-Big: ".encode())
        sent, chunk = 0, b"a" * 1_000_000
        try:
            while sent < 40_000_000:
                sock.sendall(chunk)
                sent += len(chunk)
            sock.sendall(b"\r\n\r\n")
        except OSError:
            pass
        try:
            sock.settimeout(15)
            answer = sock.recv(64).split(b"\r\n")[0].decode() or "closed"
        except OSError:
            answer = "closed"
        sock.close()
        results.append(f"{sent / 1e6:.0f} MB sent, {answer}")

    results: list[str] = []
    threads = [threading.Thread(target=one, args=(results,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return "four 40 MB headers: " + "; ".join(sorted(results))


def bodies(server: Server) -> str:
    opened = []
    for _ in range(60):
        try:
            sock = connect(server.port, ATTACKERS[0], timeout=5)
            sock.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                         "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
                         .encode())
            sock.setblocking(False)
            opened.append(sock)
        except OSError:
            pass
    answers: Counter[str] = Counter()
    live = list(opened)
    for _ in range(15):
        time.sleep(1)
        for sock in list(live):
            try:
                reply = sock.recv(64)
                answers[reply.split(b"\r\n")[0].decode() or "closed"] += 1
                live.remove(sock)
                continue
            except BlockingIOError:
                pass
            except OSError:
                answers["closed"] += 1
                live.remove(sock)
                continue
            with contextlib.suppress(OSError):
                sock.send(b" ")
    answers["still open after 15 s"] += len(live)
    close_all(opened)
    return "60 slow POSTs: " + ", ".join(f"{n} {what}" for what, n in answers.most_common())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attacks", nargs="+", default=["creations", "sockets", "pings",
                                                         "headers", "bodies"],
                        choices=["creations", "sockets", "pings", "headers", "bodies"])
    parser.add_argument("--creations", type=int, default=5000)
    parser.add_argument("--health", default="/health", help="the path asked meanwhile")
    parser.add_argument("--old", action="store_true",
                        help="an older euchre: no --trusted-proxy (it trusted loopback)")
    args = parser.parse_args()
    trust = () if args.old else ("--trusted-proxy", ATTACKERS[0])
    attacks = {"creations": (creations(args.creations), trust), "sockets": (sockets, ()),
               "pings": (pings, ()), "headers": (headers, ()), "bodies": (bodies, ())}
    for name in args.attacks:
        attack, flags = attacks[name]
        run(name, attack, flags, args.health)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
