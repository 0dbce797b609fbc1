"""``euchre review FILE``: a finished match reviewed decision by decision (``euchre.coach``).

The analysis is ``coach.review_record`` (the server calls the same function); this module
reads the file, shows a progress bar on stderr while the expert works, and prints the text
or, with ``--json``, ``Review.to_dict()``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import sys
import textwrap
from typing import Any

from ..coach import DEFAULT_DEALS, THRESHOLD, review_record, text
from ..coach.review import MAX_DEALS, seats
from ..history import seat_of
from ..i18n import N_, _
from ..record import player_names, read
from .options import example, in_range, seed
from .progress import progress_bar


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "review", help=_("review a saved match decision by decision"),
        description=_("Value every choice one player made in a match record, as the expert "
                      "would from what he could see then:\nthe options with their expected "
                      "points, the best, the loss of the choice made, the mistakes\n(loss over "
                      "the threshold) largest first, points lost per hand and by phase, and a "
                      "hindsight line\nper hand (the double-dummy result with every card seen)."),
        epilog=example("""
euchre review ~/.local/share/euchre/matches/20261201-101500-42.json
euchre review match.json --player 1          # the other seat
euchre review four.json --player 2           # a seat of a four-handed match
euchre review match.json --json | jq '.summary'
euchre review match.json --deals 96          # faster, noisier (default {deals})""",
                       deals=DEFAULT_DEALS),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", metavar="FILE", help=_("a match record saved as JSON"))
    parser.add_argument("--player", type=in_range(int, 0, 3, N_("the player is a seat from 0 "
                                                     "to 3")),
                        default=None, metavar="N",
                        help=_("whose decisions: 0 or 1 (0 to 2 or 0 to 3 in a game of three "
                               "or four); default the person's seat when the record names it, "
                               "else 0"))
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object (decisions, hands, summary)"))
    parser.add_argument("--deals", type=in_range(int, 1, MAX_DEALS,
                                                 N_("expected deals from 1 to {high}")),
                        default=DEFAULT_DEALS, metavar="K",
                        help=_("the expert's deals per card (twice as many per bid or discard); "
                               "default {default_deals}", default_deals=DEFAULT_DEALS))
    parser.add_argument("--seed", type=seed, default=None, metavar="S",
                        help=_("the expert's seed; default the match's own (the values its "
                               "hints and coach notes showed; same seed, same review)"))
    parser.add_argument("--threshold", type=in_range(float, 0, 10,
                                                     N_("expected points from 0 to 10")),
                        default=THRESHOLD, metavar="P",
                        help=_("a loss over P points is a mistake; default {threshold}",
                               threshold=THRESHOLD))
    return parser


def run(args: argparse.Namespace) -> int:
    data = read(args.file)
    player = default_player(data) if args.player is None else args.player
    players = table_size(data)
    if player >= players:
        raise ValueError(f"--player {player}: a game of {players} has players "
                         f"{seats(players)}")
    with contextlib.ExitStack() as stack:
        bars: list[Any] = []

        def progress(done: int, total: int) -> None:
            if not bars:  # opened once the number of decisions is known
                bars.append(stack.enter_context(progress_bar("reviewing", total)))
            bars[0](done, total)

        review = review_record(data, player, deals=args.deals, seed=args.seed,
                               progress=progress, threshold=args.threshold)
    if args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False))
    else:
        said = text(review, player_names(data))
        print(wrapped(said, shutil.get_terminal_size().columns) if sys.stdout.isatty()
              else said)
    return 0


def wrapped(said: str, width: int) -> str:
    """Text folded to a terminal's ``width`` between words, never inside one; a folded
    line keeps its indent, two more spaces in (a file or a pipe gets the lines whole).

    >>> print(wrapped("  Trick 2: the expert preferred the ace", 24))
      Trick 2: the expert
        preferred the ace
    """
    lines = []
    for line in said.splitlines():
        indent = line[:len(line) - len(line.lstrip())]
        lines.append(textwrap.fill(line, max(width, 20), subsequent_indent=indent + "  ",
                                   break_long_words=False, break_on_hyphens=False)
                     if line.strip() else line)
    return "\n".join(lines)


def default_player(data: dict[str, Any]) -> int:
    """The person's seat when the record says who it was (``history.seat_of``), else 0."""
    if not isinstance(data.get("players"), dict):
        return 0
    try:
        seat = seat_of(data, None)
    except (TypeError, ValueError):
        return 0
    return seat if type(seat) is int and 0 <= seat < table_size(data) else 0


def table_size(data: dict[str, Any]) -> int:
    """The number of players a record's rules name (2 when they name none: the record is
    then refused, in one line, by the review itself)."""
    rules = data.get("rules")
    players = rules.get("players", 2) if isinstance(rules, dict) else 2
    return players if players in (2, 3, 4) else 2
