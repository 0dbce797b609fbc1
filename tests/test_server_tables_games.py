"""Issue 50, criterion 2, for every game the lobby offers: a table opens for two-handed,
cutthroat and four-handed Euchre, Railroad, Hasenpfeffer and Napoleon at three, four or five,
with any of the game's rules presets (the lobby's one list, ``presets``) and the points its
host chose; the list shows its game and preset; quick match seats a person only at a table
of the game he chose, and of its seats, preset and points when he chose them; a bad choice
is refused in one line and opens nothing; a finished open table of a new game is rated in
its own top list, partners as teams (Railroad), each for himself (Napoleon)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from server_support import TEST_FLAGS, Browser, Server, every_seat_plays_out

from euchre.server.presets import PRESETS, preset_rules
from euchre.server.ratings import MODEL

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("games") / "games.db", flags=TEST_FLAGS).start()
    yield running
    running.stop()


def listed(server, game: str) -> list[dict]:
    status, text = server.get(f"/api/tables?game={game}")
    assert status == 200, text
    return json.loads(text)["tables"]


TABLES = [("two", "euchre", 2), ("three", "euchre", 3), ("four", "euchre", 4),
          ("railroad", "railroad", 4), ("hasenpfeffer", "hasenpfeffer", 4),
          ("napoleon", "napoleon", 3), ("napoleon", "napoleon", 4), ("napoleon", "napoleon", 5)]
"""Every table the lobby offers: its game key, the game of its rules, its seats."""


def test_a_table_opens_for_every_game_with_each_of_its_presets(server):
    for game, rules_game, players in TABLES:
        for preset in PRESETS[rules_game]:
            name = f"Host {game[:4]}{players} {preset.key}"
            status, made = server.post("/api/tables", {"game": game, "players": players,
                                                        "preset": preset.key, "name": name})
            assert status == 201, made
            table = next(t for t in listed(server, game) if t["id"] == made["id"])
            assert (table["game"], table["preset"], table["seats"], table["names"]) == (
                game, preset.key, players, [name])
            assert table["rules"] == preset_rules(rules_game, players, preset.key).to_dict()
    for game in {game for game, _, _ in TABLES}:  # left out: usual seats, standard rules
        status, made = server.post("/api/tables", {"game": game, "name": "Plain Pat"})
        table = next(t for t in listed(server, game) if t["id"] == made["id"])
        assert table["preset"] == "standard" and table["seats"] == {
            "two": 2, "three": 3, "napoleon": 4}.get(game, 4)


def test_quick_match_takes_only_a_table_of_the_game_seats_preset_and_points_chosen(tmp_path):
    server = Server(tmp_path / "games.db", flags=TEST_FLAGS).start()  # (no other table)
    try:
        quick_match_by_choice(server)
    finally:
        server.stop()


def quick_match_by_choice(server: Server) -> None:
    status, host = server.post("/api/quick", {"game": "napoleon", "players": 5,
                                              "preset": "short", "target": 7, "name": "Nap Ned"})
    assert status == 200 and host["seat"] == 0
    for other in ({"players": 4}, {"preset": "standard"}, {"target": 6}, {"game": "railroad"}):
        asked = {"game": "napoleon", "name": "Choosy Cal", **other}
        status, seat = server.post("/api/quick", asked)
        assert status == 200 and seat["id"] != host["id"], other  # another table
    table = next(t for t in listed(server, "napoleon") if t["id"] == host["id"])
    assert (table["taken"], table["seats"], table["preset"], table["rules"]["target"]) == (
        1, 5, "short", 7)
    for seat, sought in enumerate(({"players": 5}, {"preset": "short"}, {"target": 7},
                                   {"players": 5, "preset": "short", "target": 7}), 1):
        status, seat_got = server.post("/api/quick", {"game": "napoleon",
                                                      "name": f"Open Oz {seat}", **sought})
        assert (seat_got["id"], seat_got["seat"]) == (host["id"], seat), sought
    assert host["id"] not in {t["id"] for t in listed(server, "napoleon")}  # full: started


@pytest.mark.parametrize("body, fragment", [
    ({"game": "napoleon", "players": 6}, "players at napoleon must be 3, 4, 5, not 6"),
    ({"game": "railroad", "players": 5}, "players at railroad must be 4, not 5"),
    ({"game": "two", "players": True}, "players at two must be 2, not True"),
    ({"game": "four", "preset": "nobest"}, "rules preset must be one of standard, stick, joker"),
    ({"game": "hasenpfeffer", "preset": ["long"]}, "rules preset must be one of standard, long"),
    ({"game": "railroad", "target": 0}, '"target" must be a whole number of points from 1'),
    ({"game": "railroad", "target": 2.5}, '"target" must be a whole number'),
    ({"game": "napoleon", "target": 10**9}, '"target" must be a whole number'),
    ({"game": "euchre"}, "game must be one of two, three, four, railroad, hasenpfeffer, "
                         "napoleon, not 'euchre'"),
])
def test_an_unknown_game_seats_or_preset_is_refused_in_one_line(server, body, fragment):
    before = {t["id"] for t in json.loads(server.get("/api/tables")[1])["tables"]}
    for path in ("/api/tables", "/api/quick"):
        status, reply = server.post(path, {**body, "name": "Bad Choice"})
        assert status == 400 and fragment in reply["error"], reply
        assert "\n" not in reply["error"]
    assert {t["id"] for t in json.loads(server.get("/api/tables")[1])["tables"]} == before


def seated(server, game: str, people: list[tuple[str, bool]], **choice) -> list:
    """Each person (registered or a guest) quick-matches in turn: their seats' sockets, in
    seat order, once the table has started."""
    seats = {}
    for name, registered in people:
        browser = Browser(server)
        if registered:
            assert browser.post("/api/accounts", {"name": name, "password": PASSWORD})[0] == 201
        status, seat = browser.post("/api/quick", {"game": game, "name": name, **choice})
        assert status == 200, seat
        seats[seat["seat"]] = browser.seat(seat["link"])
    return [seats[seat] for seat in sorted(seats)]


def board(server, game: str) -> dict[str, dict]:
    status, text = server.get(f"/api/leaderboard?game={game}")
    assert status == 200, text
    return {row["name"]: row for row in json.loads(text)["players"]}


def stored_result(server, name: str) -> tuple[list[str], list[int], int]:
    """The names, score and winner of the finished game ``name`` sat at, as stored."""
    with sqlite3.connect(server.db) as raw:
        for names, score, winner in raw.execute(
                "SELECT names, score, winner FROM games WHERE finished = 1"):
            if name in json.loads(names):
                return json.loads(names), json.loads(score), winner
    raise AssertionError(f"no finished game of {name}")


def test_railroad_at_an_open_table_is_rated_in_its_own_top_list_as_teams(server):
    people = [("Rail Rae", True), ("Rail Gus", False), ("Rail Rob", True), ("Rail Gia", False)]
    seats = seated(server, "railroad", people, target=1)
    last = every_seat_plays_out(seats)
    for seat in seats:
        seat.close()
    names, _, winner = stored_result(server, "Rail Rae")
    assert last["game"]["winner"] == winner
    rae, rob = names.index("Rail Rae"), names.index("Rail Rob")
    teams = MODEL.rate([[MODEL.rating(), MODEL.rating()] for _ in range(2)],
                       ranks=[1, 2] if winner == 0 else [2, 1])
    rated = board(server, "railroad")
    assert set(rated) == {"Rail Rae", "Rail Rob"} and board(server, "four").keys().isdisjoint(
        rated)
    for name, seat in (("Rail Rae", rae), ("Rail Rob", rob)):
        expected = teams[seat % 2][seat // 2]
        assert rated[name]["rating"] == round(expected.mu - 3 * expected.sigma)
        assert rated[name]["games"] == 1 and rated[name]["provisional"]


def test_napoleon_at_an_open_table_is_rated_each_for_himself(server):
    people = [("Nap Ann", True), ("Nap Gil", False), ("Nap Bea", True)]
    seats = seated(server, "napoleon", people, players=3, target=1)
    every_seat_plays_out(seats)
    for seat in seats:
        seat.close()
    names, score, winner = stored_result(server, "Nap Ann")
    order = sorted(range(3), key=lambda seat: (seat != winner, -score[seat]))
    places = [0, 0, 0]
    for place, seat in enumerate(order, 1):
        before = order[place - 2] if place > 1 else None
        tied = before is not None and before != winner and score[before] == score[seat]
        places[seat] = places[before] if tied else place
    after = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=places)
    rated = board(server, "napoleon")
    assert set(rated) == {"Nap Ann", "Nap Bea"}
    for name in rated:
        mine = after[names.index(name)][0]
        assert rated[name]["rating"] == round(mine.mu - 3 * mine.sigma)
