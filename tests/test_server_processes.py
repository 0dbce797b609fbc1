"""Several `euchre serve` processes on one PostgreSQL database (issue 18): a move made through
one process reaches a seat connected to another; each move is applied exactly once however
the frames race; the computer's moves are made by the one process holding the game's lease,
and by another once that process is SIGKILLed; a page behind one address reconnects by
itself to a live process and the game goes on from its last acknowledged move."""

from __future__ import annotations

import json
import random
import time

import pytest
from browser_support import browser, drawn, pages, step  # noqa: F401  (fixtures)
from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)
from server_support import Server
from tcp_proxy import Proxy

from euchre import Game, Rules
from euchre.server.storage import StoredGame

psycopg = pytest.importorskip("psycopg")


@pytest.fixture
def two(postgres_url):  # noqa: F811
    """Two server processes on one empty database."""
    reset(postgres_url)
    first = Server(postgres_url).start()
    second = Server(postgres_url).start()
    yield first, second
    first.stop()
    second.stop()


def load(url: str, game_id: str) -> StoredGame:
    from euchre.server.postgres import PostgresStorage

    storage = PostgresStorage(url)
    try:
        found = storage.load(game_id)
        assert found is not None
        return found
    finally:
        storage.close()


def lease_holders(url: str) -> list[str]:
    """The application names of the connections holding a game's lease (an advisory lock)."""
    with psycopg.connect(url, autocommit=True) as connection:
        return [name for (name,) in connection.execute(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
            "WHERE l.locktype = 'advisory' AND l.granted")]


def plain(value):
    return json.loads(json.dumps(value))


def test_each_seat_on_its_own_process_sees_every_move_of_a_whole_match(two, postgres_url):  # noqa: F811
    a, b = two
    game = a.new_game(mode="friend", name="Ann", rules={"target": 3}, seed=5)
    friend = a.claim(game["links"]["invite"])  # taken on one process, played on the other
    seats = {0: a.seat(game["links"]["play"]), 1: b.seat(friend)}
    watcher = b.seat(game["links"]["watch"])
    for seat in (*seats.values(), watcher):
        seat.state_at_least(0)
    engine, rng, seq = Game(Rules(target=3), seed=5), random.Random(3), 0
    while not engine.is_over:
        mover = seats[engine.to_move]
        token = rng.choice(mover.state["view"]["legal"])
        mover.send({"type": "action", "action": token, "seq": seq})
        engine.apply(token)
        seq += 1
        for seat, socket in seats.items():  # the move reached both processes' seats
            assert plain(socket.state_at_least(seq)["view"]) == plain(engine.view(seat).to_dict())
        assert watcher.state_at_least(seq)["seq"] == seq
    stored = load(postgres_url, game["id"])
    assert stored.finished and len(stored.actions) == seq
    assert stored.replay().record() == engine.record()


def test_the_same_move_sent_to_two_processes_at_once_is_applied_once(two, postgres_url):  # noqa: F811
    a, b = two
    game = a.new_game(mode="friend", name="Ann", rules={"target": 10}, seed=8)
    friend = b.claim(game["links"]["invite"])
    here = {0: a.seat(game["links"]["play"]), 1: a.seat(friend)}
    there = {0: b.seat(game["links"]["play"]), 1: b.seat(friend)}
    for socket in (*here.values(), *there.values()):
        socket.state_at_least(0)
    engine, refused, rng = Game(Rules(target=10), seed=8), 0, random.Random(4)
    for seq in range(40):
        seat = engine.to_move
        token = rng.choice(engine.legal_actions())
        frame = {"type": "action", "action": token, "seq": seq}
        here[seat].send(frame)  # the same frame, twice, through both processes
        there[seat].send(frame)
        engine.apply(token)
        for socket in (*here.values(), *there.values()):
            while not ((message := socket.receive())["type"] == "state"
                       and message["seq"] >= seq + 1):
                refused += message["type"] == "error"
            assert message["seq"] == seq + 1
    for socket in (*here.values(), *there.values()):
        socket.send({"type": "ping"})
        while (message := socket.receive())["type"] != "pong":
            refused += message["type"] == "error"
    assert refused == 40  # one of each pair was refused, in one line, and nothing else
    stored = load(postgres_url, game["id"])
    assert len(stored.actions) == 40 and stored.replay().record() == engine.record()


def person_moves(socket, moves: int, rng: random.Random) -> dict:
    """Make the person's moves at a computer table, waiting for the computer's turns (from
    the last state the socket read, if any: a stale one is refused and read past)."""
    state = socket.state or socket.state_at_least(0)
    for _ in range(moves):
        if state["view"]["to_move"] != 0:
            state = socket.until(lambda m: m["type"] == "state" and (
                m["view"]["to_move"] == 0 or m["game"]["finished"]), timeout=30)
        if state["game"]["finished"]:
            break
        socket.send({"type": "action", "action": rng.choice(state["view"]["legal"]),
                     "seq": state["seq"]})
        state = socket.state_at_least(state["seq"] + 1)
    return state


