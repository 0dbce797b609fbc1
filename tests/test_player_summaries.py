"""A player's statistics read from per-game summaries stored when each game finishes, not
by replaying every finished game on every request (issue 18's statistics that do not grow
with history)."""

from __future__ import annotations

import json
import sqlite3

from server_support import Server
from test_server_protocol import play_against_computer

from euchre.history import Stats
from euchre.server.storage import SQLiteStorage


def test_a_finished_game_stores_each_seats_statistics_and_the_page_adds_them(tmp_path):
    db = tmp_path / "games.db"
    server = Server(db).start()
    try:
        game = server.new_game(mode="computer", level="easy", name="Ann",
                               rules={"target": 2}, seed=3)
        play_against_computer(server, game, 500)
        stored = SQLiteStorage(db).load(game["id"])
        assert stored.finished
        assert stored.summary == Stats.of_seats(stored.replay().record())
        status, body = server.get("/api/players/Ann")
        replayed = Stats()
        replayed.add(stored.replay().record(), 0)
        totals = {**replayed.counts(), "with_undo": 0, "abandoned": 0}
        assert status == 200 and json.loads(body) == totals
        # the page reads the player's running total, added to when the game finished: a
        # change to the total shows, and the game's own summary is not read again
        with sqlite3.connect(db) as raw:
            raw.execute("UPDATE player_totals SET counts = json_set(counts, '$.hands', 999) "
                        "WHERE name = 'Ann'")
            raw.execute("UPDATE games SET summary = NULL WHERE id = ?", (game["id"],))
        assert json.loads(server.get("/api/players/Ann")[1]) == dict(totals, hands=999)
    finally:
        server.stop()


def test_stats_counts_merge_back_to_the_same_figures():
    import random

    from euchre import Game, Rules

    g, rng = Game(Rules(target=3), seed=9), random.Random(9)
    for _ in range(5000):  # always passing would throw every hand in, forever
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    assert g.is_over
    record = g.record()
    for seat in (0, 1):
        direct, merged = Stats(), Stats()
        direct.add(record, seat)
        merged.merge(Stats.of_seats(record)[str(seat)])
        assert merged == direct
