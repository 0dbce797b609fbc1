"""Issue 51, criterion 2: a friend table of Railroad, Hasenpfeffer and Napoleon (three, four
and five) played whole by people. The host makes the table, each other seat is taken once
through its own invite, and every seat plays from its own connection to the match's end: at
each frame the choices worded for the seat are its ``view.legal`` (none while another
moves), and no frame of any seat holds a card that seat may not know."""

from __future__ import annotations

import json

import pytest
from server_support import TEST_FLAGS, Seat, Server
from test_server_rule_games import check_frame

from euchre import Game

NAMES = ("Ann", "Bea", "Cy", "Di", "Ed")
GAMES = [("railroad", 4, 31), ("hasenpfeffer", 4, 32), ("napoleon", 3, 33),
         ("napoleon", 4, 34), ("napoleon", 5, 35)]
"""Each game, its seats and the seed of its match."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("rule_friends") / "games.db",
                     flags=TEST_FLAGS).start()
    yield running
    running.stop()


def seated_friends(server: Server, game: str, players: int, seed: int) -> tuple[dict, list]:
    """A friend table with every seat a person's: the host's and one per invite (which then
    works no more)."""
    made = server.new_game(mode="friend", level="easy", seed=seed, name=NAMES[0],
                           rules={"game": game, "players": players, "target": 2})
    invites = made["links"]["invites"]
    assert sorted(invites) == [str(seat) for seat in range(1, players)]
    assert len(set(invites.values())) == players - 1
    links = [made["links"]["play"]]
    for seat in range(1, players):
        links.append(server.claim(invites[str(seat)], NAMES[seat]))
        code = invites[str(seat)].partition("?invite=")[2]
        status, told = server.post(f"/api/games/{made['id']}/claim",
                                   {"invite": code, "name": "Eve"})
        assert status in (400, 409) and "invite" in told["error"], told
    return made, [server.seat(link) for link in links]


def offered(message: dict) -> list[str]:
    return [choice["token"] for choice in message["words"]["choices"]]


def choose(view: dict) -> str:
    """The first legal choice that is not a pass, but no bid over another's: passing round
    after round, or outbidding to six tricks hand after hand, ends no match."""
    bid = any(token.startswith("bid ") for _, token in view["bids"])
    return next((choice for choice in view["legal"] if choice != "pass"
                 and not (bid and choice.startswith("bid "))), view["legal"][0])


def play_whole(seats: list[Seat]) -> tuple[dict, int]:
    """Each person plays as ``choose`` says at his turn, every seat reading every
    state; each state's offered choices checked against its legal moves. The last state and
    the decisions made."""
    seq, decisions = 0, 0
    while True:
        states = [seat.state_at_least(seq) for seat in seats]
        assert len({state["seq"] for state in states}) == 1, [s["seq"] for s in states]
        for seat, state in enumerate(states):
            assert sorted(offered(state)) == sorted(state["view"]["legal"]), (seat, seq)
            assert not state["view"]["legal"] or state["view"]["to_move"] == seat
        if states[0]["game"]["finished"]:
            return states[0], decisions
        mover = states[0]["view"]["to_move"]
        assert states[mover]["view"]["legal"], (mover, seq)  # no computer: a person chooses
        seats[mover].send({"type": "action", "action": choose(states[mover]["view"]),
                           "seq": seq})
        decisions += 1
        seq = states[0]["seq"] + 1


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_friend_table_played_whole_by_people(server, game, players, seed):
    made, seats = seated_friends(server, game, players, seed)
    last, decisions = play_whole(seats)
    assert last["game"]["names"] == list(NAMES[:players])
    assert last["game"]["levels"] == [None] * players and last["game"]["invites"] == {}
    record = json.loads(server.get(f"/api/games/{made['id']}/record")[1])
    assert record["rules"]["game"] == game and record["winner"] is not None
    assert decisions == len(Game.from_record(record).actions()) > 10  # each a person's
    for seat, connection in enumerate(seats):
        connection.drain(0.2)
        for frame in connection.frames:
            message = json.loads(frame)
            if message["type"] == "state":
                check_frame(record, message, seat)
        connection.close()
