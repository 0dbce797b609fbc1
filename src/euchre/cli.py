"""The ``euchre`` command.

Every user error (a bad flag, a missing or corrupt file) ends in one line on stderr naming
what was wrong, and exit status 2; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from . import __version__


class _Parser(argparse.ArgumentParser):
    """argparse, with errors as one line: ``euchre replay: error: ...``."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _replay(args: argparse.Namespace) -> int:
    from .record import load, transcript

    game = load(args.file)
    record = game.record()
    if args.hand is not None:
        numbers = [h["number"] + 1 for h in record["hands"]]
        if args.hand not in numbers:
            raise ValueError(f"--hand {args.hand}: the match has hands {numbers[0]} to "
                             f"{numbers[-1]}")
        record["hands"] = [h for h in record["hands"] if h["number"] + 1 == args.hand]
    print(transcript(record))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="euchre", description="Two-handed Euchre: play, replay and study.")
    parser.add_argument("--version", action="version", version=f"euchre {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    replay = commands.add_parser("replay", help="print a saved match hand by hand",
                                 description="Print a match record (JSON) as a readable "
                                             "transcript: deal, bids, tricks and points.")
    replay.add_argument("file", metavar="FILE", help="a match record saved as JSON")
    replay.add_argument("--hand", type=int, metavar="N", help="print only hand N (from 1)")
    replay.set_defaults(run=_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except ValueError as err:
        print(f"euchre {args.command}: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"euchre {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `euchre replay x | head` is fine
        return 0


if __name__ == "__main__":
    sys.exit(main())
