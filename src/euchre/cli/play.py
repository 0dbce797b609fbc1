"""``euchre play``: a match against the computer in the terminal (``euchre.terminal``).

Matches in progress are never lost: each is its own saved file, and starting ``euchre play``
while some are saved asks whether to resume one or begin a new one (which is saved beside
them, never over them).
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.markup import escape

from ..agents import FIRST_LEVEL, LEVELS
from ..coach import THRESHOLD
from ..engine.seeds import new_seed
from ..game import Game
from ..i18n import _, ngettext
from ..rules import Rules
from ..server.levels import level_name
from ..terminal import saves as store
from ..terminal.rule_table import RuleTable
from ..terminal.rule_words import seat_names
from ..terminal.screen import standing
from ..terminal.table import Table
from ..words import GAME_NAMES, GUEST, person
from .daily import login_name
from .options import add_family_flags, add_game_flag, add_rules_flags, example, game_rules, seed


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "play", help=_("play against the computer in the terminal, at 2, 3 or 4 seats"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=_("A match against the computer. Choose by number or type a token (JH, 10h, "
                      "pass, order, call s);\n? shows a hint, undo takes back, rules shows the "
                      "rules, help the commands, q saves and quits."),
        epilog=example("""
euchre play                          # against the computer (medium), to 10 points
euchre play --level easy --deck 25 --target 5 --stick-the-dealer
euchre play --coach                  # a note after each choice that lost points
euchre play --list                   # the matches you quit, by name
euchre play --resume                 # continue the one saved last
euchre play --resume 2025-01-31-1412-expert
euchre play --players 4 --partner medium  # partners: you and North against West and East
euchre play --players 3 --level hard      # cutthroat: each for himself
euchre play --game railroad               # Railroad Euchre: the Joker, calling for best
euchre play --game hasenpfeffer --level hard
euchre play --game napoleon --players 5   # Napoleon at five (3, 4 or 5; default 4)
"""))
    parser.add_argument("--level", choices=LEVELS, default=FIRST_LEVEL,
                        help=_("the computer's strength; default {level}", level=FIRST_LEVEL))
    parser.add_argument("--partner", choices=LEVELS, default=None,
                        help=_("four-handed: your partner's strength; default --level's"))
    parser.add_argument("--seed", type=seed, default=None, metavar="S",
                        help=_("deal the same match again"))
    parser.add_argument("--name", default=None,
                        help=_("your name in the saved records, as others read them; default your "
                               "login name (else {guest})", guest=GUEST))
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--resume", nargs="?", const="", default=None, metavar="NAME",
                       help=_("continue a saved match: NAME, or the one saved last"))
    start.add_argument("--new", action="store_true",
                       help=_("start a new match without asking (saved ones are kept)"))
    start.add_argument("--list", action="store_true", help=_("list the saved matches and stop"))
    parser.add_argument("--no-autoplay", action="store_true",
                        help=_("wait for Enter even when only one card may be played"))
    parser.add_argument("--coach", action="store_true",
                        help=_("after a choice that lost more than {threshold} points, say what "
                               "the expert preferred and by how much; default off",
                               threshold=THRESHOLD))
    add_rules_flags(parser)
    add_family_flags(parser)
    add_game_flag(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.game != "euchre":
        for flag, used in (("--partner", args.partner), ("--coach", args.coach)):
            if used:
                raise ValueError(f"{flag} is for Euchre; at {args.game} every computer plays "
                                 "at --level (? gives the expert's values)")
    elif args.partner is not None and args.players != 4:
        raise ValueError(_("--partner is for a table of four (--players 4)"))
    return run_play(args, game_rules(args))


def run_play(args: argparse.Namespace, rules: Rules) -> int:
    console = Console(highlight=False)
    if args.list:
        return list_saved(console)
    if args.resume is not None:
        table = resume(store.load(args.resume or None), args, console)
    else:
        choice = None if args.new else choose(console)
        if choice == "quit":
            return 0
        table = resume(choice, args, console) if isinstance(choice, store.Saved) else \
            new_table(args, rules, console)
    try:
        return table.play()
    except KeyboardInterrupt:
        console.print()
        table.quit()  # (saved, and how to go on said, as q does)
        return 130


def list_saved(console: Console) -> int:
    """``--list``: every saved match, the most recent first, and any file that is unreadable."""
    found, unreadable = store.list_saved()
    if not found and not unreadable:
        console.print(_("No saved matches: euchre play starts one."), highlight=False)
    for saved in found:
        console.print(escape(saved.describe()), highlight=False, soft_wrap=True)
    for path in unreadable:
        console.print(escape(_("(cannot be read, kept: {path})", path=str(path))),
                      highlight=False, soft_wrap=True)
    return 0


def choose(console: Console) -> store.Saved | str | None:
    """Ask, when matches are saved, whether to resume one or start a new one: a ``Saved``,
    None for a new match, or ``"quit"`` (also at the end of input: nothing is changed)."""
    found, _unreadable = store.list_saved()
    if not found:
        return None
    console.print(ngettext("You have {n} saved match:", "You have {n} saved matches:",
                           len(found)), highlight=False)
    for i, saved in enumerate(found, 1):
        console.print(f"  {i}) " + escape(_("resume {match}", match=saved.describe())),
                      highlight=False)
    console.print("  " + _("n) a new match (the saved ones are kept)   q) quit"),
                  highlight=False)
    while True:
        try:
            text = console.input(_("Resume or new> ")).strip().lower()
        except EOFError:
            return "quit"
        if text in ("n", "new"):
            return None
        if text in ("q", "quit"):
            return "quit"
        if text in ("r", "resume") or (text.isdigit() and 1 <= int(text) <= len(found)):
            return found[int(text) - 1 if text.isdigit() else 0]
        console.print(_("Type a number from 1 to {last} to resume, n for a new match or q to "
                        "quit.", last=len(found)), highlight=False)


def resume(saved: store.Saved, args: argparse.Namespace,
           console: Console) -> Table | RuleTable:
    """The table of a saved match, as it was left."""
    data = saved.data
    try:
        game = Game.from_record(data["record"])
    except ValueError as err:
        raise ValueError(_("the saved match {name} cannot be resumed: {why}", name=saved.name,
                           why=err)) from None
    if game.is_over:
        raise ValueError(_("the saved match {name} is already over: start a new one",
                           name=saved.name))
    players = data["record"].get("players") or {}
    if game.rules.game != "euchre":
        console.print(escape(_("Resuming {name}, hand {number}: {score}, to {target}.",
                               name=saved.name, number=game.hand_number + 1,
                               score=store.score_of(list(game.score), game.rules.to_dict()),
                               target=game.rules.target)), highlight=False)
        return RuleTable(game, data.get("level", "expert"), record_name(data.get("name")),
                         int(data.get("bot_seed", 0)), console, save_name=saved.name,
                         autoplay=not args.no_autoplay,
                         undo_used=bool(players.get("undo_used")))
    console.print(escape(_("Resuming {name}, hand {number}: {score}, to {target}.",
                           name=saved.name, number=game.hand_number + 1,
                           score=standing(game.score, game.players),
                           target=game.rules.target)), highlight=False)
    return Table(game, data.get("level", "expert"), record_name(data.get("name")),
                 int(data.get("bot_seed", 0)), console, save_name=saved.name,
                 autoplay=not args.no_autoplay, undo_used=bool(players.get("undo_used")),
                 coaching=args.coach, partner=data.get("partner"))


def record_name(name: str | None) -> str:
    """The person's name in a match's record, where a replay or a review reads it in the
    third person: the one given (a "You" read as ``words.GUEST``), else the login name."""
    if name:
        return person(name)
    try:
        return login_name()
    except ValueError:
        return GUEST


def new_table(args: argparse.Namespace, rules: Rules,
              console: Console) -> Table | RuleTable:
    seed = args.seed if args.seed is not None else new_seed()
    game = Game(rules, seed=seed)
    if rules.game != "euchre":
        return new_rule_table(args, rules, game, seed, console)
    partner = args.partner or args.level
    level, to = level_name(args.level), rules.target
    console.print({2: _("Two-handed Euchre against the computer ({level}), to {target} "
                        "points. Seed {seed}.", level=level, target=to, seed=seed),
                   3: _("Three-handed cutthroat Euchre against West and East ({level}), to "
                        "{target} points. Seed {seed}.", level=level, target=to, seed=seed),
                   4: _("Four-handed Euchre: you and North ({partner}) against West and East "
                        "({level}), to {target} points. Seed {seed}.",
                        partner=level_name(partner), level=level, target=to,
                        seed=seed)}[rules.players], highlight=False)
    console.print(_("Type help for the commands."), highlight=False)
    table = Table(game, args.level, record_name(args.name), seed + 17, console,
                  autoplay=not args.no_autoplay, coaching=args.coach, partner=partner)
    table.save_name = store.create(args.level, table.saved())  # saved from the start
    return table


def new_rule_table(args: argparse.Namespace, rules: Rules, game: Game, seed: int,
                   console: Console) -> RuleTable:
    """A new match of Railroad, Hasenpfeffer or Napoleon, saved from the start."""
    others = ", ".join(seat_names(rules.players)[1:])
    title = _(GAME_NAMES[rules.game])
    level = level_name(args.level)
    console.print(_("{game} against the computer ({level}): you and North against West and "
                    "East, to {target} points. Seed {seed}.", game=title,
                    level=level, target=rules.target, seed=seed) if rules.game != "napoleon"
                  else _("{game} against the computer ({level}): each for himself: you, "
                         "{others}, to {target} points. Seed {seed}.", game=title,
                         level=level, others=others, target=rules.target, seed=seed),
                  highlight=False)
    console.print(_("Type help for the commands, rules for the rules."), highlight=False)
    table = RuleTable(game, args.level, record_name(args.name), seed + 17, console,
                      autoplay=not args.no_autoplay)
    table.save_name = store.create(f"{rules.game}-{args.level}", table.saved())
    return table
