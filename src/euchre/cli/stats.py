"""``euchre stats``: a player's record over every finished match, terminal and browser alike.

The terminal's finished matches are files; the browser's are games in the server's SQLite
database, read here without writing (the file is opened read-only, and a missing default
database is simply no games). Which matches are the player's, and how they count, is
``euchre.history.tally``: the same for every face.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from ..history import tally
from ..server import storage
from ..server.match import public_record
from ..terminal import saves as store
from ..words import GAME_NAMES, count
from .options import example


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "stats", help="your record over finished matches, terminal and browser",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Matches and hands won, make / march / euchred rates as maker, euchres "
                    "scored as defender,\nover the terminal's finished matches and the "
                    "browser game's database.\nWithout --name: the person at the terminal "
                    "and the person who played the browser's computer.",
        epilog=example("""
euchre stats                          # you, in the terminal and against the browser's computer
euchre stats --name Ann               # every finished match of a seat named Ann
euchre stats --db ~/euchre-games.db   # the browser games of another database
euchre stats --no-undo                # leave out matches in which undo was used
"""))
    parser.add_argument("--name", default=None, metavar="NAME",
                        help="count the matches of the seat with this name")
    parser.add_argument("--db", type=Path, default=None, metavar="FILE",
                        help="the browser game's database; default games.db in the data "
                             "folder")
    parser.add_argument("--no-undo", action="store_true",
                        help="leave out matches in which a choice was taken back")
    return parser


def run(args: argparse.Namespace) -> int:
    return run_stats(args)


def browser_records(path: Path, required: bool) -> tuple[list[dict[str, Any]], list[str]]:
    """Every finished game of the browser's database as a record with its ``players``, and
    the games that do not replay (the server's own replay rebuilds each one and refuses a
    damaged one; it is reported and skipped, as an unreadable file is)."""
    if not path.exists():
        if required:
            raise ValueError(f"--db {path}: no such file")
        return [], []
    records, damaged = [], []
    for stored in storage.finished_games(path):
        try:
            records.append(public_record(stored, stored.replay()))
        except ValueError:
            damaged.append(f"game {stored.id}")
    return records, damaged


def run_stats(args: argparse.Namespace) -> int:
    records, unreadable = store.finished_records()
    db = args.db if args.db is not None else storage.default_path()
    games, damaged = browser_records(db, required=args.db is not None)
    records += games
    unreadable += damaged
    result = tally(records, args.name, include_undo=not args.no_undo)
    console = Console(highlight=False)
    if not result.stats.matches:
        whose = f" of {escape(args.name)}" if args.name else ""
        console.print(f"No finished matches{whose} yet: play one with  euchre play",
                      highlight=False)
    else:
        for players, stats in sorted(result.by_game.items(),
                                     key=lambda item: (isinstance(item[0], str), str(item[0]))):
            if len(result.by_game) > 1 or players != 2:
                console.print(f"[bold]{GAME_NAMES.get(players, players)}[/bold]")
            for line in stats.lines(players):
                console.print(line, highlight=False)
    if result.undo_left_out:
        console.print(f"({count(result.undo_left_out, 'match')} with undo left out)",
                      highlight=False)
    if unreadable:
        console.print(f"({count(len(unreadable), 'unreadable match')} skipped: "
                      f"{escape(', '.join(unreadable[:3]))})", highlight=False)
    return 0
