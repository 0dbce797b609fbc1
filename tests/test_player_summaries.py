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
        assert status == 200 and json.loads(body) == {**totals, "games": {"2": totals},
                                                      "ratings": {}, "registered": False}
        # the page reads the player's running total, added to when the game finished: a
        # change to the total shows, and the game's own summary is not read again
        with sqlite3.connect(db) as raw:
            raw.execute("UPDATE player_totals SET counts = json_set(counts, '$.hands', 999) "
                        "WHERE name = 'Ann'")
            raw.execute("UPDATE games SET summary = NULL WHERE id = ?", (game["id"],))
        changed = json.loads(server.get("/api/players/Ann")[1])
        assert {k: v for k, v in changed.items() if k not in ("games", "ratings", "registered")
                } == dict(totals, hands=999)
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


def play_alone_when_allowed(server: Server, game: dict) -> None:
    """The person (seat 0) goes alone whenever the bidding lets him, else plays at random,
    to the end of the match."""
    import random

    seat, rng = server.seat(game["links"]["play"]), random.Random(4)
    state = seat.state_at_least(0)
    while not state["game"]["finished"]:
        if state["view"]["to_move"] != 0 or not state["view"]["legal"]:
            state = seat.until(lambda m, seq=state["seq"]: m["type"] == "state" and m["seq"] > seq)
            continue
        legal = state["view"]["legal"]
        alone = [choice for choice in legal if choice.endswith(" alone")]
        seat.send({"type": "action", "action": alone[0] if alone else rng.choice(legal),
                   "seq": state["seq"]})
        state = seat.state_at_least(state["seq"] + 1)
    seat.close()


def test_a_four_handed_game_counts_apart_with_the_lone_hands_and_an_old_file_is_recounted(
        tmp_path):
    db = tmp_path / "games.db"
    server = Server(db).start()
    try:
        game = server.new_game(mode="computer", level="easy", name="Ann", seed=8,
                               rules={"players": 4, "target": 5})
        play_alone_when_allowed(server, game)
        record = SQLiteStorage(db).load(game["id"]).replay().record()
        mine = Stats()
        mine.add(record, 0)
        assert mine.alone_called > 0 and mine.points_scored + mine.points_conceded > 0
        expected = {**mine.counts(), "with_undo": 0, "abandoned": 0}
        told = json.loads(server.get("/api/players/Ann")[1])
        assert told["games"] == {"4": expected}
        page = server.get("/players/Ann")[1]
        assert "Four-handed (partners)" in page and "Two-handed" not in page
        assert f"Alone: {mine.alone_called} call" in page
    finally:
        server.stop()
    # a file of the schema before: flat totals, summaries without points or lone hands
    old = {key: value for key, value in expected.items()
           if not key.startswith(("alone", "defended_alone", "points"))}
    with sqlite3.connect(db) as raw:
        (version,) = raw.execute("PRAGMA user_version").fetchone()
        raw.execute("UPDATE player_totals SET counts = ? WHERE name = 'Ann'", (json.dumps(old),))
        summary = json.loads(raw.execute("SELECT summary FROM games").fetchone()[0])
        raw.execute("UPDATE games SET summary = ?", (json.dumps(
            {seat: {k: v for k, v in counts.items() if k in old}
             for seat, counts in summary.items()}),))
        # back to before the step that counts every total again (MIGRATIONS[10]); the later
        # steps run again too, harmless on this file (no deal of the day in it)
        assert version > 10
        raw.execute("PRAGMA user_version = 10")
    server = Server(db).start()
    try:
        assert json.loads(server.get("/api/players/Ann")[1])["games"] == {"4": expected}
    finally:
        server.stop()
