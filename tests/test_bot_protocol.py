"""Outside programs at the table (docs/bot-protocol.md): they play like any bot in the arena,
the tournament and a table online; broken ones forfeit, are reported and never hang or
outlive their match."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from euchre import Game, Rules, agents
from euchre.agents.external import BotFailure, ExternalAgent
from euchre.cli import main
from euchre.study.arena import ArenaSpec, BotSpec, run, seatings

ROOT = Path(__file__).resolve().parent.parent
RANDOM_PY = f"exec:{sys.executable} {ROOT / 'examples/bots/random_bot.py'}"
RULES = Rules(target=3)

DOCUMENT_ONLY = """
    # written from docs/bot-protocol.md alone: answer act lines, ignore the rest
    import json, sys
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "act":
            print(message["view"]["legal"][-1], flush=True)
"""


def program(tmp_path: Path, name: str, body: str) -> str:
    """A Python bot written to a file; its ``exec:`` name."""
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return f"exec:{sys.executable} {path}"


def spec_of(name: str, timeout: float | None = None) -> BotSpec:
    return BotSpec.parse(name).with_program_options(timeout, None)


def test_the_example_random_bot_plays_whole_matches_in_the_arena():
    result = run(ArenaSpec(spec_of(RANDOM_PY), "heuristic", pairs=2, seed=3, rules=RULES))
    stats = result.stats
    assert stats["matches"] == 4 and stats["forfeits"] == []
    assert stats["a"]["decisions"] > 20 and stats["a"]["name"] == RANDOM_PY


def test_a_bot_written_only_to_the_document_plays_a_whole_match(tmp_path):
    name = program(tmp_path, "doc", DOCUMENT_ONLY)
    result = run(ArenaSpec(spec_of(name), "random", pairs=1, seed=8, rules=Rules(target=5),
                           keep_records=True))
    assert result.stats["forfeits"] == []
    assert all(o.record["winner"] is not None for o in result.outcomes)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_the_javascript_example_plays_in_the_arena():
    name = f"exec:node {ROOT / 'examples/bots/random_bot.js'}"
    result = run(ArenaSpec(spec_of(name), "random", pairs=1, seed=2, rules=RULES))
    assert result.stats["forfeits"] == [] and result.stats["matches"] == 2


def test_the_program_hears_hello_results_the_match_and_bye(tmp_path):
    log = tmp_path / "heard.jsonl"
    name = program(tmp_path, "listener", f"""
        import json, sys
        with open({str(log)!r}, "a") as heard:
            for line in sys.stdin:
                message = json.loads(line)
                heard.write(json.dumps(message["type"]) + "\\n")
                if message["type"] == "hello":
                    heard.write(json.dumps(message) + "\\n")
                if message["type"] == "act":
                    print(message["view"]["legal"][0], flush=True)
    """)
    run(ArenaSpec(spec_of(name), "random", pairs=1, seed=4, rules=RULES))
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    kinds = [x for x in lines if isinstance(x, str)]
    hello = next(x for x in lines if isinstance(x, dict))
    assert hello["protocol"] == 1 and hello["rules"] == RULES.to_dict()
    assert hello["seat"] in (0, 1) and hello["time_limit"] == 5.0
    for match in ("".join(k[0] for k in kinds).split("h")[1:]):  # one string per match
        assert match.startswith("a") and match.endswith("mb") and "r" in match


BROKEN = {
    "illegal": ("""
        import sys
        for line in sys.stdin:
            if '"act"' in line:
                print("XX", flush=True)
    """, "answered 'XX', not one of"),
    "silent": ("""
        import sys
        for line in sys.stdin:
            pass
    """, "no answer within 0.5 s"),
    "crash": ("""
        import sys
        sys.stdin.readline(); sys.stdin.readline()
        print("about to fall over", file=sys.stderr, flush=True)
        raise SystemExit(3)
    """, "exited with status 3"),
    "garbage": ("""
        import sys
        for line in sys.stdin:
            if '"act"' in line:
                sys.stdout.write("x" * 10000); sys.stdout.flush()
    """, "without ending a line"),
    "binary": ("""
        import sys
        for line in sys.stdin:
            if '"act"' in line:
                sys.stdout.buffer.write(b"\\xff\\xfe\\n"); sys.stdout.flush()
    """, "not text"),
    "slow": ("""
        import sys, time
        for line in sys.stdin:
            if '"act"' in line:
                time.sleep(3); print("pass", flush=True)
    """, "no answer within 0.5 s"),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_bot_forfeits_each_match_is_reported_and_leaves_nothing_running(tmp_path, kind):
    body, reason = BROKEN[kind]
    pids = tmp_path / "pids"
    body = textwrap.dedent(f"""
        import os, subprocess, sys
        with open({str(pids)!r}, "a") as f:  # itself and a child it starts: both must go
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
            f.write(f"{{os.getpid()}} {{child.pid}}\\n")
    """) + textwrap.dedent(body)
    name = program(tmp_path, kind, body)
    started = time.monotonic()
    result = run(ArenaSpec("random", spec_of(name, timeout=0.5), pairs=1, seed=6, rules=RULES))
    assert time.monotonic() - started < 30
    stats = result.stats
    assert stats["matches"] == 2 and stats["a_match_wins"] == 2  # B lost both by forfeit
    assert [f["bot"] for f in stats["forfeits"]] == ["b", "b"]
    for forfeit in stats["forfeits"]:
        assert reason in forfeit["reason"] and forfeit["decision"] >= 1
        assert forfeit["command"] == name[len("exec:"):]
    if kind == "crash":
        assert "about to fall over" in stats["forfeits"][0]["stderr"]
    time.sleep(0.2)
    for line in pids.read_text().split("\n")[:-1]:
        for pid in map(int, line.split()):
            assert not Path(f"/proc/{pid}").exists() or _zombie(pid), (kind, pid)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except OSError:
        return True


def test_forfeits_are_in_the_arena_report_and_its_json(tmp_path, capsys):
    name = program(tmp_path, "illegal", BROKEN["illegal"][0])
    assert main(["arena", "random", name, "--games", "2", "--target", "3"]) == 0
    out = capsys.readouterr().out
    assert "forfeit:" in out and "answered 'XX'" in out
    assert main(["arena", name, "random", "--games", "2", "--target", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["forfeits"]) == 2 and data["a_match_wins"] == 0


def test_the_arena_and_the_tournament_take_exec_bots_from_the_command_line(capsys):
    assert main(["arena", RANDOM_PY, "heuristic", "--games", "2", "--target", "3",
                 "--json", "--bot-timeout", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["a"]["name"] == RANDOM_PY
    assert main(["tournament", RANDOM_PY, "heuristic", "random", "--games", "2",
                 "--target", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert RANDOM_PY in data["bots"]


def test_a_tournament_reports_a_programs_forfeits(tmp_path, capsys):
    name = program(tmp_path, "illegal", BROKEN["illegal"][0])
    assert main(["tournament", name, "random", "--games", "2", "--target", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("forfeit:") == 2 and "answered 'XX'" in out


@pytest.mark.parametrize(("argv", "fragment"), [
    (["arena", "exec:no-such-program-x", "random"], "'no-such-program-x' not found"),
    (["arena", "exec:", "random"], "exec: needs a command"),
    (["arena", RANDOM_PY, "random", "--bot-cwd", "/no/such/folder"], "is not a folder"),
    (["arena", RANDOM_PY, "random", "--bot-timeout", "0"], "expected seconds"),
    (["bot", "http://127.0.0.1:1/watch", "--cmd", "python3 x.py"], "not a seat link"),
])
def test_bad_exec_arguments_are_one_line_and_exit_2(argv, fragment, capsys):
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1, err


def test_an_external_agent_loads_by_name_and_refuses_unknown_options():
    bot = agents.load(RANDOM_PY, timeout=2)
    assert isinstance(bot, ExternalAgent) and bot.timeout == 2.0
    with pytest.raises(ValueError, match="options are timeout, cwd"):
        agents.load(RANDOM_PY, deals=3)


def test_a_failure_names_the_decision(tmp_path):
    from euchre import Game

    bot = ExternalAgent(program(tmp_path, "x", BROKEN["illegal"][0])[len("exec:"):])
    game = Game(seed=1)
    with pytest.raises(BotFailure) as failure:
        bot.act(game.view(game.to_move))
    assert failure.value.decision == 1
    bot.close()


@pytest.mark.parametrize("players", [2, 4])
def test_euchre_bot_sits_a_program_at_a_table_online(tmp_path, players):
    """At two the program takes the friend's seat; at four North's (the host starts, the
    computer plays West and East)."""
    from server_support import Server

    server = Server(tmp_path / "games.db").start()
    try:
        family = {"players": 4, "stick_the_dealer": True} if players == 4 else {}
        game = server.new_game(mode="friend", name="Ann", level="easy",
                               rules={"target": 2, **family})
        invite = server.base + (game["links"]["invites"]["2"] if players == 4
                                else game["links"]["invite"])
        bot = subprocess.Popen([sys.executable, "-m", "euchre.cli", "bot", invite, "--cmd",
                                RANDOM_PY[len("exec:"):]], stderr=subprocess.PIPE, text=True)
        me = server.seat(game["links"]["play"])
        rng = __import__("random").Random(1)
        state = me.state_at_least(0)
        if players == 4:
            me.until(lambda m: m["type"] == "state" and m["game"]["arrived"][2], timeout=30)
            me.send({"type": "start"})
            state = me.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]))
            assert state["game"]["levels"] == [None, "easy", None, "easy"]
        while not state["game"]["finished"]:
            view = state["view"]
            if view["to_move"] == 0 and view["legal"]:
                me.send({"type": "action", "action": rng.choice(view["legal"]),
                         "seq": state["seq"]})
            state = me.until(lambda m: m["type"] == "state", timeout=30)
        assert bot.wait(30) == 0, bot.stderr.read()
        assert "match over" in bot.stderr.read()
        me.close()
    finally:
        server.stop()
        if bot.poll() is None:
            bot.kill()


def test_act_carries_exactly_the_views_to_dict_and_result_the_last_hand(tmp_path):
    """Replaying the match's record gives, at each of the program's decisions, the very
    ``View.to_dict()`` its ``act`` line carried, and after each hand its ``last_hand``."""
    from euchre import Game

    log = tmp_path / "heard.jsonl"
    name = program(tmp_path, "recorder", f"""
        import json, sys
        with open({str(log)!r}, "a") as heard:
            for line in sys.stdin:
                heard.write(line)
                message = json.loads(line)
                if message["type"] == "act":
                    print(message["view"]["legal"][0], flush=True)
    """)
    result = run(ArenaSpec(spec_of(name), "random", pairs=1, seed=11, rules=Rules(target=5),
                           keep_records=True))
    assert result.stats["forfeits"] == []
    heard = [json.loads(x) for x in log.read_text().splitlines()]
    matches = []
    for message in heard:
        if message["type"] == "hello":
            matches.append([])
        matches[-1].append(message)
    assert len(matches) == len(result.outcomes) == 2
    for outcome, lines in zip(result.outcomes, matches, strict=True):
        record, seat = outcome.record, outcome.a_seat
        assert lines[0]["seat"] == seat and [m["type"] for m in lines[-2:]] == ["match", "bye"]
        expected: list[dict] = []
        game = Game(Rules.from_dict(record["rules"]), seed=record["seed"],
                    first_dealer=record["first_dealer"])
        for hand in record["hands"]:
            for player, token in hand["actions"]:
                if player == seat:
                    expected.append({"type": "act", "view": game.view(seat).to_dict()})
                game.apply(token)
            expected.append({"type": "result", "hand": game.view(seat).last_hand})
        assert game.is_over
        assert lines[1:-2] == expected
        assert lines[-2] == {"type": "match", "score": list(game.score),
                             "winner": game.winner}


@pytest.mark.timeout(60)
def test_a_bot_that_closes_its_output_and_lives_on_forfeits_at_once(tmp_path):
    pids = tmp_path / "pids"
    name = program(tmp_path, "closer", f"""
        import os, sys, time
        open({str(pids)!r}, "w").write(str(os.getpid()))
        sys.stdin.readline(); sys.stdin.readline()
        os.close(1)
        time.sleep(60)
    """)
    started = time.monotonic()
    result = run(ArenaSpec("random", spec_of(name, timeout=20), pairs=1, seed=6, rules=RULES))
    assert time.monotonic() - started < 10  # neither a hang nor the 20 s time limit
    forfeits = result.stats["forfeits"]
    assert [f["bot"] for f in forfeits] == ["b", "b"]
    assert all("closed its standard output" in f["reason"] for f in forfeits)
    pid = int(pids.read_text())
    assert not Path(f"/proc/{pid}").exists() or _zombie(pid)


def test_bot_timeout_and_bot_cwd_reach_the_program_in_the_arena_and_the_tournament(
        tmp_path, capsys):
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "cwdbot.py").write_text(textwrap.dedent("""
        import json, os, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "hello":
                with open("hello.jsonl", "a") as f:  # relative: lands in the working folder
                    f.write(json.dumps({"cwd": os.getcwd(), **message}) + "\\n")
            if message["type"] == "act":
                print(message["view"]["legal"][0], flush=True)
    """), encoding="utf-8")
    name = f"exec:{sys.executable} cwdbot.py"  # found only in --bot-cwd
    assert main(["arena", name, "random", "--games", "2", "--target", "2", "--json",
                 "--bot-timeout", "2.5", "--bot-cwd", str(folder)]) == 0
    assert json.loads(capsys.readouterr().out)["forfeits"] == []
    assert main(["tournament", name, "random", "heuristic", "--games", "2", "--target", "2",
                 "--json", "--bot-timeout", "1.5", "--bot-cwd", str(folder)]) == 0
    capsys.readouterr()
    hellos = [json.loads(x) for x in (folder / "hello.jsonl").read_text().splitlines()]
    assert [h["time_limit"] for h in hellos] == [2.5] * 2 + [1.5] * 4
    assert {h["cwd"] for h in hellos} == {str(folder.resolve())}


def test_a_program_that_cannot_start_forfeits_and_the_arena_goes_on(tmp_path):
    script = tmp_path / "notexec.sh"
    script.write_text("#!/bin/sh\necho pass\n", encoding="utf-8")
    script.chmod(0o644)  # there, but not executable: found, then refused by the system
    spec = BotSpec.parse("exec:./notexec.sh").with_program_options(None, str(tmp_path))
    result = run(ArenaSpec("random", spec, pairs=1, seed=2, rules=RULES))
    forfeits = result.stats["forfeits"]
    assert [f["bot"] for f in forfeits] == ["b", "b"] and result.stats["a_match_wins"] == 2
    assert all("could not start" in f["reason"] for f in forfeits)


def test_a_seat_the_server_will_not_open_is_one_line_not_a_traceback():
    """A handshake refused with an HTTP status (a full server's 503, or no WebSocket there at
    all) is a one-line ValueError, as a refused connection is."""
    import http.server
    import threading

    from euchre import agents
    from euchre.server.seat_client import sit

    plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=plain.serve_forever, daemon=True).start()
    try:
        link = f"http://127.0.0.1:{plain.server_address[1]}/play/abc?token=x"
        with pytest.raises(ValueError, match="cannot connect to ws://") as refused:
            sit(link, agents.load("random", seed=1))
        assert "\n" not in str(refused.value)
    finally:
        plain.shutdown()


# --- the family: tables of three and four (issue 39) ----------------------------------------

FAMILY_LISTENER = """
    # the example bot's choice, and every message written down
    import json, random, sys
    rng = random.Random(5)
    with open({log!r}, "a") as heard:
        for line in sys.stdin:
            message = json.loads(line)
            heard.write(line)
            if message["type"] == "act":
                print(rng.choice(message["view"]["legal"]), flush=True)
