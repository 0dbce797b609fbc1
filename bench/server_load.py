"""Load on `euchre serve`: N concurrent games over WebSockets on loopback.

Starts a real server process on a fresh SQLite file, creates N games over HTTP and plays them
to the end with a random legal policy. By default each is a friend game of two and this
process plays both seats; with ``--mode computer`` (the default at ``--players 3`` and
``4``) each is a game against the computer: this process plays the person's seat 0, the
server's own computer players (level ``--level``, no ``--bot-delay``) every other seat, so
the figures include the computers' thinking (a searching level's in the server's worker
processes, whose CPU is counted with the server's). A seat of this process answers as soon
as the state says it is its turn (or after --think ms). The latency of an action is the
time from sending it to receiving the state that includes it, i.e. checked, committed to
disk and broadcast. Moves a second count every seat's moves (from the stored records); the
CPU a move is the server processes' CPU time over them. Afterwards every game's stored
record is loaded, replayed and checked finished.

    python bench/server_load.py --games 200            # the target: p99 < 100 ms, no error
    python bench/server_load.py --games 200 --think 200
    python bench/server_load.py --players 4 --games 200                 # computers at 1-3
    python bench/server_load.py --players 2 --mode computer --games 200  # the same at two
    python bench/server_load.py --games 100 --lang ar  # every seat's words in Arabic

Several processes on one PostgreSQL database (``--db pg`` starts a throwaway cluster with
Debian's PostgreSQL 15, as the tests do; or give a ``postgresql://`` URL of an empty database).
With ``--processes N`` game i's two seats connect to processes i and i + 1 (mod N), so with
two or more every move crosses from one process to another (a computer game's one seat
connects to process i):

    python bench/server_load.py --db pg --processes 1 --games 200
    python bench/server_load.py --db pg --processes 2 --games 200
    python bench/server_load.py --db pg --processes 2 --games 1000 --think 200

People beside the computer (issue 57): ``--beside N`` plays N games against the computer at
``--level`` (``each``: one run per level) beside the friend games, this process playing each
one's person with the same think time and the server pacing its computers as it does by
default (``--bot-delay``). The latency then is that of the people at the friend tables
alone, and the computer's moves are timed from the state before each:

    python bench/server_load.py --games 10 --think 300 --beside 30 --level each
    python bench/server_load.py --games 10 --think 300 --beside 0
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
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server_support import TEST_FLAGS, Server

from euchre import Game, agents
from euchre.server import levels
from euchre.server.limits import BOT_DELAY
from euchre.server.stores import open_storage

GAMES = {2: "two-handed", 3: "cutthroat (three-handed)", 4: "four-handed"}


@dataclass
class Run:
    """What one timed run of every game measured (CPU in seconds, machine in ticks)."""

    elapsed: float
    latencies: list[float]
    errors: list[str]
    sent: int
    """Actions this process's seats sent (the rest of a computer game's are the server's)."""
    server_cpu: float
    client_cpu: float
    busy: int
    total: int
    computer_gaps: list[float]
    """Beside tables: seconds from the state before each computer's move to its move."""


LANGUAGE = {"code": "en"}
"""The language every seat's socket asks for (``--lang``): the state messages' words in it."""


async def play_seat(url: str, seat: int, rng: random.Random, think: float,
                    latencies: list[float], errors: list[str],
                    gaps: list[float] | None = None) -> int:
    """Play one seat to the end; returns the actions it made. With ``gaps``, the time from
    each state to the next that brings another seat's move is added to it."""
    made = 0
    sent_at: float | None = None
    waiting_for = -1
    last_state = 0.0
    async with connect(url, max_size=2**22,
                       additional_headers={"Accept-Language": LANGUAGE["code"]}) as socket:
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "error":
                errors.append(message["message"])
                continue
            if message["type"] != "state":
                continue
            seq, now = message["seq"], time.perf_counter()
            mover = (message["last_action"] or [seat])[0]
            if gaps is not None and last_state and mover != seat:
                gaps.append(now - last_state)
            last_state = now
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


def seats_played(servers: list[Server], games: list[dict]) -> list[tuple[str, int, int]]:
    """Each socket this process opens, as (url, seat, seed of its policy): both seats of a
    friend game (on processes i and i + 1, so its moves cross processes), the person's seat
    alone of a computer game (process i)."""
    out = []
    for i, game in enumerate(games):
        links = [game["links"]["play"]]
        if "friend" in game["links"]:
            links.append(game["links"]["friend"])
        for seat, link in enumerate(links):
            game_id, _, query = link.removeprefix("/play/").partition("?")
            port = servers[(i + seat) % len(servers)].port
            out.append((f"ws://127.0.0.1:{port}/ws/{game_id}?{query}", seat, i * 2 + seat))
    return out


