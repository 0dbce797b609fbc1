"""Four-handed and three-handed Euchre against the computer in ``euchre serve``: a person
at seat 0, computers at every other seat (a partner's level of its own at four), whole
matches over the WebSocket with every frame of the person and of a spectator read against
the true deal, the finished game stored, shown, reviewed and counted."""

from __future__ import annotations

import json
import re

import pytest
from server_support import Server

from euchre import Game

CARD = re.compile(r'"((?:[9TJQKA]|[78])[CDHS]|JK)"')


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("family") / "games.db").start()
    yield running
    running.stop()


def dealt(record: dict, players: int) -> list[dict[str, set[str]]]:
    """Each hand's cards by seat as dealt (RULES-family.md: positions 5k..5k+4 to the k-th
    player clockwise from the dealer's left) and the cards nobody holds (kitty, upcard)."""
    out = []
    for hand in record["hands"]:
        deck, dealer = hand["deck"], hand["dealer"]
        seats: dict = {(dealer + 1 + k) % players: set(deck[5 * k:5 * k + 5])
                       for k in range(players)}
        seats["kitty"] = set(deck[5 * players + 1:])
        out.append(seats)
    return out


def play_match(server: Server, players: int, seed: int, **fields) -> tuple[dict, list, list]:
    """A whole match as the person, choosing each first legal card; (the created game, the
    person's states, the spectator's states)."""
    made = server.new_game(mode="computer", level="easy", seed=seed,
                           rules={"players": players, "target": 3}, **fields)
    person, spectator = server.seat(made["links"]["play"]), server.seat(made["links"]["watch"])
    mine = []
    while True:
        message = person.receive(60)
        if message["type"] != "state":
            continue
        mine.append(message)
        view = message["view"]
        if message["game"]["finished"]:
            break
        if view["to_move"] == 0 and view["legal"]:
            assert [c["token"] for c in message["words"]["choices"]] == sorted(
                view["legal"], key=[c["token"] for c in message["words"]["choices"]].index)
            person.send({"type": "action", "action": view["legal"][0], "seq": message["seq"]})
    spectator.until(lambda m: m["type"] == "state" and m["game"]["finished"], 30)
    watched = [json.loads(f) for f in spectator.frames]
    person.close()
    spectator.close()
    return made, mine, [m for m in watched if m["type"] == "state"]


@pytest.mark.parametrize("players", [4, 3])
def test_a_whole_match_against_the_computer_and_nobody_sees_a_hidden_card(server, players):
    extra = {"partner": "medium"} if players == 4 else {}
    made, mine, watched = play_match(server, players, seed=11 + players, **extra)
    status, text = server.get(f"/api/games/{made['id']}/record")
    record = json.loads(text)
    game = Game.from_record(record)
    assert status == 200 and game.is_over and game.players == players
    assert record["players"]["names"] == ["Guest", "West", "North", "East"][:players] \
        if players == 4 else record["players"]["names"] == ["Guest", "West", "East"]
    deals = dealt(record, players)
    for message in mine:  # no card of another seat (a partner's too) or of the kitty shows
        view = message["view"]
        number = view["hand_number"]
        if number >= len(deals):
            continue
        last = view["last_hand"] or {"tricks": [], "upcard": None}
        played = {card for trick in view["tricks"] + last["tricks"] for card in trick["cards"]
                  } | set(view["trick"]) | {view["upcard"], last["upcard"]} | set(
            (message["last_action"] or [0, ""])[1:])  # (the hand before's cards: public)
        hidden = set().union(*(deals[number][s] for s in range(1, players)),
                             deals[number]["kitty"]) - played
        now = {k: v for k, v in message.items() if k != "scorepad"}
        now["view"] = {k: v for k, v in view.items() if k != "last_hand"}
        now["words"] = {k: v for k, v in message["words"].items() if k != "last_hand"}
        assert not set(CARD.findall(json.dumps(now))) & hidden, number
        assert set(view["hand"]) <= deals[number][0] | {view["upcard"]}
    for message in watched:  # a spectator sees no hand at all
        assert message["view"]["hand"] == [] and message["view"]["player"] is None
    last = mine[-1]
    assert last["game"]["winner"] == record["winner"] and len(last["scorepad"]) == sum(
        h["result"] is not None for h in record["hands"])
    assert len(last["view"]["score"]) == (2 if players == 4 else 3)
    assert last["match"]["summary"]["scores"][-1] == record["score"]
    page = server.get(f"/games/{made['id']}")
    assert page[0] == 200 and "West" in page[1] and "East" in page[1]
    assert server.get(f"/games/{made['id']}/review/0")[0] == 200
    assert server.get(f"/games/{made['id']}/review/1")[0] == 404  # computers are not coached


def test_family_games_refused_where_they_cannot_be_played(server):
    for fields, said in (({"mode": "friend", "rules": {"players": 4}, "level": "grandmaster"},
                              "level must be one of"),
                         ({"rules": {"players": 3}, "partner": "easy"}, "table of four"),
                         ({"rules": {"players": 4}, "partner": "grandmaster"}, "a level"),
                         ({"rules": {"players": 5}}, "players")):
        status, told = server.post("/api/games", {"mode": "computer", "level": "easy",
                                                  **fields})
        assert status == 400 and said in told["error"] and "\n" not in told["error"], told


def test_resigning_at_three_between_two_level_players_is_won_by_nobody(server):
    """Criterion 2: the server reads who won a resigned match from the engine
    (``Game.outcome``), which follows RULES-family.md's cutthroat rule ('one player alone
    has the highest score' wins); it used to give a level match to the seat after the
    resigner. Its record carries the engine's outcome."""
    made = server.new_game(mode="computer", level="easy", seed=3, rules={"players": 3})
    person = server.seat(made["links"]["play"])
    person.until(lambda m: m["type"] == "state")
    person.send({"type": "resign"})  # at 0-0-0, before a hand is over
    state = person.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    assert state["game"]["winner"] is None and state["match"]["resigned"] == 0
    assert state["match"]["abandoned"] is False
    record = json.loads(server.get(f"/api/games/{made['id']}/record")[1])
    assert record["outcome"] == {"winner": None, "scores": [0, 0, 0],
                                 "termination": "resigned", "seat": 0}
    assert record["winner"] is None and record["players"]["winner"] is None
    assert Game.from_record(record).outcome.termination == "resigned"
    page = server.get(f"/games/{made['id']}")[1]
    assert "Level (" in page and f"{record['players']['names'][0]} resigned." in page
    person.close()


def test_resigning_at_four_gives_the_match_to_the_other_side(server):
    made = server.new_game(mode="computer", level="easy", seed=3, rules={"players": 4})
    person = server.seat(made["links"]["play"])
    person.until(lambda m: m["type"] == "state")
    person.send({"type": "resign"})
    state = person.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    assert state["game"]["winner"] == 1 and state["match"]["resigned"] == 0
    record = json.loads(server.get(f"/api/games/{made['id']}/record")[1])
    assert record["players"]["resigned"] == 0 and record["players"]["winner"] == 1
    assert "West and East won" in server.get(f"/games/{made['id']}")[1]
    person.close()

