"""The bots: loading by name, the Agent protocol (legal actions only, from the View only),
determinism, and the expert choosing what is obviously best in exact positions.

DESIGN.md: "``agents.load(name, seed=..., **options)``; unknown name -> an error that lists
the known names"; "``token = bot.act(view)`` sees only a View; returns one of view.legal".
"""

from __future__ import annotations

import random

import pytest
from agents_support import deal, load

from euchre import Game, Rules, agents, state

# --- loading --------------------------------------------------------------------------------


def test_names_are_the_documented_bots():
    assert set(agents.NAMES) >= {"random", "heuristic", "expert"}
    assert set(agents.LEVELS) <= set(agents.NAMES)


@pytest.mark.parametrize("name", agents.NAMES)
def test_every_name_loads_an_agent(name):
    bot = load(name)
    assert isinstance(bot, agents.Agent)
    assert callable(bot.act) and callable(bot.analyse)
    g = Game(seed=4)
    view = g.view(g.to_move)
    assert bot.act(view) in view.legal


def test_names_are_read_case_insensitively():
    bot = agents.load("  Heuristic ", seed=1)
    g = Game(seed=2)
    view = g.view(g.to_move)
    assert bot.act(view) == agents.load("heuristic", seed=1).act(view)


@pytest.mark.parametrize("name", ["grandmaster", "", "expert2", "rand"])
def test_unknown_name_lists_the_names(name):
    with pytest.raises(ValueError) as err:
        agents.load(name)
    message = str(err.value)
    assert repr(name) in message
    for known in agents.NAMES:
        assert known in message


@pytest.mark.parametrize(
    ("name", "option", "listed"),
    [
        ("expert", "depth", ["deals", "bid_deals", "infer", "opponent"]),
        ("hard", "depth", ["deals", "infer"]),
        ("easy", "deals", ["mistakes"]),
        ("random", "deals", []),
        ("heuristic", "deals", []),
    ],
)
def test_unknown_option_is_named_with_the_options(name, option, listed):
    with pytest.raises(ValueError) as err:
        agents.load(name, seed=1, **{option: 3})
    message = str(err.value)
    assert repr(option) in message and repr(name) in message
    for known in listed:
        assert known in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("name", "options", "fragment"),
    [
        ("expert", {"deals": 0}, "deals"),
        ("expert", {"bid_deals": 0}, "bid_deals"),
        ("expert", {"bid_deals": "many"}, "bid_deals"),
        ("expert", {"late_deals": 0}, "late_deals"),
        ("expert", {"late_deals": 1.5}, "late_deals"),
        ("expert", {"deals": -5}, "deals"),
        ("expert", {"deals": 2.5}, "deals"),
        ("expert", {"deals": "many"}, "deals"),
        ("hard", {"deals": 0}, "deals"),
        ("expert", {"model": "oracle"}, "model"),
        ("easy", {"mistakes": 2}, "mistakes"),
        ("easy", {"mistakes": -0.1}, "mistakes"),
        ("easy", {"mistakes": float("nan")}, "mistakes"),
    ],
)
def test_bad_option_values(name, options, fragment):
    with pytest.raises(ValueError, match=fragment):
        agents.load(name, seed=1, **options)


def test_non_numeric_mistakes_is_a_value_error():
    with pytest.raises(ValueError, match="mistakes"):
        agents.load("easy", seed=1, mistakes="often")


@pytest.mark.parametrize("option", ["infer", "soft_reply"])
def test_non_boolean_switches_are_refused(option):
    with pytest.raises(ValueError, match=option):
        agents.load("expert", seed=1, **{option: "no"})


@pytest.mark.parametrize("name", agents.NAMES)
def test_acting_out_of_turn_is_an_error(name):
    g = Game(seed=3)
    idle = 1 - g.to_move
    view = g.view(idle)
    assert view.legal == ()
    with pytest.raises(ValueError):
        load(name).act(view)


# --- the expert finds the obvious -----------------------------------------------------------


def test_expert_wins_the_trick_that_saves_a_point():
    """Hearts trump, ordered up by player 1, who has taken the first three tricks and leads
    KS; the dealer (expert) holds AS and 9S. AS wins this trick; 9S lets player 1 take it and
    lead his last card for the march. AS is never worse in any deal he may imagine."""
    g = deal("JH JD AH KS TC", "KH QH AS 9S 9D", "9H",
             "order", "pass", "JH", "QH", "JD", "KH", "TC", "9D", "KS")
    view = g.view(0)
    assert view.phase == "play" and sorted(view.legal) == ["9S", "AS"]
    for seed in range(4):
        values = agents.load("expert", seed=seed, deals=24).analyse(view)
        assert values["AS"] > values["9S"] + 0.2, values
        assert agents.load("expert", seed=seed, deals=24).act(view) == "AS"


