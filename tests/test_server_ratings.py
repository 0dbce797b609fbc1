"""Issue 50, criterion 3: ratings. Every finished game between people moves the ratings of
its accounts with openskill (teams for partners, each for himself at cutthroat and
Napoleon), a game with a computer at its start (or a seeded deal, or a deal of the day) is
unrated, a leaver's side counts as the loser, a guest's seat plays at a new player's rating,
one number with a provisional mark under 10 games, the top list of the players active in
14 days as a page and as JSON, each player's rating over time as a chart with axes; and
the ratings are nothing but the stored games: dropped and rebuilt, they come back to the
same floating-point numbers, in SQLite and in PostgreSQL."""

from __future__ import annotations

import json
import re
import time

import pytest
from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)
from rating_support import account, finished_game, snapshot, store_of
from server_support import TEST_FLAGS, Browser, Server, friend_game_played

from euchre import Rules
from euchre.server.lookalike import skeleton
from euchre.server.match_facts import MatchFacts
from euchre.server.ratings import MODEL, PROVISIONAL, RatedGame, game_key, shown
from euchre.server.stores import open_storage

PASSWORD = "correct horse battery"
PEOPLE = ("Ann", "Bob", "Cy", "Dee")


def rated(storage, name: str, game: str) -> tuple[float, float, int] | None:
    row = storage._connection().execute(
        storage._sql("SELECT mu, sigma, games FROM ratings WHERE account = ? AND game = ?"),
        (skeleton(name), game)).fetchone()
    return None if row is None else tuple(row)


@pytest.fixture
def store(tmp_path):
    with store_of(tmp_path / "games.db", PEOPLE) as storage:
        yield storage


