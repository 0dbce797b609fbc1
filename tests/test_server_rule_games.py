"""Issue 51, criterion 6: Railroad, Hasenpfeffer and Napoleon in ``euchre serve``. Whole
matches against the computer, every frame read by the person's seat and by a spectator; the
match replayed to each frame's ``seq``: a frame names no card its seat's own view (the
engine's) does not show, so never another seat's card still held (a card the seat gave its
partner excepted), a discard or a best card given face down by another, the widow, or the
unused cards; a spectator sees no hand at all. Refusals are one line."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time

import pytest
from server_support import EUCHRE, TEST_FLAGS, Server

from euchre import Game, Rules

CARD = re.compile(r'"(?:(?:discard|give) )?([2-9TJQKA][CDHS]|JK)"')
"""A card in a frame: alone, or in a discard or a gift's token."""
GAMES = [("railroad", 4, 26), ("hasenpfeffer", 4, 24), ("napoleon", 3, 23), ("napoleon", 5, 25)]
"""Each game, its seats and the seed of its match (Railroad's: a lone hand in which a
partner gives a card of his hand, not the upcard, while the person and a spectator watch:
its token reached them whole before the frames were masked for it)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("rule_games") / "games.db",  # quick hints
                     flags=(*TEST_FLAGS, "--review-deals", "8")).start()
    yield running
    running.stop()


def play_match(server: Server, game: str, players: int, seed: int, name: str = "Guest"):
    """A whole match at easy, the person choosing his first legal move, but going alone
    whenever he may (so that cards are given face down); every frame of his seat and of a
    spectator (read along, so that neither is cut off)."""
    made = server.new_game(mode="computer", level="easy", seed=seed, name=name,
                           rules={"game": game, "players": players, "target": 3})
    person, spectator = server.seat(made["links"]["play"]), server.seat(made["links"]["watch"])
    mine, watched = [], []
    while True:
        message = person.receive(60)
        mine.append(message)
        if message["type"] != "state":
            continue
        if message["game"]["finished"]:
            break
        view = message["view"]
        if view["to_move"] == 0 and view["legal"]:
            choice = next((t for t in view["legal"] if t.endswith("alone")), view["legal"][0])
            person.send({"type": "action", "action": choice, "seq": message["seq"]})
    seq = mine[-1]["seq"]
    while True:
        message = spectator.receive(60)
        watched.append(message)
        if message["type"] == "state" and message["seq"] >= seq:
            break
    person.close()
    spectator.close()
    return made, mine, watched


def replayed(record: dict, seq: int) -> Game:
    """The match after its first ``seq`` actions (the state a frame at ``seq`` shows)."""
    game = Game(Rules.from_dict(record["rules"]), seed=record["seed"],
                first_dealer=record["first_dealer"])
    for _, token in Game.from_record(record).actions()[:seq]:
        game.apply(token)
    return game


def cards_in(value) -> set[str]:
    return set(CARD.findall(json.dumps(value)))


def check_frame(record: dict, message: dict, seat: int | None) -> None:
    game = replayed(record, message["seq"])
    own = {token.split()[1] for who, token in game.actions()
           if who == seat and token.split()[0] in ("discard", "give")}  # his own, face down
    allowed = cards_in(game.view(seat).to_dict()) | own
    shown = cards_in(message)
    assert shown <= allowed, (message["seq"], seat, shown - allowed)
    gave = {token.split()[1] for who, token in game.view(seat).bids
            if who == seat and token.startswith("give ")} if seat is not None else set()
    held = set().union(*(game.hand(other) for other in range(game.players) if other != seat))
    now = {k: v for k, v in message.items() if k not in ("scorepad", "last_action")}
    now["view"] = {k: v for k, v in message["view"].items() if k != "last_hand"}
    now["words"] = {k: v for k, v in message["words"].items() if k not in ("last_hand",
                                                                           "last")}
    # (the hand before's cards are public, and some are held again after the new deal)
    last = message["view"]["last_hand"] or {"tricks": []}
    public = {card for trick in last["tricks"] for card in trick["cards"]} | {
        message["view"].get("upcard")}  # (Railroad's upcard, seen by all, then picked up)
    leaked = cards_in(now) & (held - gave - public)
    assert not leaked, (message["seq"], seat, leaked, {
        f"{part}.{k}" for part in ("view", "words") for k, v in now[part].items()
        if cards_in(v) & leaked})
    if seat is None:
        assert message["view"]["hand"] == [] and message["view"]["legal"] == []
    else:
        assert set(message["view"]["hand"]) == set(game.hand(seat)) or not message[
            "view"]["hand"]  # (Railroad's dealer names trump under the Joker unseen)


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_whole_match_and_no_frame_holds_a_card_its_seat_may_not_know(server, game,
                                                                       players, seed):
    made, mine, watched = play_match(server, game, players, seed)
    status, text = server.get(f"/api/games/{made['id']}/record")
    record = json.loads(text)
    assert status == 200 and record["winner"] is not None
    assert record["rules"]["game"] == game and len(record["players"]["names"]) == players
    states = [m for m in mine if m["type"] == "state"]
    assert len(states) > 10
    for message in states:
        check_frame(record, message, 0)
    for message in watched:
        if message["type"] == "state":
            check_frame(record, message, None)
    last = states[-1]
    assert len(last["view"]["score"]) == len(set(last["view"]["sides"]))
    assert len(last["scorepad"]) == sum(h["result"] is not None for h in record["hands"])
    assert all(row["bid"] for row in last["scorepad"] if row["maker"] is not None
               and game != "railroad")
    assert last["match"]["summary"]["scores"][-1] == record["score"]
    page = server.get(f"/games/{made['id']}")
    assert page[0] == 200


@pytest.mark.parametrize(("fields", "said"), [
    ({"rules": {"game": "napoleon", "players": 6}}, "players"),
    ({"rules": {"game": "napoleon", "players": 4}, "partner": "easy"}, "table of four"),
    ({"rules": {"game": "railroad", "players": 3}}, "railroad"),
    ({"rules": {"game": "hasenpfeffer", "stick_the_dealer": True}}, "stick_the_dealer"),
])
def test_a_new_game_that_cannot_be_played_is_refused_in_one_line(server, fields, said):
    status, told = server.post("/api/games", {"mode": "computer", "level": "easy", **fields})
    assert status == 400 and said in told["error"] and "\n" not in told["error"], told


def test_resigning_napoleon_with_the_others_level_gives_nobody_the_match(server):
    """The engine decides (``Game.resign``): the match goes to the one other player alone
    at the top; with the others level (here 0 each, before any hand) nobody wins, as at
    cutthroat."""
    made = server.new_game(mode="computer", level="easy", seed=3,
                           rules={"game": "napoleon", "players": 4, "target": 30})
    server.resign(made["links"]["play"])
    record = json.loads(server.get(f"/api/games/{made['id']}/record")[1])
    assert record["players"]["resigned"] == 0 and record["players"]["winner"] is None


@pytest.mark.parametrize(("game", "players"), [("railroad", 4), ("hasenpfeffer", 4),
                                               ("napoleon", 5)])
def test_the_hint_values_every_choice_and_the_coach_notes_the_move(server, game, players):
    """Criterion 2: at the person's first real choice the hint values each legal token (the
    bidding ladders and the exchanges too), and the coach's note on the move made names
    the choices in words."""
    made = server.new_game(mode="computer", level="easy", seed=7,
                           rules={"game": game, "players": players})
    seat = server.seat(made["links"]["play"])
    state = seat.until(lambda m: m["type"] == "state" and m["view"]["to_move"] == 0
                       and len(m["view"]["legal"]) > 1, 60)
    seat.send({"type": "hint"})
    hint = seat.until(lambda m: m["type"] in ("hint", "error"), 120)
    assert hint["type"] == "hint" and set(hint["values"]) == set(state["view"]["legal"])
    best = max(hint["values"], key=hint["values"].get)
    worst = min(hint["values"], key=hint["values"].get)
    seat.send({"type": "action", "action": worst, "seq": state["seq"]})
    seat.until(lambda m: m["type"] == "state" and m["seq"] > state["seq"], 60)
    seat.send({"type": "coach", "seq": state["seq"]})
    note = seat.until(lambda m: m["type"] in ("coach", "error"), 120)
    assert note["type"] == "coach" and note["chosen"] == worst and note["best"] in (
        best, worst)
    if note["loss"] > 0.1:
        chosen = next(c["words"] for c in state["words"]["choices"] if c["token"] == worst)
        assert chosen in note["note"]
    seat.close()


def test_a_players_record_keeps_each_game_apart(server):
    """Criterion 4: ``/players/NAME`` (and its API) and ``euchre stats`` count Railroad and
    Napoleon each under its own heading, not with Euchre's four-handed games."""
    for game, players, seed in (("railroad", 4, 26), ("napoleon", 3, 23)):
        play_match(server, game, players, seed, name="Nora")
    status, text = server.get("/api/players/Nora")
    told = json.loads(text)
    assert status == 200 and told["matches"] == 2
    assert set(told["games"]) == {"railroad", "napoleon"}
    assert all(one["matches"] == 1 for one in told["games"].values())
    status, page = server.get("/players/Nora")
    assert status == 200 and "Railroad Euchre" in page and "Napoleon" in page
    ran = subprocess.run([*EUCHRE, "stats", "--db", str(server.db), "--name", "Nora"],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "EUCHRE_DATA_DIR": str(server.db.parent)})
    assert ran.returncode == 0, ran.stderr
    assert "Railroad Euchre" in ran.stdout and "Napoleon" in ran.stdout, ran.stdout


def test_a_finished_game_is_reviewed_on_the_page_and_by_euchre_review(server, tmp_path):
    """Criterion 4: the review of a game on the core, on the server (its API and page) and
    at the command line, each choice valued and worded."""
    made, _, _ = play_match(server, "napoleon", 3, 23, name="Rex")
    for _ in range(600):
        status, text = server.get(f"/api/games/{made['id']}/review/0")
        told = json.loads(text)
        if told["status"] == "done":
            break
        time.sleep(0.1)
    decisions = told["review"]["decisions"]
    assert decisions and all(set(d["words"]) == set(d["values"]) for d in decisions)
    assert {d["stage"] for d in decisions} <= {"bidding", "discard", "play"}
    status, page = server.get(f"/games/{made['id']}/review/0")
    assert status == 200 and "Rex" in page
    record = tmp_path / "nap.json"
    record.write_text(server.get(f"/api/games/{made['id']}/record")[1])
    ran = subprocess.run([*EUCHRE, "review", str(record), "--deals", "2", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert len(json.loads(ran.stdout)["decisions"]) == len(decisions)
