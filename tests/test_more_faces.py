"""Everything that takes a game takes RULES-more.md's games (issue 47, criteria 2 and 4):
views and their dicts, results as values (``HandResult``, ``Outcome``, ``resign``), records,
the transcript in people's words, ``euchre replay``, ``copy``, push/pop and ``resample``."""

from __future__ import annotations

import json
import random

import pytest
from more_support import first, play, play_first, random_game, table

from euchre import Game, IllegalAction, Rules, resample
from euchre.cli import main
from euchre.engine import HandResult, Outcome, Termination
from euchre.engine.view import TableView

OPTIONS = [{"game": "railroad"}, {"game": "railroad", "deck": 33, "call_for_best": False},
           {"game": "hasenpfeffer"}, {"game": "napoleon", "players": 3},
           {"game": "napoleon", "players": 5, "deck": 52}]
WHO = ("Ann", "Bob", "Cy", "Di", "Ed")


def test_the_view_dict_shows_each_seats_tricks_bids_who_is_alone_and_trump_once_known():
    """Criterion 4: '`View` (with `to_dict()`: each seat's tricks, bids, who is alone or sits
    out, trump once known ...)'."""
    g = table({1: "9C TC QC KC AC", 2: "JH JD AH KH QH"}, dealer=0, after="9H",
              call_for_best=False, game="railroad")
    assert g.view(3).to_dict()["trump"] is None
    play(g, "order alone", "discard 9S", "defend alone")
    first(g, 2)
    data = g.view(3).to_dict()
    assert data["trump"] == "H" and data["maker"] == 1 and data["bid"] == "order alone"
    assert data["bids"] == [[1, "order alone"], [0, "discard"], [2, "defend alone"]]
    assert (data["alone"], sorted(data["out"])) == ([1, 2], [0, 3])
    assert data["tricks_won"] == [0, 0, 1, 0] or data["tricks_won"] == [0, 1, 0, 0]
    assert data["tricks"][0]["seats"] == [1, 2] and data["score"] == [0, 0]
    assert data["upcard"] == "9H" and data["upcard_taken"] is True
    assert data["sides"] == [0, 1, 0, 1] and data["cards_held"][3] == 5
    assert TableView.from_dict(json.loads(json.dumps(data))) == g.view(3)
    with pytest.raises(ValueError, match="view is missing"):
        TableView.from_dict({"hand": []})


def test_a_hand_result_and_the_outcome_are_values():
    """Criterion 2: 'a hand's result (`HandResult`: makers, bid, tricks per seat and side,
    points, how it ended) and a match's end (`Outcome`: winner, scores, termination: target
    reached, resigned, abandoned) are typed engine values'."""
    g = table({1: "JK JS JC AS KS QS"}, dealer=0, target=3, game="hasenpfeffer")
    play(g, "bid 4", "pass", "pass", "pass", "call S")
    play_first(g)
    (result,) = g.results
    assert isinstance(result, HandResult)
    assert (result.maker, result.makers, result.bid, result.trump, result.ended) == (
        1, (1, 3), "bid 4", "S", "made")
    assert sum(result.tricks_won) == 6 and result.side_tricks[1] == result.points[1] >= 4
    assert g.outcome == Outcome(1, g.score, Termination.TARGET)
    assert HandResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


@pytest.mark.parametrize("options", OPTIONS)
def test_resign_ends_the_match_and_the_record_keeps_it(options):
    """Criterion 2: '`Game.resign(seat)` and the history (`Game.actions()`, each hand's
    result) are public'; 'resigning and abandoning' are no longer patched into records."""
    g = random_game(options, seed=3, actions=10)
    g.resign(1)
    assert g.is_over and g.to_move is None and g.legal_actions() == []
    assert g.outcome.termination == Termination.RESIGNED and g.outcome.seat == 1
    if g.rules.game != "napoleon":
        assert g.winner == 0
    back = Game.from_record(json.loads(json.dumps(g.record())))
    assert back == g and back.outcome == g.outcome
    assert "resigned" in g.transcript(WHO[:g.players]).splitlines()[-1]
    with pytest.raises(IllegalAction, match="already over"):
        g.resign(0)
    h = random_game(options, seed=3, actions=10)
    h.abandon()
    assert h.outcome.termination == Termination.ABANDONED and h.winner is None
    assert Game.from_record(h.record()) == h
    assert len(h.actions()) == 10 and all(type(seat) is int for seat, _ in h.actions())
    left = random_game(options, seed=3, actions=10)  # a server closing a match seat 1 left
    left.abandon(1)
    assert left.outcome == Outcome(g.winner, g.score, Termination.ABANDONED, 1)
    back = Game.from_record(json.loads(json.dumps(left.record())))
    assert back == left and back.outcome == left.outcome
    assert left.transcript(WHO[:left.players]).splitlines()[-1].startswith(
        f"{WHO[1]} left the match unfinished: ")


