"""Issue 50, criterion 3, for the games of the family: a finished game of Railroad,
Hasenpfeffer or Napoleon between people is rated under its own key (never Euchre's),
partners as teams in Railroad and Hasenpfeffer, each for himself in Napoleon (placed by
his points, the winner first, at three, four or five players alike); the top lists are
offered for them before anyone is rated, and a dropped rating comes back to the same
numbers from the stored games."""

from __future__ import annotations

import json

import pytest
from rating_support import finished_game, snapshot, store_of
from server_support import TEST_FLAGS, Server

from euchre import Rules
from euchre.server.lookalike import skeleton
from euchre.server.match_facts import MatchFacts
from euchre.server.ratings import MODEL, game_key, rated_games

PEOPLE = ("Ann", "Bob", "Cy", "Dee", "Eve")


@pytest.fixture
def store(tmp_path):
    with store_of(tmp_path / "games.db", PEOPLE) as storage:
        yield storage


def ratings_in(storage, game: str) -> dict[str, tuple[float, float, int]]:
    rows = storage._connection().execute(
        "SELECT a.name, r.mu, r.sigma, r.games FROM ratings r JOIN accounts a ON a.key = "
        "r.account WHERE r.game = ?", (game,)).fetchall()
    return {name: (mu, sigma, games) for name, mu, sigma, games in rows}


@pytest.mark.parametrize("game, pick", [("railroad", -1), ("hasenpfeffer", 0)])
def test_the_partnership_games_are_rated_as_teams_under_their_own_key(store, game, pick):
    rules = Rules(game=game, target=3)
    writes = finished_game(f"{game}1", rules, 3, dict(enumerate(PEOPLE[:4])), pick=pick)
    store.write(writes)
    winner = writes[-1].winner
    assert game_key(rules) == game
    assert ratings_in(store, "four") == {}  # never Euchre's rating
    rated = ratings_in(store, game)
    expected = MODEL.rate([[MODEL.rating(), MODEL.rating()] for _ in range(2)],
                          ranks=[1, 2] if winner == 0 else [2, 1])
    for seat, name in enumerate(PEOPLE[:4]):
        want = expected[seat % 2][seat // 2]
        assert rated[name] == (want.mu, want.sigma, 1)
    assert rated[PEOPLE[winner]][0] == rated[PEOPLE[winner + 2]][0] > MODEL.mu


@pytest.mark.parametrize("players", [3, 4, 5])
def test_napoleon_is_each_for_himself_placed_by_his_points(store, players):
    rules = Rules(game="napoleon", players=players, target=5)
    writes = finished_game(f"nap{players}", rules, 3 + players, dict(enumerate(PEOPLE)),
                           pick=-1)
    store.write(writes)
    finish = writes[-1]
    rated = ratings_in(store, "napoleon")
    assert sorted(rated) == sorted(PEOPLE[:players])
    score, winner = finish.score, finish.winner
    places = [1 + sum(other == winner or (seat != winner and score[other] > score[seat])
                      for other in range(players) if other != seat) for seat in range(players)]
    expected = MODEL.rate([[MODEL.rating()] for _ in range(players)], ranks=places)
    for seat in range(players):
        assert rated[PEOPLE[seat]][:2] == (expected[seat][0].mu, expected[seat][0].sigma)
    assert max(rated.values())[0] == rated[PEOPLE[finish.winner]][0]


def test_the_familys_ratings_are_rebuilt_exactly(store):
    store.write(finished_game("r", Rules(game="railroad", target=2), 1,
                              dict(enumerate(PEOPLE[:4]))))
    store.write(finished_game("h", Rules(game="hasenpfeffer", target=2), 2,
                              {0: "Eve", 3: "Ann"}, pick=0))
    store.write(finished_game("n", Rules(game="napoleon", target=5), 3,
                              {1: "Bob", 2: "Eve", 3: "Ann"}))
    store.write(finished_game("n5", Rules(game="napoleon", players=5, target=5), 4,
                              dict(enumerate(PEOPLE)), facts=MatchFacts(left=frozenset({4}))))
    before = snapshot(store)
    assert {row[1] for row in before[0]} == {"railroad", "hasenpfeffer", "napoleon"}
    assert store.rebuild_ratings() == 4
    assert snapshot(store) == before
    eve = ratings_in(store, "napoleon")["Eve"]
    assert eve[2] == 2 and eve[0] < MODEL.mu  # the leaver (seat 4) placed last of five


def test_the_familys_top_lists_are_offered_before_anyone_is_rated(tmp_path):
    assert rated_games() == ("two", "three", "four", "railroad", "hasenpfeffer", "napoleon")
    running = Server(tmp_path / "games.db", flags=TEST_FLAGS).start()
    try:
        for game in ("railroad", "hasenpfeffer", "napoleon"):
            status, reply = running.get(f"/api/leaderboard?game={game}")
            assert status == 200 and json.loads(reply)["players"] == [], reply
            status, page = running.get(f"/leaderboard?game={game}")
            assert status == 200 and game.capitalize() in page
        status, reply = running.get("/api/leaderboard?game=chess")
        assert json.loads(reply)["error"].endswith("railroad, hasenpfeffer, napoleon")
    finally:
        running.stop()


def test_a_familys_rating_belongs_to_the_account_by_its_skeleton(store):
    store.write(finished_game("n", Rules(game="napoleon", players=3, target=5), 8,
                              dict(enumerate(PEOPLE[:3]))))
    keys = {key for (key,) in store._connection().execute(
        "SELECT account FROM ratings WHERE game = 'napoleon'")}
    assert keys == {skeleton(name) for name in PEOPLE[:3]}
