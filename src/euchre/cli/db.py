"""``euchre db copy SRC DST``: move the browser game's games from one database to another."""

from __future__ import annotations

import argparse

from ..i18n import _, ngettext
from .options import example


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "db", help=_("the browser game's database: copy it (SQLite to PostgreSQL)"),
        description=_("Copy every game (finished or not, with its actions, times and result) "
                      "and every account (with its sessions and the players it will not be "
                      "seated with) from one database to another, then work the ratings out "
                      "again there. A database is a SQLite file or "
                      "postgresql://USER@HOST:PORT/DB. Games and names already in the "
                      "destination are left as they are."),
        epilog=example("""
euchre db copy ~/.local/share/euchre/games.db postgresql://euchre@db.internal:5432/euchre
euchre db copy old.db new.db"""),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    copy = actions.add_parser(
        "copy", help=_("copy every game and account from SRC to DST"),
        description=_("Copy every game and account from SRC to DST, then work the ratings out "
                      "again in DST; games and names already in DST are left as they are."),
        epilog=example("""
euchre db copy ~/.local/share/euchre/games.db postgresql://euchre@db.internal:5432/euchre"""),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    copy.add_argument("source", metavar="SRC", help=_("a SQLite file or a postgresql:// URL"))
    copy.add_argument("target", metavar="DST", help=_("a SQLite file or a postgresql:// URL"))
    return parser


def run(args: argparse.Namespace) -> int:
    from ..server.stores import copy_games
    from .progress import progress_bar

    with progress_bar(_("copying games"), 0) as update:
        copied = copy_games(args.source, args.target, progress=update)
    games = ngettext("{n} game copied", "{n} games copied", copied.games)
    if copied.skipped:
        games = _("{copied}, {skipped} already there", copied=games, skipped=copied.skipped)
    accounts = ngettext("{n} account copied", "{n} accounts copied", copied.accounts)
    print(_("{games}; {accounts}, ratings worked out again", games=games, accounts=accounts))
    return 0