def test_one_process_makes_the_computers_moves_and_another_takes_over_when_it_dies(
        two, postgres_url):  # noqa: F811
    a, b = two
    game = a.new_game(mode="computer", level="easy", name="Ann", rules={"target": 3}, seed=4)
    on_a, on_b = a.seat(game["links"]["play"]), b.seat(game["links"]["play"])
    on_a.state_at_least(0)
    on_b.state_at_least(0)
    rng = random.Random(5)
    person_moves(on_a, 6, rng)
    holders = lease_holders(postgres_url)
    assert len(holders) == 1  # exactly one process makes the computer's moves
    pids = {a.process.pid: a, b.process.pid: b}
    holder = pids[int(holders[0].rsplit(" ", 1)[1])]
    survivor, socket = (b, on_b) if holder is a else (a, on_a)
    seq = socket.state_at_least(0)["seq"]
    holder.kill()
    state = person_moves(socket, 500, rng)  # the survivor's computer plays on to the end
    assert state["game"]["finished"] and state["seq"] > seq
    assert [int(h.rsplit(" ", 1)[1]) for h in lease_holders(postgres_url)] == \
        [survivor.process.pid]
    stored = load(postgres_url, game["id"])
    assert stored.finished and len(stored.actions) == state["seq"]
    assert stored.replay().is_over  # every stored move replays: none lost, none twice


def test_a_page_behind_one_address_reconnects_to_a_live_process_and_plays_on(
        two, postgres_url, pages):  # noqa: F811
    a, b = two
    proxy = Proxy([a.port, b.port]).start()
    try:
        game = a.new_game(mode="computer", level="easy", name="Ann", rules={"target": 2},
                          seed=6)
        page = pages.new()
        page.goto(proxy.base + game["links"]["play"])
        rng = random.Random(7)
        for _ in range(4):
            step(page, rng)
        before = drawn(page)  # acknowledged: the state the page shows is stored
        assert len(load(postgres_url, game["id"]).actions) >= before
        a.kill()  # the process every connection went through
        page.wait_for_function("() => document.getElementById('conn').textContent"
                               ".includes('reconnecting')")
        page.wait_for_function("() => document.getElementById('conn').textContent"
                               " === 'Connected'")
        assert drawn(page) >= before
        while step(page, rng) is not None:
            pass
        stored = load(postgres_url, game["id"])
        assert stored.finished and len(stored.actions) == drawn(page) > before
        assert stored.replay().is_over  # every acknowledged move kept, none applied twice
    finally:
        proxy.stop()


def test_a_process_whose_listening_connection_was_cut_catches_up(two, postgres_url):  # noqa: F811
    a, b = two
    game = a.new_game(mode="friend", name="Ann", rules={"target": 5}, seed=2)
    here, there = a.seat(game["links"]["play"]), b.seat(a.claim(game["links"]["invite"]))
    here.state_at_least(0)
    there.state_at_least(0)
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        cut = connection.execute(  # b's LISTEN connection, as a network fault would
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%%' "
            "AND application_name = %s", (f"euchre serve {b.process.pid}",)).fetchall()
    assert cut == [(True,)]
    engine = Game(Rules(target=5), seed=2)
    for seq in range(6):  # moves through both processes while b listens again
        mover = here if engine.to_move == 0 else there
        token = engine.legal_actions()[0]
        mover.send({"type": "action", "action": token, "seq": seq})
        engine.apply(token)
        for socket, seat in ((here, 0), (there, 1)):
            assert plain(socket.state_at_least(seq + 1)["view"]) == \
                plain(engine.view(seat).to_dict())
    b.stop()
    told = b.process.stdout.read().decode()
    assert "listening for other processes' moves failed" in told  # and it came back


def test_a_table_let_go_gives_its_lease_to_a_process_that_has_it_open(postgres_url):  # noqa: F811
    from server_support import TEST_FLAGS

    reset(postgres_url)
    quick = (*TEST_FLAGS, "--table-idle", "1")  # a table nobody watches goes after 1 s
    a, b = Server(postgres_url, flags=quick).start(), Server(postgres_url, flags=quick).start()
    try:
        game = a.new_game(mode="computer", level="easy", name="Ann", rules={"target": 2},
                          seed=12)
        first = a.seat(game["links"]["play"])
        rng = random.Random(8)
        person_moves(first, 3, rng)
        pid_of = {a.process.pid: "a", b.process.pid: "b"}
        assert [pid_of[int(h.rsplit(" ", 1)[1])] for h in lease_holders(postgres_url)] == ["a"]
        later = b.seat(game["links"]["play"])
        later.state_at_least(0)
        first.close()  # nobody is left at a's table: it is let go, and its lease with it
        deadline = time.monotonic() + 20
        while lease_holders(postgres_url) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert lease_holders(postgres_url) == []
        state = person_moves(later, 500, rng)  # b's computer takes the lease and plays
        assert state["game"]["finished"]
        assert [pid_of[int(h.rsplit(" ", 1)[1])] for h in lease_holders(postgres_url)] == ["b"]
        assert load(postgres_url, game["id"]).replay().is_over
    finally:
        a.stop()
        b.stop()
