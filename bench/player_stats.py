"""A player's statistics page at scale: per-game summaries against replaying every game.

    python bench/player_stats.py [--games 10000] [--repeats 5]

Builds a SQLite store of ``--games`` finished games (random play to 5 points, "Ann" in seat
0 of each), starts a real ``euchre serve`` on it and times ``GET /api/players/Ann``: first as
the server answers now (each game's statistics stored when it finished, added up), then with
the summaries removed, which makes the server replay every game as it did before (the path
it still takes for games finished before summaries were stored). Medians of ``--repeats``.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import tempfile
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


def timed(server: Server, repeats: int) -> tuple[float, dict]:
    times = []
    body = ""
    for _ in range(repeats):
        started = time.perf_counter()
        status, body = server.get("/api/players/Ann")
        times.append(time.perf_counter() - started)
        assert status == 200, body
    return statistics.median(times), json.loads(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    db = folder / "games.db"
    started = time.perf_counter()
    build(db, args.games, args.seed)
    print(f"{args.games} finished games stored in {time.perf_counter() - started:.1f} s")
    server = Server(db).start()
    try:
        summed, figures = timed(server, args.repeats)
        with sqlite3.connect(db) as raw:
            raw.execute("UPDATE games SET summary = NULL")
        replayed, again = timed(server, max(1, args.repeats // 2))
    finally:
        server.stop()
    assert figures == again, "the summaries and the replay disagree"
    print(f"GET /api/players/Ann over {figures['matches']} matches, {figures['hands']} hands:")
    print(f"  from the stored summaries   {1000 * summed:9.1f} ms (median of {args.repeats})")
    print(f"  replaying every game        {1000 * replayed:9.1f} ms")


if __name__ == "__main__":
    main()
