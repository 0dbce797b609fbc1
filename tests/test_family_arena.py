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


class _Spy:
    """``medium`` that writes down who it is at every start and every decision."""

    def __init__(self, name, log, seed):
        from euchre import agents

        self.name, self.log, self.inner = name, log, agents.load("medium", seed=seed)
        self.seat = None

    def start_match(self, rules, seat):
        self.seat = seat
        self.log.append(("start", self.name, seat))

    def act(self, view):
        assert view.player == self.seat
        self.log.append((self.name, view.player))
        return self.inner.act(view)


@pytest.fixture
def spies(monkeypatch):
    from euchre import agents

    log = []
    for name in ("first", "partner", "other", "otherpartner"):
        monkeypatch.setitem(agents._BOTS, name,
                            lambda seed=None, name=name: _Spy(name, log, seed))
    return log


def test_a_side_of_two_seats_the_first_low_and_his_partner_opposite(spies):
    """``A1+A2``: A1 in seat 0 (then 1), A2 opposite; the swap keeps both sides' makeup."""
    from euchre.study.family_duplicate import parse_side, side_name

    side_a, side_b = parse_side("first+partner"), parse_side("other+otherpartner")
    assert side_name(side_a) == "first+partner"
    expected = [{0: "first", 2: "partner", 1: "other", 3: "otherpartner"},
                {1: "first", 3: "partner", 0: "other", 2: "otherpartner"}]
    for deal in range(3):
        spies.clear()
        duplicate_family_hand((side_a, side_b, Rules(players=4), 5, deal))
        starts = [i for i, entry in enumerate(spies) if entry[0] == "start"]
        assert len(starts) == 8  # two plays of four seats
        for play, begin in enumerate((starts[0], starts[4])):
            end = starts[4] if play == 0 else len(spies)
            entries = spies[begin:end]
            seated = {entry[2]: entry[1] for entry in entries[:4]}
            assert seated == expected[play]
            acted = entries[4:]
            assert acted and all(expected[play][seat] == name for name, seat in acted)
            assert {name for name, _ in acted} >= {"first", "other"}


def test_a_side_of_two_equal_bots_is_the_bot_partnering_itself():
    from euchre.study.family_duplicate import parse_side

    medium, two = BotSpec.parse("medium"), parse_side("medium+medium")
    for deal in range(3):
        job = (two, medium, Rules(players=4), 1, deal)
        assert duplicate_family_hand(job)[0] == 0.0
    for bad in ("medium+", "medium+easy+hard", "+medium"):
        with pytest.raises(ValueError, match="side"):
            parse_side(bad)
    with pytest.raises(ValueError, match="four-handed"):
        duplicate_family_hand((two, medium, Rules(players=3), 1, 0))
