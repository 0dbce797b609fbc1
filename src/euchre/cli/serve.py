"""``euchre serve``: the browser game (the app itself is ``euchre.server``)."""

from __future__ import annotations

import argparse

from ..coach.review import MAX_DEALS
from .options import in_range, port, seconds

_count = in_range(int, 1, 10**6, "expected a whole number from 1 to 1000000")
_long_seconds = in_range(float, 0.5, 86_400, "expected seconds from 0.5 to 86400")
_deals = in_range(int, 1, MAX_DEALS, f"expected deals from 1 to {MAX_DEALS}")
_few = in_range(int, 1, 64, "expected a whole number from 1 to 64")
_days = in_range(float, 0.00001, 3650, "expected days from 0.00001 to 3650")


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    from ..server.limits import CLOSE_GRACE, Limits

    d = Limits()
    parser = commands.add_parser(
        "serve", help="play in the browser, against the computer or a friend online",
        description="Serve the web app: open http://HOST:PORT to play against the computer or "
                    "send a friend a link. Games are kept in SQLite and survive restarts.",
        epilog="A connection that stops reading is closed once its outbox is full and is "
               f"gone within {2 * CLOSE_GRACE:g} s. Example: euchre serve --port 8080 "
               "--games-per-minute 5")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on; default 127.0.0.1 (0.0.0.0 for a network)")
    parser.add_argument("--port", type=port, default=8000, help="default 8000")
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="the SQLite file of games (default games.db in your data folder), "
                             "or postgresql://USER@HOST:PORT/DB")
    parser.add_argument("--bot-delay", type=seconds, default=0.6, metavar="SECONDS",
                        help="pause before each computer move so the play can be followed; "
                             "default 0.6")
    limits = parser.add_argument_group("limits (against abuse; defaults suit a small server)")
    limits.add_argument("--allow-seeds", action="store_true",
                        help="let a new game's creator choose its seed, which fixes every "
                             "deal (tests and demos only; such games are marked seeded)")
    limits.add_argument("--games-per-minute", type=_count, default=d.games_per_minute,
                        metavar="N", help="new games one address may create per minute "
                                          f"(then 429); default {d.games_per_minute}")
    limits.add_argument("--max-tables", type=_count, default=d.max_tables, metavar="N",
                        help="games live in memory at once (idle ones are let go first, "
                             f"then new ones refused); default {d.max_tables}")
    limits.add_argument("--table-idle", type=_long_seconds, default=d.table_idle,
                        metavar="SECONDS", help="how long a table nobody is connected to "
                                                f"stays in memory; default {d.table_idle:g}")
    limits.add_argument("--socket-idle", type=_long_seconds, default=d.socket_idle,
                        metavar="SECONDS", help="close a connection that sends nothing for "
                                                f"this long; default {d.socket_idle:g}")
    limits.add_argument("--header-timeout", type=_long_seconds, default=d.header_timeout,
                        metavar="SECONDS", help="time a client has to send a request's "
                                                f"headers; default {d.header_timeout:g}")
    limits.add_argument("--keep-alive", type=_long_seconds, default=d.keep_alive,
                        metavar="SECONDS", help="how long an idle HTTP connection is kept; "
                                                f"default {d.keep_alive:g}")
    limits.add_argument("--ws-ping", type=_long_seconds, default=d.ws_ping,
                        metavar="SECONDS", help="ping each WebSocket this often and drop one "
                                                f"that does not answer; default {d.ws_ping:g}")
    limits.add_argument("--max-connections", type=_count, default=d.max_connections,
                        metavar="N", help="connections at once, HTTP and WebSocket (more "
                                          f"get 503); default {d.max_connections}")
    limits.add_argument("--abandon-after", type=_days, default=d.abandon_after / 86_400,
                        metavar="DAYS", help="close a game against the computer left "
                                             "unfinished this long as lost by the person "
                                             "(marked abandoned); default "
                                             f"{d.abandon_after / 86_400:g}")
    coach = parser.add_argument_group("the coach's reviews of finished games")
    coach.add_argument("--review-deals", type=_deals, default=d.review_deals, metavar="K",
                       help="the expert's deals per card decision (twice per bid); default "
                            f"{d.review_deals}")
    coach.add_argument("--reviews-at-once", type=_few, default=d.reviews_at_once,
                       metavar="N", help="reviews worked out at once, each in a process of "
                                         f"its own; default {d.reviews_at_once}")
    coach.add_argument("--reviews-waiting", type=_count, default=d.reviews_waiting,
                       metavar="N", help="reviews that may wait their turn (then 503); "
                                         f"default {d.reviews_waiting}")
    return parser


def run(args: argparse.Namespace) -> int:
    from ..server.limits import Limits
    from ..server.serve import run_server

    limits = Limits(allow_seeds=args.allow_seeds, games_per_minute=args.games_per_minute,
                    max_tables=args.max_tables, table_idle=args.table_idle,
                    socket_idle=args.socket_idle, header_timeout=args.header_timeout,
                    keep_alive=args.keep_alive, ws_ping=args.ws_ping,
                    max_connections=args.max_connections, review_deals=args.review_deals,
                    reviews_at_once=args.reviews_at_once,
                    reviews_waiting=args.reviews_waiting,
                    abandon_after=args.abandon_after * 86_400)
    return run_server(args.host, args.port, args.db, args.bot_delay, limits)
