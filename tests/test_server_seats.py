"""A seat is held by one person (issue 37, criterion 1): a friend's invite is a one-time
claim, the seat's token is made then and sent to him alone, nobody plays before he is here,
and a rematch hands each player his own new link. Checked on real `euchre serve` processes,
reading every frame each connection receives."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from server_support import Server

from euchre.server.client import TOO_FAST
from euchre.server.storage import SQLiteStorage, StoredGame


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("seats") / "games.db").start()
    yield running
    running.stop()


def code_of(link: str) -> str:
    return link.partition("invite=")[2]


def token_of(link: str) -> str:
    return link.partition("token=")[2]


def test_the_invite_takes_the_seat_once_and_then_offers_to_watch(server):
    game = server.new_game(mode="friend", name="Ann", seed=3)
    invite = game["links"]["invite"]
    assert invite.startswith(f"/join/{game['id']}?invite=") and "token=" not in invite
    status, page = server.get(invite)
    assert status == 200 and 'data-testid="take-seat"' in page
    assert server.get(f"/api/games/{game['id']}")[1].count('"seat_free":true') == 1

    status, wrong = server.post(f"/api/games/{game['id']}/claim", {"invite": "x" * 24,
                                                                  "name": "Eve"})
    assert status == 409 and wrong["error"].startswith("this invite is not valid for this game")
    assert wrong["watch"] == f"/play/{game['id']}"
    status, mine = server.post(f"/api/games/{game['id']}/claim", {"invite": code_of(invite),
                                                                 "name": "Bea"})
    assert status == 200 and mine["link"].startswith(f"/play/{game['id']}?token=")
    assert token_of(mine["link"]) not in (token_of(game["links"]["play"]), code_of(invite))

    status, again = server.post(f"/api/games/{game['id']}/claim", {"invite": code_of(invite),
                                                                  "name": "Mallory"})
    assert status == 409 and "taken already" in again["error"] and "\n" not in again["error"]
    assert again["watch"] == f"/play/{game['id']}"  # a way to watch instead
    assert '"seat_free":false' in server.get(f"/api/games/{game['id']}")[1]
    stored = SQLiteStorage(server.db).load(game["id"])
    assert stored.names == ("Ann", "Bea") and stored.tokens[1] == token_of(mine["link"])
    assert not stored.facts.invites


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_used_or_wrong_invite_at_any_size_answers_with_the_watch_link(server, players):
    """Issue 57, defect 10, and issue 48, defect 8: at three and four, with seats still
    open, a used invite (or a wrong one) is answered as at two: 409, one line, the watch
    link; and the invite page's check says the invite opens nothing before offering it."""
    game = server.new_game(mode="friend", name="Ann", rules={"players": players})
    invite = game["links"].get("invites", {"1": game["links"].get("invite")})["1"]
    path = f"/api/games/{game['id']}"
    assert json.loads(server.get(f"{path}?invite={code_of(invite)}")[1])["invite_open"]
    server.claim(invite, "Bea")
    for code in (code_of(invite), "x" * 24, "²", "%FF", ""):
        status, reply = server.post(f"{path}/claim", {"invite": code, "name": "Mallory"})
        assert status == 409 and reply["watch"] == f"/play/{game['id']}", (code, reply)
        assert "\n" not in reply["error"] and "watch" in reply["error"]
        summary = json.loads(server.get(f"{path}?invite={quote(code)}")[1])
        assert summary["invite_open"] is False
    assert SQLiteStorage(server.db).load(game["id"]).names[1] == "Bea"


def test_a_seat_link_with_a_wrong_token_says_so_with_the_watch_link(server):
    """Issue 48, defect 14: not opened as a spectator unsaid."""
    game = server.new_game(mode="friend", name="Ann")
    for token in ("wrong", "x" * 24, "²", "a" * 5000):
        status, page = server.get(f"/play/{game['id']}?token={quote(token)}")
        assert status == 403 and "seat token is not valid for this game" in page, token
        assert f'href="/play/{game["id"]}">Watch the game' in page
    assert server.get(game["links"]["play"])[0] == 200
    assert server.get(f"/play/{game['id']}")[0] == 200  # to watch, without a token


