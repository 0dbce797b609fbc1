"""Friend tables of four and three in ``euchre serve``: each empty seat has its own one-time
invite; the host starts with computers in the seats nobody took; a person takes a computer's
seat over from the next hand; the computer plays the seat of a player gone longer than
``--seat-wait`` until he is back. Every frame of every seat and of a spectator is read
against the true deal, and for any other seat's token."""

from __future__ import annotations

import json
import sqlite3

import pytest
from server_support import TEST_FLAGS, Seat, Server
from test_server_family import CARD, dealt

from euchre import Game


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("friends") / "games.db",
                     flags=(*TEST_FLAGS, "--seat-wait", "1")).start()
    yield running
    running.stop()


def token_of(link: str) -> str:
    return link.partition("?token=")[2]


def state_of(seat: Seat, seq: int, timeout: float = 30) -> dict:
    """The seat's state at ``seq`` or later (the one it last read, if it is that far)."""
    if seat.state is not None and seat.state["seq"] >= seq:
        return seat.state
    return seat.until(lambda m: m["type"] == "state" and m["seq"] >= seq, timeout)


def first_bid(legal: list[str]) -> str:
    """The first legal choice that is not a pass (passing round after round never ends a
    match without stick the dealer)."""
    return next((choice for choice in legal if choice != "pass"), legal[0])


def play_seats(seats: dict[int, Seat], spectator: Seat | None = None,
               timeout: float = 60) -> dict:
    """Every seat held here plays its first legal bid or card at its turn until the match is
    over (the computer plays the others); returns the last state."""
    any_seat = next(iter(seats.values()))
    readers = [*seats.values(), *([spectator] if spectator is not None else [])]
    while True:
        state = any_seat.until(lambda m: m["type"] == "state", timeout)
        if state["game"]["finished"]:
            break
        mover = state["view"]["to_move"]
        for seat in readers:  # every connection reads along (one that never reads is cut off)
            state_of(seat, state["seq"], timeout)
        if mover in seats:
            mine = seats[mover].state
            if mine["seq"] == state["seq"] and mine["view"]["legal"]:
                seats[mover].send({"type": "action", "action": first_bid(mine["view"]["legal"]),
                                   "seq": mine["seq"]})
    for seat in readers:
        if not seat.state["game"]["finished"]:
            seat.until(lambda m: m["type"] == "state" and m["game"]["finished"], timeout)
        seat.drain(0.3)
    return state


def three_with_bea(server, seed: int, target: int) -> tuple[dict, str, Seat, Seat]:
    """A friend table of three made by Ann, Bea in seat 1: the game, Bea's link, both seats."""
    made = server.new_game(mode="friend", level="easy", seed=seed, name="Ann",
                           rules={"players": 3, "target": target})
    bea_link = server.claim(made["links"]["invites"]["1"], "Bea")
    return made, bea_link, server.seat(made["links"]["play"]), server.seat(bea_link)


def check_frames(record: dict, players: int, frames: dict[int | None, list[str]],
                 tokens: list[tuple[int, str]]) -> None:
    """No seat's frames hold another seat's token, or a card of another hand or the kitty
    not yet played; a spectator's hold no hand and no token at all."""
    deals = dealt(record, players)
    for seat, texts in frames.items():
        for text in texts:
            for other, token in tokens:
                assert other == seat or token not in text, (seat, other)
            message = json.loads(text)
            if message["type"] != "state":
                continue
            view = message["view"]
            number = view["hand_number"]
            if seat is None:
                assert view["hand"] == [] and view["player"] is None
                continue
            if number >= len(deals):
                continue
            last = view["last_hand"] or {"tricks": [], "upcard": None}
            played = {card for trick in view["tricks"] + last["tricks"]
                      for card in trick["cards"]} | set(view["trick"]) | {
                view["upcard"], last["upcard"]} | set((message["last_action"] or [0, ""])[1:])
            hidden = set().union(*(deals[number][s] for s in range(players) if s != seat),
                                 deals[number]["kitty"]) - played
            now = {k: v for k, v in message.items() if k != "scorepad"}
            now["view"] = {k: v for k, v in view.items() if k != "last_hand"}
            now["words"] = {k: v for k, v in message["words"].items() if k != "last_hand"}
            assert not set(CARD.findall(json.dumps(now))) & hidden, (seat, number)


