"""``euchre daily --server URL``: the server's deals of the day played from the terminal, as a
client of a real ``euchre serve`` (issue 41, criterion 4): the result counts on the server's
board, a second game is refused in one line, and a player who leaves the table is told the
seat link to come back by, which finishes the game."""

from __future__ import annotations

import json
import re
import time

import pexpect
import pytest
from daily_support import (
    END,
    PROMPT,
    daily_game_named,
    last_option,
    plain,
    play,
    run,
    spawn,
)
from server_support import TEST_FLAGS, Server

from euchre import Game, daily
from euchre.server.storage import SQLiteStorage


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("daily-client") / "games.db").start()
    yield running
    running.stop()


def board(server: Server) -> dict[str, dict]:
    return {row["name"]: row for row in json.loads(server.get("/api/daily")[1])["board"]}


def record(stored) -> dict:
    """A stored game's record, replayed from its seed and actions."""
    game = Game(daily.rules(), seed=stored.seed)
    for token in stored.actions:
        game.apply(token)
    return game.record()


def test_a_whole_day_from_the_terminal_counts_on_the_servers_board(server, tmp_path):
    said = play(spawn(tmp_path, "--server", server.base, "--name", "Dee"), pick_last=False)
    assert "Hand 1 of 6" in said and "Hand 6 of 6" in said
    assert "The computer" in said  # its moves, announced as they arrive
    row = board(server)["Dee"]
    game = SQLiteStorage(server.db).load(row["game"])
    assert game.finished and row["points"] == game.score[0] - game.score[1]
    flat = " ".join(said.split())  # as the lines were wrapped to the terminal
    assert f"Your points: {row['points']:+d}" in flat
    assert f"The expert's, from your seat on the same cards: {row['par']:+d}" in flat
    result = said[said.index(END):]
    assert re.search(r"1\s+Dee\s+" + r"\s+".join(
        re.escape(f"{n:+d}") for n in (row["points"], row["par"])), result)
    assert f"{server.base}/daily/{daily.today()}/{game.id}" in said
    store = SQLiteStorage(server.db)
    par = store.load(store.setting(f"daily_par:{daily.today()}").split()[1])
    differed = daily.differences(record(game), record(par))[:3]
    assert differed or "You matched the expert hand for hand" in flat
    for n, mine, theirs in differed:
        assert f"Hand {n}: you {mine:+d}, the expert {theirs:+d}" in flat
        assert f"{server.base}/games/{game.id}#hand-{n}" in flat
        assert f"{server.base}/games/{par.id}#hand-{n}" in flat
    assert not list(tmp_path.glob("daily/*.json"))  # the server's board, not a local one

    again = run(tmp_path, "--server", server.base, "--name", "Dee")
    assert again.returncode == 2 and len(again.stderr.strip().splitlines()) == 1
    assert "you have played today's deals already" in again.stderr
    shown = run(tmp_path, "--server", server.base, "--board")
    assert shown.returncode == 0 and re.search(r"1\s+Dee\s", shown.stdout)


def leave(child: pexpect.spawn, how: str) -> str:
    """Leave the table at the next prompt (``q``, or Ctrl-C); what was said, and the link."""
    child.expect(PROMPT)
    if how == "q":
        child.sendline("q")
    else:
        child.sendintr()
    child.expect(pexpect.EOF)
    said = plain(child.before)
    child.close()
    assert child.exitstatus == (0 if how == "q" else 130), said
    return re.search(r"(http://\S+/play/\S+\?token=\S+)", said)[1]


def test_hint_undo_and_leaving_keep_the_game_and_its_link_finishes_it(server, tmp_path):
    child = spawn(tmp_path, "--server", server.base, "--name", "Eve")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(PROMPT)
    assert "Expert's estimate" in plain(child.before)
    assert re.search(r"1\) \S.* [+-]\d+\.\d\d", plain(child.before))
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Taken back" in plain(child.before)
    child.sendline("1")
    link = leave(child, "q")
    assert "Eve" not in board(server)
    assert leave(spawn(tmp_path, "--server", link), "interrupt") == link
    assert "Eve" not in board(server)
    finished = play(spawn(tmp_path, "--server", link), pick_last=True)
    assert "Hand 6 of 6" in finished and "Eve" in board(server)
    stored = SQLiteStorage(server.db).load(board(server)["Eve"]["game"])
    assert stored.facts.undo_used


