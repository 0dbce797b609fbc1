"""Makes ``data/games-of-the-rule-games.{sql,pg.sql,json}``: a games database of Railroad,
Hasenpfeffer and Napoleon written by today's ``euchre serve``, in SQLite (``iterdump`` with
its ``user_version``) and in PostgreSQL (``pg_dump`` of the rows, the schema version beside),
and what that server said about each game (its record, its last state) and each player.
``test_server_rule_games_stored.py`` reads them with the server of its day: the files are
made once and committed, never remade (``python tests/make_rule_games_db.py``)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from pg_support import BIN, _as_postgres, cluster
from server_support import TEST_FLAGS, Seat, Server
from test_server_rule_games_friends import choose

from euchre.server import postgres as pg_schema
from euchre.server.storage import MIGRATIONS

DATA = Path(__file__).parent / "data"
NAMES = ("Ann", "Bea", "Cy", "Di", "Ed")
SCENES: dict[str, dict[str, Any]] = {
    "railroad_computer": {"mode": "computer", "game": "railroad", "players": 4, "seed": 41},
    "hasenpfeffer_friends": {"mode": "friend", "game": "hasenpfeffer", "players": 4,
                             "seed": 42},
    "napoleon3_computer": {"mode": "computer", "game": "napoleon", "players": 3, "seed": 43},
    "napoleon5_friends": {"mode": "friend", "game": "napoleon", "players": 5, "seed": 44},
    "napoleon4_unfinished": {"mode": "computer", "game": "napoleon", "players": 4,
                             "seed": 45, "moves": 7},
    "railroad_friends_unfinished": {"mode": "friend", "game": "railroad", "players": 4,
                                    "seed": 46, "moves": 9},
}
"""Each game: how it was made, and (unfinished) after how many of the people's moves it was
left."""


def play(seats: dict[int, Seat], moves: int | None) -> dict:
    """The people play (as ``choose`` says) to the end, or ``moves`` of theirs and on to
    the next person's turn."""
    seq, made = 0, 0
    while True:
        states = {seat: connection.state_at_least(seq) for seat, connection in seats.items()}
        state = next(iter(states.values()))
        mover = state["view"]["to_move"]
        ours = mover in seats and bool(states[mover]["view"]["legal"])
        if state["game"]["finished"] or (made == moves and ours):
            return state  # (left at a person's turn: the computers moved, nothing is due)
        if ours:
            seats[mover].send({"type": "action", "action": choose(states[mover]["view"]),
                               "seq": states[mover]["seq"]})
            made += 1
        seq = state["seq"] + 1


def make_scene(server: Server, scene: dict[str, Any]) -> dict[str, Any]:
    made = server.new_game(mode=scene["mode"], level="easy", seed=scene["seed"],
                           name=NAMES[0], rules={"game": scene["game"],
                                                 "players": scene["players"], "target": 2})
    links = {0: made["links"]["play"]}
    if scene["mode"] == "friend":
        for seat in range(1, scene["players"]):
            links[seat] = server.claim(made["links"]["invites"][str(seat)], NAMES[seat])
    seats = {seat: server.seat(link) for seat, link in links.items()}
    last = play(seats, scene.get("moves"))
    for connection in seats.values():
        connection.close()
    saved = {"id": made["id"], "links": {str(seat): link for seat, link in links.items()},
             "seq": last["seq"], "finished": last["game"]["finished"],
             "names": last["game"]["names"], "view": last["view"]}
    if last["game"]["finished"]:
        saved["record"] = json.loads(server.get(f"/api/games/{made['id']}/record")[1])
    return saved


def made_by_todays_server(db: Any) -> dict[str, Any]:
    server = Server(db, flags=TEST_FLAGS).start()
    try:
        games = {key: make_scene(server, scene) for key, scene in SCENES.items()}
        players = {name: json.loads(server.get(f"/api/players/{name}")[1])
                   for name in NAMES}
    finally:
        server.stop()
    return {"games": games, "players": players}


def sqlite_dump(path: Path) -> str:
    with sqlite3.connect(path) as raw:
        (version,) = raw.execute("PRAGMA user_version").fetchone()
        assert version == len(MIGRATIONS)
        return f"PRAGMA user_version = {version};\n" + "\n".join(raw.iterdump()) + "\n"


def postgres_dump(url: str) -> str:
    """The rows (not the schema: today's migrations make it) as INSERTs, table by table in
    the order their references allow."""
    dumped = subprocess.run(
        _as_postgres([str(BIN / "pg_dump"), "--data-only", "--inserts", "--column-inserts",
                      "--no-owner", "--exclude-table=schema_version", url]),
        capture_output=True, text=True, check=True).stdout
    lines = [line for line in dumped.splitlines()
             if line.startswith("INSERT INTO ") or line.startswith("SELECT pg_catalog.setval")]
    return f"-- schema version {pg_schema.VERSION}\n" + "\n".join(lines) + "\n"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.db"
        in_sqlite = made_by_todays_server(path)
        (DATA / "games-of-the-rule-games.sql").write_text(sqlite_dump(path), "utf-8")
    with cluster() as url:
        in_postgres = made_by_todays_server(url)
        (DATA / "games-of-the-rule-games.pg.sql").write_text(postgres_dump(url), "utf-8")
    saved = {"user_version": len(MIGRATIONS), "postgres_version": pg_schema.VERSION,
             "sqlite": in_sqlite, "postgres": in_postgres}
    (DATA / "games-of-the-rule-games.json").write_text(
        json.dumps(saved, indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    main()
