"""``euchre serve``: the browser game (the app itself is ``euchre.server``)."""

from __future__ import annotations

import argparse

from .options import port, seconds


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "serve", help="play in the browser, against the computer or a friend online",
        description="Serve the web app: open http://HOST:PORT to play against the computer or "
                    "send a friend a link. Games are kept in SQLite and survive restarts.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on; default 127.0.0.1 (0.0.0.0 for a network)")
    parser.add_argument("--port", type=port, default=8000, help="default 8000")
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="the SQLite file of games; default games.db in your data folder")
    parser.add_argument("--bot-delay", type=seconds, default=0.6, metavar="SECONDS",
                        help="pause before each computer move so the play can be followed; "
                             "default 0.6")
    return parser


def run(args: argparse.Namespace) -> int:
    from ..server.serve import run_server

    return run_server(args.host, args.port, args.db, args.bot_delay)