def test_a_move_made_in_another_window_is_told_and_the_choice_asked_again(server, tmp_path):
    """The seat open in a browser too: a move made there first makes the terminal's answer
    stale; the server refuses it in one line, and the terminal asks again from the new
    state (nothing is played twice)."""
    child = spawn(tmp_path, "--server", server.base, "--name", "Gus")
    child.expect(PROMPT)
    store = SQLiteStorage(server.db)
    stored = store.load(daily_game_named(server.db, "Gus"))
    window = server.seat(f"/play/{stored.id}?token={stored.tokens[0]}")
    state = window.state_at_least(0)
    assert state["view"]["to_move"] == 0  # the terminal is asking: the same state
    # another move than the terminal's "1" below (the same move made twice is one move)
    assert len(state["view"]["legal"]) > 1
    window.send({"type": "action", "action": state["view"]["legal"][-1], "seq": state["seq"]})
    window.state_at_least(state["seq"] + 1)
    child.sendline("1")
    child.expect(PROMPT)
    said = plain(child.before)
    assert f"answers state {state['seq']}" in said and "nothing was played" in said
    window.close()
    assert len(store.load(stored.id).actions) > state["seq"]
    child.sendline("1")
    finished = play(child, pick_last=False)
    assert "Hand 6 of 6" in finished and "Gus" in board(server)


def test_undo_takes_back_a_card_that_played_itself_too(server, tmp_path):
    """The last card of a hand plays itself: taken back at the next hand's first choice,
    it goes back with the real choice before it (as at ``euchre play``'s table), instead of
    playing itself again."""
    child = spawn(tmp_path, "--server", server.base, "--name", "Hal")
    screen = ""
    while "Hand 2 of 6" not in screen:
        child.expect(PROMPT)
        screen = plain(child.before)
        if "Hand 2 of 6" not in screen:
            child.sendline(last_option(screen))  # never a pass: hand 1 is played, whatever the day
    assert "your only card" in screen  # hand 1's last card played itself
    child.sendline("undo")
    child.expect(PROMPT)
    back = plain(child.before)
    assert "Taken back" in back and "Hand 1 of 6" in back and "Hand 2 of 6" not in back
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_a_connection_the_server_closes_is_made_again(tmp_path):
    """A person who thinks longer than the server's ``--socket-idle`` finds his choice made
    all the same: the client connects again and sends it."""
    idle = Server(tmp_path / "games.db", flags=(*TEST_FLAGS, "--socket-idle", "1")).start()
    try:
        child = spawn(tmp_path, "--server", idle.base, "--name", "Ida")
        child.expect(PROMPT)
        store = SQLiteStorage(idle.db)
        made = len(store.load(daily_game_named(idle.db, "Ida")).actions)
        time.sleep(3)  # the server closes the idle connection meanwhile
        child.sendline("1")
        child.expect(PROMPT)
        assert "connecting again" in plain(child.before)
        assert len(store.load(daily_game_named(idle.db, "Ida")).actions) > made
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        idle.stop()


@pytest.mark.parametrize("link", ["/play/nosuchgame?token=x", "/play/{game}?token=wrong"])
def test_a_seat_the_server_refuses_is_one_line(server, tmp_path, link):
    status, reply = server.post("/api/daily", {"name": "Ivy"})
    game = reply["id"] if status == 201 else daily_game_named(server.db, "Ivy")
    out = run(tmp_path, "--server", server.base + link.format(game=game))
    assert out.returncode == 2 and out.stdout == ""
    (line,) = out.stderr.strip().splitlines()
    assert line.startswith("euchre daily: error: ") and ("no game" in line or "token" in line)
