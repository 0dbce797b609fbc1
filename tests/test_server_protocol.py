"""The server at the protocol level, against a real `euchre serve` process: who may see and
do what, bad input of every kind, and games that survive the server being killed."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys

import pytest
from server_support import Server
from websockets.exceptions import ConnectionClosed

from euchre import Game, Rules
from euchre.server.storage import SQLiteStorage

CARD_TOKENS = {r + s for r in "789TJQKA" for s in "CDHS"} | {"JK"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("server") / "games.db").start()
    yield running
    running.stop()


def friend_game(server: Server, **rules):
    game = server.new_game(mode="friend", name="Ann", rules=rules, seed=5)
    a, b = server.friends(game)
    a.state_at_least(0)
    b.state_at_least(0)
    return game, a, b


def expected_view(game_id: str, db, seq: int, seat: int) -> dict:
    """The view the engine gives ``seat`` after the first ``seq`` stored actions."""
    stored = SQLiteStorage(db).load(game_id)
    game = Game(stored.rules, seed=stored.seed)
    for token in stored.actions[:seq]:
        game.apply(token)
    return game.view(seat).to_dict()


def public_cards(view: dict) -> set[str]:
    """Cards shown face up: the upcard and every card played, this hand and the last."""
    last = view["last_hand"] or {}
    cards = {view["upcard"], *view["trick"], *filter(None, [last.get("upcard")])}
    for trick in [*view["tricks"], *last.get("tricks", [])]:
        cards.update(trick["cards"])
    return cards


def test_each_seat_gets_exactly_its_own_view_and_a_spectator_only_public_facts(server):
    game, a, b = friend_game(server, deck=25, target=3)
    watcher = server.seat(game["links"]["watch"])
    watcher.state_at_least(0)
    seats = {0: a, 1: b}
    rng = random.Random(3)
    seen: list[tuple[int, dict]] = []
    while True:
        state = a.state
        if state["game"]["finished"]:
            break
        mover = seats[state["view"]["to_move"]]
        mover.send({"type": "action", "action": rng.choice(mover.state["view"]["legal"])})
        seq = state["seq"] + 1
        for seat, conn in seats.items():
            seen.append((seat, conn.state_at_least(seq)))
        public = watcher.state_at_least(seq)
        assert public["view"]["hand"] == [] and public["view"]["legal"] == []
        assert public["view"]["discard"] is None and public["game"]["invite"] is None
        assert (public["view"]["last_hand"] or {}).get("discard") is None
        assert public["game"]["seat"] is None
        shown = {t for t in json.dumps(public["view"]).replace('"', " ").split()
                 if t.strip(",[]") in CARD_TOKENS}
        assert {t.strip(",[]") for t in shown} <= public_cards(public["view"])
        if public["last_action"] and public["last_action"][1].startswith("discard"):
            assert public["last_action"][1] == "discard"  # the card stays face down
    db = server.db
    for seat, state in seen[:: max(1, len(seen) // 40)]:  # compare a spread of them exactly
        assert state["view"] == expected_view(game["id"], db, state["seq"], seat)
    assert seen[-1][1]["game"]["finished"]
    for conn in (a, b, watcher):
        conn.close()


def test_bad_input_gets_an_error_on_that_connection_alone_and_changes_nothing(server):
    game, a, b = friend_game(server)
    mover, other = (a, b) if a.state["view"]["to_move"] == 0 else (b, a)
    start = mover.state["seq"]
    cases = [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        (json.dumps({"type": "dance"}), "unknown message type 'dance'"),
        (json.dumps({"action": "pass"}), 'needs "type"'),
        (json.dumps({"type": "action"}), 'needs "action"'),
        (json.dumps({"type": "action", "action": "x" * 5000}), "message too long"),
        (json.dumps({"type": "action", "action": "JZ"}), "'JZ'"),
        (json.dumps({"type": "action", "action": "call h"}), "not legal"),
        (json.dumps({"type": "name", "name": ""}), "non-empty"),
    ]
    for text, words in cases:
        mover.send(text)
        assert words in mover.error(), text
    other.send({"type": "action", "action": "pass"})
    assert other.error() == "it is not your turn"
    spectator = server.seat(game["links"]["watch"])
    spectator.state_at_least(0)
    spectator.send({"type": "action", "action": "pass"})
    assert "spectators cannot play" in spectator.error()
    stranger = server.seat(f"/play/{game['id']}?token=not-a-seat")
    assert stranger.error() == "this link's seat token is not valid for this game"
    stranger.send({"type": "action", "action": "pass"})
    assert "spectators cannot play" in stranger.error()
    # nothing changed, nobody else was told anything, and the game goes on
    # (states that only say who is connected keep the same seq)
    mover.send({"type": "ping"})
    mover.until(lambda m: m["type"] == "pong")
    assert mover.state["seq"] == start
    with pytest.raises(TimeoutError):
        while True:
            message = other.receive(timeout=0.3)
            assert message["type"] == "state" and message["seq"] == start
    mover.send({"type": "action", "action": "pass"})
    assert mover.state_at_least(start + 1)["seq"] == start + 1
    assert SQLiteStorage(server.db).load(game["id"]).actions == ["pass"]
    for conn in (a, b, spectator, stranger):
        conn.close()


def test_a_frame_too_big_for_the_socket_closes_only_that_connection(server):
    _, a, b = friend_game(server)
    a.send("x" * 300_000)
    with pytest.raises(ConnectionClosed):  # closed by the server (1009 message too big)
        for _ in range(5):
            a.receive(timeout=5)
    b.send({"type": "ping"})
    assert b.until(lambda m: m["type"] == "pong")
    status, _ = server.get("/api/levels")
    assert status == 200
    b.close()


def test_http_refusals_are_one_line_and_create_nothing(server):
    before = len(SQLiteStorage(server.db).unfinished())
    for body, words in [
        (b"{", "not valid JSON"),
        ({"mode": "bridge"}, "mode must be computer or friend"),
        ({"level": "godlike"}, "level must be one of easy, medium, hard, expert"),
        ({"rules": {"deck": 52}}, "Rules.deck must be 24, 32 or 25"),
        ({"rules": {"trumps": 1}}, "unknown rules option 'trumps'"),
        ({"name": "x" * 99}, "a name must be 1 to 24 printable characters"),
        ({"seed": -4}, "seed must be a whole number"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ]:
        status, reply = server.post("/api/games", body)
        assert status == 400 and words in reply["error"] and "\n" not in reply["error"]
    assert len(SQLiteStorage(server.db).unfinished()) == before
    assert server.get("/play/nope")[0] == 404
    assert server.get("/games/nope")[0] == 404
    assert server.get("/cards/ZZ.svg")[0] == 404
    game = server.new_game(mode="computer", level="easy", rules={"target": 2})
    assert server.get(f"/api/games/{game['id']}/record")[0] == 409


def test_a_reconnecting_player_lands_exactly_where_the_game_is(server):
    game, a, b = friend_game(server)
    rng = random.Random(8)
    for _ in range(9):
        mover = a if a.state["view"]["to_move"] == 0 else b
        seq = mover.state["seq"]
        mover.send({"type": "action", "action": rng.choice(mover.state["view"]["legal"])})
        a.state_at_least(seq + 1)
        b.state_at_least(seq + 1)
    a.close()
    again = server.seat(game["links"]["play"])
    state = again.state_at_least(0)
    assert state["seq"] == b.state["seq"] == 9
    assert state["view"] == expected_view(game["id"], server.db, 9, 0)
    again.close()
    b.close()


def play_against_computer(server: Server, game: dict, actions: int) -> dict:
    """Make ``actions`` moves for the person (seat 0), waiting for the computer's turns."""
    seat = server.seat(game["links"]["play"])
    state = seat.state_at_least(0)
    rng = random.Random(1)
    made = 0
    while made < actions and not state["game"]["finished"]:
        if state["view"]["to_move"] != 0:
            state = seat.until(lambda m: m["type"] == "state" and
                               (m["view"]["to_move"] == 0 or m["game"]["finished"]))
        if state["game"]["finished"]:
            break
        seat.send({"type": "action", "action": rng.choice(state["view"]["legal"])})
        state = seat.state_at_least(state["seq"] + 1)
        made += 1
    seat.close()
    return state


