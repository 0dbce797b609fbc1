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
from ..i18n import _, ngettext
from ..server import storage
from ..server.match import public_record
from ..terminal import saves as store
from ..words import GAME_NAMES
from .options import example


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "stats", help=_("your record over finished matches, terminal and browser"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=_("Matches and hands won, make / march / euchred rates as maker, euchres "
                      "scored as defender,\nover the terminal's finished matches and the "
                      "browser game's database.\nWithout --name: the person at the terminal "
                      "and the person who played the browser's computer."),
        epilog=example("""
euchre stats                          # you, in the terminal and against the browser's computer
euchre stats --name Ann               # every finished match of a seat named Ann
euchre stats --db ~/euchre-games.db   # the browser games of another database
euchre stats --no-undo                # leave out matches in which undo was used
"""))
    parser.add_argument("--name", default=None, metavar="NAME",
                        help=_("count the matches of the seat with this name"))
    parser.add_argument("--db", type=Path, default=None, metavar="FILE",
                        help=_("the browser game's database; default games.db in the data "
                               "folder"))
    parser.add_argument("--no-undo", action="store_true",
                        help=_("leave out matches in which a choice was taken back"))
    return parser


def run(args: argparse.Namespace) -> int:
    return run_stats(args)


def browser_records(path: Path, required: bool) -> tuple[list[dict[str, Any]], list[str]]:
    """Every finished game of the browser's database as a record with its ``players``, and
    the games that do not replay (the server's own replay rebuilds each one and refuses a
    damaged one; it is reported and skipped, as an unreadable file is)."""
    if not path.exists():
        if required:
            raise ValueError(_("--db {path}: no such file", path=path))
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
        console.print(escape(_("No finished matches of {name} yet: play one with  euchre play",
                                 name=args.name) if args.name else
                               _("No finished matches yet: play one with  euchre play")),
                      highlight=False)
    else:
        for players, stats in sorted(result.by_game.items(),
                                     key=lambda item: (isinstance(item[0], str), str(item[0]))):
            if len(result.by_game) > 1 or players != 2:
                named = _(GAME_NAMES[players]) if players in GAME_NAMES else str(players)
                console.print(f"[bold]{escape(named)}[/bold]")
            for line in stats.lines(players):
                console.print(line, highlight=False)
    if result.undo_left_out:
        console.print(ngettext("({n} match with undo left out)",
                               "({n} matches with undo left out)", result.undo_left_out),
                      highlight=False)
    if unreadable:
        console.print(escape(ngettext("({n} unreadable match skipped: {files})",
                                      "({n} unreadable matches skipped: {files})",
                                      len(unreadable), files=", ".join(unreadable[:3]))),
                      highlight=False)
    return 0
