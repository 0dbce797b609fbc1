"""``euchre serve``: the browser game (the app itself is ``euchre.server``)."""

from __future__ import annotations

import argparse
from typing import Any

from ..coach.review import MAX_DEALS
from ..i18n import N_, _
from .options import in_range, port, seconds

_count = in_range(int, 1, 10**6, N_("expected a whole number from 1 to 1000000"))
_long_seconds = in_range(float, 0.5, 86_400, N_("expected seconds from 0.5 to 86400"))
_waiting = in_range(int, 0, 10**4, N_("expected a whole number from 0 to 10000"))
_deals = in_range(int, 1, MAX_DEALS, N_("expected deals from 1 to {high}"))
_few = in_range(int, 1, 64, N_("expected a whole number from 1 to 64"))
_days = in_range(float, 0.00001, 3650, N_("expected days from 0.00001 to 3650"))
_header_bytes = in_range(int, 1024, 1 << 20, N_("expected bytes from 1024 to 1048576"))


def _proxy(text: str) -> str:
    """An argparse type: an IP address or network (``10.0.0.0/8``), or ``*``."""
    import ipaddress

    try:
        return text if text == "*" else str(ipaddress.ip_network(text, strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected an IP address or network such as 10.0.0.1 or 10.0.0.0/8, not {text!r}"
        ) from None


def _host_name(text: str) -> str:
    """An argparse type: a host name as a request's Host gives it (no port), or ``*``."""
    name = text.strip().lower().rstrip(".")
    if not name or any(c in name for c in "/:@ "):
        raise argparse.ArgumentTypeError(f"expected a host name such as games.example.org "
                                         f"(no scheme, port or path), not {text!r}")
    return name


def _origin(text: str) -> str:
    """An argparse type: an origin, ``https://name`` or ``http://name:port``, or ``*``."""
    from urllib.parse import urlsplit

    origin = text.strip().lower().rstrip("/")
    try:
        parts = urlsplit(origin)
        good = origin == "*" or (parts.scheme in ("http", "https") and parts.hostname
                                 and not parts.path and not parts.query)
    except ValueError:
        good = False
    if not good:
        raise argparse.ArgumentTypeError(f"expected an origin such as https://games.example"
                                         f".org or http://localhost:3000, not {text!r}")
    return origin


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    from ..server.limits import BOT_DELAY, CLOSE_GRACE, Limits

    d = Limits()
    parser = commands.add_parser(
        "serve", help=_("play in the browser, against the computer or a friend online"),
        description=_("Serve the web app: open http://HOST:PORT to play against the computer or "
                      "send a friend a link. Games are kept in SQLite and survive restarts."),
        epilog=_("A connection that stops reading is closed once its outbox is full and is gone "
                 "within {value} s. Example: euchre serve --port 8080 --games-per-minute 5",
                 value=f"{2 * CLOSE_GRACE:g}"))
    parser.add_argument("--host", default="127.0.0.1",
                        help=_("address to listen on; default 127.0.0.1 (0.0.0.0 for a network)"))
    parser.add_argument("--port", type=port, default=8000, help=_("default 8000"))
    parser.add_argument("--db", metavar="PATH", default=None,
                        help=_("the SQLite file of games (default games.db in your data folder), "
                               "or postgresql://USER@HOST:PORT/DB"))
    parser.add_argument("--bot-delay", type=seconds, default=BOT_DELAY, metavar="SECONDS",
                        help=_("least time from the computer's turn to its move, its thinking "
                               "included (the page paces the play as its player chose); default "
                               "{bot_delay}", bot_delay=f"{BOT_DELAY:g}"))
    _limits(parser.add_argument_group(
        _("limits (against abuse; defaults suit a small server)")), d)
    _access(parser.add_argument_group(
        _("who may connect (against DNS rebinding, other sites' pages and forged addresses)")))
    _computer(parser.add_argument_group(_("the computer players")))
    _coach(parser.add_argument_group(_("the coach's reviews of finished games")), d)
    return parser


def _limits(limits: argparse._ArgumentGroup, d: Any) -> None:
    """The flags of the server's bounds (``Limits``: each default lives there)."""
    limits.add_argument("--allow-seeds", action="store_true",
                        help=_("let a new game's creator choose its seed, which fixes every "
                               "deal (tests and demos only; such games are marked seeded)"))
    limits.add_argument("--games-per-minute", type=_count, default=d.games_per_minute,
                        metavar="N", help=_("new games one address may create per minute (then "
                                            "429); default {games_per_minute}",
                                            games_per_minute=d.games_per_minute))
    limits.add_argument("--max-tables", type=_count, default=d.max_tables, metavar="N",
                        help=_("games live in memory at once (idle ones are let go first, then "
                               "new ones refused); default {max_tables}", max_tables=d.max_tables))
    limits.add_argument("--table-idle", type=_long_seconds, default=d.table_idle,
                        metavar="SECONDS", help=_("how long a table nobody is connected to stays "
                                                  "in memory; default {table_idle}",
                                                  table_idle=f"{d.table_idle:g}"))
    limits.add_argument("--socket-idle", type=_long_seconds, default=d.socket_idle,
                        metavar="SECONDS", help=_("close a connection that sends nothing for this "
                                                  "long; default {socket_idle}",
                                                  socket_idle=f"{d.socket_idle:g}"))
    limits.add_argument("--header-timeout", type=_long_seconds, default=d.header_timeout,
                        metavar="SECONDS", help=_("time a client has to send a request's headers; "
                                                  "default {header_timeout}",
                                                  header_timeout=f"{d.header_timeout:g}"))
    limits.add_argument("--keep-alive", type=_long_seconds, default=d.keep_alive,
                        metavar="SECONDS", help=_("how long an idle HTTP connection is kept; "
                                                  "default {keep_alive}",
                                                  keep_alive=f"{d.keep_alive:g}"))
    limits.add_argument("--ws-ping", type=_long_seconds, default=d.ws_ping,
                        metavar="SECONDS", help=_("ping each WebSocket this often and drop one "
                                                  "that does not answer; default {ws_ping}",
                                                  ws_ping=f"{d.ws_ping:g}"))
    limits.add_argument("--max-connections", type=_count, default=d.max_connections,
                        metavar="N", help=_("connections at once, HTTP and WebSocket (more get "
                                            "503, or a WebSocket 1013); default {max_connections}",
                                            max_connections=d.max_connections))
    limits.add_argument("--max-per-address", type=_count, default=d.max_per_address,
                        metavar="N", help=_("connections one client address may hold at once "
                                            "(then 503 or 1013); default {max_per_address}",
                                            max_per_address=d.max_per_address))
    limits.add_argument("--header-bytes", type=_header_bytes, default=d.header_bytes,
                        metavar="BYTES", help=_("longest request line and headers (then 431); "
                                                "default {header_bytes}",
                                                header_bytes=d.header_bytes))
    limits.add_argument("--body-timeout", type=_long_seconds, default=d.body_timeout,
                        metavar="SECONDS", help=_("time a request's body has to arrive once its "
                                                  "headers have (then 408); default {body_timeout}",
                                                  body_timeout=f"{d.body_timeout:g}"))
    limits.add_argument("--write-stall", type=_long_seconds, default=d.write_stall,
                        metavar="SECONDS", help=_("cut off a client that leaves 64 KB of replies "
                                                  "unread and takes none of them this long (its "
                                                  "pings go unanswered meanwhile); default "
                                                  "{write_stall}",
                                                  write_stall=f"{d.write_stall:g}"))
    _waits(limits, d)


def _waits(limits: argparse._ArgumentGroup, d: Any) -> None:
    """The flags of how long the server waits for people before the computer steps in."""
    limits.add_argument("--seat-wait", type=_long_seconds, default=d.seat_wait,
                        metavar="SECONDS", help=_("at a friend table of three or four, the "
                                                  "computer plays the seat of a player gone this "
                                                  "long, until he is back; default {seat_wait}",
                                                  seat_wait=f"{d.seat_wait:g}"))
    limits.add_argument("--turn-timer", type=_long_seconds, default=d.turn_timer,
                        metavar="SECONDS", help=_("at a table of people, the computer makes the "
                                                  "move of a player who has not moved for this "
                                                  "long, and the table is told; default "
                                                  "{turn_timer}", turn_timer=f"{d.turn_timer:g}"))
    limits.add_argument("--bots-after", type=_long_seconds, default=d.bots_after,
                        metavar="SECONDS", help=_("an open table whose host allows computers "
                                                  "waits this long for people before he may fill "
                                                  "it with them; default {bots_after}",
                                                  bots_after=f"{d.bots_after:g}"))
    limits.add_argument("--abandon-after", type=_days, default=d.abandon_after / 86_400,
                        metavar="DAYS", help=_("close a game against the computer left unfinished "
                                               "this long as lost by the person (marked "
                                               "abandoned); default {days}",
                                               days=f"{d.abandon_after / 86_400:g}"))


def _access(access: argparse._ArgumentGroup) -> None:
    """The flags of who may connect (``server.gate``)."""
    access.add_argument("--allowed-host", type=_host_name, action="append", default=[],
                        metavar="NAME", help=_("a name this server is reached by (repeatable; "
                                               "--host, IP addresses and localhost always are; "
                                               "* for any): requests naming another get 400"))
    access.add_argument("--allowed-origin", type=_origin, action="append", default=[],
                        metavar="ORIGIN", help=_("another site whose pages may open games here, "
                                                 "such as https://games.example.org "
                                                 "(repeatable; this server's own always may)"))
    access.add_argument("--trusted-proxy", type=_proxy, action="append", default=[],
                        metavar="ADDRESS", help=_("a reverse proxy whose X-Forwarded-For names "
                                                  "the client (repeatable; an address or a "
                                                  "network); from anyone else it is ignored. "
                                                  "Default: none"))


def _computer(group: argparse._ArgumentGroup) -> None:
    """The flags of the computer players (``server.workers``)."""
    group.add_argument("--computer-workers", type=_few, default=None, metavar="N",
                       help=_("processes where the hard and expert computers think (each a "
                              "core's worth of search, at a lower priority than the server); "
                              "default one per core"))


def _coach(coach: argparse._ArgumentGroup, d: Any) -> None:
    """The flags of the coach's reviews."""
    coach.add_argument("--review-deals", type=_deals, default=d.review_deals, metavar="K",
                       help=_("the expert's deals per card decision (twice per bid); default "
                              "{review_deals}", review_deals=d.review_deals))
    coach.add_argument("--reviews-at-once", type=_few, default=d.reviews_at_once,
                       metavar="N", help=_("reviews worked out at once, each in a process of its "
                                           "own; default {reviews_at_once}",
                                           reviews_at_once=d.reviews_at_once))
    coach.add_argument("--reviews-waiting", type=_count, default=d.reviews_waiting,
                       metavar="N", help=_("reviews that may wait their turn (then 503); default "
                                           "{reviews_waiting}", reviews_waiting=d.reviews_waiting))
    coach.add_argument("--builds-at-once", type=_few, default=d.builds_at_once, metavar="N",
                       help=_("replays, records and review pages of stored games built at once, "
                              "in worker processes; default {builds_at_once}",
                              builds_at_once=d.builds_at_once))
    coach.add_argument("--builds-waiting", type=_waiting, default=d.builds_waiting, metavar="N",
                       help=_("builds that may wait their turn (then 503); default "
                              "{builds_waiting}", builds_waiting=d.builds_waiting))


def run(args: argparse.Namespace) -> int:
    from ..server.serve import run_server

    return run_server(args.host, args.port, args.db, args.bot_delay, limits_of(args))


def limits_of(args: argparse.Namespace) -> Any:
    """The server's ``Limits`` as the flags set them."""
    from ..server.limits import Limits

    return Limits(allow_seeds=args.allow_seeds, games_per_minute=args.games_per_minute,
                    max_tables=args.max_tables, table_idle=args.table_idle,
                    socket_idle=args.socket_idle, header_timeout=args.header_timeout,
                    keep_alive=args.keep_alive, ws_ping=args.ws_ping,
                    max_connections=args.max_connections, review_deals=args.review_deals,
                    reviews_at_once=args.reviews_at_once,
                    reviews_waiting=args.reviews_waiting, builds_at_once=args.builds_at_once,
                    builds_waiting=args.builds_waiting, max_per_address=args.max_per_address,
                    header_bytes=args.header_bytes, body_timeout=args.body_timeout,
                    write_stall=args.write_stall, allowed_hosts=tuple(args.allowed_host),
                    allowed_origins=tuple(args.allowed_origin),
                    trusted_proxies=tuple(args.trusted_proxy),
                    abandon_after=args.abandon_after * 86_400, seat_wait=args.seat_wait,
                    bots_after=args.bots_after, turn_timer=args.turn_timer,
                    computer_workers=args.computer_workers)
