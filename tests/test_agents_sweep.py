"""The bots on every state of random matches under all 24 rule combinations (the legality
sweep): each plays only legal actions and values exactly the legal ones; the expert with
each of its options too; the Joker's phase (DESIGN.md: "``token = bot.act(view)`` ...
returns one of view.legal")."""

from __future__ import annotations

import pytest
from agents_support import DISTINCT, FEW_BIDS, RULE_SETS, deal, load, sweep_views

from euchre import agents


def test_the_sweep_reaches_every_phase_and_option():
    views = sweep_views()
    assert len(views) >= 2500
    phases = {v.phase for v in views}
    assert phases == {"bid1", "bid2", "discard", "play", "joker"}
    assert sum(v.phase == "joker" for v in views) >= 20
    discards = [v for v in views if v.phase == "discard"]
    assert any("pass" in v.legal for v in discards)  # the dealer may leave it
    assert any("pass" not in v.legal for v in discards)
    assert any(v.phase == "discard" and v.upcard == "JK" for v in views)
    assert any(v.phase == "play" and v.upcard == "JK" for v in views)
    for rules in RULE_SETS:
        assert sum(v.rules == rules for v in views) >= 50
    # stick the dealer: a dealer in round 2 without "pass"
    assert any(v.phase == "bid2" and "pass" not in v.legal for v in views)
    assert sum(v.phase == "bid2" for v in views) >= 150


def check_bot_on(name: str, views) -> list[str]:
    """Ask a fresh bot every view: what it returned that was not legal, or where it broke."""
    bot = load(name, seed=11, **(FEW_BIDS if name == "expert" else {}))
    problems = []
    for i, view in enumerate(views):
        try:
            token = bot.act(view)
            if token not in view.legal:
                problems.append(f"{view.phase}: {token!r} not in {view.legal}")
            if i % 7 == 0:
                values = bot.analyse(view)
                if sorted(values) != sorted(view.legal) or len(values) != len(view.legal):
                    problems.append(f"{view.phase}: analyse keys {sorted(values)}")
                if not all(type(v) is float for v in values.values()):
                    problems.append(f"{view.phase}: analyse values {values}")
        except Exception as err:  # every failure is a finding
            problems.append(f"{view.phase} upcard {view.upcard}: {type(err).__name__}: {err}")
    return problems


@pytest.mark.parametrize("name", DISTINCT)
def test_every_bot_only_plays_legal_actions(name):
    problems = check_bot_on(name, sweep_views())
    assert not problems, f"{len(problems)} problems, first: {problems[:3]}"


@pytest.mark.parametrize("options", [{"infer": False}, {"opponent": "heuristic"},
                                     {"calibrated": False}, {"deals": 1}])
def test_expert_options_only_play_legal_actions(options):
    views = sweep_views()[::4]
    bot = agents.load("expert", seed=2, **{"deals": 3, **FEW_BIDS, **options})
    for view in views:
        assert bot.act(view) in view.legal


def test_expert_without_inference_handles_the_joker_upcard():
    """After a Joker upcard, for the expert that does not weigh deals by the bidding."""
    views = [v for v in sweep_views() if v.upcard == "JK"]
    assert len(views) > 200
    bot = agents.load("expert", seed=2, deals=3, infer=False)
    for view in views:
        assert bot.act(view) in view.legal


def test_expert_after_the_joker_is_turned_up_and_named_by_the_opponent():
    """Exact repro: player 0 deals the Joker, names clubs and discards; player 1 (the
    expert) must lead."""
    g = deal("KC TC JH 9H KS", "AS AC JC TD QC", "JK", "call C", "discard TD", size=25)
    view = g.view(1)
    assert view.phase == "play" and view.bids == ((0, "call C"),)
    assert load("expert").act(view) in view.legal


@pytest.mark.parametrize("name", agents.NAMES)
def test_the_joker_phase_has_a_call(name):
    """RULES: "If the Joker is the upcard ... The dealer names the trump suit before looking
    at his hand"."""
    g = deal("KC TC JH 9H KS", "AS AC JC TD QC", "JK", size=25)
    view = g.view(0)
    assert view.phase == "joker" and view.hand == ()
    token = load(name).act(view)
    assert token in view.legal and token.startswith("call ")
