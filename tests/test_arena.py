"""The arena: its statistics against hand-computed values, duplicate pairs, parallel runs that
match serial ones, and the `euchre arena` command (JSON, records, plot, bad arguments)."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from euchre import Game, Rules
from euchre.cli import main
from euchre.study.arena import (
    ArenaSpec,
    BotSpec,
    MatchOutcome,
    duplicate_hand,
    duplicate_series,
    ratio_interval,
    run,
    summarise,
    wilson,
)

Z = 1.959963984540054  # the 97.5% normal quantile


def strict_json(text: str):
    """json.loads that refuses NaN and Infinity, as RFC 8259 (and jq, and browsers) do."""
    def refuse(name: str):
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


# --- Wilson interval --------------------------------------------------------------------------


def test_wilson_8_of_10():
    # p = 0.8, n = 10, z^2 = 3.8414588
    # denominator = 1 + z^2/n = 1.38414588
    # centre = (p + z^2/(2n)) / denominator = (0.8 + 0.19207294) / 1.38414588 = 0.71674016
    # half = z * sqrt(p(1-p)/n + z^2/(4n^2)) / denominator
    #      = 1.95996398 * sqrt(0.016 + 0.00960365) / 1.38414588
    #      = 1.95996398 * 0.16001140 / 1.38414588 = 0.31361658 / 1.38414588 = 0.22657769
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.71674016 - 0.22657769, abs=1e-6)  # 0.49016247
    assert high == pytest.approx(0.71674016 + 0.22657769, abs=1e-6)  # 0.94331785


def test_wilson_0_of_5():
    # p = 0: centre = half = (z^2/(2n)) / (1 + z^2/n), so the interval is [0, z^2/(n + z^2)]
    # = [0, 3.841459 / 8.841459] = [0, 0.4344825]
    low, high = wilson(0, 5)
    assert low == pytest.approx(0.0, abs=1e-12)
    assert high == pytest.approx(0.4344825, abs=1e-6)


def test_wilson_5_of_5_mirrors_0_of_5():
    low, high = wilson(5, 5)
    assert low == pytest.approx(1 - 0.4344825, abs=1e-6)
    assert high == pytest.approx(1.0, abs=1e-12)


def test_wilson_edges():
    assert wilson(0, 0) == (0.0, 1.0)  # nothing known
    assert wilson(1, 2, z=0.0) == (0.5, 0.5)  # no spread: the proportion itself
    low, high = wilson(50, 100)
    assert low == pytest.approx(1 - high) and low < 0.5 < high
    assert wilson(500, 1000)[1] - wilson(500, 1000)[0] < high - low  # more data, narrower


# --- ratio interval --------------------------------------------------------------------------


def test_ratio_interval_three_pairs():
    # margins 3, -1, 1 over 4, 4, 2 hands: mean = (3 - 1 + 1) / 10 = 0.3
    # residuals x - mean*d: 3 - 1.2 = 1.8, -1 - 1.2 = -2.2, 1 - 0.6 = 0.4
    # sum of squares = 3.24 + 4.84 + 0.16 = 8.24; / (n (n-1)) = 8.24 / 6 = 1.3733333
    # sqrt = 1.1718931; / mean d (10/3) = 0.3515679 = se; z * se = 0.6890602
    mean, low, high = ratio_interval([3, -1, 1], [4, 4, 2])
    assert mean == pytest.approx(0.3)
    assert low == pytest.approx(0.3 - 0.6890602, abs=1e-6)
    assert high == pytest.approx(0.3 + 0.6890602, abs=1e-6)


def test_ratio_interval_no_spread():
    # every pair has the same ratio: the residuals vanish, so does the interval
    assert ratio_interval([1, 2, 3], [2, 4, 6]) == pytest.approx((0.5, 0.5, 0.5))


def test_ratio_interval_too_little_data():
    assert ratio_interval([], []) == (0.0, -math.inf, math.inf)
    assert ratio_interval([0, 0], [0, 0]) == (0.0, -math.inf, math.inf)
    mean, low, high = ratio_interval([3], [4])
    assert mean == 0.75 and low == -math.inf and high == math.inf


# --- summarise -------------------------------------------------------------------------------


def outcome(pair, a_seat, a_won, a_points, b_points, hands, makes_a, makes_b, think_a,
            think_b) -> MatchOutcome:
    return MatchOutcome(pair=pair, a_seat=a_seat, a_won=a_won, a_points=a_points,
                        b_points=b_points, hands=hands, makes={"a": makes_a, "b": makes_b},
                        think={"a": think_a, "b": think_b})


HAND_MADE = [
    outcome(0, 0, True, 10, 4, 8, [4, 2, 1, 1], [3, 1, 0, 2], [40, 0.2], [38, 0.1]),
    outcome(0, 1, False, 7, 10, 9, [3, 2, 0, 1], [5, 3, 2, 0], [45, 0.25], [44, 0.05]),
    outcome(1, 0, True, 10, 8, 12, [5, 4, 1, 0], [5, 2, 0, 3], [60, 0.3], [58, 0.02]),
    outcome(1, 1, True, 11, 9, 10, [4, 3, 0, 1], [4, 2, 1, 1], [50, 0.25], [52, 0.03]),
    # pair 2 never finished (Ctrl-C): its one match must not count
    outcome(2, 0, True, 10, 0, 5, [5, 5, 0, 0], [0, 0, 0, 0], [30, 9.0], [30, 9.0]),
]


def test_summarise_hand_made_outcomes():
    spec = ArenaSpec("heuristic", "random", pairs=3, seed=9, rules=Rules(target=10))
    stats = summarise(spec, HAND_MADE)
    assert stats["pairs"] == 2 and stats["matches"] == 4
    assert stats["seed"] == 9 and stats["rules"] == Rules(target=10).to_dict()
    assert stats["a_match_wins"] == 3
    assert stats["a_win_rate"] == 0.75
    assert stats["a_win_rate_95"] == pytest.approx(list(wilson(3, 4)))
    # margins: pair 0 (10-4) + (7-10) = 3, pair 1 (10-8) + (11-9) = 4; hands 17 and 22
    assert stats["hands"] == 39
    assert stats["a_points_per_hand"] == pytest.approx(7 / 39)
    # residuals 3 - 17*7/39 = -0.0512821 and 4 - 22*7/39 = +0.0512821: sum of squares / 2
    # = 0.0026298, sqrt 0.0512821, / mean hands 19.5 = 0.0026299, times z = 0.0051544
    low, high = stats["a_points_per_hand_95"]
    assert low == pytest.approx(7 / 39 - 0.0051544, abs=1e-6)
    assert high == pytest.approx(7 / 39 + 0.0051544, abs=1e-6)
    a, b = stats["a"], stats["b"]
    assert a["name"] == "heuristic" and b["name"] == "random"
    # A made trump 4+3+5+4 = 16 times: made 2+2+4+3 = 11, marched 1+0+1+0 = 2, euchred 3
    assert a["made_trump"] == 16
    assert a["make_rate"] == pytest.approx(11 / 16)
    assert a["march_rate"] == pytest.approx(2 / 16)
    assert a["euchred_rate"] == pytest.approx(3 / 16)
    # B: 3+5+5+4 = 17; made 1+3+2+2 = 8, marched 0+2+0+1 = 3, euchred 2+0+3+1 = 6
    assert b["made_trump"] == 17
    assert (b["make_rate"], b["march_rate"], b["euchred_rate"]) == pytest.approx(
        (8 / 17, 3 / 17, 6 / 17))
    # decisions 40+45+60+50 = 195 in 1.0 s; B 38+44+58+52 = 192 in 0.2 s
    assert a["decisions"] == 195 and a["mean_decision_ms"] == pytest.approx(1000 / 195)
    assert b["decisions"] == 192 and b["mean_decision_ms"] == pytest.approx(200 / 192)
    # the running margin: after pair 1 alone (no interval yet: shown as the mean), then both
    running = stats["running_margin"]
    assert running[0] == pytest.approx([1, 3 / 17, 3 / 17, 3 / 17])
    assert running[1] == pytest.approx([2, 7 / 39, low, high])
    strict_json(json.dumps(stats))


def test_summarise_nothing_played():
    spec = ArenaSpec("heuristic", "random", pairs=1)
    stats = summarise(spec, [])
    assert stats["matches"] == 0 and stats["a_win_rate"] == 0.0 and stats["hands"] == 0
    assert stats["a"]["make_rate"] == 0.0 and stats["a"]["mean_decision_ms"] == 0.0
    assert stats["running_margin"] == []


# --- playing -----------------------------------------------------------------------------------

SMALL = dict(pairs=3, seed=17, rules=Rules(target=3))


def comparable(o: MatchOutcome) -> tuple:
    """Everything but the clock."""
    return (o.pair, o.a_seat, o.a_won, o.a_points, o.b_points, o.hands, o.makes,
            o.think["a"][0], o.think["b"][0], o.record)


def test_run_is_the_same_with_two_workers():
    spec = ArenaSpec("heuristic", "random", keep_records=True, **SMALL)
    serial = run(spec, workers=1)
    parallel = run(spec, workers=2)
    assert not serial.interrupted and not parallel.interrupted
    assert serial.matches == parallel.matches == 6
    assert [comparable(o) for o in serial.outcomes] == [comparable(o) for o in parallel.outcomes]
    assert [(o.pair, o.a_seat) for o in serial.outcomes] == [(p, s) for p in range(3)
                                                             for s in (0, 1)]


def test_run_depends_on_the_seed():
    a = run(ArenaSpec("heuristic", "random", pairs=3, seed=1, rules=Rules(target=3)))
    b = run(ArenaSpec("heuristic", "random", pairs=3, seed=1, rules=Rules(target=3)))
    c = run(ArenaSpec("heuristic", "random", pairs=3, seed=2, rules=Rules(target=3)))
    assert [comparable(o) for o in a.outcomes] == [comparable(o) for o in b.outcomes]
    assert [comparable(o) for o in a.outcomes] != [comparable(o) for o in c.outcomes]


@pytest.mark.parametrize("deck", [24, 25])
def test_outcomes_agree_with_the_records(deck):
    """Each outcome is the match its record replays: score, winner, hands, who made trump
    and how it went, and one decision per action."""
    rules = Rules(deck=deck, target=4)
    result = run(ArenaSpec("heuristic", "easy", pairs=3, seed=deck, rules=rules,
                           keep_records=True))
    for o in result.outcomes:
        game = Game.from_record(o.record)
        assert game.is_over and game.rules == rules
        assert game.score[o.a_seat] == o.a_points and game.score[1 - o.a_seat] == o.b_points
        assert (game.winner == o.a_seat) == o.a_won
        hands = o.record["hands"]
        assert o.hands == len(hands)
        seat = {o.a_seat: "a", 1 - o.a_seat: "b"}
        expected = {"a": [0, 0, 0, 0], "b": [0, 0, 0, 0]}
        for hand in hands:
            result_ = hand["result"]
            if result_["thrown_in"]:
                continue
            who = seat[result_["maker"]]
            won = result_["tricks_won"][result_["maker"]]
            expected[who][0] += 1
            expected[who][1 if won in (3, 4) else 2 if won == 5 else 3] += 1
        assert o.makes == expected
        actions = sum(len(hand["actions"]) for hand in hands)
        assert o.think["a"][0] + o.think["b"][0] == actions


def test_a_pair_is_the_same_deal_with_the_seats_swapped():
    result = run(ArenaSpec("heuristic", "random", keep_records=True, **SMALL))
    for pair in range(3):
        first, second = (o for o in result.outcomes if o.pair == pair)
        assert (first.a_seat, second.a_seat) == (0, 1)
        r1, r2 = first.record, second.record
        assert r1["seed"] == r2["seed"] and r1["first_dealer"] == r2["first_dealer"]
        assert r1["hands"][0]["deck"] == r2["hands"][0]["deck"]
    assert len({o.record["seed"] for o in result.outcomes}) == 3  # pairs differ


def test_duplicate_hand_of_a_deterministic_bot_against_itself_is_zero():
    """The same deal from both seats by the same (deterministic) bot: whatever A wins in one
    seat he loses in the other."""
    heuristic = BotSpec.parse("heuristic")
    for rules in (Rules(), Rules(deck=25), Rules(deck=32, stick_the_dealer=True)):
        for deal in range(25):
            net, times = duplicate_hand((heuristic, heuristic, rules, 4, deal))
            assert net == 0.0
            assert times and all(t >= 0 for t in times)


def test_duplicate_hand_is_not_always_zero():
    """...so the test above could fail: against another bot the deals do not cancel."""
    heuristic, rnd = BotSpec.parse("heuristic"), BotSpec.parse("random")
    nets = [duplicate_hand((heuristic, rnd, Rules(), 4, deal))[0] for deal in range(25)]
    assert any(nets)
    assert all(2 * net == int(2 * net) and -2 <= net <= 2 for net in nets)
    assert sum(nets) > 0  # the heuristic beats random over 25 deals


def test_one_seed_for_both_bots_makes_a_random_bot_against_itself_exactly_zero():
    """``same_seed`` (common random numbers, ``strength.py --same-seed``): a bot that draws
    at random scores 0 against itself on one seed, and not on two; a changed option still
    shows (the random bot against the heuristic is far from 0 either way)."""
    rnd, heuristic = BotSpec.parse("random"), BotSpec.parse("heuristic")
    rules = Rules()
    same = [duplicate_series((rnd, rnd, rules, 4, deal, 2, True))[0] for deal in range(0, 20, 2)]
    assert same == [0.0] * 10
    apart = [duplicate_series((rnd, rnd, rules, 4, deal, 2))[0] for deal in range(0, 20, 2)]
    assert any(apart)
    versus = [duplicate_series((heuristic, rnd, rules, 4, deal, 2, True))[0]
              for deal in range(0, 20, 2)]
    assert sum(versus) > 0


def test_bot_spec_parse():
    spec = BotSpec.parse(" Expert:deals=48,infer=false,opponent=heuristic")
    assert spec.name == "expert"
    assert dict(spec.options) == {"deals": 48, "infer": False, "opponent": "heuristic"}
    assert str(spec) == "expert:deals=48,infer=False,opponent=heuristic"
    with pytest.raises(ValueError, match="name=value"):
        BotSpec.parse("expert:deals")
    with pytest.raises(ValueError, match="grandmaster"):
        BotSpec.parse("grandmaster")


# --- the command line ------------------------------------------------------------------------

ARENA = ["arena", "heuristic", "random", "--target", "3", "--seed", "5"]
JSON_KEYS = {"a", "b", "pairs", "matches", "seed", "rules", "a_match_wins", "a_win_rate",
             "a_win_rate_95", "hands", "a_points_per_hand", "a_points_per_hand_95", "seconds",
             "workers", "backend", "interrupted", "forfeits"}
BOT_KEYS = {"name", "made_trump", "make_rate", "march_rate", "euchred_rate", "decisions",
            "mean_decision_ms"}


def test_cli_json(capsys):
    assert main([*ARENA, "--games", "4", "--json"]) == 0
    out = capsys.readouterr().out
    stats = strict_json(out)
    assert set(stats) == JSON_KEYS
    assert set(stats["a"]) == set(stats["b"]) == BOT_KEYS
    assert stats["a"]["name"] == "heuristic" and stats["b"]["name"] == "random"
    assert stats["matches"] == 4 and stats["pairs"] == 2 and stats["seed"] == 5
    assert stats["rules"]["target"] == 3 and stats["workers"] == 1
    assert stats["interrupted"] is False
    assert 0 <= stats["a_match_wins"] <= 4
    # the same numbers as the library gives
    spec = ArenaSpec("heuristic", "random", pairs=2, seed=5, rules=Rules(target=3))
    library = run(spec).stats
    for key in ("a_match_wins", "hands", "a_points_per_hand", "a_points_per_hand_95"):
        assert stats[key] == pytest.approx(library[key])


def test_cli_json_with_one_pair_is_strict_json(capsys):
    assert main([*ARENA, "--games", "2", "--json"]) == 0
    strict_json(capsys.readouterr().out)


def test_cli_text_report(capsys):
    assert main([*ARENA, "--games", "2", "--deck", "25"]) == 0
    out = capsys.readouterr().out
    assert "heuristic (A) vs random (B): 2 matches in 1 duplicate pair," in out
    assert "A wins" in out and "points per hand" in out
    assert "nan" not in out  # one pair has no interval, and says so
    assert "(no interval from fewer than 2 pairs)" in out


def test_cli_out_writes_one_record_per_match(tmp_path, capsys):
    folder = tmp_path / "records" / "deep"
    assert main([*ARENA, "--games", "4", "--out", str(folder), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"pair{p:05d}-a{s}.json" for p in range(2)
                                       for s in (0, 1)]
    hands = 0
    for path in files:
        game = Game.from_record(json.loads(path.read_text(encoding="utf-8")))
        assert game.is_over and game.rules.target == 3 and max(game.score) >= 3
        hands += game.hand_number + 1
    assert hands == stats["hands"]


def test_cli_plot_writes_a_png(tmp_path, capsys):
    target = tmp_path / "margin.png"
    assert main([*ARENA, "--games", "4", "--plot", str(target)]) == 0
    capsys.readouterr()
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--games", "0"], "--games"),
        (["--games", "-2"], "--games"),
        (["--workers", "x"], "--workers"),
        (["--workers", "0"], "--workers"),
        (["--deck", "30"], "--deck"),
        (["--seed", "-1"], "--seed"),
        (["--target", "0"], "--target"),
    ],
)
def test_cli_bad_flags(argv, fragment, capsys):
    with pytest.raises(SystemExit) as stop:
        main([*ARENA, *argv])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert fragment in captured.err and captured.err.count("\n") == 1
    assert captured.err.startswith("euchre arena: error: ") and not captured.out


@pytest.mark.parametrize(
    ("a", "fragment"),
    [
        ("grandmaster", "unknown bot 'grandmaster'"),
        ("expert:depth=3", "no option 'depth'"),
        ("expert:deals=0", "deals"),
        ("easy:mistakes=2", "mistakes"),
        ("expert:deals", "name=value"),
    ],
)
def test_cli_bad_bots(a, fragment, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["arena", a, "random", "--games", "2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


def test_cli_bad_bot_option_type_is_named(capsys):
    with pytest.raises(SystemExit):
        main(["arena", "easy:mistakes=often", "random", "--games", "2"])
    err = capsys.readouterr().err
    assert "mistakes" in err and "_bot" not in err


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--games", "3"], "--games 3"),
        (["--games", "4", "--plot", "file.txt"], "--plot file.txt"),
    ],
)
def test_cli_bad_values_return_2(argv, fragment, capsys, tmp_path):
    assert main([*ARENA, *argv]) == 2
    captured = capsys.readouterr()
    assert fragment in captured.err and captured.err.count("\n") == 1 and not captured.out
    assert not (tmp_path / "file.txt").exists()


def test_cli_out_is_a_file(tmp_path, capsys):
    taken = tmp_path / "taken"
    taken.write_text("not a folder")
    assert main([*ARENA, "--games", "2", "--out", str(taken)]) == 2
    err = capsys.readouterr().err
    assert "--out" in err and err.count("\n") == 1


def test_cli_end_to_end():
    command = [sys.executable, "-m", "euchre.cli", *ARENA, "--games", "4", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    stats = strict_json(done.stdout)
    assert set(stats) == JSON_KEYS and stats["matches"] == 4
    assert "Traceback" not in done.stderr and not done.stderr.strip()
    bad = subprocess.run([*command[:-3], "--games", "3"], capture_output=True, text=True,
                         check=False, timeout=120)
    assert bad.returncode == 2 and not bad.stdout
    assert bad.stderr.count("\n") == 1 and "--games 3" in bad.stderr


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_cleanly_and_reports_what_finished(workers):
    """Ctrl-C during a run: the workers stop, the pairs that finished are reported (JSON
    here), and the exit status is 130."""
    import signal
    import time as clock

    process = subprocess.Popen(
        [sys.executable, "-m", "euchre.cli", "arena", "heuristic", "random", "--games", "100000",
         "--target", "3", "--workers", str(workers), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    clock.sleep(4.0)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    report = json.loads(out)
    assert report["interrupted"] is True
    assert 0 < report["pairs"] < 50000
    assert report["matches"] == 2 * report["pairs"]
    assert "Traceback" not in err
