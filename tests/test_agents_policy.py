"""Issue 49, criteria 1 and 2: no bot covers an illegal move, and a level's options mean what
they say at every table size.

A bot that chooses something not in ``view.legal`` raises ``IllegalChoice`` naming itself,
its choice and the position (it once played the first legal action instead: a bug became a
quiet weak move); what a table does then is one policy (``agents.stand_in.play_on``: report
in one line, the rules of thumb make that decision). Every bot name plays whole matches at
two, three and four seats, each choice checked against the legal ones."""

from __future__ import annotations

import random

import pytest

from euchre import Game, Rules, agents
from euchre.agents import checked, expert, heuristic, stand_in, styles
from euchre.agents.family import rules_of_thumb
from euchre.agents.family.search import FamilySearch

QUICK = {"expert": {"deals": 3, "bid_deals": 3}, "hard": {"deals": 3, "bid_deals": 3}}
"""Options that keep the searching levels quick (each means the same at every size)."""


TWO_HANDED_ONLY = ("bold", "timid", "mimic")
"""The styles the two-handed expert is measured against: refused at three and four."""


def first_view(players: int, seed: int = 1):
    game = Game(Rules(players=players), seed=seed)
    return game.view(game.to_move)


@pytest.mark.parametrize(("name", "players", "patch"), [
    ("medium", 2, (heuristic.HeuristicAgent, "_choose")),
    ("bold", 2, (styles._StyleAgent, "_choose")),
    ("timid", 2, (styles._StyleAgent, "_choose")),
    ("medium", 4, (rules_of_thumb, "choose")),
    ("easy", 3, (rules_of_thumb, "choose")),
])
def test_a_bot_whose_choice_is_illegal_raises_with_its_name_and_the_position(
        monkeypatch, name, players, patch):
    view = first_view(players)
    monkeypatch.setattr(*patch, lambda *args: "play AS")  # a card in the bidding
    bot = agents.load(name, seed=1, **({"mistakes": 0.0} if name == "easy" else {}))
    with pytest.raises(checked.IllegalChoice) as raised:
        bot.act(view)
    said = str(raised.value)
    assert "\n" not in said and "'play AS'" in said
    assert f"player {view.player} in {view.phase}" in said and " ".join(view.hand) in said
    assert said.startswith(("heuristic", "bold", "timid", "the rules of thumb"))


def test_the_searches_raise_too(monkeypatch):
    for players, target in ((2, expert.ExpertAgent), (4, FamilySearch)):
        view = first_view(players)
        monkeypatch.setattr(target, "analyse", lambda self, view: {"play AS": 1.0})
        with pytest.raises(checked.IllegalChoice, match="chose 'play AS', not one of"):
            agents.load("hard", seed=1).act(view)


def test_a_table_plays_on_past_a_failed_bot_and_says_so_in_one_line():
    class Broken:
        def act(self, view):
            raise checked.IllegalChoice("broken chose 'x', not one of pass, order: ...")

    for players in (2, 3, 4):
        view, said = first_view(players), []
        token = stand_in.play_on(Broken(), view, "expert", said.append)
        assert token in view.legal
        assert said == ["the computer (expert) failed: broken chose 'x', not one of pass, "
                        "order: ...; the rules of thumb chose for it"]


def test_play_on_returns_a_working_bots_own_choice():
    view, said = first_view(2), []
    bot = agents.load("medium", seed=3)
    assert stand_in.play_on(bot, view, "medium", said.append) == agents.load(
        "medium", seed=3).act(view) and said == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", agents.NAMES)
def test_every_bot_plays_whole_matches_legally_at_every_table_size(name, players):
    if name in TWO_HANDED_ONLY and players != 2:
        with pytest.raises(ValueError, match=f"^{name} plays the two-handed game only: at a "
                                             f"table of {players} choose random, easy"):
            agents.load(name, seed=1).act(first_view(players))
        return
    options = {} if name == "pimc" or (players == 2 and name in ("hard", "expert")) else \
        QUICK.get(name, {})
    if players == 2 and name in QUICK:
        options = {"deals": 3}  # (the two-handed bids at their own count: its calibration)
    rng = random.Random(players)
    for match in range(2 if name not in ("pimc", "expert", "hard", "mimic") else 1):
        game = Game(Rules(players=players, target=3), seed=rng.randrange(1 << 30))
        bots = {seat: agents.load(name, seed=seat + match, **options)
                for seat in range(players)}
        while not game.is_over:
            seat = game.to_move
            view = game.view(seat)
            token = bots[seat].act(view)
            assert token in view.legal, (name, players, view.phase, token, view.legal)
            game.apply(token)


def test_options_mean_what_they_say_at_three_and_four():
    """``load("expert", deals=2)`` once played 48 deals at four: now 2, and an option the
    family's search has not is refused in one line, naming it."""
    for players in (3, 4):
        view = first_view(players)
        for level, deals, bids in (("expert", 2, 32), ("hard", 5, 24)):
            bot = agents.load(level, seed=1, deals=deals)
            assert bot.act(view) in view.legal
            family = bot._family_player(view)
            assert (family.deals, family.bid_deals) == (deals, bids)
            bot = agents.load(level, seed=1, deals=deals, bid_deals=7)
            bot.act(view)
            assert bot._family_player(view).bid_deals == 7
        for option, value in (("calibrated", False), ("soft_reply", False),
                              ("search_depth", 0), ("opponent", "heuristic")):
            bot = agents.load("expert", seed=1, **{option: value})
            with pytest.raises(ValueError) as refused:
                bot.act(view)
            said = str(refused.value)
            assert "\n" not in said and said.startswith(f"{option}: an option of the "
                                                        "two-handed search only")
            assert bot.act(first_view(2)) in first_view(2).legal  # at two it is one