"""


@pytest.mark.parametrize("players", [3, 4])
def test_the_example_bot_plays_whole_matches_at_three_and_four(players):
    """The example bot, a real subprocess, plays every seat's turn of its side legally (an
    answer not in ``legal`` would forfeit) and every match ends with a winner."""
    rules = Rules(players=players, target=3, defend_alone=players == 4)
    result = run(ArenaSpec(spec_of(RANDOM_PY), "medium", pairs=1, seed=6, rules=rules,
                           keep_records=True))
    stats = result.stats
    assert stats["forfeits"] == [] and stats["matches"] == len(seatings(players))
    assert stats["a"]["decisions"] > 10
    for outcome in result.outcomes:
        assert outcome.record["winner"] is not None
        replayed = Game.from_record(outcome.record)  # every move legal, in order
        assert replayed.is_over and replayed.rules.players == players


@pytest.mark.parametrize("players", [3, 4])
def test_a_program_gets_the_familys_views_and_answers_alone_tokens(tmp_path, players):
    log = tmp_path / "heard.jsonl"
    name = program(tmp_path, "family", FAMILY_LISTENER.format(log=str(log)))
    rules = Rules(players=players, target=5, defend_alone=players == 4)
    result = run(ArenaSpec(spec_of(name), "medium", pairs=2, seed=11, rules=rules,
                           keep_records=True))
    assert result.stats["forfeits"] == []
    heard = [json.loads(x) for x in log.read_text().splitlines()]
    hellos = [m for m in heard if m["type"] == "hello"]
    assert hellos and all(m["rules"] == rules.to_dict() for m in hellos)
    assert {m["seat"] for m in hellos} <= set(range(players))
    views = [m["view"] for m in heard if m["type"] == "act"]
    for view in views:
        assert len(view["sides"]) == len(view["cards_held"]) == len(view["tricks_won"]) \
            == players
        assert view["player"] not in view["out"]
        assert len(view["score"]) == rules.sides
    tokens = {t for view in views for t in view["legal"]}
    alone = {t for t in tokens if t.endswith("alone")}
    assert bool(alone) == (players == 4)  # cutthroat has no lone bids to choose
    assert all(len(m["score"]) == rules.sides for m in heard if m["type"] == "match")
    chosen = {token for o in result.outcomes for hand in o.record["hands"]
              for _, token in hand["actions"]}
    if players == 4:
        assert chosen & {"order alone", "defend alone"} or any(
            t.startswith("call") and t.endswith("alone") for t in chosen)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
@pytest.mark.parametrize("players", [3, 4])
def test_the_javascript_example_plays_the_family(players):
    name = f"exec:node {ROOT / 'examples/bots/random_bot.js'}"
    result = run(ArenaSpec(spec_of(name), "random", pairs=1, seed=2,
                           rules=Rules(players=players, target=3)))
    assert result.stats["forfeits"] == [] and result.stats["matches"] == len(seatings(players))
