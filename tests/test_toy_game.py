"""A sixth game in a few lines, without touching the core (issue 47, criterion 1): "High
Two", a toy trick game for two players. Eight cards (the kings and aces), two each, no
bidding, no trump; the non-dealer leads, suit must be followed, each trick is a point, the
first to the target wins. Everything else (the deal from a seeded or stacked deck, turns,
following suit, the trick's winner, views, records, the transcript, copy, push/pop,
resample) is the core's."""

from __future__ import annotations

import json
import random

import pytest

from euchre import Game, IllegalAction, Rules, resample
from euchre.engine import HandResult, RuleModule, Table, add_game, remove_game, start_play
from euchre.engine.cards import PLAIN_ORDER, stripped_deck
from euchre.engine.core import side_tricks
from euchre.rules import GameSpec


class HighTwo(RuleModule):
    name = "hightwo"
    title = "High Two"
    order = PLAIN_ORDER
    hand_size = 2

    def deck(self, rules: Rules) -> tuple[int, ...]:
        return stripped_deck(8)

    def start(self, t: Table) -> None:
        start_play(t)  # no bidding: the non-dealer leads

    def result(self, t: Table) -> HandResult:
        won = side_tricks(t)
        return HandResult(t.hand_no, t.dealer, None, (), None, None, tuple(t.won), won, won,
                          "made")


@pytest.fixture
def high_two():
    add_game(HighTwo(), GameSpec(players=(2,), decks={2: (8,)}, target=3, options=("target",)))
    yield
    remove_game("hightwo")


def test_a_toy_game_plays_on_the_core(high_two):
    deck = ["AS", "KC", "AC", "KS", "KD", "AD", "KH", "AH"]  # 0-1 to the non-dealer
    g = Game(Rules(game="hightwo"), seed=1, first_dealer=0, decks=[deck])
    assert (g.to_move, g.phase, g.view(1).to_dict()["hand"]) == (1, "play", ["KC", "AS"])
    with pytest.raises(IllegalAction):
        g.apply("AC")  # not his card
    g.apply("KC")
    assert g.legal_actions() == ["AC"]  # must follow clubs
    g.apply("AC")
    assert g.to_move == 0  # the winner leads
    g.apply("KS")
    g.apply("AS")
    assert g.score == (1, 1) and g.hand_number == 1 and g.dealer == 1
    assert isinstance(g, Game) and g.sides == g.view(None).sides == (0, 1)  # each for himself
    rng = random.Random(3)
    while not g.is_over:
        assert resample(g.view(g.to_move), rng).view(g.to_move) == g.view(g.to_move)
        g.apply(rng.choice(g.legal_actions()))
    assert max(g.score) >= 3 and g.winner == g.score.index(max(g.score))
    assert Game.from_record(json.loads(json.dumps(g.record()))) == g
    assert g.transcript(("Ann", "Bob")).startswith("High Two, 2 players")
    with pytest.raises(ValueError, match="not an option of hightwo"):
        Rules(game="hightwo", stick_the_dealer=True)


def test_the_toy_game_is_gone_after_it(high_two):
    remove_game("hightwo")
    with pytest.raises(ValueError, match=r"Rules\.game must be one of"):
        Rules(game="hightwo")