@pytest.mark.parametrize("options", OPTIONS)
def test_copy_push_pop_and_take_back(options):
    """Criterion 4: '`copy()`, push/pop'."""
    g = random_game(options, seed=8, actions=25)
    before = g.copy()
    copy = g.copy()
    copy.apply(copy.legal_actions()[0])
    assert g == before != copy  # the copy shares nothing
    g.push(g.legal_actions()[-1])
    g.pop()
    assert g == before
    g.push_id(g.legal_action_ids()[0])
    g.apply(g.legal_actions()[0])
    g.pop()
    g.pop()
    assert g == before
    fresh = Game(Rules(**options), seed=1)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        fresh.pop()


@pytest.mark.parametrize("options", OPTIONS)
def test_records_replay_and_refuse_tampering(options):
    """Criterion 4: 'records (`record()`, `Game.from_record`)'."""
    g = random_game(options, seed=5, actions=70)
    data = json.loads(json.dumps(g.record()))
    assert Game.from_record(data) == g
    data["hands"][0]["actions"][0][1] = "bid 9"
    with pytest.raises(ValueError, match="record hand 0 action 0"):
        Game.from_record(data)
    data = g.record()
    data["score"] = [99] * len(data["score"])
    with pytest.raises(ValueError, match="record score"):
        Game.from_record(data)


@pytest.mark.parametrize("options", OPTIONS)
def test_resample_keeps_what_the_seat_knows(options):
    """Criterion 4: '`resample` for determinized search'."""
    rng = random.Random(4)
    for seed in range(12):
        g = random_game(options, seed=seed, actions=rng.randrange(1, 40))
        if g.is_over:
            continue
        for seat in range(g.players):
            h = resample(g.view(seat), rng)
            assert h.view(seat) == g.view(seat), seat
            assert sorted(h.hand(seat)) == sorted(g.hand(seat)) or not g.view(seat).hand
            held = [c for s in range(h.players) for c in h.hand(s)]
            assert len(held) == len(set(held))
            assert [len(h.hand(s)) for s in range(h.players)] == \
                [len(g.hand(s)) for s in range(g.players)]
            number = h.hand_number
            while h.hand_number == number and not h.is_over:  # it plays on
                h.apply(rng.choice(h.legal_actions()))
    with pytest.raises(ValueError, match="spectator"):
        resample(Game(Rules(game="napoleon")).view(None), rng)


def test_resample_keeps_a_void_shown():
    """'the suits a seat has shown void in by not following'."""
    g = table({1: "AH 2C 3C 4C 5C", 2: "JD 2D 3D 4D 5D"}, dealer=0, players=3, deck=52,
              game="napoleon")
    play(g, "bid 2", "pass", "pass", "AH", "JD")  # seat 2 shows void in hearts
    rng = random.Random(1)
    for _ in range(30):
        h = resample(g.view(1), rng)
        assert not any(card.endswith("H") for card in h.hand(2))


def test_the_transcript_says_it_in_words():
    """Criterion 4: '`transcript()` in words people use ("Ann bids four", "Bob goes nap",
    "North gives his best card")'."""
    g = Game(Rules(game="hasenpfeffer"), seed=2, first_dealer=3)
    play(g, "bid 4", "pass", "pass", "pass", "call H")
    assert "Ann bids four, Bob passes" in g.transcript(WHO[:4])
    g = Game(Rules(game="napoleon", players=3), seed=2, first_dealer=0)
    play(g, "pass", "bid nap")
    assert "Bob passes, Cy goes nap" in g.transcript(WHO[:3])
    g = table({0: "9C TC QC KC AC"}, dealer=1, after="9H", game="railroad")
    play(g, "pass", "pass", "order alone")
    first(g)  # West, the dealer, picks up and discards
    play(g, "discard 9C")
    first(g)  # North gives his best card
    text = g.transcript(("South", "West", "North", "East"))
    assert "South orders it up alone" in text and "North gives his best card (" in text


def test_euchre_replay_prints_a_new_games_record(tmp_path, capsys):
    """Criterion 4: '`euchre replay`' takes these games' records."""
    g = random_game({"game": "napoleon", "players": 4, "target": 10}, seed=9, actions=10_000)
    assert g.is_over
    path = tmp_path / "nap.json"
    path.write_text(json.dumps({**g.record(), "players": {"names": list(WHO[:4])}}))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == g.transcript(WHO[:4]) + "\n"
    assert out.splitlines()[-1].startswith("Cy wins the match: ")  # (one winner: "wins")
    assert main(["replay", str(path), "--hand", "1"]) == 0
    assert capsys.readouterr().out.count("\nHand ") == 1
    assert main(["replay", str(path), "--step"]) == 2
    assert "leave out --step" in capsys.readouterr().err
