"""Outside programs at the table: a bot in any language, over the bot protocol.

The protocol is in ``docs/bot-protocol.md`` (``PROTOCOL_VERSION``). The program is started
once per match, without a shell, and reads one JSON object per line on its standard input; to
a line whose ``type`` is ``act`` it answers one line on its standard output: one token of
``view["legal"]``. Every other line (``hello``, ``result``, ``match``, ``bye``) is
information it may ignore.

Misbehaviour never hangs the caller: an answer that is not a legal token, no answer within
the time limit, a crash, or output that is not a line raises ``BotFailure``, naming the
decision and the last lines of the program's standard error, and the program is stopped.

>>> bot = ExternalAgent("python3 -c 'print(1)'")   # checked now, started on first use
>>> bot.command
['python3', '-c', 'print(1)']
>>> ExternalAgent("no-such-program-here")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: bot program 'no-such-program-here' not found (exec: runs it without a shell...
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from ..actions import action_token, parse_action
from ..engine.actions import action_token as table_action_token
from ..engine.actions import parse_action as table_parse_action
from ..engine.messages import _
from ..rules import Rules
from ..view import View

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 5.0
"""Seconds a program may think over one decision."""
MAX_LINE = 4096
"""Bytes of an answer; longer output without a newline is not a line."""
STDERR_LINES = 20
"""The last lines of the program's standard error kept for a failure report."""


class BotFailure(RuntimeError):
    """An outside program failed: which decision, why, and its last words on stderr."""

    def __init__(self, command: str, decision: int, reason: str, stderr: list[str]) -> None:
        super().__init__(f"bot {command!r} failed at decision {decision}: {reason}")
        self.command = command
        self.decision = decision
        self.reason = reason
        self.stderr = stderr

    def to_dict(self) -> dict[str, Any]:
        return {"command": self.command, "decision": self.decision, "reason": self.reason,
                "stderr": self.stderr}


def table_token(text: str) -> str:
    """The canonical token of an answer in a game on the core (Railroad, Hasenpfeffer,
    Napoleon)."""
    return table_action_token(table_parse_action(text))


