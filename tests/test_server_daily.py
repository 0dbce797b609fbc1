"""The deal of the day on a real `euchre serve` (issue 41, criterion 4): the same cards for
everyone on a day, one game per name, a result only from a game played to its end, the
expert's par from the same seat on the same cards, and a board ordered by points."""

from __future__ import annotations

import json

import pytest
from server_support import Server

from euchre import daily
from euchre.server.storage import SQLiteStorage

HANDS = daily.HANDS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("daily") / "games.db").start()
    yield running
    running.stop()


def start(server: Server, name: str) -> tuple[int, dict]:
    return server.post("/api/daily", {"name": name})


def play_to_the_end(server: Server, link: str, pick: int) -> dict:
    """Play the person's seat (the ``pick``-th legal choice, from the end) to the end."""
    seat = server.seat(link)
    state = seat.state_at_least(0)
    while not state["game"]["finished"]:
        if state["view"]["legal"]:
            legal = state["view"]["legal"]
            seat.send({"type": "action", "action": legal[-1 - pick % len(legal)],
                       "seq": state["seq"]})
        seq = state["seq"]
        state = seat.until(lambda m, seq=seq: m["type"] == "state" and m["seq"] > seq,
                           timeout=120)
    seat.close()
    return state


def test_everyone_gets_the_days_cards_once_and_the_board_orders_by_points(server):
    status, ann = start(server, "Ann")
    assert status == 201, ann
    status, bo = start(server, "Bo")
    assert status == 201
    store = SQLiteStorage(server.db)
    mine, yours = store.load(ann["id"]), store.load(bo["id"])
    assert mine.seed == yours.seed and not mine.seeded  # the day's cards, the server's seed
    assert mine.options["daily"] == daily.today()
    first = [server.seat(g["links"]["play"]).state_at_least(0)["view"] for g in (ann, bo)]
    assert first[0]["hand"] == first[1]["hand"] and first[0]["upcard"] == first[1]["upcard"]

    status, again = start(server, "Ann")
    assert status == 409 and "one game a day" in again["error"]

    ends = [play_to_the_end(server, g["links"]["play"], pick) for g, pick in
            ((ann, 0), (bo, 1))]
    for end in ends:
        assert end["view"]["hand_number"] == HANDS and end["match"]["daily"]["hands"] == HANDS
        assert end["view"]["legal"] == []
    board = json.loads(server.get("/api/daily")[1])["board"]
    assert sorted(row["name"] for row in board) == ["Ann", "Bo"]
    assert [row["points"] for row in board] == sorted((row["points"] for row in board),
                                                      reverse=True)
    margin, par_id = store.setting(f"daily_par:{daily.today()}").split()
    par = store.load(par_id)
    assert par.finished and par.names == ("Expert", "Computer") and par.seed == mine.seed
    for row, game in ((r, store.load(r["game"])) for r in board):
        assert row["points"] == game.score[0] - game.score[1]
        assert row["par"] == par.score[0] - par.score[1] == int(margin)
        assert row["difference"] == row["points"] - row["par"]
    status, page = server.get(f"/daily/{daily.today()}/Ann")
    assert status == 200 and 'data-testid="daily-result"' in page and "the expert" in page
    status, record_page = server.get(f"/games/{ann['id']}")
    assert status == 200 and record_page.count('class="hand"') == HANDS
    status, today = server.get("/daily")
    assert status == 200 and 'data-testid="board"' in today and "Ann" in today


def test_a_resigned_day_gives_no_result_and_bad_requests_are_one_line(server):
    status, cy = start(server, "Cy")
    assert status == 201
    seat = server.seat(cy["links"]["play"])
    seat.state_at_least(0)
    seat.send({"type": "resign"})
    seat.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    seat.close()
    board = json.loads(server.get("/api/daily")[1])["board"]
    assert "Cy" not in [row["name"] for row in board]
    assert start(server, "Cy")[0] == 409  # the day's one game was that one
    for body in ({"name": ""}, {"name": "Dee", "seed": 1}, [1]):
        status, reply = server.post("/api/daily", body)
        assert status == 400 and "\n" not in reply["error"]
    assert server.get(f"/daily/{daily.today()}/Nobody")[0] == 404
