"""``euchre play``: a match against the computer in the terminal (``euchre.terminal``)."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..agents import LEVELS
from ..game import Game
from ..rules import Rules
from ..state import new_seed
from ..terminal import saves as store
from ..terminal.table import Table
from .options import add_rules_flags, rules, seed


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "play", help="play a match against the computer in the terminal",
        description="A match against the computer. Choose by number or type a token (JH, 10h, "
                    "pass, order, call s); ? shows a hint, q saves and quits.")
    parser.add_argument("--level", choices=LEVELS, default="expert",
                        help="the computer's strength; default expert")
    parser.add_argument("--seed", type=seed, default=None, metavar="S",
                        help="deal the same match again")
    parser.add_argument("--name", default="You", help="your name in the saved records")
    parser.add_argument("--resume", action="store_true",
                        help="continue the match saved when you quit")
    add_rules_flags(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    return run_play(args, rules(args))


def run_play(args: argparse.Namespace, rules: Rules) -> int:
    console = Console(highlight=False)
    if args.resume:
        saved = store.load_current()
        try:
            game = Game.from_record(saved["record"])
        except ValueError as err:
            raise ValueError(f"the saved match cannot be resumed: {err}") from None
        if game.is_over:
            raise ValueError("the saved match is already over: start a new one")
        level = saved.get("level", "expert")
        name = saved.get("name", "You")
        bot_seed = int(saved.get("bot_seed", 0))
        console.print(f"Resuming hand {game.hand_number + 1}: you {game.score[0]}, computer "
                      f"{game.score[1]}, to {game.rules.target}.", highlight=False)
    else:
        seed = args.seed if args.seed is not None else new_seed()
        game = Game(rules, seed=seed)
        level, name, bot_seed = args.level, args.name, seed + 17
        console.print(f"Two-handed Euchre against the computer ({level}), to {rules.target} "
                      f"points. Seed {seed}.", highlight=False)
    table = Table(game, level, name, bot_seed, console)
    try:
        return table.play()
    except KeyboardInterrupt:
        table.save()
        console.print("\nSaved. euchre play --resume continues this match.", highlight=False)
        return 130