class ExternalAgent:
    """An ``Agent`` that asks an outside program (see the module docstring).

    ``command`` is split as a shell would and run without one; ``cwd`` is its working folder;
    ``timeout`` the seconds allowed per decision. The program starts on the first call and
    stops at ``close()`` (or ``match_over``); ``seed`` is ignored (the program keeps its own).
    """

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT,
                 cwd: str | None = None, seed: int | None = None) -> None:
        if not isinstance(command, str) or not command.strip():
            raise ValueError(_("exec: needs a command, e.g. exec:./mybot or "
                               "'exec:python3 bot.py'"))
        try:
            self.command = shlex.split(command)
        except ValueError as err:
            raise ValueError(_("bot command {command} cannot be split: {why}",
                               command=repr(command), why=err)) from None
        if type(timeout) not in (int, float) or not 0 < timeout <= 600:
            raise ValueError(_("a bot's time limit is seconds from 0 to 600, not {value}",
                               value=repr(timeout)))
        if cwd is not None and not Path(cwd).is_dir():
            raise ValueError(_("the bot's working folder {folder} is not a folder",
                               folder=repr(cwd)))
        program = self.command[0]
        where = Path(cwd or ".") / program
        if shutil.which(program) is None and not (os.sep in program and where.is_file()):
            raise ValueError(_("bot program {program} not found (exec: runs it without a "
                               "shell, from the working folder)", program=repr(program)))
        self.text = command
        self.timeout = float(timeout)
        self.cwd = cwd
        self.decisions = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._buffer = b""
        self._pending: list[dict[str, Any]] = []

    # --- the Agent protocol and the match's events ------------------------------------

    def start_match(self, rules: Rules, seat: int) -> None:
        """Start the program (if it is not running) and send it the ``hello``."""
        self._say({"type": "hello", "protocol": PROTOCOL_VERSION, "rules": rules.to_dict(),
                   "seat": seat, "time_limit": self.timeout})

    def act(self, view: View) -> str:
        self.decisions += 1
        if not self._pending and self._process is None:
            self.start_match(view.rules, view.player if view.player is not None else 0)
        self._say({"type": "act", "view": view.to_dict()})
        answer = self._read_line()
        canonical = (table_token if view.rules.game != "euchre" else  # its own tokens
                     lambda text: action_token(parse_action(text)))
        try:
            token = canonical(answer)
        except ValueError:
            token = None
        if token not in view.legal:
            self._fail(f"answered {answer[:60]!r}, not one of {' '.join(view.legal)}")
        return token  # type: ignore[return-value]

    def hand_over(self, last_hand: dict[str, Any]) -> None:
        """Tell the program how the hand ended (the View's ``last_hand``)."""
        self._say({"type": "result", "hand": last_hand}, start=False)

    def match_over(self, score: tuple[int, ...], winner: int | None) -> None:
        """Tell the program the match is over, say goodbye and stop it."""
        self._say({"type": "match", "score": list(score), "winner": winner}, start=False)
        self.close()

    def close(self) -> None:
        """Send ``bye``, give the program a moment to leave, then stop it: nothing is left
        running."""
        process = self._process
        self._process = None
        if process is None:
            return
        with contextlib.suppress(OSError, ValueError):
            process.stdin.write(b'{"type": "bye"}\n')  # type: ignore[union-attr]
            process.stdin.close()  # type: ignore[union-attr]
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=1.0)
        _stop(process)
        with contextlib.suppress(OSError, ValueError):
            process.stdout.close()  # type: ignore[union-attr]

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # --- talking to the program ---------------------------------------------------------

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            process = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       cwd=self.cwd, start_new_session=True)
        except OSError as err:
            raise BotFailure(self.text, self.decisions, f"could not start: {err.strerror}",
                             []) from None
        threading.Thread(target=self._drain_stderr, args=(process,), daemon=True).start()
        os.set_blocking(process.stdout.fileno(), False)  # type: ignore[union-attr]
        return process

    def _drain_stderr(self, process: subprocess.Popen[bytes]) -> None:
        for raw in process.stderr:  # type: ignore[union-attr]
            self._stderr.append(raw.decode("utf-8", "replace").rstrip("\n")[:300])

    def _say(self, message: dict[str, Any], start: bool = True) -> None:
        """Send a line, starting the program first if ``start``; while it has not started,
        information lines wait for it."""
        if self._process is None:
            self._pending.append(message)
            if not start:
                return
            self._process = self._start()
            lines, self._pending = self._pending, []
        else:
            lines = [message]
        data = b"".join(json.dumps(m, separators=(",", ":")).encode() + b"\n" for m in lines)
        try:
            self._process.stdin.write(data)  # type: ignore[union-attr]
            self._process.stdin.flush()  # type: ignore[union-attr]
        except (BrokenPipeError, OSError, ValueError):
            if start:
                self._fail("it stopped reading its input (did it crash?)")

    def _read_line(self) -> str:
        process = self._process
        assert process is not None
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
            while b"\n" not in self._buffer:
                if len(self._buffer) > MAX_LINE:
                    self._fail(f"wrote {len(self._buffer)} bytes without ending a line")
                left = deadline - time.monotonic()
                if left <= 0:
                    self._fail(f"no answer within {self.timeout:g} s")
                if not selector.select(min(left, 0.05)):
                    if process.poll() is not None:  # gone, though a child may hold stdout
                        self._fail(f"it exited with status {process.returncode}")
                    continue
                chunk = os.read(process.stdout.fileno(), 65536)  # type: ignore[union-attr]
                if not chunk:  # its output is closed: it exited, or closed it and lives on
                    try:
                        code = process.wait(timeout=max(0.0, min(left, 1.0)))
                    except subprocess.TimeoutExpired:
                        self._fail("it closed its standard output")
                    self._fail(f"it exited with status {code}")
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            return line.decode("utf-8").strip()
        except UnicodeDecodeError:
            self._fail("its answer is not text (UTF-8)")
            raise  # unreachable: _fail raises

    def _fail(self, reason: str) -> None:
        """Stop the program and raise ``BotFailure`` with its last words."""
        process = self._process
        if process is not None:
            _stop(process)
        time.sleep(0.05)  # let the stderr reader take the program's last lines
        self._process = None
        raise BotFailure(self.text, self.decisions, reason, list(self._stderr))


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Kill the program and anything it started (it runs in its own process group)."""
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()
    process.wait()
