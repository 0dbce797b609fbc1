"""Issue 40, criterion 4: every acknowledged move of a table of four or three survives a
SIGKILL of ``euchre serve``. A person plays against computers (moving at once, or after a
short delay, so that their moves are being made and committed when the server dies); every
state the person's connection received is kept (a state at ``seq`` acknowledges the first
``seq`` moves); the server is killed twice in the match and restarted on the same database
(SQLite, and PostgreSQL where it is installed); the game the seat link finds again holds
every acknowledged move in its order, plays on to the end, and its record agrees with every
state ever received."""

from __future__ import annotations

import json
import time

import pytest
from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)
from server_support import Seat, Server

from euchre import Game, Rules
from euchre.server.stores import open_storage

KILLS_AFTER = (3, 7)
"""The person's moves (counted from the start of the match) after which the server dies."""


def first_bid(legal: list[str]) -> str:
    """The first legal choice that is not a pass (a match of passes never ends)."""
    return next((choice for choice in legal if choice != "pass"), legal[0])


def play(seat: Seat, seen: list[dict], until_moves: int | None, made: int) -> int:
    """The person plays at his turns, keeping every state read, until he has made
    ``until_moves`` moves in all and read the state that acknowledges the last of them (the
    computers then have their moves under way), or until the match is over (None). The
    number of moves made so far."""
    while True:
        message = seat.receive(30)
        if message["type"] != "state":
            continue
        seen.append(message)
        if message["game"]["finished"] or made == until_moves:
            return made
        view = message["view"]
        if view["to_move"] == 0 and view["legal"]:
            seat.send({"type": "action", "action": first_bid(view["legal"]),
                       "seq": message["seq"]})
            made += 1


def stored_actions(db, game_id: str) -> list[str]:
    storage = open_storage(db)
    try:
        return storage.load(game_id).actions
    finally:
        storage.close()


def killed_and_finished(db, players: int, bot_delay: float, lag: float,
                        seed: int, game: str = "euchre") -> None:
    """A match against the computer whose server is SIGKILLed at each of ``KILLS_AFTER``,
    then played to its end: every check of the module docstring."""
    server = Server(db, bot_delay=bot_delay).start()
    seen: list[dict] = []
    kept: list[list[str]] = []  # what the store held right after each kill
    try:
        made_game = server.new_game(mode="computer", level="easy", seed=seed,
                                    rules={"game": game, "players": players, "target": 5})
        link, game_id = made_game["links"]["play"], made_game["id"]
        made, seat = 0, server.seat(link)
        for moves in (*KILLS_AFTER, None):
            start = len(seen)
            made = play(seat, seen, moves, made)
            if start:  # the first state after a restart: nothing acknowledged was lost
                assert seen[start]["seq"] >= seen[start - 1]["seq"]
                assert seen[start]["game"]["names"] == seen[start - 1]["game"]["names"]
            if moves is None:
                break
            assert not seen[-1]["game"]["finished"], "the match ended before the kill"
            time.sleep(lag)  # the computers move on, unread by the person, then it dies
            server.kill()
            seat.close()
            kept.append(stored_actions(db, game_id))
            assert len(kept[-1]) >= seen[-1]["seq"]
            server = Server(db, bot_delay=bot_delay).start()
            seat = server.seat(link)
        seat.close()
        assert seen[-1]["game"]["finished"]
        status, text = server.get(f"/api/games/{game_id}/record")
    finally:
        server.stop()
    assert status == 200, text
    record = json.loads(text)
    final = Game.from_record(record)
    assert final.is_over and final.players == players
    assert final.winner == record["winner"] == seen[-1]["game"]["winner"]
    actions = [tuple(action) for hand in record["hands"] for action in hand["actions"]]
    assert len(actions) == seen[-1]["seq"]  # each move once, none lost, none twice
    tokens = [token for _, token in actions]
    for before in kept:  # what was stored at a kill is the start of the game as it ended
        assert tokens[:len(before)] == before
    replay = Game(Rules.from_dict(record["rules"]), seed=record["seed"])
    at = 0
    for state in seen:  # every acknowledged state is the record's game at that seq
        while at < state["seq"]:
            replay.apply(tokens[at])
            at += 1
        assert replay.view(0).to_dict() == state["view"], state["seq"]
        if state["last_action"] is not None:
            player, token = actions[state["seq"] - 1]
            verb = token.split()[0]  # another's discard or best card stays face down
            hidden = verb in ("discard", "give") and " " in token and player != 0
            shown = verb if hidden else token
            assert state["last_action"] == [player, shown], state["seq"]
    assert replay.record() == final.record()
    assert len({state["seq"] for state in seen}) > len(KILLS_AFTER) + 10


@pytest.mark.parametrize(("players", "bot_delay", "lag", "seed"), [
    (4, 0.05, 0.07, 40),  # killed while a computer waits out its delay
    (4, 0.0, 0.004, 41),  # killed while the computers' moves are being committed
    (4, 0.0, 0.0, 43),  # killed at once on the acknowledgement
    (3, 0.0, 0.004, 30),
])
def test_acknowledged_moves_survive_sigkill_on_sqlite(tmp_path, players, bot_delay, lag, seed):
    killed_and_finished(tmp_path / "games.db", players, bot_delay, lag, seed)


@pytest.mark.parametrize(("players", "seed"), [(4, 42), (3, 31)])
def test_acknowledged_moves_survive_sigkill_on_postgres(postgres_url, players,  # noqa: F811
                                                        seed):
    reset(postgres_url)
    killed_and_finished(postgres_url, players, 0.0, 0.004, seed)


@pytest.mark.parametrize(("game", "players", "seed"), [("napoleon", 4, 44), ("railroad", 4, 45)])
def test_acknowledged_moves_of_the_other_games_survive_sigkill_on_sqlite(tmp_path, game,
                                                                         players, seed):
    """Issue 51, criterion 6: Railroad and Napoleon as the family's games."""
    killed_and_finished(tmp_path / "games.db", players, 0.0, 0.004, seed, game)


def test_acknowledged_moves_of_napoleon_survive_sigkill_on_postgres(
        postgres_url):  # noqa: F811
    reset(postgres_url)
    killed_and_finished(postgres_url, 3, 0.0, 0.004, 46, "napoleon")
