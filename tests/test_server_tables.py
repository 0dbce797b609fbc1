"""Issue 50, criteria 2 and 5 (in part): open tables and quick match. A quick match opens a
table of the game chosen or seats the caller at the best waiting one; the list shows each
table's game, rules, seats taken, whether it is sure to be rated, its waiting time and
never an invite; a table starts when its seats are full; each seat is one person's, from
two processes on one PostgreSQL database too (two-handed Euchre and Napoleon at three, played
to the end and rated); the host fills the empty seats with the
computer only if he allowed it and the wait is over; two guests and two registered players
meet at four, and the game counts for the registered players' ratings."""

from __future__ import annotations

import json
import sqlite3
import time

import pytest
from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)
from server_support import TEST_FLAGS, Browser, Server, every_seat_plays_out, two_servers

BOTS_AFTER = 2
"""The module's server lets a host seat computers after this many seconds."""

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("tables") / "games.db",
                     flags=(*TEST_FLAGS, "--bots-after", str(BOTS_AFTER))).start()
    yield running
    running.stop()


def listed(server, game: str = "two") -> list[dict]:
    status, text = server.get(f"/api/tables?game={game}")
    assert status == 200
    return json.loads(text)["tables"]


def test_quick_match_opens_a_table_the_next_person_sits_at_and_it_starts(server):
    status, ann = server.post("/api/quick", {"game": "two", "name": "Quick Ann"})
    assert status == 200 and ann["seat"] == 0, ann
    table = next(t for t in listed(server) if t["id"] == ann["id"])
    assert {k: table[k] for k in ("game", "seats", "taken", "names", "ranked", "bots")} == {
        "game": "two", "seats": 2, "taken": 1, "names": ["Quick Ann"], "ranked": True,
        "bots": False}
    assert table["rules"]["deck"] == 24 and table["waiting"] >= 0
    assert "invite" not in json.dumps(listed(server))  # nobody is shown a seat's code
    status, again = server.post("/api/quick", {"game": "two", "name": "Quick Ann"})
    assert again["id"] != ann["id"]  # never seated against himself: a table of his own
    status, bob = server.post("/api/quick", {"game": "two", "name": "Quick Bob"})
    assert status == 200 and (bob["id"], bob["seat"]) == (ann["id"], 1)  # the oldest waiting
    assert ann["id"] not in {t["id"] for t in listed(server)}  # full: off the list
    one, two = server.seat(ann["link"]), server.seat(bob["link"])
    state = one.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
    assert state["game"]["names"] == ["Quick Ann", "Quick Bob"]
    two.until(lambda m: m["type"] == "state")
    one.close()
    two.close()
    status, told = server.post(f"/api/tables/{ann['id']}/sit", {"name": "Late Lou"})
    assert status == 409 and "full" in told["error"]


@pytest.mark.parametrize("path, body, status, fragment", [
    ("/api/quick", {"game": "chess", "name": "X"}, 400, "game must be one of two"),
    ("/api/quick", {"game": "two", "name": "X", "bots": "yes"}, 400, '"bots" must be'),
    ("/api/quick", {"game": "two", "seat": 1}, 400, "unknown field 'seat'"),
    ("/api/quick", {"game": "two", "name": None}, 400, '"name" must be text'),
    ("/api/tables/nosuchtable/sit", {"name": ["Ann"]}, 400, '"name" must be text'),
    ("/api/quick", {"game": "two", "name": "Computer"}, 400, "the computer's name"),
    ("/api/tables", {"game": "four", "name": "X", "level": "easy"}, 400, "unknown field"),
    ("/api/tables/nosuchtable/sit", {"name": "X"}, 404, "no open table"),
])
def test_bad_table_requests_are_one_line(server, path, body, status, fragment):
    got, reply = server.post(path, body)
    assert got == status and fragment in reply["error"] and "\n" not in reply["error"], reply
    got, _ = server.get("/api/tables?game=chess")
    assert got == 400


def test_a_registered_name_takes_no_open_seat_without_its_session(server):
    owner = Browser(server)
    assert owner.post("/api/accounts", {"name": "Tabled Tess", "password": PASSWORD})[0] == 201
    status, reply = server.post("/api/quick", {"game": "two", "name": "tabled tess"})
    assert status == 403 and "registered" in reply["error"]
    status, made = owner.post("/api/tables", {"game": "three", "name": "Tabled Tess"})
    assert status == 201
    status, reply = server.post(f"/api/tables/{made['id']}/sit", {"name": "TABLED TESS"})
    assert status == 403


def test_the_computer_fills_seats_only_when_allowed_and_after_the_wait(server):
    _, made = server.post("/api/tables", {"game": "three", "name": "No Bots"})
    host = server.seat(made["links"]["play"])
    host.until(lambda m: m["type"] == "state")
    host.send({"type": "start"})
    assert host.error() == "this open table waits for people: its host chose no computers"
    host.close()
    _, made = server.post("/api/tables", {"game": "three", "name": "Bots Later",
                                               "bots": True})
    host = server.seat(made["links"]["play"])
    host.until(lambda m: m["type"] == "state")
    host.send({"type": "start"})
    assert host.error().startswith(f"the computer may fill the empty seats after "
                                   f"{BOTS_AFTER:.0f} s of waiting: ")
    time.sleep(BOTS_AFTER)  # the wait over
    host.send({"type": "start"})
    started = host.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]), 10)
    assert started["game"]["levels"][1:] == ["medium", "medium"]
    host.close()


