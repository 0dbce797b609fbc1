"""The arena and the tournament on Ray: the same results as on one machine, batches retried
when a worker dies, Ctrl-C reported. A local Ray cluster is started for the tests."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from euchre import Rules
from euchre.study.arena import ArenaSpec, run, seatings
from euchre.study.parallel import run_jobs
from euchre.study.tournament import run_tournament

ray = pytest.importorskip("ray")

EUCHRE = [sys.executable, "-m", "euchre.cli"]


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def same(outcome) -> tuple:
    """What a match's result is, leaving out how long the bots took."""
    return (outcome.pair, outcome.a_seat, outcome.a_won, outcome.a_points, outcome.b_points,
            outcome.hands, outcome.makes, outcome.record)


def test_ray_gives_exactly_the_local_results(cluster):
    spec = ArenaSpec("heuristic", "easy", pairs=9, seed=4, rules=Rules(target=4),
                     keep_records=True)
    local = run(spec, workers=1)
    distributed = run(spec, backend="ray")
    assert [same(o) for o in distributed.outcomes] == [same(o) for o in local.outcomes]
    keys = ("a_match_wins", "hands", "a_points_per_hand", "a_points_per_hand_95", "pairs")
    assert {k: distributed.stats[k] for k in keys} == {k: local.stats[k] for k in keys}


def test_an_outside_program_plays_on_ray_as_it_does_locally(cluster):
    """exec: bots run on the workers (the program must exist there: here it is the same
    machine); a seeded program gives the same matches on either backend."""
    bot = f"exec:{sys.executable} {Path(__file__).parent.parent / 'examples/bots/random_bot.py'} 7"
    spec = ArenaSpec(bot, "heuristic", pairs=2, seed=3, rules=Rules(target=3),
                     keep_records=True)
    local = run(spec, workers=1)
    distributed = run(spec, backend="ray")
    assert local.stats["forfeits"] == [] == distributed.stats["forfeits"]
    assert [same(o) for o in distributed.outcomes] == [same(o) for o in local.outcomes]


def test_a_broken_outside_program_forfeits_on_ray_as_it_does_locally(cluster, tmp_path):
    bot = tmp_path / "illegal.py"
    bot.write_text("import sys\nfor line in sys.stdin:\n    if '\"act\"' in line:\n"
                   "        print('XX', flush=True)\n", encoding="utf-8")
    spec = ArenaSpec("random", f"exec:{sys.executable} {bot}", pairs=2, seed=5,
                     rules=Rules(target=3))
    local = run(spec, workers=1)
    distributed = run(spec, backend="ray")
    assert [f["bot"] for f in distributed.stats["forfeits"]] == ["b"] * 4
    assert all("answered 'XX'" in f["reason"] for f in distributed.stats["forfeits"])
    assert distributed.stats["forfeits"] == local.stats["forfeits"]
    assert distributed.stats["a_match_wins"] == 4


def test_results_come_back_in_job_order_whatever_the_batch_size(cluster):
    for size in (1, 3, 50):
        assert run_jobs(abs, list(range(-20, 0)), backend="ray", batch_size=size).results == \
            list(range(20, 0, -1))


def test_a_tournament_on_ray_matches_the_local_one(cluster):
    bots = ["heuristic", "random", "easy"]
    local = run_tournament(bots, pairs=3, seed=2, rules=Rules(target=3))
    distributed = run_tournament(bots, pairs=3, seed=2, rules=Rules(target=3), backend="ray")
    strip = [{k: v for k, v in p.items() if k not in ("a", "b")} for p in local.pairings]
    assert [{k: v for k, v in p.items() if k not in ("a", "b")}
            for p in distributed.pairings] == strip
    assert distributed.ratings == local.ratings



@pytest.mark.parametrize("rules", [
    Rules(players=3, target=3), Rules(players=4, target=3, defend_alone=True),
    Rules(game="napoleon", players=3, target=5), Rules(game="railroad", target=3)],
    ids=["three", "four", "napoleon", "railroad"])
