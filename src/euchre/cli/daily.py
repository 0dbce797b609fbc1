"""``euchre daily``: the deal of the day against the expert, here (a board on this computer)
or at a server's table (``--server URL``: its board), ``terminal.daily`` and
``terminal.daily_remote``."""

from __future__ import annotations

import argparse
import getpass

from rich.console import Console

from .. import daily
from ..i18n import _
from .options import example


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "daily", help=_("the deal of the day: six hands against the expert, a board"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=_("Today's {hands} hands (UTC) against the expert, the same cards "
                      "for everyone who plays\nthem today. At the end: your points (yours less "
                      "the computer's) beside the\nexpert's own play of your seat on the same "
                      "cards, the hands where you differed\nmost, and the day's board. One "
                      "game a name a day: q saves it, --resume finishes\nit. With --server, "
                      "the server's deals at its table, on its board.", hands=daily.HANDS),
        epilog=example("""
euchre daily --name Ann              # today's deals; the board of this computer
euchre daily --resume                # finish the game you quit
euchre daily --board                 # today's board here
euchre daily --server http://127.0.0.1:8000 --name Ann   # at a server, on its board
euchre daily --server http://127.0.0.1:8000 --board
"""))
    parser.add_argument("--name", default=None, metavar="NAME",
                        help=_("your name on the board; default your login name (with --server: "
                               "asked)"))
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--resume", action="store_true",
                      help=_("finish the game of a day you quit (--name: that player's)"))
    what.add_argument("--board", action="store_true", help=_("print the day's board and stop"))
    parser.add_argument("--server", metavar="URL", default=None,
                        help=_("play the server's deals of the day at its table "
                               "(http://HOST:PORT), or come back to a game there by its seat "
                               "link"))
    parser.add_argument("--no-autoplay", action="store_true",
                        help=_("wait for Enter even when only one card may be played"))
    return parser


def run(args: argparse.Namespace) -> int:
    from ..server.protocol import check_name

    name = None if args.name is None else check_name(args.name)
    console = Console(highlight=False)
    autoplay = not args.no_autoplay
    if args.server is not None:
        from ..terminal import daily_remote as remote

        base = remote.server_base(args.server)
        if args.resume:
            raise ValueError(_("--resume finishes a game of this computer: at a server, come "
                               "back by the seat link (--server LINK)"))
        if args.board:
            return remote.show_server_board(base, console)
        return remote.play_at(args.server, name, console, autoplay)
    from ..terminal import daily_board as board
    from ..terminal.daily import new_table, resume_table, show_board

    if args.board:
        day = daily.today()
        show_board(console, day, board.board(day), name, _("this computer"))
        return 0
    if args.resume:
        table = resume_table(name, console, autoplay)
    else:
        table = new_table(name or login_name(), console, autoplay)
    try:
        return table.play()
    except KeyboardInterrupt:
        console.print("")
        table.quit()
        return 130


def login_name() -> str:
    """The name on the board when none is given: the person's login name."""
    from ..server.protocol import check_name

    try:
        return check_name(getpass.getuser())
    except (OSError, KeyError, ValueError):
        raise ValueError(_("no name to put on the board: give one with --name NAME")) from None