def test_two_guests_and_two_registered_players_meet_at_four(server):
    people = []
    for name, registered in (("Guest Gail", False), ("Reg Rae", True), ("Guest Gus", False),
                             ("Reg Ray", True)):
        browser = Browser(server)
        if registered:
            assert browser.post("/api/accounts", {"name": name, "password": PASSWORD})[0] == 201
        status, seat = browser.post("/api/quick", {"game": "four", "name": name})
        assert status == 200, seat
        people.append((browser, seat))
    assert len({seat["id"] for _, seat in people}) == 1
    assert sorted(seat["seat"] for _, seat in people) == [0, 1, 2, 3]
    with sqlite3.connect(server.db) as raw:
        (options,) = raw.execute("SELECT options FROM games WHERE id = ?",
                                 (people[0][1]["id"],)).fetchone()
    owners = {key: value for key, value in json.loads(options).items()
              if key.startswith("account")}
    assert sorted(owners.values()) == ["reg rae", "reg ray"]  # rated for the two accounts
    first = people[0][0].seat(people[0][1]["link"])
    first.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
    first.close()


@pytest.mark.parametrize("choice, people", [
    ({"game": "two"}, ("Proc Ann", "Proc Bob")),
    ({"game": "napoleon", "players": 3}, ("Proc Ann", "Proc Bob", "Proc Cat")),
])
def test_a_quick_match_across_two_processes_on_postgresql(postgres_url, choice,  # noqa: F811
                                                          people):
    """People asking two processes on one database, in turn, meet at one table and play it
    to the end (to one point); the registered one's rating is the game's, seen by either."""
    reset(postgres_url)
    with two_servers(postgres_url) as servers:
        host = Browser(servers[0])
        assert host.post("/api/accounts", {"name": people[0], "password": PASSWORD})[0] == 201
        status, first = host.post("/api/quick", {**choice, "name": people[0], "target": 1})
        assert status == 200
        assert [t["id"] for t in json.loads(servers[1].get("/api/tables")[1])["tables"]] == [
            first["id"]]
        seats = [host.seat(first["link"])]
        for number, name in enumerate(people[1:], 1):
            server = servers[number % 2]
            status, seat = server.post("/api/quick", {**choice, "name": name, "target": 1})
            assert (seat["id"], seat["seat"]) == (first["id"], number)
            seats.append(server.seat(seat["link"]))
        status, _ = servers[0].post(f"/api/tables/{first['id']}/sit", {"name": "Proc Cy"})
        assert status == 409  # every seat is taken, whichever process is asked
        last = every_seat_plays_out(seats)
        for seat in seats:
            seat.close()
        key = "napoleon" if choice["game"] == "napoleon" else "two"
        for server in servers:  # rated once, in the game's own top list
            board = json.loads(server.get(f"/api/leaderboard?game={key}")[1])["players"]
            assert [(row["name"], row["games"]) for row in board] == [(people[0], 1)]
        assert last["game"]["finished"]


def test_quick_match_never_seats_a_player_with_one_he_will_not_play_again(server):
    rae = Browser(server)
    assert rae.post("/api/accounts", {"name": "Picky Pat", "password": PASSWORD})[0] == 201
    status, reply = Browser(server).post("/api/dislikes", {"name": "Rude Ron"})
    assert status == 401 and "log in" in reply["error"]
    assert rae.post("/api/dislikes", {"name": "picky pat"})[0] == 400
    assert rae.post("/api/dislikes", {"name": "Rude Ron"}) == (201, {"name": "Rude Ron"})
    status, ron = server.post("/api/quick", {"game": "three", "name": "Rude Ron"})
    status, pat = rae.post("/api/quick", {"game": "three", "name": "Picky Pat"})
    assert status == 200 and pat["id"] != ron["id"]  # a table of her own
    status, kind = server.post("/api/quick", {"game": "three", "name": "Kind Kay"})
    assert kind["id"] == ron["id"]  # (the longest waiting table: others sit with Ron)
    status, ron_again = server.post("/api/quick", {"game": "three", "name": "RUDE RON"})
    assert ron_again["id"] != pat["id"]  # and Ron is never seated with her either


def test_only_preset_phrases_are_said_and_never_too_fast(server):
    _, ann = server.post("/api/tables", {"game": "two", "name": "Polite Ann"})
    _, bob = server.post(f"/api/tables/{ann['id']}/sit", {"name": "Polite Bob"})
    one, two = server.seat(ann["links"]["play"]), server.seat(bob["link"])
    watcher = server.seat(f"/play/{ann['id']}")
    for seat in (one, two, watcher):
        seat.until(lambda m: m["type"] == "state")
    one.send({"type": "say", "phrase": "good_game"})
    for seat in (one, two, watcher):
        said = seat.until(lambda m: m["type"] == "said")
        assert said == {"type": "said", "seat": 0, "phrase": "good_game", "words": "Good game"}
    for phrase in ("you are bad", ["good_game"], {"a": 1}, 7, None):  # only the presets; a
        one.send({"type": "say", "phrase": phrase})  # list once closed the connection
        assert one.error().startswith('a say message needs "phrase": one of good_game, '
                                      'nice_hand')
    watcher.send({"type": "say", "phrase": "thanks"})
    assert watcher.error().startswith("spectators cannot say anything at the table")
    for _ in range(2):  # the burst (3 with the first), then one every 5 s
        two.send({"type": "say", "phrase": "thanks"})
    for _ in range(2):
        two.send({"type": "say", "phrase": "thanks"})
    assert two.error() == "one phrase every 5 s: wait a moment"
    heard = 0
    while True:
        try:
            message = one.receive(0.5)
        except TimeoutError:
            break
        heard += message["type"] == "said" and message["seat"] == 1
    assert heard == 3  # the flood reached nobody
    for seat in (one, two, watcher):
        seat.close()
