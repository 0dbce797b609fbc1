"""Helpers of the ``euchre daily`` tests: the command in a pseudo-terminal, played to its end."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import subprocess
import sys

import pexpect

from euchre import daily

PROMPT = "Your choice> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
EUCHRE = [sys.executable, "-m", "euchre.cli"]
END = "The board of "


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def environment(data) -> dict[str, str]:
    return dict(os.environ, EUCHRE_DATA_DIR=str(data), COLUMNS="80", LINES="24")


def spawn(data, *args: str) -> pexpect.spawn:
    return pexpect.spawn(EUCHRE[0], [*EUCHRE[1:], "daily", *args], env=environment(data),
                         encoding="utf-8", timeout=120, dimensions=(24, 80))


def last_option(screen: str) -> str:
    """The highest choice number offered on the last table drawn."""
    offered = screen[screen.rindex("-- Hand"):]
    return str(max(int(n) for n in re.findall(r"(?m)(?:^|   )(\d+)\) ", offered)))


def play(child: pexpect.spawn, pick_last: bool) -> str:
    """Answer every prompt (the first or the last choice) until the day's result."""
    out = []
    while True:
        found = child.expect([PROMPT, END])
        out.append(plain(child.before))
        if found == 1:
            child.expect(pexpect.EOF)
            out.append(END + plain(child.before))
            child.close()
            assert child.exitstatus == 0, "".join(out)[-2000:]
            return "".join(out)
        child.sendline(last_option(out[-1]) if pick_last else "1")


def run(data, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*EUCHRE, "daily", *args], env=environment(data), text=True,
                          capture_output=True, timeout=60)


def daily_game_named(db, name: str) -> str | None:
    """The id of today's game of the deals a player named ``name`` started on a server's
    store (the store keys them by browser; a test knows its players by name)."""
    with contextlib.closing(sqlite3.connect(db)) as connection:
        row = connection.execute("SELECT game_id FROM daily WHERE day = ? AND name = ?",
                                 (daily.today(), name)).fetchone()
    return None if row is None else row[0]
