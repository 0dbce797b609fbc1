"""What a player's record costs and says (issue 37, criteria 2 and 5): running totals and an
index instead of adding up every game on each visit, paged lists, an old database migrated
to the same figures, and games left unfinished against the computer closed as lost."""

from __future__ import annotations

import json
import random
import sqlite3
import time

from server_support import Server

from euchre import Game, Rules
from euchre.history import Stats
from euchre.server.storage import MIGRATIONS, SCHEMA, SQLiteStorage


def finished_game(seed: int) -> Game:
    game, rng = Game(Rules(target=3), seed=seed), random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_an_old_database_gets_totals_equal_to_adding_up_every_game(tmp_path):
    db = tmp_path / "old.db"
    expected = Stats()
    with sqlite3.connect(db) as raw:  # schema 4: summaries stored, but no totals
        raw.executescript(SCHEMA)
        for step in MIGRATIONS[:4]:
            raw.execute(step)
        raw.execute("PRAGMA user_version = 4")
        for n in range(6):
            game = finished_game(n)
            summary = Stats.of_seats(game.record())
            expected.merge(summary["0"])
            raw.execute(
                "INSERT INTO games (id, created, updated, mode, level, rules, seed, tokens, "
                "names, finished, winner, score, summary) VALUES (?, ?, ?, 'computer', "
                "'easy', ?, ?, '[\"t\", null]', '[\"Ann\", \"Computer\"]', 1, ?, ?, ?)",
                (f"g{n}", n, n, json.dumps(Rules(target=3).to_dict()), str(n), game.winner,
                 json.dumps(list(game.score)),
                 None if n < 2 else json.dumps(summary)))  # two from before summaries
            raw.executemany("INSERT INTO actions VALUES (?, ?, ?, ?)",
                            [(f"g{n}", seq, player, token) for seq, (player, token) in
                             enumerate((p, t) for h in game.record()["hands"]
                                       for p, t in h["actions"])])
    store = SQLiteStorage(db)
    total = {**expected.counts(), "with_undo": 0, "abandoned": 0}
    assert store.player_total("Ann") == {**total, **{f"2:{k}": v for k, v in total.items()}}
    assert [g.id for g in store.games_of("Ann", 10)] == [f"g{n}" for n in range(5, -1, -1)]
    store.close()


def test_the_player_page_pages_its_games_and_keeps_its_totals(tmp_path):
    running = Server(tmp_path / "games.db").start()
    try:
        for n in range(53):
            game = running.new_game(mode="computer", name="Pat", level="easy", seed=n)
            seat = running.seat(game["links"]["play"])
            seat.state_at_least(0)
            seat.send({"type": "resign"})
            seat.until(lambda m: m["type"] == "state" and m["game"]["finished"])
            seat.close()
        status, page = running.get("/players/Pat")
        assert status == 200 and page.count("resigned") == 50
        older = page.split('data-testid="older" href="')[1].split('"')[0]
        status, rest = running.get(older.replace("&amp;", "&"))
        assert status == 200 and rest.count("resigned") == 3 and "Older games" in rest
        assert 'data-testid="older"' not in rest
        status, body = running.get("/api/players/Pat")
        totals = json.loads(body)
        assert (totals["matches"], totals["matches_won"]) == (53, 0)
        status, bad = running.get("/players/Pat?before=soon")
        assert status == 400 and "does not exist" in bad and "Traceback" not in bad
    finally:
        running.stop()


def test_a_game_left_unfinished_against_the_computer_is_closed_as_lost(tmp_path):
    running = Server(tmp_path / "games.db", flags=(
        "--allow-seeds", "--abandon-after", "0.00002", "--table-idle", "0.5")).start()
    try:  # (0.00002 days: 1.7 s)
        left = running.new_game(mode="computer", name="Lee", level="easy", seed=4)
        untouched = running.new_game(mode="computer", name="Lee", level="easy", seed=5)
        seat = running.seat(left["links"]["play"])
        state = seat.until(lambda m: m["type"] == "state" and m["view"]["legal"])
        seat.send({"type": "action", "action": state["view"]["legal"][0], "seq": state["seq"]})
        seat.state_at_least(state["seq"] + 1)
        seat.close()
        deadline, summary = time.monotonic() + 20, {}
        while time.monotonic() < deadline and not summary.get("finished"):
            time.sleep(0.3)
            summary = json.loads(running.get(f"/api/games/{left['id']}")[1])
        assert summary["finished"] and summary["abandoned"] and summary["winner"] == 1
        assert summary["resigned"] == 0
        assert not json.loads(running.get(f"/api/games/{untouched['id']}")[1])["finished"]
        record = json.loads(running.get(f"/api/games/{left['id']}/record")[1])
        assert record["players"]["abandoned"] is True and record["players"]["winner"] == 1
        assert record["outcome"] == {"winner": 1, "scores": record["score"],  # the engine's
                                     "termination": "abandoned", "seat": 0}
        totals = json.loads(running.get("/api/players/Lee")[1])
        assert (totals["matches"], totals["matches_won"], totals["abandoned"]) == (1, 0, 1)
        status, page = running.get("/players/Lee")
        assert status == 200 and "(abandoned)" in page and 'data-testid="abandoned-count"' in page
    finally:
        running.stop()