async def run_games(servers: list[Server], games: list[dict], think: float,
                    beside: list[dict]) -> tuple[list, list, int, list]:
    """Every seat this process plays, all at once, until the friend games (or, with no
    ``beside`` games, all) are over: (latencies, errors, actions sent, computer gaps). The
    people at ``beside`` tables are timed apart and stopped when the others end."""
    latencies: list[float] = []
    errors: list[str] = []
    gaps: list[float] = []
    quiet: list[float] = []  # (the people beside: their own latencies are not the figure)
    loop = asyncio.get_running_loop()
    around = [loop.create_task(play_seat(url, seat, random.Random(seed), think, quiet, errors,
                                         gaps))
              for url, seat, seed in seats_played(servers, beside)]
    made = await asyncio.gather(*(play_seat(url, seat, random.Random(seed), think, latencies,
                                            errors)
                                  for url, seat, seed in seats_played(servers, games)),
                                return_exceptions=True)
    for task in around:
        task.cancel()
    await asyncio.gather(*around, return_exceptions=True)
    for result in made:
        if isinstance(result, BaseException):
            errors.append(repr(result))
    return latencies, errors, sum(m for m in made if isinstance(m, int)), gaps


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
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                        help="players at each table; default 2")
    parser.add_argument("--mode", choices=("friend", "computer"), default=None,
                        help="friend: this process plays both seats (two players only); "
                             "computer: it plays seat 0, the server's computers the others; "
                             "default friend at 2 players, computer at 3 and 4")
    parser.add_argument("--level", choices=(*agents.LEVELS, "each"), default="easy",
                        help="the computers' level; default easy, so the figures measure the "
                             "server rather than the search; each: a run per level")
    parser.add_argument("--beside", type=int, default=None, metavar="N",
                        help="also play N games against the computer at --level beside the "
                             "friend games, whose people alone are timed")
    parser.add_argument("--beside-target", type=int, default=25,
                        help="points per match of the --beside games; default 25")
    parser.add_argument("--bot-delay", type=float, default=None,
                        help="the server's --bot-delay; default 0 (the server's own default "
                             "with --beside)")
    parser.add_argument("--partner", choices=agents.LEVELS, default=None,
                        help="at 4 players, the level of seat 0's partner (default --level)")
    parser.add_argument("--db", default=None,
                        help="a postgresql:// URL, or 'pg' for a throwaway PostgreSQL "
                             "cluster; default a fresh SQLite file")
    parser.add_argument("--processes", type=int, default=1,
                        help="euchre serve processes on the database (PostgreSQL for 2+)")
    parser.add_argument("--lang", default="en",
                        help="the language every seat asks for (Accept-Language); default en")
    args = parser.parse_args()
    LANGUAGE["code"] = args.lang
    args.mode = args.mode or ("friend" if args.players == 2 else "computer")
    if args.processes < 1 or (args.processes > 1 and args.db is None):
        parser.error("--processes 2 or more needs --db pg or a postgresql:// URL")
    if args.mode == "friend" and args.players != 2:
        parser.error("--mode friend is for --players 2 (at 3 and 4 the bench plays seat 0 "
                     "against the server's computers)")
    if args.partner and args.players != 4:
        parser.error("--partner is for --players 4")
    if args.beside is not None and (args.mode != "friend" or args.db is not None):
        parser.error("--beside is for friend games of two on SQLite")
    if args.level == "each" and args.beside is None:
        parser.error("--level each is for --beside")
    failed = 0
    for level in agents.LEVELS if args.level == "each" else (args.level,):
        with contextlib.ExitStack() as stack:
            if args.db == "pg":
                from pg_support import cluster

                db: str | Path = stack.enter_context(cluster(fsync=True))
            else:
                db = args.db or Path(tempfile.mkdtemp(prefix="euchre-load-")) / "games.db"
            failed |= measure(argparse.Namespace(**{**vars(args), "level": level}), db)
    return failed


def create_games(server: Server, args: argparse.Namespace) -> list[dict]:
    """The N games, made over HTTP before the clock starts: a friend game's friend takes his
    seat with its one-time invite first; a computer game's computers wait for the person
    (its table opens when he connects)."""
    if args.mode == "friend":
        games = [server.new_game(mode="friend", name=f"p{i}", seed=i,
                                 rules={"target": args.target}) for i in range(args.games)]
        for game in games:
            game["links"]["friend"] = server.claim(game["links"]["invite"])
        return games
    extra = {"partner": args.partner} if args.partner else {}
    return [server.new_game(mode="computer", level=args.level, name=f"p{i}", seed=i,
                            rules={"players": args.players, "target": args.target}, **extra)
            for i in range(args.games)]


def create_beside(server: Server, args: argparse.Namespace) -> list[dict]:
    """The ``--beside`` games against the computer at ``--level``, to ``--beside-target``."""
    return [server.new_game(mode="computer", level=args.level, name=f"b{i}", seed=10_000 + i,
                            rules={"target": args.beside_target})
            for i in range(args.beside or 0)]


def worker_pids(servers: list[Server]) -> list[int]:
    """The servers' child processes: the computer's workers (Linux)."""
    parents = {server.process.pid for server in servers}
    found = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, IndexError):
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1]
                                            .split()[1]) in parents:
                found.append(int(entry.name))
    return found


