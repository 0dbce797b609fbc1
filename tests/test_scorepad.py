"""The score pad, made once per finished hand from the hand before's rows, equals the match's
record at every moment: through whole matches (thrown-in hands, the Joker deck, three and
four seats), after undo that takes back finished hands, and for a game resumed from a record
(which starts with no rows kept)."""

import random

import pytest

from euchre import Game, Rules
from euchre.server import match, scorepad
from euchre.server.wording import OUTCOME_SHORT
from euchre.words import suit_text


def pad_from_record(game: Game) -> list[dict]:
    """What the pad must show, read from the record as a person would: every finished hand."""
    record = game.record()
    score = list((record.get("start") or {}).get("score") or [0] * len(record["score"]))
    expected = []
    for hand in record["hands"]:
        result = hand["result"]
        if result is None:
            continue
        score = [a + b for a, b in zip(score, result["points"], strict=True)]
        expected.append({"hand": hand["number"] + 1, "dealer": hand["dealer"],
                         "maker": result["maker"],
                         "trump": suit_text(result["trump"]) if result["trump"] else None,
                         "tricks": result["tricks_won"],
                         "outcome": OUTCOME_SHORT[result["outcome"]],
                         "points": result["points"], "score": score})
    return expected


RULES = [Rules(), Rules(deck=32, target=11), Rules(deck=25, stick_the_dealer=True),
         Rules(players=4), Rules(players=3, deck=25)]


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_the_pad_equals_the_record_at_every_move_with_undo_across_hands(rules: Rules) -> None:
    chooser = random.Random(f"{rules}")
    for seed in range(3):
        game = Game(rules, seed=seed)
        undone = 0
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
            moves = len(game.actions())
            if moves % 7 == 0:
                assert scorepad.rows(game) == pad_from_record(game)
            if undone < 3 and moves % 61 == 0 and game.hand_number > 0:  # into a hand before
                while len(game.actions()) > moves - 40:
                    game.take_back_to(game.actions()[-1][0])
                undone += 1
                assert scorepad.rows(game) == pad_from_record(game)
        assert scorepad.rows(game) == pad_from_record(game)
        assert undone > 0


def test_a_game_resumed_from_its_record_shows_its_whole_pad() -> None:
    game = Game(Rules(), seed=11)
    while game.hand_number < 3:
        game.apply(game.legal_actions()[0])
    resumed = Game.from_record(game.record())
    assert len(scorepad.rows(resumed)) == 3 and scorepad.rows(resumed) == pad_from_record(game)
    while not resumed.is_over:
        resumed.apply(resumed.legal_actions()[-1])
    assert scorepad.rows(resumed) == pad_from_record(resumed)


def test_the_match_summary_counts_each_side_from_the_pad() -> None:
    game = Game(Rules(), seed=5)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    pad = pad_from_record(game)
    told = match.summary(game)
    assert told["scores"] == [[0, 0]] + [row["score"] for row in pad]
    made = {OUTCOME_SHORT["made"], OUTCOME_SHORT["march"]}  # a march is a hand made too
    assert told["made"] == [sum(r["outcome"] in made and r["maker"] == side for r in pad)
                            for side in (0, 1)]
    assert told["march"] == [sum(r["outcome"] == OUTCOME_SHORT["march"] and r["maker"] == side
                                 for r in pad) for side in (0, 1)]
    assert sum(told["march"]) > 0  # (this match has marches, so "made" must count them)
    assert told["euchres"] == [sum(r["outcome"] == "euchred" and r["maker"] == 1 - side
                                   for r in pad) for side in (0, 1)]
    assert sum(told["made"]) + sum(told["march"]) + sum(told["euchres"]) > 0


@pytest.mark.parametrize(("players", "side_of_seat"), [(4, (0, 1, 0, 1)), (3, (0, 1, 2))])
def test_the_summary_counts_a_partners_hand_for_his_side(players, side_of_seat) -> None:
    """Issue 47: the summary reads each hand's maker from the engine's results and his side
    from the game (partners opposite at four; each his own at three), counted here
    independently from the record."""
    game, chooser = Game(Rules(players=players, target=5), seed=8), random.Random(players)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    hands = [h["result"] for h in game.record()["hands"] if h["result"] and
             h["result"]["maker"] is not None]
    told = match.summary(game)
    sides = range(len(side_of_seat) if players == 3 else 2)
    assert told["made"] == [sum(r["outcome"] in ("made", "march")
                                and side_of_seat[r["maker"]] == side for r in hands)
                            for side in sides]
    assert told["euchres"] == [sum(r["outcome"] == "euchred"
                                   and side_of_seat[r["maker"]] != side for r in hands)
                               for side in sides]
    assert sum(told["made"]) > 0 and sum(told["euchres"]) > 0


def test_the_server_reads_each_games_sides_from_its_module():
    """Issue 47, criterion 1: 'What a game's seats, sides, makers and points are is said
    once, by its module, and every face reads it from there': Napoleon at four is each for
    himself (the server said partners, as at four-handed Euchre)."""
    from euchre import Rules
    from euchre.server import match
    from euchre.server.storage import StoredGame

    def stored(rules):
        seats = rules.players
        return StoredGame("g", "computer", "easy", rules, 1, ("t",) + (None,) * (seats - 1),
                          tuple(f"P{s}" for s in range(seats)))

    assert [match.side_of(stored(Rules(game="napoleon", players=4)), s) for s in range(4)] \
        == [0, 1, 2, 3]
    assert [match.side_of(stored(Rules(players=4)), s) for s in range(4)] == [0, 1, 0, 1]
    assert [match.side_of(stored(Rules(game="railroad")), s) for s in range(4)] == [0, 1, 0, 1]
