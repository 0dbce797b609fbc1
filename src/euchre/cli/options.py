"""What several commands share: the one-line-error parser, argument types and flag groups."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..engine.games.euchre.state import SEED_LIMIT
from ..i18n import N_, _, ngettext
from ..i18n.examples import COMMENT, comment_of
from ..rules import DECK_SIZES, GAMES, Rules


class Parser(argparse.ArgumentParser):
    """argparse, with errors as one line: ``euchre replay: error: ...``."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, _("{prog}: error: {why}", prog=self.prog, why=message) + "\n")


class CommandList(argparse.HelpFormatter):
    """argparse's help, with every command of ``euchre`` alone on one line with its words:
    Python 3.11's argparse measures a command's name without its indent, so the longest one
    (``tournament``) was put on a line of its own, its words on the next."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if isinstance(action, argparse._SubParsersAction) and action.help != argparse.SUPPRESS:
            indent = self._current_indent + self._indent_increment
            longest = max((len(name) for name in action.choices), default=0)
            self._action_max_length = max(self._action_max_length, indent + longest)


def in_range(kind: type, low: float, high: float, what: str) -> Callable[[str], Any]:
    """An argparse type: a number of ``kind`` from ``low`` to ``high``, else one clear line
    in the reader's language (``what``: a message marked ``N_``; ``{high}`` in it is
    ``high``)."""
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{what}, not {text}", what=_(what, high=high),
                                               text=repr(text)))
        return value
    return parse


positive = in_range(int, 1, 10**9, N_("expected a whole number of at least 1"))
seed = in_range(int, 0, SEED_LIMIT - 1, N_("expected a seed from 0 to {high}"))
port = in_range(int, 1, 65535, N_("a port is a number from 1 to 65535"))
seconds = in_range(float, 0, 60, N_("expected seconds from 0 to 60"))


def bot(text: str) -> Any:
    """An argparse type: a bot spec such as ``expert:deals=48`` (checked when parsed)."""
    from ..study.arena import BotSpec

    try:
        return BotSpec.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def add_rules_flags(parser: argparse.ArgumentParser) -> None:
    """The RULES.md options as flags; ``rules(args)`` reads them back."""
    group = parser.add_argument_group(_("rules (RULES.md options)"))
    group.add_argument("--deck", type=int, choices=DECK_SIZES, default=24,
                       help=_("24 (9-A), 32 (7-A) or 25 (24 and the Joker); default 24"))
    group.add_argument("--target", type=positive, default=10, metavar="N",
                       help=_("points that win the match; default 10"))
    group.add_argument("--stick-the-dealer", action="store_true",
                       help=_("the dealer may not pass in round 2"))
    group.add_argument("--dealer-must-pick-up", action="store_true",
                       help=_("the dealer must take the upcard when it is ordered up"))
    group.add_argument("--may-call-turned-suit", action="store_true",
                       help=_("the suit turned down may be named in round 2"))


def add_family_flags(parser: argparse.ArgumentParser) -> None:
    """The table's size and the four-handed options (RULES-family.md), for the commands
    that play any game of the family (the arena, tournaments); ``rules(args)`` reads them."""
    group = parser.add_argument_group(_("the family (RULES-family.md)"))
    group.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                       help=_("2: two-handed (default); 3: cutthroat; 4: partnership"))
    group.add_argument("--defend-alone", action="store_true",
                       help=_("four-handed: a defender may play alone against a lone maker"))
    group.add_argument("--joker-dealer-alone", action="store_true",
                       help=_("four-handed: a dealer naming the Joker's suit may go alone"))


def rules(args: argparse.Namespace) -> Rules:
    """The ``Rules`` named by ``add_rules_flags``' flags (and ``add_family_flags``', when the
    command has them)."""
    family = {name: getattr(args, name) for name in ("players", "defend_alone",
                                                     "joker_dealer_alone")
              if getattr(args, name, None)}
    return Rules(deck=args.deck, target=args.target, stick_the_dealer=args.stick_the_dealer,
                 dealer_must_pick_up=args.dealer_must_pick_up,
                 may_call_turned_suit=args.may_call_turned_suit, **family)


GAME_DECKS = (24, 25, 28, 32, 33, 52)
"""The decks of every game (``Rules`` checks those of the game chosen)."""


def add_game_flag(parser: argparse.ArgumentParser) -> None:
    """``--game`` (Euchre, or Railroad, Hasenpfeffer, Napoleon), for a command that has
    ``add_rules_flags``' and ``add_family_flags``' flags (after them): their decks and seats
    widen to every game's, their defaults become the game's own; ``game_rules`` reads them."""
    parser.add_argument("--game", choices=GAMES, default="euchre",
                        help=_("the game: euchre (default; two, three or four seats), railroad, "
                               "hasenpfeffer or napoleon (--players 3, 4 or 5)"))
    for action in parser._actions:
        if action.dest == "deck":
            action.choices = GAME_DECKS
            action.help = _("Euchre 24 (9-A; default), 32 (7-A) or 25 (24 and the Joker); "
                            "Railroad 25 (default) or 33; Napoleon 24, 28 or 32 by the seats "
                            "(default), or 52")
        elif action.dest == "players":
            action.choices = (2, 3, 4, 5)
            action.help = _("Euchre 2 (default), 3 (cutthroat) or 4 (partners); Napoleon 3, "
                            "4 (default) or 5")
        elif action.dest == "target":
            action.help = _("points that win the match; default the game's (10; Napoleon 30)")
    parser.set_defaults(deck=None, players=None, target=None)


def game_rules(args: argparse.Namespace) -> Rules:
    """The rules ``add_game_flag``'s flags name: Euchre as ``rules`` reads them (its
    defaults filled in), another game with only the options given (``Rules`` refuses in one
    line an option the game does not have)."""
    if args.game == "euchre":
        args.deck = 24 if args.deck is None else args.deck
        args.target = 10 if args.target is None else args.target
        args.players = 2 if args.players is None else args.players
        return rules(args)
    options: dict = {name: value for name, value in (
        ("deck", args.deck), ("players", args.players), ("target", args.target))
        if value is not None}
    options.update({flag: True for flag in ("stick_the_dealer", "dealer_must_pick_up",
                                            "may_call_turned_suit", "defend_alone",
                                            "joker_dealer_alone") if getattr(args, flag)})
    return Rules(game=args.game, **options)


def add_run_flags(parser: argparse.ArgumentParser) -> None:
    """Seed, workers, backend and JSON output: shared by the arena and the tournament."""
    parser.add_argument("--seed", type=seed, default=0, metavar="S", help=_("default 0"))
    parser.add_argument("--workers", type=positive, default=1, metavar="W",
                        help=_("worker processes (or the CPUs of a local Ray cluster); the "
                               "results are the same for any W"))
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help=_("local worker processes (default) or a Ray cluster"))
    parser.add_argument("--address", metavar="ADDRESS", default=None,
                        help=_("the Ray cluster to use (e.g. auto or ray://head:10001); "
                               "default: start a local one"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument("--bot-timeout", type=in_range(float, 0.01, 600, N_("expected seconds "
                                                          "from 0.01 to 600")),
                        default=None, metavar="SECONDS",
                        help=_("seconds an exec: program may think per decision; default 5"))
    parser.add_argument("--bot-cwd", metavar="DIR", default=None,
                        help=_("the working folder exec: programs run in; default the current one"))


def program_options(args: argparse.Namespace, bots: list[Any]) -> list[Any]:
    """The bots with ``--bot-timeout`` and ``--bot-cwd`` given to the outside programs among
    them, each checked (it exists, its folder is one) before anything is played."""
    return [b.with_program_options(args.bot_timeout, args.bot_cwd) for b in bots]


def check_run_flags(args: argparse.Namespace, per_set: int | None = None) -> None:
    """What argparse cannot check alone: a plot is a PNG, ``--address`` needs Ray, and a game
    count is played as asked (matches come in duplicate pairs; ``per_set``: the matches of
    a duplicate set, when the rules are known)."""
    if getattr(args, "plot", None) and not args.plot.lower().endswith(".png"):
        raise ValueError(_("--plot {file}: the plot is written as PNG, name a .png file",
                           file=args.plot))
    if args.address and args.backend != "ray":
        raise ValueError(_("--address names a Ray cluster: use it with --backend ray"))
    if per_set is not None:
        if args.games % per_set:
            raise ValueError(ngettext(
                "--games {games}: each deal is played {n} time (A in each seat or side), so "
                "the number must be a multiple of {n}",
                "--games {games}: each deal is played {n} times (A in each seat or side), so "
                "the number must be a multiple of {n}", per_set, games=args.games))
        return
    if getattr(args, "players", 2) == 3 and args.games % 3:
        raise ValueError(_("--games {games}: in cutthroat each deal is played three times "
                           "(A in each seat), so the number must be a multiple of 3",
                           games=args.games))
    if getattr(args, "players", 2) != 3 and args.games % 2:
        raise ValueError(_("--games {games}: matches come in duplicate pairs, so the "
                           "number must be even", games=args.games))


def example(text: str, **values: object) -> str:
    """An ``epilog`` with examples: the commands as written, what each does in the reader's
    language (each comment is a message: ``i18n.examples`` finds them)."""
    lines = []
    for line in text.strip().splitlines():
        command, comment = comment_of(line)
        lines.append(f"  {command}{COMMENT}{_(comment, **values)}" if comment else f"  {line}")
    return _("examples:") + "\n" + "\n".join(lines)
