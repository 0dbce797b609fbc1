"""The ``euchre`` command.

Every user error (a bad flag, a missing or corrupt file) ends in one line on stderr naming
what was wrong, and exit status 2; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__
from .rules import Rules


class _Parser(argparse.ArgumentParser):
    """argparse, with errors as one line: ``euchre replay: error: ...``."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _replay(args: argparse.Namespace) -> int:
    from .record import load, transcript

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


def _add_rules_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rules (RULES.md options)")
    group.add_argument("--deck", type=int, choices=(24, 32, 25), default=24,
                       help="24 (9-A), 32 (7-A) or 25 (24 and the Joker); default 24")
    group.add_argument("--target", type=_positive, default=10, metavar="N",
                       help="points that win the match; default 10")
    group.add_argument("--stick-the-dealer", action="store_true",
                       help="the dealer may not pass in round 2")
    group.add_argument("--dealer-must-pick-up", action="store_true",
                       help="the dealer must take the upcard when it is ordered up")
    group.add_argument("--may-call-turned-suit", action="store_true",
                       help="the suit turned down may be named in round 2")


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(deck=args.deck, target=args.target, stick_the_dealer=args.stick_the_dealer,
                 dealer_must_pick_up=args.dealer_must_pick_up,
                 may_call_turned_suit=args.may_call_turned_suit)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if not 0 <= value < 1 << 32:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to 2**32-1, not {value}")
    return value


def _bot(text: str):
    from .arena import BotSpec

    try:
        return BotSpec.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _arena(args: argparse.Namespace) -> int:
    from .arena_report import run_arena

    if args.games % 2:
        raise ValueError(f"--games {args.games}: matches come in duplicate pairs, so the "
                         "number must be even")
    return run_arena(args, _rules(args))


def _play(args: argparse.Namespace) -> int:
    from .play import run_play

    return run_play(args, _rules(args))


def _stats(args: argparse.Namespace) -> int:
    from .play import run_stats

    return run_stats(args)


def _add_run_flags(parser: argparse.ArgumentParser) -> None:
    """Seed, workers, backend and JSON output: shared by the arena and the tournament."""
    parser.add_argument("--seed", type=_seed, default=0, metavar="S", help="default 0")
    parser.add_argument("--workers", type=_positive, default=1, metavar="W",
                        help="worker processes (or the CPUs of a local Ray cluster); the "
                             "results are the same for any W")
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="local worker processes (default) or a Ray cluster")
    parser.add_argument("--address", metavar="ADDRESS", default=None,
                        help="the Ray cluster to use (e.g. auto or ray://head:10001); "
                             "default: start a local one")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _in_range(kind: type, low: float, high: float, what: str) -> Callable[[str], Any]:
    """An argparse type: a number of ``kind`` from ``low`` to ``high``, else one clear line."""
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what}, not {text!r}")
        return value
    return parse


_port = _in_range(int, 1, 65535, "a port is a number from 1 to 65535")
_seconds = _in_range(float, 0, 60, "expected seconds from 0 to 60")


def _tournament(args: argparse.Namespace) -> int:
    from .tournament_report import run_tournament_cli

    return run_tournament_cli(args, _rules(args))


def _serve(args: argparse.Namespace) -> int:
    from .server.serve import run_server

    return run_server(args.host, args.port, args.db, args.bot_delay)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="euchre", description="Two-handed Euchre: play, replay and study.")
    parser.add_argument("--version", action="version", version=f"euchre {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    play = commands.add_parser(
        "play", help="play a match against the computer in the terminal",
        description="A match against the computer. Choose by number or type a token (JH, 10h, "
                    "pass, order, call s); ? shows a hint, q saves and quits.")
    play.add_argument("--level", choices=("easy", "medium", "hard", "expert"),
                      default="expert", help="the computer's strength; default expert")
    play.add_argument("--seed", type=_seed, default=None, metavar="S",
                      help="deal the same match again")
    play.add_argument("--name", default="You", help="your name in the saved records")
    play.add_argument("--resume", action="store_true",
                      help="continue the match saved when you quit")
    _add_rules_flags(play)
    play.set_defaults(run=_play)

    stats = commands.add_parser("stats", help="your record over saved matches",
                                description="Matches and hands won, make / march / euchred "
                                            "rates as maker, euchres scored as defender.")
    stats.set_defaults(run=_stats)

    serve = commands.add_parser(
        "serve", help="play in the browser, against the computer or a friend online",
        description="Serve the web app: open http://HOST:PORT to play against the computer or "
                    "send a friend a link. Games are kept in SQLite and survive restarts.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on; default 127.0.0.1 (0.0.0.0 for a network)")
    serve.add_argument("--port", type=_port, default=8000, help="default 8000")
    serve.add_argument("--db", metavar="PATH", default=None,
                       help="the SQLite file of games; default games.db in your data folder")
    serve.add_argument("--bot-delay", type=_seconds, default=0.6, metavar="SECONDS",
                       help="pause before each computer move so the play can be followed; "
                            "default 0.6")
    serve.set_defaults(run=_serve)

    replay = commands.add_parser("replay", help="print a saved match hand by hand",
                                 description="Print a match record (JSON) as a readable "
                                             "transcript: deal, bids, tricks and points.")
    replay.add_argument("file", metavar="FILE", help="a match record saved as JSON")
    replay.add_argument("--hand", type=int, metavar="N", help="print only hand N (from 1)")
    replay.set_defaults(run=_replay)

    arena = commands.add_parser(
        "arena", help="play bots against each other and measure them",
        description="Matches to the target between bot A and bot B in duplicate pairs (the same "
                    "decks with the seats swapped). Bots: random, heuristic, expert, easy, "
                    "medium, hard; options as NAME:key=value,key=value.")
    arena.add_argument("a", metavar="A", type=_bot, help="bot A, e.g. expert or expert:deals=48")
    arena.add_argument("b", metavar="B", type=_bot, help="bot B")
    arena.add_argument("--games", type=_positive, default=100, metavar="N",
                       help="matches to play (an even number: pairs); default 100")
    _add_run_flags(arena)
    arena.add_argument("--out", metavar="DIR", help="write every match record to DIR")
    arena.add_argument("--plot", metavar="FILE.png",
                       help="draw the running margin with its 95%% band")
    _add_rules_flags(arena)
    arena.set_defaults(run=_arena)

    tournament = commands.add_parser(
        "tournament", help="a round robin between bots: margins and ratings",
        description="Every pair of bots plays duplicate matches (the same decks for every "
                    "pairing); prints each pairing's margin per hand with its 95%% interval "
                    "and a Bradley-Terry rating per bot with its interval.")
    tournament.add_argument("bots", metavar="BOT", nargs="+", type=_bot,
                            help="two or more bots, e.g. expert heuristic random")
    tournament.add_argument("--games", type=_positive, default=100, metavar="N",
                            help="matches per pairing (an even number: pairs); default 100")
    _add_run_flags(tournament)
    tournament.add_argument("--plot", metavar="FILE.png",
                            help="draw the ratings and the matrix of margins")
    _add_rules_flags(tournament)
    tournament.set_defaults(run=_tournament)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except ValueError as err:
        print(f"euchre {args.command}: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"euchre {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `euchre replay x | head` is fine
        return 0


if __name__ == "__main__":
    sys.exit(main())
