"""`euchre review` and the coach at tables of three and four (issue 39, criterion 6): every
real choice of the reviewed seat is valued by the family's expert for every legal token,
going alone and defending alone included, and each hand's hindsight is the open-hand solve
of the cards the seats held."""

from __future__ import annotations

import json

import pytest

from euchre import Game, Rules, agents
from euchre.agents.family.solver import TableSolver
from euchre.cli import main
from euchre.coach import Review, coach_seed, decision_values, review_record, text
from euchre.coach.review import STAGES
from euchre.engine.games.euchre.game import state_of
from euchre.engine.games.euchre.state import LEADER, TRUMP
from euchre.engine.games.euchre.state_family import HANDS
from euchre.record import opening

DEALS = 8
"""A review's deals here (a table of three or four values with a quarter: 2 a card)."""
MATCHES = {4: (63, 5), 3: (0, 4)}
"""players -> (seed, target) of a short match in which seat 0 meets the choices this file
tests (found once by trying seeds): at four, lone bids, calling alone and defending alone;
in cutthroat, both rounds of bidding and a discard."""


def family_match(players: int) -> dict:
    """A seeded match record: seats 0 and 1 ``easy`` (they take lone bids now and then),
    the others ``medium``; four-handed with defending alone allowed."""
    seed, target = MATCHES[players]
    game = Game(Rules(players=players, target=target, defend_alone=players == 4), seed=seed)
    bots = [agents.load("easy" if seat in (0, 1) else "medium", seed=seed + seat)
            for seat in range(players)]
    while not game.is_over:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game.record()


@pytest.fixture(scope="module", params=[4, 3], ids=["four", "cutthroat"])
def reviewed(request) -> tuple[int, dict, Review]:
    players = request.param
    record = family_match(players)
    return players, record, review_record(record, player=0, deals=DEALS, seed=5)


def real_choices(record: dict, player: int) -> list[tuple[int, int, tuple[str, ...], str]]:
    """(hand, action index, legal tokens, chosen) of every choice ``player`` had."""
    game = _opening(record)
    found = []
    for i, hand in enumerate(record["hands"]):
        for j, (who, token) in enumerate(hand["actions"]):
            legal = game.view(who).legal
            if who == player and len(legal) > 1:
                found.append((i, j, tuple(legal), token))
            game.apply(token)
    return found


def _opening(record: dict) -> Game:
    """The match at its first deal, no action taken."""
    return Game.from_record(opening(record))


def test_every_choice_of_the_seat_is_valued_for_every_legal_token(reviewed):
    players, record, review = reviewed
    choices = real_choices(record, 0)
    assert review.players == players and len(review.decisions) == len(choices) > 5
    for d, (_, index, legal, chosen) in zip(review.decisions, choices, strict=True):
        assert d.index == index and d.chosen == chosen and d.player == 0
        assert set(d.values) == set(legal) == set(d.words)
        assert d.best in legal and d.loss >= 0 and d.phase in STAGES
        assert all(isinstance(v, float) for v in d.values.values())


def test_going_alone_and_defending_alone_are_valued_at_four(reviewed):
    players, _, review = reviewed
    tokens = {t for d in review.decisions for t in d.values}
    phases = {d.phase for d in review.decisions}
    if players == 4:
        assert {"order alone", "defend alone"} <= tokens and "defend" in phases
        assert any(t.startswith("call") and t.endswith("alone") for t in tokens)
        defend = next(d for d in review.decisions if d.phase == "defend")
        assert set(defend.values) == {"pass", "defend alone"}
        assert "went alone" in defend.situation
        assert review.by_stage()["bidding"] >= defend.loss
    else:
        assert not any(t.endswith("alone") for t in tokens)  # cutthroat: no lone bids
        assert "discard" in phases


