"""Hypothesis drives a real `euchre serve` with random and mutated messages (issue 17,
criterion 4): every one gets an answer or an error, never a crash; afterwards a normal game
still plays to the end and every stored game replays."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import Server, play_out

from euchre.server.storage import SQLiteStorage

VALID = [{"type": "action", "action": "pass"}, {"type": "action", "action": "order"},
         {"type": "action", "action": "JH", "seq": 0}, {"type": "hint"}, {"type": "ping"},
         {"type": "name", "name": "Ann"}, {"type": "action", "action": "discard 9S"}]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12)


@st.composite
def mutated(draw) -> str:
    """A valid message with one field replaced, added or removed, or its text damaged."""
    message = dict(draw(st.sampled_from(VALID)))
    how = draw(st.sampled_from(["replace", "add", "remove", "cut", "splice", "nest"]))
    if how == "replace":
        message[draw(st.sampled_from(sorted(message)))] = draw(json_values)
    elif how == "add":
        message[draw(st.sampled_from(["seq", "action", "name", "type", draw(st.text())]))] = \
            draw(json_values)
    elif how == "remove":
        message.pop(draw(st.sampled_from(sorted(message))))
    text = json.dumps(message)
    if how == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif how == "splice":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=20)) + text[at:]
    elif how == "nest":
        depth = draw(st.integers(100, 3000))
        text = "[" * depth + text + "]" * draw(st.integers(0, depth))
    return text


frames = st.one_of(mutated(), st.text(max_size=300), st.binary(max_size=300),
                   json_values.map(json.dumps))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("fuzz") / "games.db").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def table(server):
    game = server.new_game(mode="computer", level="easy", name="Fuzz", rules={"target": 2})
    seat = server.seat(game["links"]["play"])
    seat.state_at_least(0)
    yield game, seat
    seat.close()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(batch=st.lists(frames, min_size=1, max_size=8))
def test_random_and_mutated_messages_never_break_the_connection_or_the_server(server, table,
                                                                               batch):
    _, seat = table
    for frame in batch:
        seat.socket.send(frame)
    seat.send({"type": "ping"})
    seat.until(lambda m: m["type"] == "pong")  # still connected, and answering in order
    status, _ = server.get("/api/levels")
    assert status == 200


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.one_of(st.binary(max_size=400), mutated().map(str.encode),
                      json_values.map(lambda v: json.dumps(v).encode())))
def test_random_creation_requests_get_a_one_line_answer(server, body):
    code, reply = server.post("/api/games", body)
    assert code in (201, 400), (body, code, reply)
    if code == 400:
        assert "\n" not in reply["error"]


def test_after_the_fuzzing_a_game_plays_to_the_end_and_every_stored_game_replays(server,
                                                                                   table):
    game = server.new_game(mode="friend", name="After", rules={"target": 1})
    a, b = server.friends(game)
    a.state_at_least(0)
    b.state_at_least(0)
    play_out(a, b)
    a.close()
    b.close()
    storage = SQLiteStorage(server.db)
    ids = storage.unfinished() + [g.id for g in storage.recent(10**6)]  # every game
    assert game["id"] in ids and table[0]["id"] in ids
    for game_id in ids:
        stored = storage.load(game_id)
        replayed = stored.replay()
        assert replayed.is_over == stored.finished
    assert storage.load(game["id"]).finished
    storage.close()