def timed_run(servers: list[Server], games: list[dict], think: float,
              beside: list[dict]) -> Run:
    """Play every game to the end at once, with the CPU of the servers (their workers
    included, started during the run), of this process and of the whole machine over the
    same span."""
    start = time.perf_counter()
    server_cpu = sum(cpu_seconds(s.process.pid) for s in servers)
    client_cpu = time.process_time()
    machine = machine_busy()
    latencies, errors, sent, gaps = asyncio.run(run_games(servers, games, think, beside))
    elapsed = time.perf_counter() - start
    server_cpu = sum(cpu_seconds(pid) for pid in [s.process.pid for s in servers]
                     + worker_pids(servers)) - server_cpu
    client_cpu = time.process_time() - client_cpu
    busy, total = (now - then for now, then in zip(machine_busy(), machine, strict=True))
    return Run(elapsed, latencies, errors, sent, server_cpu, client_cpu, busy, total, gaps)


def check_records(db: str | Path, games: list[dict]) -> tuple[int, int]:
    """(records complete, moves stored): every game loaded from the database, replayed and
    checked finished and equal to ``Game.from_record`` of its own record; the moves are
    every seat's, the computers' too."""
    storage = open_storage(db)
    complete = moves = 0
    for game in games:
        stored = storage.load(game["id"])
        moves += len(stored.actions)
        replayed = stored.replay()
        if stored.finished and replayed.is_over and Game.from_record(replayed.record()) == replayed:
            complete += 1
    storage.close()
    return complete, moves


def measure(args: argparse.Namespace, db: str | Path) -> int:
    """Start the servers, play every game, check every stored record; print the figures."""
    tables = args.games + (args.beside or 0)
    sockets = str(3 * tables + 100)  # (every game's sockets come from this machine)
    room = ("--max-tables", str(tables + 100), "--max-connections", sockets,
            "--max-per-address", sockets)
    delay = args.bot_delay if args.bot_delay is not None else \
        BOT_DELAY if args.beside is not None else 0.0
    servers = [Server(db, delay, flags=TEST_FLAGS + room).start()]  # the first: the schema
    servers += [Server(db, delay, flags=TEST_FLAGS + room).start()
                for _ in range(args.processes - 1)]
    try:
        games = create_games(servers[0], args)
        beside = create_beside(servers[0], args)
        run = timed_run(servers, games, args.think / 1000, beside)
    finally:
        for server in servers:
            server.stop()
    complete, moves = check_records(db, games)
    report(args, db, run, complete, moves)
    if args.beside is not None:
        report_beside(args, run, delay)
    return 0 if not run.errors and complete == args.games else 1


def report(args: argparse.Namespace, db: str | Path, run: Run, complete: int,
           moves: int) -> None:
    where = "SQLite" if "://" not in str(db) else f"PostgreSQL, {args.processes} process(es)"
    against = "friend games" if args.mode == "friend" else (
        f"games against the computer ({args.level}"
        + (f", partner {args.partner})" if args.partner else ")"))
    print(f"{args.games} concurrent {GAMES[args.players]} {against} to {args.target} over "
          f"WebSockets ({where}), think {args.think:g} ms: {run.elapsed:.1f} s")
    print(f"  games/s   {args.games / run.elapsed:8.1f}")
    print(f"  actions/s {moves / run.elapsed:8.0f}   ({moves} actions, every seat's; "
          f"{run.sent} sent by this process)")
    lat = run.latencies or [float("nan")]
    print(f"  latency   p50 {1000 * statistics.median(lat):6.1f} ms   "
          f"p99 {1000 * percentile(lat, 99):6.1f} ms   max {1000 * max(lat):6.1f} ms   "
          f"(this process's {len(run.latencies)} actions)")
    print(f"  CPU       servers {100 * run.server_cpu / run.elapsed:.0f}% of a core, "
          f"these clients {100 * run.client_cpu / run.elapsed:.0f}%; the machine's "
          f"{os.cpu_count()} cores {100 * run.busy / max(run.total, 1):.0f}% busy "
          f"(the database too)")
    print(f"  CPU/move  servers {1000 * run.server_cpu / max(moves, 1):.3f} ms an action")
    print(f"  errors    {len(run.errors)}" + (f"  (first: {run.errors[0]})" if run.errors
                                                else ""))
    print(f"  stored    {complete}/{args.games} records complete and replayable")


def report_beside(args: argparse.Namespace, run: Run, delay: float) -> None:
    """The computer tables beside the friend games: how soon their computers moved."""
    gaps = run.computer_gaps or [float("nan")]
    level = levels.ABOUT[args.level]
    print(f"  beside    {args.beside} games against the computer ({args.level}, to "
          f"{args.beside_target}; the server's --bot-delay {delay:g} s); the latency above is "
          "the people's at the friend tables alone")
    print(f"  computer  moves p50 {1000 * statistics.median(gaps):6.1f} ms   "
          f"p99 {1000 * percentile(gaps, 99):6.1f} ms after the state before them "
          f"({len(run.computer_gaps)} moves; stated: the delay, or a median decision of "
          f"{level.decision_ms:g} ms if longer)")


if __name__ == "__main__":
    raise SystemExit(main())
