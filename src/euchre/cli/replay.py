"""``euchre replay FILE [--hand N]``: a saved match as text, hand by hand."""

from __future__ import annotations

import argparse

from ..record import load


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "replay", help="print a saved match hand by hand",
        description="Print a match record (JSON) as a readable transcript: deal, bids, tricks "
                    "and points.")
    parser.add_argument("file", metavar="FILE", help="a match record saved as JSON")
    parser.add_argument("--hand", type=int, metavar="N", help="print only hand N (from 1)")
    return parser


def run(args: argparse.Namespace) -> int:
    from ..record import transcript

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
