"""The rematch in ``euchre serve`` at every table size (issue 48): it waits for the people at
the table (never a computer), each state says whom (``match.rematch_needed``); at three or
four a friend gone longer than ``--seat-wait`` no longer holds it up (the computer plays for
him in it until he is back, as during a match); at two it waits for the friend; the deal
of the day has none."""

from __future__ import annotations

import time

from server_support import Seat
from test_server_friends_family import server

from euchre.server.storage import SQLiteStorage

__all__ = ["server"]  # the fixture: --seat-wait 1


def finished(seat: Seat) -> dict:
    return seat.until(lambda m: m["type"] == "state" and m["game"]["finished"])


def game_of(link: str) -> str:
    return link.removeprefix("/play/").partition("?")[0]


def test_at_three_a_friend_gone_past_the_seat_wait_no_longer_holds_the_rematch_up(server):
    made = server.new_game(mode="friend", level="easy", seed=71, name="Ann",
                           rules={"players": 3, "target": 5})
    links = [made["links"]["play"], server.claim(made["links"]["invites"]["1"], "Bea"),
             server.claim(made["links"]["invites"]["2"], "Cy")]
    ann, bea, cy = (server.seat(link) for link in links)
    ann.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
    ann.send({"type": "resign"})
    over = finished(ann)
    assert over["match"]["rematch_needed"] == [0, 1, 2]  # the people, each by seat
    finished(bea)
    cy.close()  # gone before anyone asked
    ann.send({"type": "rematch"})
    bea.until(lambda m: m["type"] == "state" and m["match"]["rematch_asked"] == [0])
    bea.send({"type": "rematch"})
    waiting = ann.until(lambda m: m["type"] == "state" and m["match"]["rematch_asked"] == [0, 1])
    assert waiting["match"]["rematch_needed"] == [0, 1, 2]  # Cy, for the seat wait
    new = {seat: s.until(lambda m: m["type"] == "rematch", 15)["link"]
           for seat, s in ((0, ann), (1, bea))}
    rematch = SQLiteStorage(server.db).load(game_of(new[0]))
    assert rematch.names == ("Ann", "Bea", "Cy") and rematch.facts.away == {2}
    assert all(rematch.tokens)
    back = server.seat(links[2])  # Cy comes back to the old table: his own link to the new
    his = back.until(lambda m: m["type"] == "rematch")["link"]
    assert game_of(his) == game_of(new[0]) and his not in new.values()
    back.close()
    cy = server.seat(his)
    state = cy.until(lambda m: m["type"] == "state" and m["game"]["away"] == [], 10)
    assert state["game"]["seat"] == 2 and state["game"]["levels"][2] is None
    for seat in (ann, bea, cy):
        seat.close()


def test_at_two_the_rematch_waits_for_the_friend(server):
    made = server.new_game(mode="friend", name="Ann", seed=72, rules={"target": 3})
    ann, bea = server.friends(made)
    server.resign(made["links"]["play"])
    finished(bea)
    ann.send({"type": "rematch"})
    bea.until(lambda m: m["type"] == "state" and m["match"]["rematch_asked"] == [0])
    bea.close()
    deadline = time.monotonic() + 2.5  # past the seat wait: no rematch without her
    while time.monotonic() < deadline:
        try:
            message = ann.receive(0.3)
        except TimeoutError:
            continue
        assert message["type"] != "rematch"
        if message["type"] == "state":
            assert message["match"]["rematch_needed"] == [0, 1]
    bea = server.seat(made["links"]["friend"])
    bea.state_at_least(0)
    bea.send({"type": "rematch"})
    assert ann.until(lambda m: m["type"] == "rematch")["link"]
    ann.close()
    bea.close()


def test_the_deal_of_the_day_has_no_rematch(server):
    status, made = server.post("/api/daily", {"name": "Dee"})
    assert status == 201, made
    dee = server.seat(made["links"]["play"])
    dee.state_at_least(0)
    dee.send({"type": "resign"})
    finished(dee)
    dee.send({"type": "rematch"})
    assert dee.error() == "the deal of the day has no rematch: tomorrow brings new deals"
    dee.close()
