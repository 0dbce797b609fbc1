"""The deal of the day on a real `euchre serve` (issue 41, criterion 4): the same cards for
everyone on a day, one game per browser (issue 57: not per typed name), a result only from a
game played to its end, the expert's par from the same seat on the same cards, and a board
ordered by points. Issue 57, criterion 1: nothing shows a deal of the day (the expert's game
included) to a browser that has not finished its own game of the day, while the day lasts."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
import time
import urllib.request

import pytest
from server_support import Browser, Server
from test_server_fuzz import ODD_COOKIES

from euchre import Game, daily
from euchre.rules import Rules
from euchre.server.days import Days
from euchre.server.match_facts import MatchFacts
from euchre.server.storage import SQLiteStorage, StoredGame

HANDS = daily.HANDS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("daily") / "games.db").start()
    yield running
    running.stop()


def start(browser: Browser, name: str) -> tuple[int, dict]:
    return browser.post("/api/daily", {"name": name})


def play_to_the_end(server: Server | Browser, link: str, pick: int) -> dict:
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
    ann_s, bo_s = Browser(server), Browser(server)
    status, ann = start(ann_s, "Ann")
    assert status == 201, ann
    status, bo = start(bo_s, "Bo")
    assert status == 201
    store = SQLiteStorage(server.db)
    mine, yours = store.load(ann["id"]), store.load(bo["id"])
    assert mine.seed == yours.seed and not mine.seeded  # the day's cards, the server's seed
    assert mine.facts.day == daily.today()
    first = [server.seat(g["links"]["play"]).state_at_least(0)["view"] for g in (ann, bo)]
    assert first[0]["hand"] == first[1]["hand"] and first[0]["upcard"] == first[1]["upcard"]

    status, again = start(ann_s, "Ann")  # the same browser, under any name
    assert status == 409 and "one game a day" in again["error"]
    assert start(ann_s, "Someone Else")[0] == 409

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
    assert ann["links"]["result"] == f"/daily/{daily.today()}/{ann['id']}"
    status, page = ann_s.get(ann["links"]["result"])
    assert status == 200 and 'data-testid="daily-result"' in page and "the expert" in page
    status, record_page = ann_s.get(f"/games/{ann['id']}")
    assert status == 200 and record_page.count('class="hand"') == HANDS
    status, today = ann_s.get("/daily")
    assert status == 200 and 'data-testid="board"' in today and "Ann" in today
    assert ann["links"]["result"] in today  # she has played: the board links the results


def test_a_resigned_day_gives_no_result_and_bad_requests_are_one_line(server):
    browser = Browser(server)
    status, cy = start(browser, "Cy")
    assert status == 201
    seat = server.seat(cy["links"]["play"])
    seat.state_at_least(0)
    seat.send({"type": "resign"})
    seat.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    seat.close()
    board = json.loads(server.get("/api/daily")[1])["board"]
    assert "Cy" not in [row["name"] for row in board]
    assert start(browser, "Cy")[0] == 409  # the day's one game was that one
    for body in ({"name": ""}, {"name": "Dee", "seed": 1}, [1]):
        status, reply = server.post("/api/daily", body)
        assert status == 400 and "\n" not in reply["error"]
    assert server.get(f"/daily/{daily.today()}/Nobody")[0] == 404


def test_a_stranger_who_types_your_name_does_not_use_up_your_day(server):
    """Issue 57, defect 7: the day's one game is the browser's, not the typed name's."""
    mine, stranger = Browser(server), Browser(server)
    assert start(stranger, "Bob")[0] == 201
    status, bob = start(mine, "Bob")
    assert status == 201, bob
    assert start(mine, "Bob")[0] == 409 and start(stranger, "Bob")[0] == 409


@pytest.mark.parametrize(("path", "said"), [
    ("/daily/notadate/x", "No such day"), ("/daily/2026-02-30/x", "No such day"),
    ("/daily/%C2%B2026-12-04/x", "No such day"), ("/daily/2026-12-04/nosuchgame",
                                                  "No such result")])
def test_a_result_of_no_day_or_no_game_is_refused_in_one_line(server, path, said):
    """Issue 48, defect 22: ``/daily/notadate/x`` is refused, as a page that says why."""
    status, page = server.get(path)
    assert status == 404 and 'data-testid="message"' in page and said in page


def wait_for_par(server: Server) -> str:
    """The id of today's expert game, once the server has played it."""
    store = SQLiteStorage(server.db)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        par = store.setting(f"daily_par:{daily.today()}")
        if par:
            return par.split()[1]
        time.sleep(0.2)
    raise AssertionError("the expert's game of the day was not played in 180 s")


SECRET = "deals are secret"


