"""Helpers of the ``euchre daily`` tests: the command in a pseudo-terminal, played to its end."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pexpect

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