def test_a_killed_server_continues_every_game_from_its_last_acknowledged_action(tmp_path):
    db = tmp_path / "games.db"
    first = Server(db, bot_delay=0).start()
    try:
        friend = first.new_game(mode="friend", name="Ann", seed=9)
        a, b = first.friends(friend)
        a.state_at_least(0)
        b.state_at_least(0)
        for _ in range(7):
            mover = a if a.state["view"]["to_move"] == 0 else b
            seq = mover.state["seq"]
            mover.send({"type": "action", "action": mover.state["view"]["legal"][0]})
            a.state_at_least(seq + 1)
            b.state_at_least(seq + 1)
        acknowledged = a.state
        computer = first.new_game(mode="computer", level="medium", name="Ann", seed=4)
        played = play_against_computer(first, computer, 6)
    finally:
        first.kill()
    # the slow computer: its turn is due when the server dies, and it must still come
    second = Server(db, bot_delay=0).start()
    try:
        a = second.seat(friend["links"]["play"])
        state = a.state_at_least(0)
        assert state["seq"] == acknowledged["seq"]
        assert state["view"] == acknowledged["view"]
        person = second.seat(computer["links"]["play"])
        state = person.state_at_least(0)
        assert state["seq"] >= played["seq"]  # nothing acknowledged was lost
        assert state["view"] == expected_view(computer["id"], db, state["seq"], 0)
        assert state["view"]["hand_number"] >= played["view"]["hand_number"]
        person.send({"type": "action", "action": state["view"]["legal"][0]}
                    if state["view"]["to_move"] == 0 else {"type": "ping"})
        person.until(lambda m: m["type"] in ("state", "pong"))
        a.close()
        person.close()
    finally:
        second.stop()