def test_the_familys_arenas_and_tournaments_on_ray_match_the_local_ones(cluster, rules):
    """A table of three or four on Ray, Napoleon (each for himself, the seats rotated) and
    Railroad (issue 51, criterion 5): the same duplicate sets, ratings and matches as on
    one machine, an outside program among the bots (it runs on the workers)."""
    bot = f"exec:{sys.executable} {Path(__file__).parent.parent / 'examples/bots/random_bot.py'} 7"
    bots = ["medium", "easy", bot]
    local = run_tournament(bots, pairs=1, seed=5, rules=rules)
    distributed = run_tournament(bots, pairs=1, seed=5, rules=rules, backend="ray")
    strip = [{k: v for k, v in p.items() if k not in ("a", "b")} for p in local.pairings]
    assert [{k: v for k, v in p.items() if k not in ("a", "b")}
            for p in distributed.pairings] == strip
    assert distributed.ratings == local.ratings
    assert all(p["matches"] == len(seatings(rules.players)) for p in distributed.pairings)
    assert not any(p.get("forfeits") for p in distributed.pairings)
    spec = ArenaSpec(bot, "medium", pairs=1, seed=6, rules=rules, keep_records=True)
    outcomes = run(spec, backend="ray").outcomes
    assert {o.record["rules"].get("game", "euchre") for o in outcomes} == {rules.game}
    assert [same(o) for o in outcomes] == [same(o) for o in run(spec, workers=1).outcomes]

def ray_task_pids() -> list[int]:
    """Ray worker processes busy with a batch (Ray names them after the task)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                title = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            if title.startswith(b"ray::_run_batch"):
                found.append(int(entry.name))
    return found


ARENA = ["arena", "expert:deals=6", "heuristic", "--target", "3", "--seed", "3",
         "--backend", "ray", "--workers", "2", "--json"]


def test_a_killed_worker_has_its_batch_retried_and_nothing_is_lost_or_counted_twice(tmp_path):
    out = tmp_path / "records"
    arena = subprocess.Popen([*EUCHRE, *ARENA, "--games", "16", "--out", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = None
    deadline = time.monotonic() + 120
    while killed is None and time.monotonic() < deadline and arena.poll() is None:
        busy = ray_task_pids()
        if busy:
            time.sleep(0.3)  # let it get well into its batch
            try:
                os.kill(busy[0], signal.SIGKILL)
                killed = busy[0]
            except ProcessLookupError:
                continue
        time.sleep(0.05)
    stdout, stderr = arena.communicate(timeout=600)
    assert killed is not None, "no Ray worker was seen running a batch"
    assert arena.returncode == 0, stderr
    assert stdout.strip(), stderr
    stats = json.loads(stdout)
    assert stats["matches"] == 16 and stats["pairs"] == 8 and not stats["interrupted"]
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(f"pair{p:05d}-a{s}.json" for p in range(8) for s in (0, 1))
    # the same records as one machine plays
    spec = ArenaSpec("expert:deals=6", "heuristic", pairs=8, seed=3, rules=Rules(target=3),
                     keep_records=True)
    for outcome in run(spec).outcomes:
        stored = json.loads((out / f"pair{outcome.pair:05d}-a{outcome.a_seat}.json").read_text())
        assert stored == outcome.record


def test_ctrl_c_stops_the_cluster_work_and_reports_what_finished():
    # many quick batches (16 pairs of random against the heuristic take well under a second),
    # far too many to finish before the interrupt
    fast = ["arena", "random", "heuristic", "--target", "3", "--backend", "ray",
            "--workers", "2", "--json", "--games", "40000"]
    arena = subprocess.Popen([*EUCHRE, *fast],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not ray_task_pids() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(10)
    arena.send_signal(signal.SIGINT)
    stdout, stderr = arena.communicate(timeout=120)
    assert arena.returncode == 130, stderr
    stats = json.loads(stdout)
    assert stats["interrupted"] is True and 0 < stats["pairs"] < 20000
    assert stats["matches"] == 2 * stats["pairs"]
    deadline = time.monotonic() + 60  # the cluster's tasks end (waited for, not slept on)
    while ray_task_pids() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert ray_task_pids() == []  # nothing left running on the cluster
