"""``euchre replay FILE [--hand N] [--step]``: a saved match as text, hand by hand, or walked
one move at a time at the table."""

from __future__ import annotations

import argparse
import json

from ..game import Game
from ..i18n import _
from ..record import player_names, read
from .options import example


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "replay", help=_("print a saved match hand by hand"),
        description=_("Print a match record (JSON) as a readable transcript: deal, bids, tricks "
                      "and points, with the players' names when the record has them."),
        epilog=example("""
euchre replay ~/.local/share/euchre/matches/20261201-101500-42.json
euchre replay match.json --hand 3     # hand 3 alone, and the score after it
euchre replay match.json --step       # one move at a time at the table: Enter, b, q
euchre replay match.json --format json > clean.json   # the record, checked and rewritten"""),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", metavar="FILE", help=_("a match record saved as JSON"))
    parser.add_argument("--hand", type=int, metavar="N", help=_("print only hand N (from 1)"))
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=_("text (the transcript, the default) or json: the record checked "
                               "and written anew in the engine's own form (to take elsewhere)"))
    parser.add_argument("--step", action="store_true",
                        help=_("walk the match one move at a time, drawn as at the table with "
                               "both hands shown (Enter: next, b: back, a number: that hand, "
                               "q: quit); with --hand N, from hand N"))
    return parser


def run(args: argparse.Namespace) -> int:
    data = read(args.file)
    game = Game.from_record(data)
    _settle(game, data)
    names = player_names(data)
    if args.hand is not None:
        first = data["hands"][0]["number"] + 1
        last = first + len(data["hands"]) - 1
        if not first <= args.hand <= last:
            raise ValueError(_("--hand {hand}: the match has hands {first} to {last}",
                               hand=args.hand, first=first, last=last))
    if args.format == "json":
        if args.hand is not None or args.step:
            raise ValueError(_("--format json writes the whole record: leave out --hand and "
                               "--step"))
        record = game.record()
        if isinstance(data.get("players"), dict):
            record["players"] = data["players"]
        print(json.dumps(record, ensure_ascii=False))
        return 0
    if args.step and game.rules.game != "euchre":
        raise ValueError(f"--step draws a Euchre table; a {game.rules.game} match is "
                         "replayed as text: leave out --step")
    if args.step:
        from rich.console import Console

        from ..terminal.stepper import step_through

        return step_through(data, tuple(names or ("P0", "P1")), Console(), args.hand)
    text = game.transcript(names=names, hand=args.hand)
    players = data.get("players")
    played = players.get("hands") if isinstance(players, dict) else None
    if not game.is_over and type(played) is int and args.hand is None:
        text = _hands_only(text, played, names or ("P0", "P1"), game.score)
    print(text)
    return 0


def _settle(game: Game, data: dict) -> None:
    """A record the server wrote before its matches were resigned in the engine says the
    resignation beside the moves (``players.resigned``, ``players.abandoned``): tell the
    engine, which then says how the match ended, as for a record of today."""
    players = data.get("players")
    if not isinstance(players, dict):
        return
    seat = players.get("resigned")
    if game.is_over or type(seat) is not int or not 0 <= seat < game.players:
        return
    if players.get("abandoned"):
        game.abandon(seat)
    else:
        game.resign(seat)


def _hands_only(text: str, played: int, who: tuple[str, ...] | list[str],
                score: tuple[int, ...]) -> str:
    """A match of a fixed number of hands (a deal of the day, ``players.hands``): its
    transcript without the deal that follows them, ending with the score after them."""
    blocks = text.split("\n\n")
    head, hands = blocks[0], blocks[1:-1]
    ending = f"After {played} hands: {who[0]} {score[0]}, {who[1]} {score[1]}."
    return "\n\n".join([head, *hands[:played], ending])