def test_four_friends_each_claim_a_seat_once_and_nobody_sees_another_seat(server):
    made = server.new_game(mode="friend", level="easy", seed=404, name="Ann",
                           rules={"players": 4, "target": 3})
    invites = made["links"]["invites"]
    assert sorted(invites) == ["1", "2", "3"] and len(set(invites.values())) == 3
    host = server.seat(made["links"]["play"])
    first = host.until(lambda m: m["type"] == "state")
    assert first["game"]["invites"] == invites and first["view"]["legal"] == []
    assert first["game"]["arrived"] == [True, False, False, False]
    links = {0: made["links"]["play"]}
    for seat, name in ((1, "Bea"), (2, "Cy"), (3, "Di")):
        links[seat] = server.claim(invites[str(seat)], name)
        status, again = server.post(f"/api/games/{made['id']}/claim",
                                    {"invite": invites[str(seat)].partition("=")[2],
                                     "name": "Eve"})
        assert status in (400, 409) and "invite" in again["error"]
    tokens = {seat: token_of(link) for seat, link in links.items()}
    assert len(set(tokens.values())) == 4
    seats = {0: host, **{seat: server.seat(links[seat]) for seat in (1, 2, 3)}}
    spectator = server.seat(made["links"]["watch"])
    last = play_seats(seats, spectator)
    assert last["game"]["names"] == ["Ann", "Bea", "Cy", "Di"]
    assert last["game"]["levels"] == [None] * 4 and last["game"]["invites"] == {}
    record = json.loads(server.get(f"/api/games/{made['id']}/record")[1])
    assert Game.from_record(record).is_over and record["winner"] in (0, 1)

    for seat in (0, 1, 2, 3):  # the rematch: made when all four asked, a new token each
        seats[seat].send({"type": "rematch"})
    rematch = {seat: seats[seat].until(lambda m: m["type"] == "rematch")["link"]
               for seat in seats}
    new_tokens = {seat: token_of(link) for seat, link in rematch.items()}
    assert len(set(new_tokens.values())) == 4 and not set(new_tokens.values()) & set(
        tokens.values())
    for seat in seats:
        seats[seat].drain(0.3)
    frames = {seat: seat_.frames for seat, seat_ in seats.items()}
    frames[None] = spectator.frames
    check_frames(record, 4, frames, [*tokens.items(), *new_tokens.items()])
    for seat_ in [*seats.values(), spectator]:
        seat_.close()


def test_the_host_starts_three_handed_with_a_computer_a_person_takes_it_over(server):
    made, bea_link, host, bea = three_with_bea(server, 77, 5)
    waiting = bea.until(lambda m: m["type"] == "state")
    assert waiting["view"]["legal"] == [] and "host" in waiting["words"]["prompt"]
    bea.send({"type": "start"})
    assert "only the host" in bea.error()
    host.send({"type": "action", "action": "pass"})
    assert "has not started" in host.error()
    host.send({"type": "start"})
    started = host.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
    assert started["game"]["levels"] == [None, None, "easy"]
    assert started["game"]["names"] == ["Ann", "Bea", "East"]
    assert "2" in started["game"]["invites"]  # still open: a person may take it over
    host.send({"type": "start"})
    assert "every seat is taken" in host.error()

    # play until the computer has made a move this hand, then Cy claims its seat; the play
    # goes on from the host's last state (reading the error above may have read past states)
    seats = {0: host, 1: bea}
    state = host.state
    while not (state["last_action"] and state["last_action"][0] == 2):
        mover = state["view"]["to_move"]
        if mover in seats:
            mine = state_of(seats[mover], state["seq"])
            if mine["seq"] == state["seq"]:
                seats[mover].send({"type": "action", "action": mine["view"]["legal"][0],
                                   "seq": mine["seq"]})
        state = host.until(lambda m, seq=state["seq"]: m["type"] == "state" and m["seq"] > seq)
    hand = state["view"]["hand_number"]
    cy_link = server.claim(made["links"]["invites"]["2"], "Cy")
    cy = server.seat(cy_link)
    seats[2] = cy
    seen = cy.until(lambda m: m["type"] == "state")
    assert seen["game"]["names"][2] == "Cy" and seen["game"]["levels"][2] == "easy"
    assert "until this hand is over" in seen["words"]["prompt"]
    cy_moved_later = False
    while not state["game"]["finished"]:  # the computer finishes Cy's hand; then Cy plays it
        mover = state["view"]["to_move"]
        if mover == 2 and state["view"]["hand_number"] == hand:
            assert state["game"]["levels"][2] == "easy"  # the computer finishes this hand
        if mover == 2 and state["view"]["hand_number"] > hand:
            assert state["game"]["levels"][2] is None  # Cy's own seat now
            cy_moved_later = True
        if mover in seats:
            mine = state_of(seats[mover], state["seq"])
            if mine["seq"] == state["seq"] and mine["view"]["legal"]:
                seats[mover].send({"type": "action", "action": first_bid(mine["view"]["legal"]),
                                   "seq": mine["seq"]})
        state = host.until(lambda m, seq=state["seq"]: m["type"] == "state" and m["seq"] > seq)
    assert cy_moved_later and state["game"]["names"] == ["Ann", "Bea", "Cy"]
    record = json.loads(server.get(f"/api/games/{made['id']}/record")[1])
    for seat_ in seats.values():
        seat_.drain(0.3)
    check_frames(record, 3, {s: seat_.frames for s, seat_ in seats.items()},
                 [(0, token_of(made["links"]["play"])), (1, token_of(bea_link)),
                  (2, token_of(cy_link))])
    for seat_ in seats.values():
        seat_.close()


