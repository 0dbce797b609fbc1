"""The ``euchre`` command: the parser, and one module per command (``cli/play.py`` ...).

Every user error (a bad flag, a missing or corrupt file) ends in one line on stderr naming
what was wrong, and exit status 2; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from .. import __version__, i18n
from ..i18n import _, choice
from . import arena, argparse_words, bot, daily, db, play, replay, review, serve, stats, tournament
from .options import CommandList, Parser

COMMANDS = (play, daily, serve, replay, review, stats, arena, tournament, bot, db)
"""Each command's module: ``add(commands)`` declares it, ``run(args)`` carries it out."""


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every command's own parser under one."""
    parser = Parser(prog="euchre",
                    description=_("Euchre and its family: play, replay and study."),
                    formatter_class=CommandList)
    parser.add_argument("--version", action="version", version=f"euchre {__version__}",
                        help=_("show program's version number and exit"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        own = command.add(commands)
        own.set_defaults(run=command.run)
        own.add_argument("--lang", default=None, metavar="CODE",
                         help=_("the language of the words: en, so (Somali), ceb (Cebuano) or ar "
                                "(Arabic); without it, from LANGUAGE or LANG"))
    return parser


def lang_flag(words: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the command line's words (``--lang so`` or
    ``--lang=so``), before they are parsed.

    >>> lang_flag(["stats", "--lang", "so"]), lang_flag(["--lang=ar", "play"]), lang_flag([])
    ('so', 'ar', None)
    """
    for i, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(words):
            return words[i + 1]
        if word.startswith("--lang="):
            return word.removeprefix("--lang=")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. The language is chosen first (from
    ``--lang`` wherever it is, else the environment), so that the help, argparse's own
    words and every error are in it too."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        i18n.set_language(choice.chosen(lang_flag(words), os.environ))
    except ValueError as err:
        print(_("{prog}: error: {why}", prog="euchre", why=err), file=sys.stderr)
        return 2
    argparse_words.install()
    parser = build_parser()
    args = parser.parse_args(words)
    if args.command is None:  # `euchre` alone: the commands, one line each
        parser.print_help()
        return 0
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except ValueError as err:
        print(_("{prog}: error: {why}", prog=f"euchre {args.command}", why=err),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("{prog}: interrupted", prog=f"euchre {args.command}"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # `euchre replay x | head` is fine
        return 0