def test_after_a_kill_a_game_waits_in_the_store_until_its_player_comes_back(tmp_path):
    """Unfinished games are loaded on demand after a restart, not all at once: the computer's
    owed turn is taken when the person reconnects, not before."""
    db = tmp_path / "games.db"
    first = Server(db, bot_delay=30).start()  # the computer waits 30 s: it never moves here
    try:
        game = first.new_game(mode="computer", level="medium", name="Ann", seed=2)
        seat = first.seat(game["links"]["play"])
        state = seat.state_at_least(0)
        if state["view"]["to_move"] == 0:  # move once so that the computer owes a turn
            seat.send({"type": "action", "action": "pass"})
            state = seat.state_at_least(state["seq"] + 1)
        assert state["view"]["to_move"] == 1
        owed_at = state["seq"]
        seat.close()
    finally:
        first.kill()
    assert len(SQLiteStorage(db).load(game["id"]).actions) == owed_at
    second = Server(db, bot_delay=0).start()
    try:  # another game's computer moving shows this server's computers at work (waited
        other = second.new_game(mode="computer", level="medium", name="Bo", seed=2)  # for,
        mover = second.seat(other["links"]["play"])  # not slept on): a table it had loaded
        before = mover.state_at_least(0)  # would have moved as soon
        if before["view"]["to_move"] == 0:
            mover.send({"type": "action", "action": "pass", "seq": before["seq"]})
            before = mover.state_at_least(before["seq"] + 1)
        mover.until(lambda m: m["type"] == "state" and m["seq"] > before["seq"])
        mover.close()
        assert len(SQLiteStorage(db).load(game["id"]).actions) == owed_at
        seat = second.seat(game["links"]["play"])
        state = seat.until(lambda m: m["type"] == "state" and m["seq"] > owed_at)
        assert state["view"]["to_move"] == 0 or state["game"]["finished"]
        assert SQLiteStorage(db).load(game["id"]).replay().to_move == state["view"]["to_move"]
        seat.close()
    finally:
        second.stop()


def test_serve_refuses_bad_flags_and_files_in_one_line(tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_text("not a database at all " * 50)
    cases = [(["--port", "99999"], "a port is a number from 1 to 65535"),
             (["--bot-delay", "soon"], "expected seconds from 0 to 60"),
             (["--db", str(bad)], "is not a usable SQLite database"),
             (["--db", str(tmp_path)], "is a folder")]
    for flags, words in cases:
        run = subprocess.run([sys.executable, "-m", "euchre.cli", "serve", *flags],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and words in run.stderr, (flags, run.stderr)
        assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) <= 2
    assert bad.read_text().startswith("not a database")
    with sqlite3.connect(tmp_path / "x.db"):
        pass


def test_the_same_link_twice_is_the_same_seat_and_both_see_every_move(server):
    game, a, b = friend_game(server, deck=32)
    a2 = server.seat(game["links"]["play"])
    a2.state_at_least(0)
    mover = a if a.state["view"]["to_move"] == 0 else b
    seq = mover.state["seq"]
    mover.send({"type": "action", "action": "pass"})
    assert a2.state_at_least(seq + 1)["view"]["player"] == 0
    assert Rules.from_dict(a2.state["view"]["rules"]).deck == 32
    for conn in (a, a2, b):
        conn.close()


def test_a_game_damaged_in_the_store_is_reported_and_the_others_go_on(tmp_path):
    db = tmp_path / "games.db"
    server = Server(db).start()
    try:
        game = server.new_game(mode="friend", name="Ann", seed=3)
        good = server.new_game(mode="friend", name="Bob", seed=4)
    finally:
        server.stop()
    with sqlite3.connect(db) as raw:  # an action the engine refuses, as if tampered with
        raw.execute("INSERT INTO actions VALUES (?, 0, 0, 'JH')", (game["id"],))
    server = Server(db).start()
    try:
        seat = server.seat(game["links"]["play"])
        assert "stored action 1 ('JH') does not replay" in seat.error()
        status, page = server.get(f"/games/{game['id']}")
        assert status == 500 and "does not replay" in page
        other = server.seat(good["links"]["play"])
        assert other.state_at_least(0)["game"]["id"] == good["id"]
        other.close()
    finally:
        server.stop()
    with sqlite3.connect(db) as raw:  # nothing was deleted or rewritten
        assert raw.execute("SELECT count(*) FROM actions").fetchone()[0] == 1
