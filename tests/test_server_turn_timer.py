"""Issue 50, criterion 4: a player who never acts is played by the computer after the turn
timer the table states, and everyone at the table is told. A table of people states its
timer (``--turn-timer``) in every state; once a person's turn has lasted that long the
computer makes that move for him (his next turn has a timer of its own), and every state
after it names whose move it made, in every process on a PostgreSQL database too; a move in
time is his own; a table against the computer has no timer."""

from __future__ import annotations

import time

import pytest
from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)
from server_support import TEST_FLAGS, Server, two_servers

TIMER = 2.0
FLAGS = (*TEST_FLAGS, "--turn-timer", str(TIMER))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("timer") / "games.db", flags=FLAGS).start()
    yield running
    running.stop()


def started(seat) -> dict:
    return seat.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]), 15)


def two_people(one: Server, two: Server, names: tuple[str, str]) -> tuple:
    """Two people at a new two-handed open table (the second through ``two``): their
    connections, each at its own server."""
    _, ann = one.post("/api/quick", {"game": "two", "name": names[0]})
    _, bob = two.post("/api/quick", {"game": "two", "name": names[1]})
    assert bob["id"] == ann["id"]
    return one.seat(ann["link"]), two.seat(bob["link"])


def test_the_table_states_its_timer_and_the_computer_moves_for_one_who_does_not(server):
    ann, bob = two_people(server, server, ("Slow Sal", "Quick Quin"))
    states = [started(ann), started(bob)]
    assert [s["game"]["turn_timer"] for s in states] == [TIMER, TIMER]
    assert states[0]["game"]["timed_out"] is None
    idle = states[0]["view"]["to_move"]
    began = time.monotonic()
    # nobody moves: the computer does, and both are told
    afters = [seat.until(lambda m: m["type"] == "state" and m["seq"] == 1, 10)
              for seat in (ann, bob)]
    assert time.monotonic() - began >= TIMER * 0.9  # (not before the timer ran out)
    for after in afters:
        assert after["game"]["timed_out"] == {"seat": idle, "seq": 0}
        assert after["last_action"][0] == idle
    next_one = afters[0]["view"]["to_move"]
    mover = (ann, bob)[next_one]
    mover.send({"type": "action", "action": afters[next_one]["view"]["legal"][-1], "seq": 1})
    moved = mover.until(lambda m: m["type"] == "state" and m["seq"] == 2)
    assert moved["game"]["timed_out"] == {"seat": idle, "seq": 0}  # his own move: no news
    assert moved["last_action"][0] == next_one
    third = mover.until(lambda m: m["type"] == "state" and m["seq"] == 3, 10)
    assert third["game"]["timed_out"] == {"seat": moved["view"]["to_move"], "seq": 2}
    ann.close()
    bob.close()


def test_a_move_in_time_is_the_players_own_and_the_computer_table_has_no_timer(server):
    ann, bob = two_people(server, server, ("Prompt Pia", "Prompt Pat"))
    states = [started(ann), started(bob)]
    for seq in range(3):  # each moves at once, well within the timer
        to_move = states[0]["view"]["to_move"]
        mine = states[to_move]
        (ann, bob)[to_move].send({"type": "action", "action": mine["view"]["legal"][-1],
                                  "seq": seq})
        states = [seat.until(lambda m, n=seq + 1: m["type"] == "state" and m["seq"] == n)
                  for seat in (ann, bob)]
        assert states[0]["game"]["timed_out"] is None
    ann.close()
    bob.close()
    game = server.new_game(mode="computer", name="Alone Al", level="easy")
    alone = server.seat(game["links"]["play"])
    state = alone.state_at_least(0)
    assert state["game"]["turn_timer"] is None
    if state["view"]["to_move"] == 0:  # his turn waits for him, however long
        with pytest.raises(TimeoutError):
            alone.until(lambda m: m["type"] == "state" and m["seq"] > state["seq"], TIMER * 2)
    alone.close()


def test_the_table_is_told_in_another_process_on_postgresql(postgres_url):  # noqa: F811
    reset(postgres_url)
    with two_servers(postgres_url, FLAGS) as (one, two):
        ann, bob = two_people(one, two, ("Far Fay", "Near Ned"))
        states = [started(ann), started(bob)]
        idle = states[0]["view"]["to_move"]
        for seat in (ann, bob):
            after = seat.until(lambda m: m["type"] == "state" and m["game"]["timed_out"], 15)
            assert after["game"]["timed_out"] == {"seat": idle, "seq": 0}
        ann.close()
        bob.close()