def test_the_review_values_as_the_tables_hint_does(reviewed):
    """One valuation of a decision: the review's equals ``decision_values`` with the same
    seed and place (what a hint and a coach note show at the table)."""
    _, record, review = reviewed
    d = review.decisions[0]
    game = _opening(record)
    for _who, token in record["hands"][0]["actions"][:d.index]:
        game.apply(token)
    assert decision_values(game.view(0), 5, (0, d.index), DEALS) == d.values
    assert coach_seed(record["seed"]) != 5  # (the review above had its own seed)


def test_hands_are_scored_by_side_with_an_open_hand_hindsight(reviewed):
    players, record, review = reviewed
    final = Game.from_record(record)
    assert review.finished and review.score == final.score
    assert len(review.hands) == len(record["hands"])
    game = _opening(record)
    for hand, actions in zip(review.hands, record["hands"], strict=True):
        assert len(hand.tricks_won) == players and len(hand.points) == final.rules.sides
        start = None
        for _who, token in actions["actions"]:
            if game.phase == "play" and start is None:
                start = list(state_of(game))  # (the live state moves on)
            game.apply(token)
        if hand.outcome == "thrown_in":
            assert hand.hindsight is None
            continue
        seen = hand.hindsight
        assert seen is not None and seen["maker"] == hand.maker and 0 <= seen["perfect"] <= 5
        # the same solve from the engine's own hands at the first lead
        out = game.view(None).last_hand["out"] if game.view(None).last_hand else []
        team = {hand.maker, (hand.maker + 2) % 4} if players == 4 else {hand.maker}
        active = sum(1 << seat for seat in range(players) if seat not in out)
        makers = sum(1 << seat for seat in team) & active
        hands = [start[HANDS + seat] for seat in range(players)]
        assert TableSolver().tricks(hands, start[TRUMP], makers, start[LEADER], active) \
            == seen["perfect"]


def test_the_review_round_trips_through_json(reviewed):
    players, _, review = reviewed
    stored = json.loads(json.dumps(review.to_dict()))
    assert stored["players"] == players
    assert Review.from_dict(stored) == review


def test_the_text_names_the_table_and_the_sides(reviewed):
    players, _, review = reviewed
    said = text(review)
    first = said.splitlines()[0]
    if players == 4:
        assert first.startswith("Review of P0 (player 0) with P2 against P1 and P3: final "
                                "score P0 and P2 ")
        assert "2 deals a card, 4 a bid or discard" in said
    else:
        assert first.startswith("Review of P0 (player 0) against P1 and P2: final score P0 ")
    assert "hindsight, every card seen" in said


@pytest.mark.parametrize("players", [4, 3])
def test_euchre_review_prints_a_family_review(tmp_path, capsys, players):
    path = tmp_path / f"match{players}.json"
    path.write_text(json.dumps(family_match(players)), encoding="utf-8")
    last = str(players - 1)
    assert main(["review", str(path), "--deals", str(DEALS), "--player", last]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"Review of P{last} (player {last})") and "Summary" in out
    assert "Traceback" not in err
    assert main(["review", str(path), "--deals", str(DEALS), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == players and data["decisions"]
    if players == 3:  # seat 3 is no seat of cutthroat: one line, exit 2
        assert main(["review", str(path), "--player", "3"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "a game of 3 has players 0, 1 or 2" in err


def test_a_seat_outside_the_table_is_one_line():
    record = family_match(3)
    with pytest.raises(ValueError, match=r"^player must be 0, 1 or 2 in a game of 3, not 3$"):
        review_record(record, player=3, deals=DEALS)


def test_the_report_names_the_partner_and_the_other_side_from_the_games_sides():
    """Issue 47: who sat with whom is read from the game's sides (``scoring.side_of``)."""
    from types import SimpleNamespace

    from euchre.coach.report import table_words

    who = ("Ann", "Bo", "Cy", "Di")
    said = [table_words(SimpleNamespace(player=seat, players=4), who) for seat in range(4)]
    assert said == ["with Cy against Bo and Di", "with Di against Ann and Cy",
                    "with Ann against Bo and Di", "with Bo against Ann and Cy"]
    assert table_words(SimpleNamespace(player=1, players=3), who) == "against Ann and Cy"
