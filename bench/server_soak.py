"""A soak of `euchre serve` (issue 57, criterion 7): does its memory level off?

Ten rounds, each: ``--seconds`` (30) of load, ``--tables`` (30) games against the server's
``easy`` computers played at once by this process (a random legal policy, no think time; a
game that ends is followed by a new one), then idle until the server has let every table
go (``--table-idle`` 3 s, and its sweep). After each round the server's RSS (VmRSS) is
read: the target is the last round within 30 MB of the second (the first warms the
interpreter and the caches up).

    python bench/server_soak.py                          # 10 rounds of 30 s
    python bench/server_soak.py --rounds 4 --seconds 10  # a quick look
    MALLOC_ARENA_MAX=2 python bench/server_soak.py       # (the server inherits it)
    PYTHONPATH=/tmp/old/src python bench/server_soak.py  # an older euchre, to compare

The server runs with its own defaults but for room for the tables and a short
``--table-idle``, on a fresh SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import server_support
from raw_client import rss_mb
from server_load import play_seat
from server_support import TEST_FLAGS, Server


async def load(server: Server, tables: int, seconds: float, seed: int) -> tuple[int, int]:
    """``tables`` games at once for ``seconds``, each followed by another when it ends:
    (games finished, moves this process made and had acknowledged)."""
    deadline = time.monotonic() + seconds
    latencies: list[float] = []
    errors: list[str] = []
    finished = 0
    rng = random.Random(seed)

    async def table(n: int) -> None:
        nonlocal finished
        while time.monotonic() < deadline:
            game = await asyncio.to_thread(server.new_game, mode="computer", level="easy",
                                           name=f"p{n}", rules={"target": 10})
            game_id, _, query = game["links"]["play"].removeprefix("/play/").partition("?")
            url = f"ws://127.0.0.1:{server.port}/ws/{game_id}?{query}"
            try:
                await asyncio.wait_for(
                    play_seat(url, 0, random.Random(rng.random()), 0.0, latencies, errors),
                    max(0.1, deadline - time.monotonic()))
                finished += 1
            except TimeoutError:  # the round is over: the game is left unfinished
                return

    await asyncio.gather(*(table(n) for n in range(tables)))
    if errors:
        print(f"  {len(errors)} errors (first: {errors[0]})")
    return finished, len(latencies)


def probe(server: Server, probed: Path, sign: int = signal.SIGUSR1) -> str:
    """Ask the probed server where its memory is (``soak_probe``): one line."""
    before = probed.read_text().count("\n") if probed.exists() else 0
    server.process.send_signal(sign)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        lines = probed.read_text().splitlines() if probed.exists() else []
        if len(lines) > before:
            found = json.loads(lines[-1])
            if "top" in found:
                found["top"] = ", ".join(f"{kind} {count}" for kind, count in found["top"][:5])
            return " ".join(f"{key}={value}" for key, value in found.items())
        time.sleep(0.2)
    return "no answer"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--table-idle", type=float, default=3.0)
    parser.add_argument("--probe", action="store_true",
                        help="run the server under bench/soak_probe.py and print where its "
                             "memory is after each round")
    args = parser.parse_args()
    room = ("--max-tables", "1000", "--max-per-address", "500", "--table-idle",
            str(args.table_idle))
    arena = os.environ.get("MALLOC_ARENA_MAX", "unset")
    print(f"{args.rounds} rounds: {args.seconds:g} s of {args.tables} games against easy "
          f"computers, then idle {2 * args.table_idle + 6:g} s (tables let go); "
          f"MALLOC_ARENA_MAX {arena}; load average {os.getloadavg()[0]:.1f} (2 cores)")
    with tempfile.TemporaryDirectory() as folder:
        probed = Path(folder) / "probe.jsonl"
        if args.probe:
            server_support.EUCHRE = [sys.executable, str(Path(__file__).with_name(
                "soak_probe.py")), str(probed)]
        server = Server(Path(folder) / "games.db", flags=(*TEST_FLAGS, *room)).start()
        try:
            pid, sizes = server.process.pid, []
            print(f"started: {rss_mb(pid):.0f} MB")
            for number in range(1, args.rounds + 1):
                finished, made = asyncio.run(load(server, args.tables, args.seconds, number))
                peak = rss_mb(pid)
                time.sleep(2 * args.table_idle + 6)  # (the sweep runs every table_idle / 2)
                sizes.append(rss_mb(pid))
                print(f"round {number:2}: {finished} games, {made} moves; RSS {peak:.0f} MB "
                      f"at the end of the load, {sizes[-1]:.0f} MB idle")
                if args.probe:
                    print(f"  probe: {probe(server, probed)}")
        finally:
            server.stop()
    if len(sizes) >= 2:
        grown = sizes[-1] - sizes[1]
        print(f"idle RSS after the last round less after the second: {grown:+.0f} MB "
              f"(target: within 30 MB) -> {'met' if abs(grown) <= 30 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
