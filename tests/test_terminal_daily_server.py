"""``euchre daily --server URL``: the server's deals of the day played from the terminal, as a
client of a real ``euchre serve`` (issue 41, criterion 4): the result counts on the server's
board, a second game is refused in one line, and a player who leaves the table is told the
seat link to come back by, which finishes the game."""

from __future__ import annotations

import json
import re

import pexpect
import pytest
from daily_support import END, PROMPT, plain, play, run, spawn
from server_support import Server

from euchre import Game
from euchre.server import daily
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
    assert f"{server.base}/daily/{daily.today()}/Dee" in said
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
    assert "Dee has played today's deals already" in again.stderr
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
    assert stored.options.get("undo_used")