def test_partners_are_rated_as_teams_and_the_winners_rise(store):
    writes = finished_game("four1", Rules(players=4, target=3), 5, dict(enumerate(PEOPLE)))
    store.write(writes)
    finish = writes[-1]
    winners = [0, 2] if finish.winner == 0 else [1, 3]
    expected = MODEL.rate([[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]],
                          ranks=[1, 2] if finish.winner == 0 else [2, 1])
    for seat, name in enumerate(PEOPLE):
        mu, sigma, games = rated(store, name, "four")
        want = expected[seat % 2][seat // 2]
        assert (mu, sigma, games) == (want.mu, want.sigma, 1)
        assert (mu > MODEL.mu) == (seat in winners)
    assert rated(store, "Ann", "two") is None  # a rating per game


def test_cutthroat_is_each_for_himself_placed_by_points(store):
    writes = finished_game("three1", Rules(players=3, target=3), 7, dict(enumerate(PEOPLE[:3])))
    store.write(writes)
    score = writes[-1].score
    mus = [rated(store, name, "three")[0] for name in PEOPLE[:3]]
    best, worst = score.index(max(score)), score.index(min(score))
    assert mus[best] == max(mus) and mus[worst] == min(mus)


def test_a_guest_seat_plays_at_a_new_rating_and_keeps_nothing(store):
    store.write(finished_game("two1", Rules(target=3), 3, {0: "Ann"}))
    _, sigma, games = rated(store, "Ann", "two")
    assert games == 1 and sigma < MODEL.sigma
    assert store._connection().execute("SELECT count(*) FROM ratings").fetchone()[0] == 1


@pytest.mark.parametrize("kind", ["computer", "seeded", "computers at the start", "daily"])
def test_a_game_with_a_computer_at_the_start_is_unrated(store, kind):
    facts = MatchFacts(computers={3: "easy"}) if kind == "computers at the start" else \
        MatchFacts(day="2026-01-01") if kind == "daily" else MatchFacts()
    store.write(finished_game("g", Rules(players=4 if kind != "computer" else 2, target=3), 3,
                              {0: "Ann", 1: "Bob"}, mode="computer" if kind == "computer"
                              else "friend", facts=facts, seeded=kind == "seeded"))
    assert store._connection().execute("SELECT count(*) FROM ratings").fetchone()[0] == 0


def test_a_leavers_side_is_placed_last_whatever_the_score():
    game = RatedGame("g", Rules(players=4), "friend", False, MatchFacts(left=frozenset({0})),
                     (10, 4), 0)
    assert game.places() == [2, 1]
    game = RatedGame("g", Rules(players=3), "friend", False, MatchFacts(left=frozenset({2})),
                     (3, 10, 7), 1)
    assert game.places() == [2, 1, 3]
    game = RatedGame("g", Rules(players=3), "friend", False, MatchFacts(), (5, 10, 5), 1)
    assert game.places() == [2, 1, 2]  # a tie is one place


def test_ratings_are_one_number_and_provisional_under_ten_games(store):
    for n in range(PROVISIONAL):
        store.write(finished_game(f"g{n}", Rules(target=1), n, {0: "Ann", 1: "Bob"}))
    since = time.time() - 60
    board = store.leaderboard("two", since, 10)
    assert [row.name for row in board] and all(row.games == PROVISIONAL for row in board)
    assert not any(row.provisional for row in board)
    mu, sigma, _ = rated(store, board[0].name, "two")
    assert board[0].rating == shown(mu, sigma) == round(mu - 3 * sigma)
    store.write(finished_game("g-new", Rules(target=1), 99, {0: "Cy", 1: "Dee"}))
    cy = next(row for row in store.leaderboard("two", since, 10) if row.name in ("Cy", "Dee"))
    assert cy.provisional and cy.as_json()["provisional"] is True
    assert store.leaderboard("two", time.time() + 1, 10) == []  # nobody active since then


def mixed_games(storage) -> None:
    """Rated games of every kind, some sharing players, one with a leaver."""
    storage.write(finished_game("a", Rules(target=2), 1, {0: "Ann", 1: "Bob"}))
    storage.write(finished_game("b", Rules(players=4, target=2), 2, dict(enumerate(PEOPLE))))
    storage.write(finished_game("c", Rules(players=3, target=2), 3, {0: "Cy", 2: "Ann"}))
    storage.write(finished_game("d", Rules(players=4, target=2), 4, {0: "Dee", 1: "Ann"},
                                facts=MatchFacts(left=frozenset({1}))))
    storage.write(finished_game("e", Rules(target=2), 5, {0: "Bob", 1: "Ann"}))
    storage.write(finished_game("f", Rules(players=3, target=2), 6,
                                {0: "Ann", 1: "Bob", 2: "Cy"}))


def test_the_ratings_are_rebuilt_exactly_from_the_stored_games(store):
    mixed_games(store)
    before = snapshot(store)
    assert len(before[0]) >= 8 and len(before[1]) >= 12
    assert {row[1] for row in before[0]} == {"two", "three", "four"}
    store._connection().execute("DELETE FROM ratings")  # dropped...
    store._connection().execute("DELETE FROM rating_history")
    assert store.rebuild_ratings() == 6  # ...and rebuilt from the games
    assert snapshot(store) == before


def test_the_ratings_are_rebuilt_exactly_in_postgresql(postgres_url):  # noqa: F811
    reset(postgres_url)
    storage = open_storage(postgres_url)
    try:
        storage.write([account(name) for name in PEOPLE])
        mixed_games(storage)
        before = snapshot(storage)
        assert len(before[1]) >= 12
        assert storage.rebuild_ratings() == 6
        assert snapshot(storage) == before
    finally:
        storage.close()


def test_game_keys():
    assert [game_key(Rules(players=n)) for n in (2, 3, 4)] == ["two", "three", "four"]
    assert game_key(Rules(game="railroad")) == "railroad"


# --- through the server ---------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("ratings") / "games.db", flags=TEST_FLAGS).start()
    yield running
    running.stop()


def test_two_accounts_play_and_the_top_list_and_their_pages_change(server):
    ann, bob = Browser(server), Browser(server)
    for browser, name in ((ann, "Rated Ann"), (bob, "Rated Bob")):
        assert browser.post("/api/accounts", {"name": name, "password": PASSWORD})[0] == 201
    status, board = server.get("/api/leaderboard?game=two")
    assert status == 200 and json.loads(board)["players"] == []
    for _ in range(2):
        friend_game_played(ann, bob, "Rated Ann", "Rated Bob")
    # a game against the computer moves nothing
    ann.post("/api/games", {"mode": "computer", "name": "Rated Ann", "level": "easy"})
    status, board = server.get("/api/leaderboard?game=two")
    players = json.loads(board)["players"]
    assert sorted(p["name"] for p in players) == ["Rated Ann", "Rated Bob"]
    assert all(p["games"] == 2 and p["provisional"] for p in players)
    status, page = server.get("/leaderboard?game=two")
    assert status == 200 and page.count("<abbr") == 2 and "Rated Ann" in page
    status, mine = server.get("/api/players/Rated%20Ann")
    ratings = json.loads(mine)["ratings"]["two"]
    assert len(ratings["history"]) == 2 and ratings["rating"] == ratings["history"][-1][1]
    status, page = server.get("/players/Rated%20Ann")
    chart = re.search(r'<svg class="chart".*?</svg>', page, re.S).group(0)
    assert chart.count('class="axis"') == 2 and "rated games, oldest first" in chart
    assert ">rating<" in chart and chart.count('class="point"') == 2
    assert json.loads(server.get("/api/players/Guest%20Gil")[1])["registered"] is False


def test_a_top_list_of_no_such_game_is_one_line(server):
    status, reply = server.get("/api/leaderboard?game=chess")
    assert status == 404 and json.loads(reply)["error"].startswith(
        "no top list for the game 'chess': choose one of two, three, four")
    status, page = server.get("/leaderboard?game=chess")
    assert status == 404 and "No such top list" in page
