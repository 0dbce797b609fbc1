"""``euchre tournament``: run the round robin with a progress bar; print and draw it."""

from __future__ import annotations

import argparse
import json
import time

from ..i18n import _, ngettext
from ..study.arena import seatings
from ..study.plots import plot_tournament
from ..study.tournament import TournamentResult, run_tournament
from .columns import row, widths
from .options import (
    add_family_flags,
    add_game_flag,
    add_rules_flags,
    add_run_flags,
    bot,
    check_run_flags,
    example,
    game_rules,
    positive,
    program_options,
)
from .progress import progress_bar


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "tournament", epilog=example("""
euchre tournament expert hard heuristic easy --games 40 --plot round.png
euchre tournament "exec:node examples/bots/random_bot.js" heuristic random --games 10"""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        help=_("a round robin between bots: margins and ratings"),
        description=_("Every pair of bots plays duplicate matches (the same decks for every "
                      "pairing); prints each pairing's margin per hand with its 95%% interval "
                      "and a Bradley-Terry rating per bot with its interval."))
    parser.add_argument("bots", metavar="BOT", nargs="+", type=bot,
                        help=_("two or more bots, e.g. expert heuristic random"))
    parser.add_argument("--games", type=positive, default=100, metavar="N",
                        help=_("matches per pairing (an even number: pairs; cutthroat, a "
                               "multiple of 3); default 100"))
    add_run_flags(parser)
    parser.add_argument("--plot", metavar="FILE.png",
                        help=_("draw the ratings and the matrix of margins"))
    add_rules_flags(parser)
    add_family_flags(parser)
    add_game_flag(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    rules = game_rules(args)
    per_set = len(seatings(rules.players, rules.game))  # a duplicate set's matches
    check_run_flags(args, None if rules.game == "euchre" else per_set)
    args.bots = program_options(args, args.bots)
    pairings = len(args.bots) * (len(args.bots) - 1) // 2
    started = time.perf_counter()
    with progress_bar(_("{bots}, {pairings}: pairs",
                         bots=ngettext("{n} bot", "{n} bots", len(args.bots)),
                         pairings=ngettext("{n} pairing", "{n} pairings", pairings)),
                      pairings * (args.games // per_set)) as update:
        result = run_tournament(args.bots, pairs=args.games // per_set, seed=args.seed, rules=rules,
                                workers=args.workers, backend=args.backend,
                                address=args.address, progress=update)
    seconds = time.perf_counter() - started
    if args.plot:
        plot_tournament(result, args.plot)
    if args.json:
        data = result.to_dict()
        data.update(seconds=round(seconds, 3), backend=args.backend, workers=args.workers,
                    seed=args.seed, games_per_pairing=args.games, rules=rules.to_dict())
        print(json.dumps(data, indent=2))
    else:
        print(format_tournament(result, args.games, args.seed))
        print("\n" + _("{seconds} s on the {backend} backend", seconds=f"{seconds:.1f}",
                       backend=args.backend))
    return 130 if result.interrupted else 0


def _interval(pair: list[float | None], scale: float = 1.0, fmt: str = "+.3f") -> str:
    low, high = pair
    if low is None or high is None:  # one duplicate pair: nothing to bootstrap over
        return _("none from 1 pair")
    return _("{low} to {high}", low=f"{low * scale:{fmt}}", high=f"{high * scale:{fmt}}")


def format_tournament(result: TournamentResult, games: int, seed: int) -> str:
    """The margins of every pairing, then the ratings, as plain text in the reader's language
    (``--json`` stays as is)."""
    heading = _("Round robin: {bots}, {matches} a pairing in duplicate pairs, seed {seed}",
                bots=ngettext("{n} bot", "{n} bots", len(result.bots)),
                matches=ngettext("{n} match", "{n} matches", games), seed=seed)
    if result.interrupted:
        heading += " " + _("(interrupted: the pairs that finished)")
    headings = [_("pairing"), _("A wins"), _("A margin/hand"), _("95% interval")]
    sizes = widths(headings, [36, 9, 15, 20])
    lines = [heading, "", row(headings, sizes)]
    for p in result.pairings:
        lines.append(row([_("{a} vs {b}", a=p["a"]["name"], b=p["b"]["name"]),
                          f"{100 * p['a_win_rate']:.1f}%", f"{p['a_points_per_hand']:+.3f}",
                          _interval(p["a_points_per_hand_95"])], sizes))
    for p in result.pairings:
        for lost in p.get("forfeits", []):
            lines.append("  " + _("forfeit: {name} in {a} vs {b} (pair {pair}), decision "
                                  "{decision}: {reason}", name=p[lost["bot"]]["name"],
                                  a=p["a"]["name"], b=p["b"]["name"], pair=lost["pair"],
                                  decision=lost["decision"], reason=lost["reason"]))
    headings = [_("bot"), _("rating"), _("95% interval"), _("matches won")]
    sizes = widths(headings, [24, 8, 20, 13])
    lines += ["", row(headings, sizes)]
    for rating in result.ratings:
        lines.append(row([rating["name"], f"{rating['rating']:+.0f}",
                          _interval(rating["rating_95"], fmt="+.0f"),
                          _("{won} of {played}", won=rating["wins"], played=rating["matches"])],
                         sizes))
    lines.append(_("(Bradley-Terry on the Elo scale: +400 = 10:1 odds of winning a match; "
                   "intervals by bootstrap over duplicate pairs)"))
    return "\n".join(lines)
