"""The server's instructions a move: `euchre serve` under valgrind's callgrind, which counts
every instruction the server process runs, so the figure hardly moves with the machine's
load (``server_load.py``'s CPU a move does, by a quarter on a shared machine).

The same friend games of two as ``server_load.py --games N`` (same seeds, same moves), twice:
``--few`` games and ``--many``; the difference of the two counts over the difference of their
moves is the cost of a move, the server's start and the games' creation left out. Run it
against another checkout's ``src`` to compare commits side by side (a few minutes each:
callgrind runs the server about fifty times slower):

    python bench/server_instructions.py
    python bench/server_instructions.py --lang ar
    PYTHONPATH=/path/to/other/checkout/src python bench/server_instructions.py

Needs valgrind. A server that knows ``--turn-timer`` is given an hour, so that no turn of the
slowed server runs out (the timer is still armed every move, as it is at a table of people).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import server_load
from server_support import EUCHRE, TEST_FLAGS, Server


class CountedServer(Server):
    """``euchre serve`` under callgrind, its count written to ``out`` when it stops."""

    def __init__(self, db: Path, out: Path, flags: tuple[str, ...]) -> None:
        super().__init__(db, 0.0, flags=flags)
        self.out = out

    def start(self) -> CountedServer:
        self.process = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={self.out}", *EUCHRE,
             "serve", "--port", str(self.port), "--db", str(self.db), "--bot-delay", "0",
             *self.flags], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=dict(os.environ, PYTHONHASHSEED="0"))
        self.wait_up(600, poll=1.0)  # (its imports alone take a minute under callgrind)
        return self

    def stop(self) -> None:
        """SIGTERM, and time to end: callgrind writes its count as the server exits."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(600)

    def instructions(self) -> int:
        """What callgrind counted (after ``stop``)."""
        for line in self.out.read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
        raise RuntimeError(f"{self.out} holds no summary")


def flags() -> tuple[str, ...]:
    """The test server's flags, and an hour's turn timer where the server has one."""
    told = subprocess.run([*EUCHRE, "serve", "--help"], capture_output=True, text=True).stdout
    return (*TEST_FLAGS, "--turn-timer", "3600") if "--turn-timer" in told else TEST_FLAGS


def counted(games: int, lang: str, folder: Path) -> tuple[int, int, list[str]]:
    """(instructions, moves, errors) of one server playing ``games`` friend games."""
    args = argparse.Namespace(mode="friend", games=games, target=10, players=2, partner=None,
                              level="easy")
    db = folder / f"games{games}.db"
    room = ("--max-tables", str(games + 100), "--max-connections", str(3 * games + 100),
            "--max-per-address", str(3 * games + 100))
    server = CountedServer(db, folder / f"callgrind{games}.out", flags() + room).start()
    try:
        made = server_load.create_games(server, args)
        server_load.LANGUAGE["code"] = lang
        run = server_load.timed_run([server], made, 0.0, [])
    finally:
        server.stop()
    complete, moves = server_load.check_records(db, made)
    unfinished = [f"{games - complete} records incomplete"] if complete < games else []
    return server.instructions(), moves, run.errors + unfinished


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--few", type=int, default=10, help="games of the first run")
    parser.add_argument("--many", type=int, default=40, help="games of the second run")
    parser.add_argument("--lang", default="en", help="every seat's language; default en")
    args = parser.parse_args()
    if not 0 < args.few < args.many:
        parser.error("--few must be at least 1 and below --many")
    with tempfile.TemporaryDirectory(prefix="euchre-instructions-") as folder:
        few = counted(args.few, args.lang, Path(folder))
        many = counted(args.many, args.lang, Path(folder))
    print(f"the server under callgrind, friend games of two to 10 ({args.lang}): "
          f"{args.few} games {few[0]:,} instructions over {few[1]} moves; "
          f"{args.many} games {many[0]:,} over {many[1]}")
    print(f"  instructions a move  {(many[0] - few[0]) / (many[1] - few[1]):,.0f}")
    errors = few[2] + many[2]
    print(f"  errors    {len(errors)}" + (f"  (first: {errors[0]})" if errors else ""))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