def test_a_player_who_leaves_is_played_by_the_computer_until_he_is_back(server):
    made, bea_link, host, bea = three_with_bea(server, 91, 10)
    host.until(lambda m: m["type"] == "state")
    host.send({"type": "start"})
    host.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
    bea.close()  # gone: after --seat-wait 1 the computer plays for her
    away = host.until(lambda m: m["type"] == "state" and m["game"]["away"] == [1], 10)
    assert away["game"]["levels"][1] == "easy" and away["game"]["connected"][1]
    moved = away
    while (moved["last_action"] or [None])[0] != 1:  # Ann plays on; the computer answers for Bea
        if moved["view"]["to_move"] == 0 and moved["view"]["legal"]:
            host.send({"type": "action", "action": first_bid(moved["view"]["legal"]),
                       "seq": moved["seq"]})
        moved = host.until(lambda m, seq=moved["seq"]: m["type"] == "state" and m["seq"] > seq,
                           20)
    assert (moved["last_action"] or [None])[0] == 1
    bea = server.seat(bea_link)  # back: her seat is hers again
    back = bea.until(lambda m: m["type"] == "state" and m["game"]["away"] == [], 10)
    assert back["game"]["levels"][1] is None
    host.until(lambda m: m["type"] == "state" and m["game"]["away"] == [], 10)
    status, info = server.get(f"/api/games/{made['id']}")
    assert status == 200 and json.loads(info)["players"] == 3
    with sqlite3.connect(server.db) as raw:  # issue 50: once left, a rated game is her loss
        (options,) = raw.execute("SELECT options FROM games WHERE id = ?",
                                 (made["id"],)).fetchone()
    assert json.loads(options)["left1"] is True
    host.close()
    bea.close()


def test_invites_of_a_table_of_four_are_refused_cleanly(server):
    made = server.new_game(mode="friend", level="easy", seed=5, name="Ann",
                           rules={"players": 4})
    game_id = made["id"]
    status, told = server.post(f"/api/games/{game_id}/claim", {"invite": "y" * 24,
                                                              "name": "Eve"})
    assert status == 409 and "not valid" in told["error"] and "\n" not in told["error"]
    assert told["watch"] == f"/play/{game_id}"  # as at two (issue 57, defect 10)
    for seat in ("1", "2", "3"):
        server.claim(made["links"]["invites"][seat], f"P{seat}")
    code = made["links"]["invites"]["1"].partition("=")[2]
    status, told = server.post(f"/api/games/{game_id}/claim", {"invite": code, "name": "Eve"})
    assert status == 409 and told["watch"] == f"/play/{game_id}"


def test_a_friend_who_took_a_seat_but_is_not_there_at_the_start_is_played_for(server):
    made = server.new_game(mode="friend", level="easy", seed=12, name="Ann",
                           rules={"players": 3, "target": 10})
    server.claim(made["links"]["invites"]["1"], "Bea")  # and never opens the table
    host = server.seat(made["links"]["play"])
    host.until(lambda m: m["type"] == "state")
    host.send({"type": "start"})
    away = host.until(lambda m: m["type"] == "state" and m["game"]["away"] == [1], 10)
    assert away["game"]["names"][1] == "Bea" and away["game"]["levels"][1] == "easy"
    host.close()


def test_a_person_who_takes_a_computers_seat_and_leaves_is_played_for_after_the_hand(server):
    """Cy claims the computer's seat (it finishes the hand) and leaves before it is over:
    from the next hand the computer plays for him, and the match goes on to its end."""
    made, _, host, bea = three_with_bea(server, 5, 3)
    host.until(lambda m: m["type"] == "state")
    host.send({"type": "start"})
    host.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
    cy = server.seat(server.claim(made["links"]["invites"]["2"], "Cy"))
    cy.until(lambda m: m["type"] == "state")
    cy.close()
    bea.close()
    state = host.state
    while not state["game"]["finished"]:
        if state["view"]["to_move"] == 0 and state["view"]["legal"]:
            host.send({"type": "action", "action": first_bid(state["view"]["legal"]),
                       "seq": state["seq"]})
        state = host.until(lambda m, seq=state["seq"]: m["type"] == "state" and m["seq"] > seq,
                           20)
    assert state["game"]["away"] == [1, 2] and state["game"]["names"] == ["Ann", "Bea", "Cy"]
    host.close()
