"""``euchre bot URL --cmd COMMAND``: an outside program at a seat of an ``euchre serve`` table."""

from __future__ import annotations

import argparse

from ..agents.external import DEFAULT_TIMEOUT, ExternalAgent
from ..i18n import N_, _
from .options import example, in_range


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "bot", help=_("seat an outside program (the bot protocol) at a table online"),
        description=_("Connect to a seat of a browser game (the seat's link, as the lobby gives "
                      "it) and let a program speaking the bot protocol (docs/bot-protocol.md) "
                      "make that seat's moves until the match is over."),
        epilog=example("""
euchre bot "http://127.0.0.1:8000/play/GAME?token=T" --cmd "python3 examples/bots/random_bot.py"
euchre bot "$INVITE_LINK" --cmd ./mybot --cwd ~/bots --timeout 10"""),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url", metavar="URL", help=_("the seat's link (http://HOST:PORT/play/...) "
                          "or a friend's invite (http://HOST:PORT/join/...), which it takes"))
    parser.add_argument("--cmd", required=True, metavar="COMMAND",
                        help=_("the program and its arguments (split as a shell would, run "
                               "without one)"))
    parser.add_argument("--timeout", type=in_range(float, 0.01, 600, N_("expected seconds from "
                                                      "0.01 to 600")),
                        default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=_("seconds the program may think per decision; default {seconds}",
                               seconds=f"{DEFAULT_TIMEOUT:g}"))
    parser.add_argument("--name", default="Bot", metavar="NAME",
                        help=_("the name at the table when URL is a friend's invite; default Bot"))
    parser.add_argument("--cwd", metavar="DIR", default=None,
                        help=_("the program's working folder; default the current one"))
    return parser


def run(args: argparse.Namespace) -> int:
    from ..agents.external import BotFailure
    from ..server.seat_client import sit

    program = ExternalAgent(args.cmd, timeout=args.timeout, cwd=args.cwd)
    try:
        return sit(args.url, program, name=args.name)
    except BotFailure as failure:
        said = _("bot {command} failed at decision {decision}: {reason}",
                 command=repr(failure.command), decision=failure.decision, reason=failure.reason)
        tail = "".join("\n  " + _("stderr: {line}", line=line) for line in failure.stderr[-5:])
        raise ValueError(f"{said}{tail}") from None
    finally:
        program.close()