@pytest.mark.parametrize("hand", ["JH JD AH KH AS", "JH JD AH KH 9C"])
def test_expert_orders_up_with_both_bowers_and_ace_king(hand):
    """Round 1, non-dealer: both bowers and A K of the upcard's suit make at least four
    tricks whatever the dealer holds (he can hold at most QH TH 9H): `order` is never euchred
    and often marches; passing gives the dealer the choice and hearts cannot be named in
    round 2. (With fewer deals, e.g. deals=24 seed=3 on the 9C hand, the sampling noise of
    the round-2 plan makes the expert pass: 96 deals, the default, are needed.)

    The expert proper is only held to ``order`` being worth a point or more: its model of the
    dealer is fitted to its own bidding, and such a dealer takes the upcard on little (it
    picks up in three hands of four), so with the 9C hand passing to euchre him is a trap
    it may value above ordering (``bid_model.py``)."""
    g = deal(hand, "QC KC AC KD 9D", "9H")
    view = g.view(1)
    assert view.phase == "bid1" and view.legal == ("pass", "order")
    for seed in range(4):
        values = agents.load("pimc", seed=seed).analyse(view)
        assert values["order"] > values["pass"], values
        assert values["order"] >= 1.0, values  # at least four tricks in every deal
        assert agents.load("pimc", seed=seed).act(view) == "order"
        assert agents.load("expert", seed=seed).analyse(view)["order"] >= 1.0


def test_expert_discards_the_lone_nine_not_the_right_bower():
    """The dealer accepted QH with JH AH KH AS 9C: throwing the lone 9C (a void, a loser
    gone) beats throwing the right bower."""
    g = deal("9S TS QS KS 9D", "JH AH KH AS 9C", "QH", "pass", "order")
    view = g.view(0)
    assert view.phase == "discard" and "discard 9C" in view.legal and "pass" not in view.legal
    for seed in range(4):
        values = agents.load("expert", seed=seed, deals=24).analyse(view)
        assert values["discard 9C"] > values["discard JH"] + 0.3, values
        assert max(values, key=values.__getitem__) == "discard 9C"
        assert agents.load("expert", seed=seed, deals=24).act(view) == "discard 9C"



def test_the_expert_is_score_aware_near_the_target(monkeypatch):
    """Near the target the expert values outcomes by the chance of winning the match: at
    9-9 to 10 a euchre loses the match outright, which points alone do not say."""
    from euchre.agents.equity import MatchEquity
    from euchre.agents.expert import ExpertAgent

    g = Game(Rules(target=10), seed=4)
    g._s[state.SCORE0], g._s[state.SCORE1] = 9, 9  # the same deal, the score moved
    view = g.view(g.to_move)
    early = Game(Rules(target=10), seed=4).view(view.player)
    aware = ExpertAgent(seed=1, deals=24).analyse(view)
    aware_early = ExpertAgent(seed=1, deals=24).analyse(early)
    monkeypatch.setattr(MatchEquity, "matters", lambda self, score: False)  # points alone
    points = ExpertAgent(seed=1, deals=24).analyse(view)
    assert aware.keys() == points.keys()
    assert aware != points
    assert aware_early == ExpertAgent(seed=1, deals=24).analyse(early)


# --- the frozen yardstick and the opponents of other styles ---------------------------------

PIMC_FINGERPRINT = "5fae2601b1e1369b4f117c2491508fa6832ae1f6806872ccf1befba8892891b2"
"""SHA-256 of every value ``pimc`` gave on the positions below, measured on the first
release's expert (commit 5b798c6) and on ``pimc``: identical. If this test fails, the shared
search code changed ``pimc``: put the change behind an option that ``pimc`` leaves off."""


def test_pimc_is_the_first_releases_expert_frozen():
    import hashlib

    lines = []
    for s, rules in enumerate([Rules(), Rules(deck=25, stick_the_dealer=True),
                               Rules(deck=32, target=5)]):
        g = Game(rules, seed=40 + s)
        rng = random.Random(s)
        for step in range(60):
            if g.is_over:
                break
            v = g.view(g.to_move)
            if step % 3 == 0 and len(v.legal) > 1:
                values = agents.load("pimc", seed=step).analyse(v)
                lines.append(" ".join(f"{k}={x!r}" for k, x in sorted(values.items())))
            g.apply(rng.choice(g.legal_actions()))
    assert len(lines) == 43
    assert hashlib.sha256("\n".join(lines).encode()).hexdigest() == PIMC_FINGERPRINT


@pytest.mark.parametrize("name", ["bold", "timid", "mimic", "pimc"])
def test_the_yardstick_and_the_styles_play_whole_matches_legally(name):
    for seed, rules in ((1, Rules(target=3)), (2, Rules(deck=25, target=3,
                                                        stick_the_dealer=True))):
        g = Game(rules, seed=seed)
        bots = [agents.load(name, seed=seed), agents.load("heuristic", seed=seed)]
        while not g.is_over:
            view = g.view(g.to_move)
            token = bots[g.to_move].act(view)
            assert token in view.legal
            g.apply(token)


def test_bold_bids_more_and_timid_less_than_the_heuristic():
    """Over the same first-round positions the aggressive player makes trump more often and
    the cautious one less often than the heuristic: three different bidders."""
    made = {"bold": 0, "timid": 0, "heuristic": 0}
    for seed in range(300):
        view = Game(seed=seed).view(Game(seed=seed).to_move)
        for name in made:
            made[name] += agents.load(name, seed=1).act(view) == "order"
    assert made["bold"] > made["heuristic"] > made["timid"] > 0
