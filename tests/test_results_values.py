"""Issue 47, criterion 2, for today's games (two-, three- and four-handed Euchre): "Results
are values ... `Game.resign(seat)` and the history (`Game.actions()`, each hand's result)
are public"; a resignation is part of the record, not patched onto it."""

from __future__ import annotations

import json

import pytest
from more_support import random_game

from euchre import Game, IllegalAction, Rules
from euchre.results import HandResult, Outcome, Termination


def played(players: int, actions: int, seed: int = 4) -> Game:
    return random_game({"players": players}, seed, actions)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_hands_result_is_a_value_agreeing_with_the_record(players):
    g = played(players, 120)
    record = g.record()
    results = g.results
    assert len(results) == len(record["hands"]) - (not g.is_over)
    for result, hand in zip(results, record["hands"], strict=False):
        assert isinstance(result, HandResult)
        saved = hand["result"]
        assert list(result.points) == saved["points"]
        assert list(result.tricks_won) == saved["tricks_won"]
        assert result.ended == saved["outcome"] and result.maker == saved["maker"]
        assert result.trump == saved["trump"]
        if not result.thrown_in:
            assert result.maker in result.makers and result.bid.split()[0] in ("order", "call")
            assert sum(result.side_tricks) == 5


@pytest.mark.parametrize(("players", "resigner"), [(2, 0), (3, 2), (4, 1)])
def test_resign_ends_the_match_and_the_record_keeps_it(players, resigner):
    g = played(players, 40)
    g.resign(resigner)
    outcome = g.outcome
    assert g.is_over and g.to_move is None and g.legal_actions() == []
    assert (outcome.termination, outcome.seat) == (Termination.RESIGNED, resigner)
    if players != 3:
        assert g.winner == 1 - resigner % 2
    data = json.loads(json.dumps(g.record()))
    assert data["outcome"]["termination"] == "resigned"
    again = Game.from_record(data)
    assert again == g and again.outcome == outcome
    assert "resigned" in g.transcript().splitlines()[-1]
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        g.pop()
    with pytest.raises(IllegalAction, match="already over"):
        g.resign(0)
    data["outcome"]["seat"] = 9
    with pytest.raises(ValueError, match="resigned seat 9 is not a seat"):
        Game.from_record(data)


def test_a_match_won_at_the_target_says_so():
    g = Game(Rules(target=1), seed=3)
    assert g.outcome is None
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    assert g.outcome == Outcome(g.winner, g.score, Termination.TARGET)
    assert "outcome" not in g.record()  # written as it always was


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_results_follow_undo_across_a_hands_end_and_add_up_to_the_score(players):
    """The game keeps its results until its next hand ends (a face asks at every message):
    kept or not, they are those of the position, after ``pop`` across a hand's end too."""
    g = played(players, 0)
    while g.hand_number < 2:
        g.push(g.legal_actions()[0])
    kept = g.results
    assert g.results is kept and len(kept) == 2
    g.pop()  # back into the second hand, before its end
    assert len(g.results) == 1 and g.results == Game.from_record(g.record()).results
    totals = [sum(r.points[side] for r in kept) for side in range(len(g.score))]
    g.push(g.legal_actions()[0])
    assert list(g.score) == [a + b for a, b in zip(g.start_score, totals, strict=True)]


def test_a_game_cut_from_a_longer_match_starts_from_its_score():
    """A resampled game (search's, and a record made from it) starts at the view's hand:
    its ``start_score`` is the score then, and its pad of results is empty."""
    import random

    from euchre import resample

    g = played(4, 80, seed=9)
    view = g.view(g.to_move)
    assert any(view.score)
    cut = resample(view, random.Random(1))
    assert cut.start_score == view.score and cut.results == ()
    again = Game.from_record(json.loads(json.dumps(cut.record())))
    assert again.start_score == view.score


@pytest.mark.parametrize("options", [{"game": "railroad"}, {"game": "napoleon", "players": 4},
                                     {"game": "hasenpfeffer"}])
def test_every_games_score_is_its_start_and_its_results(options):
    """The same public values on the rule-module games: ``score`` is ``start_score`` plus
    each finished hand's points, and a resampled game starts from its view's score."""
    import random

    from euchre import resample

    g = random_game(options, 6, 150)
    totals = [sum(r.points[side] for r in g.results) for side in range(len(g.score))]
    assert g.start_score == (0,) * len(g.score) and g.results
    assert list(g.score) == totals
    if not g.is_over:
        cut = resample(g.view(g.to_move), random.Random(2))
        assert cut.start_score == g.score and cut.results == ()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hand_cut_short_by_a_resignation_has_no_result_in_the_record(players):
    """The hand a player resigns in is not finished: its record has no result (the record
    wrote the unfinished hand's tricks as a finished hand's, 'euchred' with two tricks),
    and a record saved by the server before resigning was the engine's (``players``) says
    the same hands."""
    g = played(players, 0)
    while g.hand_number < 1 or g.phase != "play":  # into the second hand's play
        g.apply(g.legal_actions()[-1])
    g.apply(g.legal_actions()[0])
    before = g.record()
    g.resign(0)
    after = g.record()
    assert after["hands"] == before["hands"] and after["hands"][-1]["result"] is None
    assert len(g.results) == len(before["hands"]) - 1


@pytest.mark.parametrize(("players", "leaver"), [(2, 1), (3, 0), (4, 2)])
def test_abandon_ends_the_match_as_the_leavers_resignation_and_the_record_keeps_it(
        players, leaver):
    """Criterion 2: a match's end is an ``Outcome`` with 'termination: target reached /
    resigned / abandoned': a server closing a match its player left calls ``abandon``."""
    g = played(players, 30)
    resigned = g.copy()
    resigned.resign(leaver)
    g.abandon(leaver)
    assert g.outcome == Outcome(resigned.winner, g.score, Termination.ABANDONED, leaver)
    data = json.loads(json.dumps(g.record()))
    assert data["outcome"]["termination"] == "abandoned"
    again = Game.from_record(data)
    assert again == g and again.outcome == g.outcome
    said = f"P{leaver} left the match unfinished: "
    assert g.transcript().splitlines()[-1].startswith(said)
    with pytest.raises(IllegalAction, match="abandoned: it cannot be taken back"):
        g.pop()


def test_at_three_a_resignation_between_two_level_players_has_no_winner():
    """RULES-family.md, cutthroat: 'If two players reach it in the same hand, the higher
    score wins; if they are equal, play goes on until, after a hand, one player alone has
    the highest score.' A match is won by one player alone at the top; when a resignation
    stops the play with the two others level, nobody wins it (the server used to give it to
    the one after the resigner)."""
    g = Game(Rules(players=3), seed=5)
    g.resign(0)
    assert g.score == (0, 0, 0) and g.winner is None
    assert g.outcome == Outcome(None, (0, 0, 0), Termination.RESIGNED, 0)
    assert "nobody wins" in g.transcript().splitlines()[-1]
