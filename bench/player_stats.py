"""A player's statistics page at scale, and what it costs the other tables.

    python bench/player_stats.py [--games 10000] [--repeats 5] [--load 30] [--moves 60]

Builds a SQLite store of ``--games`` finished games (random play to 5 points, "Ann" in seat
0 of each), starts a real ``euchre serve`` on it and times ``GET /api/players/Ann`` and the
page ``/players/Ann`` (running totals and one page of games: the cost should not grow with
the games), then a move's acknowledgement at a friend table, quiet and while ``--load``
threads keep asking for Ann's page. Medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from server_support import Server

from euchre import Game, Rules
from euchre.history import Stats
from euchre.server.storage import Action, Finish, NewGame, SQLiteStorage, StoredGame


def build(path: Path, games: int, seed: int) -> None:
    store = SQLiteStorage(path)
    rng = random.Random(seed)
    rules = Rules(target=5)
    batch: list = []
    for n in range(games):
        game_seed = rng.getrandbits(62)
        game = Game(rules, seed=game_seed)
        game_id = f"g{n:06d}"
        batch.append(NewGame(StoredGame(game_id, "computer", "easy", rules, game_seed,
                                        ("t", None), ("Ann", "Computer"))))
        seq = 0
        while not game.is_over:
            token = rng.choice(game.legal_actions())
            batch.append(Action(game_id, seq, game.to_move, token))
            game.apply(token)
            seq += 1
        batch.append(Finish(game_id, game.winner, game.score, Stats.of_seats(game.record())))
        if len(batch) > 20_000:
            store.write(batch)
            batch = []
    store.write(batch)
    store.close()


def page_time(server: Server, path: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        status, body = server.get(path)
        times.append(time.perf_counter() - started)
        assert status == 200, body
    return statistics.median(times)


def move_acks(server: Server, moves: int, load: int) -> float:
    """The median time from a person's move sent to its state received, at a table against
    the easy computer, while ``load`` threads keep asking for Ann's statistics page (0: no
    load)."""
    game = server.new_game(mode="computer", name="Bo", level="easy")
    seat = server.seat(game["links"]["play"])
    stop = threading.Event()

    def hammer() -> None:
        while not stop.is_set():
            server.get("/players/Ann")

    threads = [threading.Thread(target=hammer, daemon=True) for _ in range(load)]
    for thread in threads:
        thread.start()
    times: list[float] = []
    try:
        while len(times) < moves:
            state = seat.state
            if state is None or not (state["view"]["legal"] or state["game"]["finished"]):
                state = seat.until(lambda m: m["type"] == "state" and (
                    m["view"]["legal"] or m["game"]["finished"]))
            if state["game"]["finished"]:
                break
            started = time.perf_counter()
            seat.send({"type": "action", "action": state["view"]["legal"][0],
                       "seq": state["seq"]})
            seat.state_at_least(state["seq"] + 1)
            times.append(time.perf_counter() - started)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        seat.close()
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--load", type=int, default=30,
                        help="threads asking for the statistics page while moves are timed")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    db = folder / "games.db"
    started = time.perf_counter()
    build(db, args.games, args.seed)
    print(f"{args.games} finished games stored in {time.perf_counter() - started:.1f} s")
    server = Server(db).start()
    try:
        api = page_time(server, "/api/players/Ann", args.repeats)
        page = page_time(server, "/players/Ann", args.repeats)
        quiet = move_acks(server, args.moves, 0)
        loaded = move_acks(server, args.moves, args.load)
    finally:
        server.stop()
    print(f"Ann's statistics over {args.games} games (medians of {args.repeats}):")
    print(f"  GET /api/players/Ann   {1000 * api:8.1f} ms")
    print(f"  GET /players/Ann       {1000 * page:8.1f} ms")
    print(f"a move's acknowledgement at another table (median of up to {args.moves} moves):")
    print(f"  quiet                  {1000 * quiet:8.1f} ms")
    print(f"  {args.load} threads asking for the page   {1000 * loaded:8.1f} ms")


if __name__ == "__main__":
    main()
