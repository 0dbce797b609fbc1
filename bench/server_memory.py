"""Memory of `euchre serve` under abuse: RSS after many creation attempts and idle sockets.

Starts a real server (default limits unless --flags says otherwise) on a fresh SQLite file on
loopback and prints its resident memory (VmRSS, Linux) at start, after ``--creations``
POST /api/games of computer games (from one address, then the same number spread over
``--addresses`` addresses given in X-Forwarded-For, which uvicorn trusts from loopback), and
after ``--sockets`` idle WebSockets held open on as many games. Prints how many creations
were accepted and refused.

    python bench/server_memory.py                       # 5,000 attempts, 300 idle sockets
    python bench/server_memory.py --flags "--games-per-minute 100000 --allow-seeds"
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shlex
import sys
import tempfile
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server_support import Server


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def create(server: Server, address: str | None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if address:
        headers["X-Forwarded-For"] = address
    body = json.dumps({"mode": "computer", "level": "expert"}).encode()
    request = urllib.request.Request(server.base + "/api/games", data=body, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


async def hold(server: Server, links: list[str], pid: int) -> tuple[int, float]:
    """Open a socket on each link and read its first state; with all of them open and idle
    for two seconds (the computer's first moves made), the server's RSS."""
    sockets = []
    for link in links:
        game_id, _, query = link.removeprefix("/play/").partition("?")
        ws = await connect(f"ws://127.0.0.1:{server.port}/ws/{game_id}?{query}")
        await ws.recv()
        sockets.append(ws)
    await asyncio.sleep(2.0)
    measured = rss_mb(pid)
    for ws in sockets:
        await ws.close()
    return len(sockets), measured


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--creations", type=int, default=5000)
    parser.add_argument("--addresses", type=int, default=500)
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--flags", default="", help="extra `euchre serve` flags, quoted")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="euchre-mem-"))
    server = Server(folder / "games.db", bot_delay=0.6, flags=tuple(shlex.split(args.flags)))
    server.start()
    pid = server.process.pid
    try:
        print(f"flags: {args.flags or '(defaults)'}")
        print(f"  at start                                    RSS {rss_mb(pid):7.1f} MB")
        links: list[str] = []
        for label, address in (("one address", None), (f"{args.addresses} addresses", "x")):
            answers: Counter[int] = Counter()
            for i in range(args.creations):
                status, reply = create(server, f"198.51.{i % args.addresses // 250}."
                                               f"{i % args.addresses % 250}" if address else None)
                answers[status] += 1
                if status == 201:
                    links.append(reply["links"]["play"])
            shown = ", ".join(f"{n} x {code}" for code, n in sorted(answers.items()))
            print(f"  after {args.creations} creations from {label:<14} RSS "
                  f"{rss_mb(pid):7.1f} MB   ({shown})")
        held, idle = asyncio.run(hold(server, links[:args.sockets], pid))
        print(f"  with {held} idle sockets on as many games         RSS {idle:7.1f} MB")
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