def test_bad_claims_are_one_line_errors_and_change_nothing(server):
    game = server.new_game(mode="friend", name="Ann", seed=3)
    path = f"/api/games/{game['id']}/claim"
    code = code_of(game["links"]["invite"])
    for body, status, words in [
            ({"name": "Bea"}, 400, '"invite"'),
            ({"invite": code, "name": ""}, 400, "name"),
            ({"invite": code, "name": "Bea", "seat": 0}, 400, "unknown field 'seat'"),
            (b"[1, 2]", 400, '"invite"'),
    ]:
        got, reply = server.post(path, body)
        assert got == status and words in reply["error"] and "\n" not in reply["error"]
    assert server.post("/api/games/nosuchgame/claim", {"invite": code})[0] == 404
    assert 1 in SQLiteStorage(server.db).load(game["id"]).facts.invites  # still free


def test_nobody_plays_before_the_friend_has_taken_his_seat(server):
    game = server.new_game(mode="friend", name="Ann", seed=4)  # seed 4: Ann bids first
    ann = server.seat(game["links"]["play"])
    state = ann.state_at_least(0)
    assert state["game"]["arrived"] == [True, False]
    assert state["view"]["legal"] == [] and state["words"]["choices"] == []
    assert state["words"]["prompt"] == "Waiting for Friend to take the seat"
    assert state["game"]["invite"] == game["links"]["invite"]
    ann.send({"type": "action", "action": "pass", "seq": 0})
    assert "has not taken the seat yet" in ann.error()
    assert SQLiteStorage(server.db).load(game["id"]).actions == []

    bea = server.seat(server.claim(game["links"]["invite"], "Bea"))
    state = ann.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
    assert state["game"]["invite"] is None  # the creator's page no longer offers it
    assert state["game"]["names"] == ["Ann", "Bea"]
    mover = ann if state["view"]["to_move"] == 0 else bea
    mover.state_at_least(0)
    legal = (state if mover is ann else bea.state)["view"]["legal"]
    assert legal
    mover.send({"type": "action", "action": legal[0], "seq": 0})
    assert ann.state_at_least(1)["seq"] == 1
    ann.close()
    bea.close()


def latest(seat, seq: int) -> dict:
    """The seat's state at ``seq`` or later (read only if it has not arrived yet)."""
    if seat.state is not None and seat.state["seq"] >= seq:
        return seat.state
    return seat.state_at_least(seq)


def play_to_the_end(seats: dict) -> dict:
    state = seats[0].state
    while not state["game"]["finished"]:
        mover = seats[state["view"]["to_move"]]
        mine = latest(mover, state["seq"])
        mover.send({"type": "action", "action": mine["view"]["legal"][-1], "seq": mine["seq"]})
        state = latest(seats[0], state["seq"] + 1)
    return state


def test_no_frame_to_anyone_else_carries_a_seat_token_through_a_match_and_a_rematch(server):
    game = server.new_game(mode="friend", name="Ann", seed=5, rules={"target": 2})
    ann = server.seat(game["links"]["play"])
    watcher = server.seat(game["links"]["watch"])
    ann.state_at_least(0)
    watcher.state_at_least(0)
    bea_link = server.claim(game["links"]["invite"], "Bea")
    bea = server.seat(bea_link)
    seats = {0: ann, 1: bea}
    ann.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
    play_to_the_end(seats)
    ann.send({"type": "rematch"})
    bea.until(lambda m: m["type"] == "state" and m["match"]["rematch_asked"] == [0])
    bea.send({"type": "rematch"})
    new = {seat: s.until(lambda m: m["type"] == "rematch")["link"] for seat, s in seats.items()}
    watched = watcher.until(lambda m: m["type"] == "rematch")["link"]
    for connection in (ann, bea, watcher):
        connection.drain()
    secrets = {"ann": token_of(game["links"]["play"]), "bea": token_of(bea_link),
               "invite": code_of(game["links"]["invite"]), "ann2": token_of(new[0]),
               "bea2": token_of(new[1])}
    assert all(secrets.values()) and len(set(secrets.values())) == 5
    assert watched == new[0].partition("?")[0] and "token" not in watched
    seen = {name: "\n".join(s.frames) for name, s in (("ann", ann), ("bea", bea),
                                                       ("watcher", watcher))}
    allowed = {"ann": {"invite", "ann2"}, "bea": {"bea2"}, "watcher": set()}
    for who, frames in seen.items():
        for secret, value in secrets.items():
            assert (value in frames) == (secret in allowed[who]), (who, secret)
    # the invite went to Ann only while it was unclaimed
    assert all(code_of(game["links"]["invite"]) not in frame
               for frame in ann.frames if '"arrived":[true,true]' in frame)
    rematch = SQLiteStorage(server.db).load(new[0].split("/")[2].partition("?")[0])
    assert rematch.names == ("Ann", "Bea") and not rematch.facts.invites
    for connection in (ann, bea, watcher):
        connection.close()


