"""bench/openspiel_ismcts.py --players 4: our bots against OpenSpiel's ISMCTS on OpenSpiel's
own ``euchre``, our engine in lockstep. Every hand completes with legal moves in both
engines, every state ISMCTS searches from has its player's information state, and the
figures are reported."""

from __future__ import annotations

import importlib
import json
import math
import pathlib
import random
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")

BENCH = pathlib.Path(__file__).parent.parent / "bench"
SCRIPT = BENCH / "openspiel_ismcts.py"


@pytest.fixture(scope="module")
def bench():
    sys.path.insert(0, str(BENCH))
    try:
        yield importlib.import_module("openspiel_ismcts")
    finally:
        sys.path.remove(str(BENCH))


def test_four_handed_run_reports_its_figures():
    done = subprocess.run([sys.executable, str(SCRIPT), "--players", "4", "--hands", "2",
                           "--sims", "20", "--workers", "1", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(done.stdout)
    assert (row["ours"], row["players"], row["deals"], row["hands"]) == ("expert", 4, 2, 4)
    assert row["uct_c"] == 4.0 and row["sims"] == 20
    assert row["low95"] <= row["points_per_hand"] <= row["high95"]
    assert all(math.isfinite(row[k]) and row[k] > 0
               for k in ("ismcts_mean_ms", "ours_mean_ms", "ours_median_ms"))
    assert row["ismcts_decisions"] > 0


def test_hands_are_legal_in_both_engines_and_resampled_states_share_the_infostate(bench):
    """Random players on our side (they go alone, order up a partner who deals, and discard
    the upcard, all paths of the driver), ISMCTS with few simulations on the other; every
    action is legal in OpenSpiel, ``FamilyHand.apply`` checks ours (the cards, the points),
    and ISMCTS checks that each resampled state has the player's information state."""
    from euchre import agents

    game = bench.pyspiel.load_game(bench.FAMILY)
    seen = {"alone": 0, "dealer sat out": 0, "round 2": 0, "ismcts maker": 0}
    rng = random.Random(39)
    for deal_no in range(30):
        deck = list(range(24))
        rng.shuffle(deck)
        dealer = deal_no % 4
        for our_side in (0, 1):
            hand = bench.FamilyHand(game, dealer, deck, random.Random(deal_no))
            bots = {}
            for seat in range(4):
                if seat % 2 == our_side:
                    bots[seat] = agents.load("random", seed=deal_no * 4 + seat)
                else:
                    bots[seat] = bench.make_ismcts(game, 3, 4.0, bench.mix64(deal_no * 4 + seat),
                                                   bench.EuchreISMCTSBot)
                    bots[seat].set_resampler(hand.resample)
            while not hand.os.is_terminal():
                player = hand.os.current_player()
                ours = player % 2 == our_side
                action = (hand.choose(bots[player]) if ours
                          else int(bots[player].step(hand.os)))
                assert action in hand.os.legal_actions()
                # each searched state: the same information state (ISMCTS asserts it too)
                if not ours:
                    world = hand.resample(hand.os, player)
                    assert world.information_state_string(player) == \
                        hand.os.information_state_string(player)
                    assert world.trump_suit() == hand.os.trump_suit()
                hand.apply(action, ours=ours)
            last = hand.game.view(None).last_hand
            alone = hand.os.declarer_go_alone()
            seen["alone"] += alone
            seen["dealer sat out"] += last["dealer"] in last["out"]
            seen["round 2"] += hand.os.history()[22:26] == [bench.PASS] * 4
            seen["ismcts maker"] += hand.os.declarer() % 2 != our_side
    assert all(n > 0 for n in seen.values()), seen
