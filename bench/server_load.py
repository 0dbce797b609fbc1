"""Load on `euchre serve`: N concurrent bot-vs-bot games over WebSockets on loopback.

Starts a real server process on a fresh SQLite file, creates N friend games over HTTP, and
plays every seat from this process with a random legal policy: each seat answers as soon as
the state says it is its turn (or after --think ms). The latency of an action is the time from
sending it to receiving the state that includes it, i.e. checked, committed to disk and
broadcast. Afterwards every game's stored record is loaded, replayed and checked finished.

    python bench/server_load.py --games 200            # the target: p99 < 100 ms, no error
    python bench/server_load.py --games 200 --think 200

Several processes on one PostgreSQL database (``--db pg`` starts a throwaway cluster with
Debian's PostgreSQL 15, as the tests do; or give a ``postgresql://`` URL of an empty database).
With ``--processes N`` game i's two seats connect to processes i and i + 1 (mod N), so with
two or more every move crosses from one process to another:

    python bench/server_load.py --db pg --processes 1 --games 200
    python bench/server_load.py --db pg --processes 2 --games 200
    python bench/server_load.py --db pg --processes 2 --games 1000 --think 200
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server_support import TEST_FLAGS, Server

from euchre import Game
from euchre.server.stores import open_storage


async def play_seat(url: str, seat: int, rng: random.Random, think: float,
                    latencies: list[float], errors: list[str]) -> int:
    """Play one seat to the end; returns the actions it made."""
    made = 0
    sent_at: float | None = None
    waiting_for = -1
    async with connect(url, max_size=2**22) as socket:
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "error":
                errors.append(message["message"])
                continue
            if message["type"] != "state":
                continue
            seq = message["seq"]
            if sent_at is not None and seq >= waiting_for:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["game"]["finished"]:
                return made
            view = message["view"]
            if view["to_move"] == seat and sent_at is None and seq >= waiting_for:
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                waiting_for = seq + 1
                sent_at = time.perf_counter()
                await socket.send(json.dumps({"type": "action",
                                              "action": rng.choice(view["legal"])}))
                made += 1
    errors.append(f"seat {seat} disconnected before the end")
    return made


async def run_games(servers: list[Server], games: list[dict],
                    think: float) -> tuple[list, list, int]:
    latencies: list[float] = []
    errors: list[str] = []
    tasks = []
    for i, game in enumerate(games):
        for seat, link in enumerate((game["links"]["play"], game["links"]["invite"])):
            game_id, _, query = link.removeprefix("/play/").partition("?")
            port = servers[(i + seat) % len(servers)].port
            url = f"ws://127.0.0.1:{port}/ws/{game_id}?{query}"
            tasks.append(play_seat(url, seat, random.Random(i * 2 + seat), think,
                                   latencies, errors))
    made = await asyncio.gather(*tasks, return_exceptions=True)
    for result in made:
        if isinstance(result, BaseException):
            errors.append(repr(result))
    return latencies, errors, sum(m for m in made if isinstance(m, int))


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[int, int]:
    """Busy and total CPU time of the whole machine so far, in ticks (Linux)."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    return sum(ticks) - idle, sum(ticks)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--target", type=int, default=10, help="points per match")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean think time per action in ms (exponential); default 0")
    parser.add_argument("--db", default=None,
                        help="a postgresql:// URL, or 'pg' for a throwaway PostgreSQL "
                             "cluster; default a fresh SQLite file")
    parser.add_argument("--processes", type=int, default=1,
                        help="euchre serve processes on the database (PostgreSQL for 2+)")
    args = parser.parse_args()
    if args.processes < 1 or (args.processes > 1 and args.db is None):
        parser.error("--processes 2 or more needs --db pg or a postgresql:// URL")
    with contextlib.ExitStack() as stack:
        if args.db == "pg":
            from pg_support import cluster

            db: str | Path = stack.enter_context(cluster(fsync=True))
        else:
            db = args.db or Path(tempfile.mkdtemp(prefix="euchre-load-")) / "games.db"
        return measure(args, db)


def measure(args: argparse.Namespace, db: str | Path) -> int:
    """Start the servers, play every game, check every stored record; print the figures."""
    sockets = str(3 * args.games + 100)  # (every game's two sockets come from this machine)
    room = ("--max-tables", str(args.games + 100), "--max-connections", sockets,
            "--max-per-address", sockets)
    servers = [Server(db, flags=TEST_FLAGS + room).start()]  # the first makes the schema
    servers += [Server(db, flags=TEST_FLAGS + room).start() for _ in range(args.processes - 1)]
    try:
        games = [servers[0].new_game(mode="friend", name=f"p{i}", seed=i,
                                     rules={"target": args.target}) for i in range(args.games)]
        start = time.perf_counter()
        server_cpu = sum(cpu_seconds(s.process.pid) for s in servers)
        client_cpu = time.process_time()
        machine = machine_busy()
        latencies, errors, actions = asyncio.run(run_games(servers, games, args.think / 1000))
        elapsed = time.perf_counter() - start
        server_cpu = sum(cpu_seconds(s.process.pid) for s in servers) - server_cpu
        client_cpu = time.process_time() - client_cpu
        busy, total = (now - then for now, then in zip(machine_busy(), machine, strict=True))
    finally:
        for server in servers:
            server.stop()
    storage = open_storage(db)
    complete = 0
    for game in games:
        stored = storage.load(game["id"])
        replayed = stored.replay()
        if stored.finished and replayed.is_over and Game.from_record(replayed.record()) == replayed:
            complete += 1
    storage.close()
    where = "SQLite" if "://" not in str(db) else f"PostgreSQL, {args.processes} process(es)"
    print(f"{args.games} concurrent games to {args.target} over WebSockets ({where}), think "
          f"{args.think:g} ms: {elapsed:.1f} s")
    print(f"  games/s   {args.games / elapsed:8.1f}")
    print(f"  actions/s {actions / elapsed:8.0f}   ({actions} actions)")
    print(f"  latency   p50 {1000 * statistics.median(latencies):6.1f} ms   "
          f"p99 {1000 * percentile(latencies, 99):6.1f} ms   "
          f"max {1000 * max(latencies):6.1f} ms")
    print(f"  CPU       servers {100 * server_cpu / elapsed:.0f}% of a core, "
          f"these clients {100 * client_cpu / elapsed:.0f}%; the machine's {os.cpu_count()} "
          f"cores {100 * busy / max(total, 1):.0f}% busy (the database too)")
    print(f"  errors    {len(errors)}" + (f"  (first: {errors[0]})" if errors else ""))
    print(f"  stored    {complete}/{args.games} records complete and replayable")
    return 0 if not errors and complete == args.games else 1


if __name__ == "__main__":
    raise SystemExit(main())
