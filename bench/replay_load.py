"""Long stored games fetched whole beside a bystander (issue 57, criterion 2): a bystander's
``/health`` wait and the server's memory while clients fetch everything the replay of the
longest allowed game serves, and every other route whose cost grows with stored history.

The game: a match to the server's largest target (``Limits.max_target``) at two seats,
lengthened by hands everybody passes (thrown in: they score nothing, so a client holding
both seats can do it at will) to ``--moves`` moves, 4,400 by default (the size of the
issue's attack, a match to 300), written straight into a fresh SQLite store with
``--history`` more finished games of the same player. Each of ``--clients`` clients then
fetches, over and over for ``--seconds``: the replay page, every page of its positions
(gzip), its record, its summary, its review's page and JSON (the first asks for the review:
a child process works it out), the player's page and statistics, and the recent games. A
503 (the build queue full) is counted and the client goes on. Meanwhile 127.0.0.1 asks for
``/health`` every 50 ms on a new connection and the server's RSS is sampled every 20 ms
(``server_memory.Watch``).

    python bench/replay_load.py                       # 4 clients, 30 s
    python bench/replay_load.py --clients 1 --seconds 10 --moves 1000
    git archive 27efefe src | tar -x -C /tmp/base       # the code before issue 57
    PYTHONPATH=/tmp/base/src python bench/replay_load.py --target 30 --moves 1000
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.client
import json
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from long_games import long_game, store_finished
from raw_client import rss_mb
from server_memory import Watch
from server_support import TEST_FLAGS, Server

from euchre import Rules
from euchre.server.limits import Limits

GAME, PLAYER = "longest", "Ann"


def fetch(port: int, path: str) -> tuple[int, bytes]:
    """GET ``path`` (gzip accepted, and undone): status and body."""
    asking = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        asking.request("GET", path, headers={"Accept-Encoding": "gzip"})
        reply = asking.getresponse()
        body = reply.read()
        if reply.getheader("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        return reply.status, body
    finally:
        asking.close()


class Client(threading.Thread):
    """Fetches everything, over and over, until told to stop."""

    def __init__(self, port: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.stop = port, stop
        self.statuses: Counter[int] = Counter()
        self.rounds = self.bytes = self.pages = 0

    def get(self, path: str) -> bytes | None:
        status, body = fetch(self.port, path)
        self.statuses[status] += 1
        self.bytes += len(body)
        return body if status in (200, 202) else None

    def run(self) -> None:
        while not self.stop.is_set():
            for path in (f"/games/{GAME}", f"/api/games/{GAME}/record", f"/api/games/{GAME}",
                         f"/games/{GAME}/review/0", f"/api/games/{GAME}/review/0",
                         f"/players/{PLAYER}", f"/api/players/{PLAYER}", "/api/recent"):
                self.get(path)
            start: int | None = 0
            while start is not None and not self.stop.is_set():
                body = self.get(f"/api/games/{GAME}/positions?from={start}")
                if body is None:  # refused (503): ask again
                    time.sleep(0.5)
                    continue
                start = json.loads(body).get("next")  # (an older server: all at once)
                self.pages += 1
            self.rounds += start is None


def children_mb(pid: int) -> float:
    """The RSS of a process's children (the review's, the build worker), in MB."""
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():  # (each thread's own children)
        with contextlib.suppress(FileNotFoundError, RuntimeError):
            for child in (task / "children").read_text().split():
                total += rss_mb(int(child))
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--moves", type=int, default=4400)
    parser.add_argument("--history", type=int, default=200,
                        help="finished games of the player besides the long one")
    parser.add_argument("--target", type=int, default=None,
                        help="the match's target (default: the server's largest; give it "
                             "for an older euchre, which has none)")
    args = parser.parse_args()
    target = args.target or Limits().max_target
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.db"
        game = long_game(Rules(target=target), 1, args.moves)
        store_finished(db, GAME, game, (PLAYER, "Bo"))
        for n in range(args.history):
            store_finished(db, f"past{n}", long_game(Rules(target=5), n, 0, 0.0),
                           (PLAYER, "Bo"))
        print(f"the game: to {target}, {len(game.actions())} moves, {game.hand_number + 1} "
              f"hands; {args.history} more games of {PLAYER}; load average "
              f"{os.getloadavg()[0]:.1f} (2 cores)")
        server = Server(db, flags=TEST_FLAGS).start()
        try:
            fetch(server.port, "/health")
            before = rss_mb(server.process.pid)
            watch = Watch(server, "/health")
            stop = threading.Event()
            clients = [Client(server.port, stop) for _ in range(args.clients)]
            for client in clients:
                client.start()
            time.sleep(args.seconds)
            stop.set()
            for client in clients:
                client.join(300)
            watch.stop()
            review_mb = children_mb(server.process.pid)
            time.sleep(2)
            after = rss_mb(server.process.pid)
        finally:
            server.stop()
    report(args, clients, watch, before, after, review_mb)
    return 0


def report(args: argparse.Namespace, clients: list[Client], watch: Watch, before: float,
           after: float, review_mb: float) -> None:
    statuses = sum((c.statuses for c in clients), Counter())
    print(f"{args.clients} clients, {args.seconds:g} s: {sum(c.rounds for c in clients)} whole "
          f"fetches, {sum(c.pages for c in clients)} pages of positions, "
          f"{sum(c.bytes for c in clients) / 1e6:.0f} MB served; answers {dict(statuses)}")
    print(f"bystander /health: {watch.health_line()} (target: p99 < 250 ms)")
    print(f"server RSS: {before:.0f} MB before, peak {watch.peak:.0f} MB "
          f"(+{watch.peak - before:.0f} MB; target < 300), {after:.0f} MB after; its children "
          f"(the review's, the build worker) {review_mb:.0f} MB")


if __name__ == "__main__":
    sys.exit(main())