def test_todays_deals_stay_secret_until_you_have_played_them(server):
    """Issue 57, criterion 1, the attack: start a daily, then read the listing, records,
    replays, positions and reviews of the expert's game and of another player's finished
    daily: every one is refused (403, in one line) while your own game is not over; the
    player who finished sees them all."""
    done_s, playing_s, nobody = Browser(server), Browser(server), Browser(server)
    status, done = start(done_s, "Fay")
    assert status == 201
    status, playing = start(playing_s, "Gil")
    assert status == 201
    par_id = wait_for_par(server)
    play_to_the_end(done_s, done["links"]["play"], 0)
    hand = playing_s.seat(playing["links"]["play"]).state_at_least(0)["view"]["hand"]
    recent = json.loads(nobody.get("/api/recent")[1])["games"]
    assert not {par_id, done["id"]} & {game["id"] for game in recent}
    for browser in (playing_s, nobody):
        for game_id in (par_id, done["id"]):
            for path in (f"/api/games/{game_id}/record", f"/api/games/{game_id}/positions",
                         f"/api/games/{game_id}/review/0"):
                status, body = browser.get(path)
                assert status == 403, (path, body)
                error = json.loads(body)["error"]
                assert "\n" not in error and "once you have finished" in error
                assert set(json.loads(body)) == {"error"}
                assert not any(re.search(rf"\b{card}\b", error) for card in hand), error
            for path in (f"/games/{game_id}", f"/games/{game_id}/review/0",
                         f"/games/{game_id}?at=3"):
                status, page = browser.get(path)
                assert status == 403 and SECRET in page, path
            spectator = browser.seat(f"/play/{game_id}")
            message = spectator.receive()
            assert message["type"] == "error" and "once you have finished" in message["message"]
            spectator.close()
        status, page = browser.get(done["links"]["result"])
        assert status == 403 and SECRET in page
        status, page = browser.get(f"/games/{playing['id']}")  # a day's game not yet over
        assert status == 403 and SECRET in page
        status, board = browser.get("/daily")
        assert status == 200 and "Fay" in board and done["links"]["result"] not in board
    # the player who finished sees every game of the day
    for path in (f"/api/games/{par_id}/record", f"/games/{par_id}", f"/games/{done['id']}",
                 f"/api/games/{done['id']}/positions", done["links"]["result"]):
        assert done_s.get(path)[0] == 200, path
    assert done["links"]["result"] in done_s.get("/daily")[1]
    record = json.loads(done_s.get(f"/api/games/{par_id}/record")[1])
    dealt = Game(daily.rules(), seed=record["seed"]).view(0).hand
    assert sorted(dealt) == sorted(hand)  # the same cards: what was kept from the others


def test_a_day_that_is_over_is_shown_to_everyone():
    """After the day, all as before: a game of a past day is hidden from nobody."""
    def game(day: str) -> StoredGame:
        return StoredGame("g", "computer", "expert", Rules(), 1, (None, None), ("A", "B"),
                          facts=MatchFacts(day=day))

    async def nothing(_: str) -> None:
        return None

    days = Days(None, None, None)  # type: ignore[arg-type]  (a past day reads nothing)
    assert not asyncio.run(days.hidden(game("2000-01-01"), None, nothing))
    assert asyncio.run(days.hidden(game(daily.today()), None, nothing))
    assert not asyncio.run(days.hidden(StoredGame("g", "computer", "expert", Rules(), 1,
                                                  (None, None), ("A", "B")), None, nothing))


def test_an_odd_browser_cookie_is_given_a_new_browser(server):
    """A cookie no server could have given (non-ASCII, huge, empty) is no browser: the day
    starts, with a new id, never a 500. (An id a client makes up itself is its own: ids
    are random, so it can take nobody else's.)"""
    for cookie in ODD_COOKIES[:5]:
        request = urllib.request.Request(
            server.base + "/api/daily", method="POST", data=b'{"name": "Odd"}',
            headers={"Content-Type": "application/json",
                     "Cookie": cookie.encode().decode("latin-1")})
        with urllib.request.urlopen(request, timeout=30) as reply:
            assert reply.status == 201, cookie
            given = reply.headers["Set-Cookie"] or ""
        if cookie.endswith("-1"):  # (a made-up id: kept)
            continue
        assert given.startswith("euchre_player=") and "HttpOnly" in given, given
        assert "SameSite=lax" in given and "Max-Age=34560000" in given


def test_an_older_store_keeps_its_days_results_when_days_go_by_browser(tmp_path):
    """The store's ``daily`` table was keyed by name: migrated, a day's results stay on its
    board (each under a key no browser has), and a browser still plays the day."""
    from euchre.server.storage import MIGRATIONS, SCHEMA

    db = tmp_path / "old.db"
    with contextlib.closing(sqlite3.connect(db)) as raw:
        raw.executescript(SCHEMA)
        for step in MIGRATIONS[:11]:  # the schema before days went by browser
            step(raw) if callable(step) else raw.execute(step)
        raw.execute("PRAGMA user_version = 11")
        raw.execute("INSERT INTO games (id, created, updated, mode, level, rules, seed, "
                    "tokens, names, finished) VALUES ('old1', 0, 0, 'computer', 'expert', "
                    "'{}', '7', '[\"t0\", null]', '[\"Ann\", \"Computer\"]', 1)")
        raw.execute("INSERT INTO daily (day, name, game_id, points) VALUES (?, 'Ann', "
                    "'old1', 3)", (daily.today(),))
        raw.execute("INSERT INTO settings (key, value) VALUES (?, '1 old1')",  # (its par)
                    (f"daily_par:{daily.today()}",))
        raw.commit()
    running = Server(db).start()
    try:
        board = json.loads(running.get("/api/daily")[1])["board"]
        assert [(row["name"], row["game"], row["points"], row["par"]) for row in board] == [
            ("Ann", "old1", 3, 1)]
        assert start(Browser(running), "Ann")[0] == 201
    finally:
        running.stop()
    with contextlib.closing(sqlite3.connect(db)) as raw:
        assert raw.execute("SELECT player FROM daily WHERE game_id = 'old1'").fetchone() == (
            "name:Ann",)