def test_a_player_away_when_the_rematch_is_made_gets_his_own_link_on_coming_back(server):
    game = server.new_game(mode="friend", name="Ann", seed=6, rules={"target": 1})
    ann, bea = server.friends(game)
    ann.state_at_least(0)
    ann.send({"type": "resign"})
    bea.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    bea.send({"type": "rematch"})
    ann.until(lambda m: m["type"] == "state" and m["match"]["rematch_asked"] == [1])
    bea.close()
    ann.send({"type": "rematch"})
    mine = ann.until(lambda m: m["type"] == "rematch")["link"]
    back = server.seat(game["links"]["friend"])
    hers = back.until(lambda m: m["type"] == "rematch")["link"]
    assert token_of(hers) and token_of(hers) != token_of(mine)
    assert token_of(hers) not in "".join(ann.frames)
    ann.close()
    back.close()


def test_a_thousand_rematch_messages_make_one_game(server):
    game = server.new_game(mode="computer", name="Ann", level="easy", seed=7)
    ann = server.seat(game["links"]["play"])
    ann.state_at_least(0)
    ann.send({"type": "resign"})
    ann.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    before = len(SQLiteStorage(server.db).unfinished())
    for _ in range(1000):
        ann.send({"type": "rematch"})
    answers = [ann.until(lambda m: m["type"] in ("rematch", "error")) for _ in range(1000)]
    assert len({m["link"] for m in answers if m["type"] == "rematch"}) == 1
    # (past a burst, the rest are told to wait: each connection's broadcasts are metered)
    assert {m["message"] for m in answers if m["type"] == "error"} == {TOO_FAST}
    assert len(SQLiteStorage(server.db).unfinished()) == before + 1
    ann.close()


def test_rematches_are_metered_with_every_new_game(tmp_path):
    running = Server(tmp_path / "games.db", flags=("--allow-seeds", "--games-per-minute",
                                                    "1")).start()
    try:
        game = running.new_game(mode="computer", name="Ann", level="easy", seed=7)
        ann = running.seat(game["links"]["play"])
        ann.state_at_least(0)
        ann.send({"type": "resign"})
        ann.until(lambda m: m["type"] == "state" and m["game"]["finished"])
        ann.send({"type": "rematch"})
        assert ann.error().startswith("too many new games from your address")
        assert len(SQLiteStorage(running.db).unfinished()) == 0
        ann.close()
    finally:
        running.stop()


def test_a_friend_game_made_before_invites_keeps_its_seat_links(server):
    from euchre import Rules
    from euchre.server.storage import NewGame

    old = StoredGame("oldfriendgame1", "friend", None, Rules(), 8, ("tok0aaaaaaaa", "tok1bbbbbbbb"),
                     ("Ann", "Bea"), seeded=True)
    SQLiteStorage(server.db).write([NewGame(old)])
    ann, bea = server.seat(old.link(0)), server.seat(old.link(1))
    state = ann.state_at_least(0)
    assert state["game"]["arrived"] == [True, True] and state["game"]["invite"] is None
    assert bea.state_at_least(0)["game"]["seat"] == 1
    ann.close()
    bea.close()
