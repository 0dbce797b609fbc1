"""Arenas, tournaments and duplicate deals at tables of three and four (issue 39): every
deal is played once per seating, and two equal bots come out exactly even."""

from __future__ import annotations

import json
import sys

import pytest

from euchre import Rules
from euchre.cli import main
from euchre.study.arena import ArenaSpec, BotSpec, run, seatings
from euchre.study.family_duplicate import duplicate_family_hand
from euchre.study.tournament import run_tournament


@pytest.mark.parametrize("players", [3, 4])
def test_equal_bots_come_out_even_in_the_arena(players):
    """``medium`` has no randomness: on the same decks with the seats rotated, its margin
    against itself is 0 exactly, which it is only if every seating is played once."""
    result = run(ArenaSpec("medium", "medium", pairs=3, seed=2,
                           rules=Rules(players=players, target=5)))
    assert result.matches == 3 * len(seatings(players))
    assert {o.a_seat for o in result.outcomes} == set(range(len(seatings(players))))
    assert result.stats["a_points_per_hand"] == 0.0


@pytest.mark.parametrize("players", [3, 4])
def test_equal_bots_come_out_even_on_duplicate_deals(players):
    medium = BotSpec.parse("medium")
    for deal in range(5):
        net, times = duplicate_family_hand((medium, medium, Rules(players=players), 1, deal))
        assert net == 0.0 and times


@pytest.mark.parametrize("players", [3, 4])
def test_a_better_bot_shows_on_duplicate_deals(players):
    medium, rand = BotSpec.parse("medium"), BotSpec.parse("random")
    nets = [duplicate_family_hand((medium, rand, Rules(players=players), 3, deal))[0]
            for deal in range(30)]
    assert sum(nets) > 0


def test_a_cutthroat_tournament_rates_by_the_matches():
    result = run_tournament(["medium", "random"], pairs=2, seed=1,
                            rules=Rules(players=3, target=5))
    assert result.pairings[0]["matches"] == 6
    assert sum(row["matches"] for row in result.ratings) == 12


def test_the_command_line_plays_the_family(capsys):
    assert main(["arena", "medium", "easy", "--players", "4", "--games", "4", "--target", "3",
                 "--defend-alone", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["matches"] == 4 and stats["rules"]["players"] == 4
    assert stats["rules"]["defend_alone"] is True
    assert main(["arena", "medium", "easy", "--players", "3", "--games", "4"]) == 2
    assert "multiple of 3" in capsys.readouterr().err
    assert main(["tournament", "medium", "easy", "--players", "3", "--games", "3",
                 "--target", "3", "--json"]) == 0


def test_an_outside_program_plays_at_a_table_of_four(capsys):
    """The bot protocol carries the family's views: the example bot partners itself."""
    assert main(["arena", f"exec:{sys.executable} examples/bots/random_bot.py", "medium",
                 "--players", "4", "--games", "2", "--target", "3", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["matches"] == 2 and not stats["forfeits"]
