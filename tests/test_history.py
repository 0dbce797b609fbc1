"""One history: ``euchre stats`` counts every finished match of a player, in the terminal's
files and in the browser game's database, as the browser's own statistics count them."""

from __future__ import annotations

import json
import random
import re
import sqlite3

import pytest

from euchre import Game, Rules
from euchre.cli import main
from euchre.history import Stats, seat_of, tally
from euchre.server.storage import (
    Action,
    Finish,
    NewGame,
    SetFacts,
    SQLiteStorage,
    StoredGame,
)


def finished(seed: int, target: int = 3) -> Game:
    game = Game(Rules(target=target), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def store_browser_games(path, games: list[tuple[str, str, tuple[str, str], Game]]) -> None:
    """Finished games written as the server writes them (setup, every action, the finish)."""
    db = SQLiteStorage(path)
    for game_id, mode, names, game in games:
        record = game.record()
        batch = [NewGame(StoredGame(game_id, mode, "easy" if mode == "computer" else None,
                                    game.rules, game.seed, ("t0", None), names))]
        actions = [(p, t) for h in record["hands"] for p, t in h["actions"]]
        batch += [Action(game_id, i, p, t) for i, (p, t) in enumerate(actions)]
        batch.append(Finish(game_id, game.winner, game.score))
        db.write(batch)
    db.close()


def terminal_match(folder, game: Game, name: str = "You", undo: bool = False) -> None:
    record = game.record()
    record["players"] = {"names": [name, "computer (easy)"], "human_seat": 0,
                         "level": "easy", "undo_used": undo}
    (folder / "matches").mkdir(parents=True, exist_ok=True)
    (folder / "matches" / f"m{game.seed}.json").write_text(json.dumps(record))


def expected(games: list[tuple[Game, int]]) -> Stats:
    stats = Stats()
    for game, seat in games:
        stats.add(game.record(), seat)
    return stats


def stats_out(capsys, *argv: str) -> str:
    assert main(["stats", *argv]) == 0
    return capsys.readouterr().out


def test_terminal_and_browser_matches_are_counted_together(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    a, b, c, d = finished(1), finished(2), finished(3), finished(4)
    terminal_match(tmp_path, a)
    store_browser_games(tmp_path / "games.db", [
        ("g1", "computer", ("You", "Computer"), b),
        ("g2", "computer", ("Ann", "Computer"), c),
        ("g3", "friend", ("Bo", "Ann"), d),
    ])
    mine = expected([(a, 0), (b, 0), (c, 0)])  # the terminal's person, the browser's
    assert stats_out(capsys).splitlines() == mine.lines()
    assert "Matches: 3 played" in mine.lines()[0]
    ann = expected([(c, 0), (d, 1)])
    assert stats_out(capsys, "--name", "Ann").splitlines() == ann.lines()
    assert stats_out(capsys, "--name", "Bo").splitlines() == expected([(d, 0)]).lines()


def test_another_database_and_a_missing_one(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path / "data"))
    other = tmp_path / "elsewhere.db"
    game = finished(5)
    store_browser_games(other, [("g1", "friend", ("Cy", "Di"), game)])
    assert stats_out(capsys, "--db", str(other), "--name", "Di").splitlines() == \
        expected([(game, 1)]).lines()
    assert "No finished matches yet" in stats_out(capsys)  # no default database: no games
    assert not (tmp_path / "data" / "games.db").exists()  # and none is created
    assert main(["stats", "--db", str(tmp_path / "none.db")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and err.count("\n") == 1
    (tmp_path / "junk.db").write_text("not a database")
    assert main(["stats", "--db", str(tmp_path / "junk.db")]) == 2
    err = capsys.readouterr().err
    assert "junk.db" in err and err.count("\n") == 1


def test_a_damaged_browser_game_is_skipped_and_named(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    good, bad = finished(6), finished(7)
    store_browser_games(tmp_path / "games.db", [("ok", "computer", ("You", "C"), good),
                                                ("bad", "computer", ("You", "C"), bad)])
    with sqlite3.connect(tmp_path / "games.db") as connection:
        connection.execute("UPDATE actions SET token = 'call X' WHERE game_id = 'bad' "
                           "AND seq = 0")
    out = stats_out(capsys)
    assert out.splitlines()[:5] == expected([(good, 0)]).lines()
    assert "(1 unreadable match skipped: game bad)" in out


def test_singulars(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    game = Game(Rules(target=1), seed=2)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    terminal_match(tmp_path, game)
    out = stats_out(capsys)
    assert "1 hands" not in out and "1 matches" not in out
    assert re.search(r"As (maker|defender): 1 hand;", out)


def test_undo_matches_can_be_left_out(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    honest, undone = finished(8), finished(9)
    terminal_match(tmp_path, honest)
    terminal_match(tmp_path, undone, undo=True)
    assert stats_out(capsys).splitlines() == expected([(honest, 0), (undone, 0)]).lines()
    out = stats_out(capsys, "--no-undo")
    assert out.splitlines()[:5] == expected([(honest, 0)]).lines()
    assert "(1 match with undo left out)" in out


@pytest.mark.parametrize(("players", "name", "seat"), [
    ({"names": ["Ann", "computer (easy)"], "human_seat": 0}, None, 0),
    ({"names": ["Ann", "computer (easy)"], "human_seat": 0}, "Ann", 0),
    ({"names": ["Ann", "computer (easy)"], "human_seat": 0}, "computer (easy)", None),
    ({"names": ["Ann", "Computer"], "mode": "computer"}, None, 0),
    ({"names": ["Ann", "Bo"], "mode": "friend"}, None, None),
    ({"names": ["Ann", "Bo"], "mode": "friend"}, "Bo", 1),
])
def test_whose_match_it_is(players, name, seat):
    assert seat_of({"players": players}, name) == seat


def test_an_unfinished_record_is_not_counted():
    game = Game(Rules(), seed=1)
    game.apply(game.legal_actions()[0])
    record = game.record()
    record["players"] = {"names": ["You", "c"], "human_seat": 0}
    assert tally([record]).stats.matches == 0


def test_a_resigned_browser_game_counts_as_the_browsers_own_statistics_count_it(
        tmp_path, monkeypatch, capsys):
    """A browser match ended by a resignation is finished (the server marks it so and its
    player pages count it, won by the other seat), though its moves stop mid-match."""
    from euchre.server.match_facts import MatchFacts

    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    game = Game(Rules(target=10), seed=12)
    rng = random.Random(12)
    while game.hand_number < 2:
        game.apply(rng.choice(game.legal_actions()))
    assert not game.is_over
    db = SQLiteStorage(tmp_path / "games.db")
    record = game.record()
    actions = [(p, t) for h in record["hands"] for p, t in h["actions"]]
    db.write([NewGame(StoredGame("r1", "friend", None, game.rules, game.seed, ("t0", "t1"),
                                 ("Ann", "Bo"))),
              *(Action("r1", i, p, t) for i, (p, t) in enumerate(actions)),
              SetFacts("r1", MatchFacts(), MatchFacts(resigned=0)), Finish("r1", 1, game.score)])
    db.close()
    bo = stats_out(capsys, "--name", "Bo").splitlines()
    assert bo[0] == "Matches: 1 played, 1 won (100%)"
    ann = stats_out(capsys, "--name", "Ann").splitlines()
    assert ann[0] == "Matches: 1 played, 0 won (0%)"
    scored = sum(1 for h in record["hands"] if h["result"] and not h["result"]["thrown_in"])
    assert bo[1].startswith(f"Hands: {scored} played")  # the hands that were finished


def finished_family(players: int, seed: int) -> Game:
    """A match of three or four to 5 in which seat 0 goes alone whenever it may."""
    game = Game(Rules(players=players, target=5), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        alone = [a for a in legal if a.endswith(" alone")] if game.to_move == 0 else []
        game.apply(alone[0] if alone else rng.choice(legal))
    return game


def test_each_game_is_counted_apart_with_points_and_lone_hands(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    two, four, three = finished(5), finished_family(4, 6), finished_family(3, 7)
    for game in (two, four, three):
        terminal_match(tmp_path, game)
    result = tally([{**g.record(), "players": {"names": ["You"], "human_seat": 0}}
                    for g in (two, four, three)], None)
    assert sorted(result.by_game) == [2, 3, 4]
    assert result.by_game[4] == expected([(four, 0)]) and result.stats.matches == 3
    lone = result.by_game[4]
    assert lone.alone_called > 0 and lone.alone_called >= lone.alone_marched + lone.alone_euchred
    record = four.record()
    mine = sum(h["result"]["points"][0] for h in record["hands"] if h.get("result"))
    assert lone.points_scored == mine and lone.points_conceded == sum(record["score"]) - mine
    out = stats_out(capsys).splitlines()
    assert out[0] == "Two-handed" and "Four-handed (partners)" in out
    assert "Three-handed (cutthroat)" in out
    assert f"Alone: {lone.alone_called} call" in "\n".join(out)


def test_hands_made_count_marches_and_cutthroat_has_no_lone_calls():
    """Issue 48, defect 21: a march is a hand made; cutthroat's maker always plays alone,
    which is no call of his, so its record tells no lone hands."""
    three = finished_family(3, 7)
    stats = Stats()
    stats.add({**three.record(), "players": {"names": ["Ann"], "human_seat": 0}}, 0)
    assert stats.made_trump > 0 and stats.alone_called == 0 and stats.defended_alone == 0
    said = "\n".join(stats.lines(3))
    assert "Alone" not in said and "alone" not in said
    old = Stats(made_trump=4, made=1, marched=2, euchred=1, alone_called=4)  # stored before
    assert "made 75% (50% with a march), euchred 25%" in "\n".join(old.lines(3))
    assert "Alone" not in "\n".join(old.lines(3)) and "Alone: 4 calls" in "\n".join(old.lines(4))
