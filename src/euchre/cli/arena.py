"""``euchre arena``: run the arena with a progress bar and report it (table, JSON, plot)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ..i18n import _, ngettext
from ..study import arena
from ..study.arena import ArenaResult, ArenaSpec
from ..study.plots import plot_margin
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
        "arena", epilog=example("""
euchre arena expert heuristic --games 200 --workers 2
euchre arena hard medium --players 4 --games 20   # partners: hard + hard against medium + medium
euchre arena "exec:python3 examples/bots/random_bot.py" heuristic --games 20 --json
euchre arena expert hard --game railroad --games 20      # also hasenpfeffer, napoleon
euchre arena hard medium --game napoleon --players 3 --games 9   # A's seat rotated"""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        help=_("play bots against each other and measure them"),
        description=_("Matches to the target between bot A and bot B in duplicate pairs (the same "
                      "decks with the seats swapped; four-handed, A partners A against B and B, "
                      "the sides swapped; cutthroat, A in one seat against two B's, each deal "
                      "played three times with A's seat rotated). Bots: random, heuristic, "
                      "expert, easy, medium, hard; options as NAME:key=value,key=value; an "
                      "outside program as exec:COMMAND (docs/bot-protocol.md)."))
    parser.add_argument("a", metavar="A", type=bot, help=_("bot A, e.g. expert or expert:deals=48"))
    parser.add_argument("b", metavar="B", type=bot, help=_("bot B"))
    parser.add_argument("--games", type=positive, default=100, metavar="N",
                        help=_("matches to play (an even number: pairs; cutthroat, a multiple of "
                               "3); default 100"))
    add_run_flags(parser)
    parser.add_argument("--out", metavar="DIR", help=_("write every match record to DIR"))
    parser.add_argument("--plot", metavar="FILE.png",
                        help=_("draw the running margin with its 95%% band"))
    add_rules_flags(parser)
    add_family_flags(parser)
    add_game_flag(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    rules = game_rules(args)
    per_set = len(arena.seatings(rules.players, rules.game))  # a duplicate set's matches
    check_run_flags(args, None if rules.game == "euchre" else per_set)
    args.a, args.b = program_options(args, [args.a, args.b])
    spec = ArenaSpec(args.a, args.b, pairs=args.games // per_set, seed=args.seed, rules=rules,
                     keep_records=bool(args.out))
    out_dir = _prepare_out(args.out) if args.out else None
    started = time.perf_counter()
    result = run_with_progress(spec, args.workers, args.backend, args.address)
    elapsed = time.perf_counter() - started
    stats = result.stats
    stats["seconds"] = round(elapsed, 3)
    stats["workers"] = args.workers
    stats["backend"] = args.backend
    stats["interrupted"] = result.interrupted
    if out_dir is not None:
        _write_records(result, out_dir)
    if args.plot:
        plot_margin(stats, args.plot)
    if args.json:
        stats = dict(stats)
        stats.pop("running_margin")
        print(json.dumps(stats, indent=2))
    else:
        print(format_report(stats))
    return 130 if result.interrupted else 0


def _prepare_out(path: str) -> Path:
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ValueError(_("--out {path}: cannot create the folder ({why})", path=path,
                           why=err.strerror)) from None
    if not out.is_dir():
        raise ValueError(_("--out {path}: not a folder", path=path))
    return out


def _write_records(result: ArenaResult, out: Path) -> None:
    for outcome in result.outcomes:
        name = out / f"pair{outcome.pair:05d}-a{outcome.a_seat}.json"
        name.write_text(json.dumps(outcome.record), encoding="utf-8")


def run_with_progress(spec: ArenaSpec, workers: int, backend: str = "local",
                      address: str | None = None) -> ArenaResult:
    """``arena.run`` with a progress bar on the terminal (none in a pipe)."""
    with progress_bar(_("{a} vs {b}: pairs", a=spec.a, b=spec.b), spec.pairs) as update:
        return arena.run(spec, workers, backend=backend, address=address, progress=update)


def format_report(stats: dict[str, Any]) -> str:
    """The arena's result as plain text in the reader's language (``--json`` stays as is)."""
    a, b = stats["a"], stats["b"]
    low, high = stats["a_win_rate_95"]
    m_low, m_high = stats["a_points_per_hand_95"]
    margin_95 = (_("95% {low} to {high}", low=f"{m_low:+.3f}", high=f"{m_high:+.3f}")
                 if None not in (m_low, m_high) else _("no interval from fewer than 2 pairs"))
    heading = _("{a} (A) vs {b} (B): {matches} in {pairs}, {hands}, seed {seed}",
                a=a["name"], b=b["name"], seed=stats["seed"],
                matches=ngettext("{n} match", "{n} matches", stats["matches"]),
                pairs=ngettext("{n} duplicate pair", "{n} duplicate pairs", stats["pairs"]),
                hands=ngettext("{n} hand", "{n} hands", stats["hands"]))
    if stats.get("interrupted"):
        heading += " " + _("(interrupted: these are the pairs that finished)")
    headings = [_("bot"), _("made trump"), _("make"), _("march"), _("euchred"),
                _("ms/decision")]
    sizes = widths(headings, [24, 11, 8, 8, 9, 13])
    lines = [
        heading,
        ngettext("A wins {wins} of {n} match: {rate}% (95% {low}-{high}%)",
                 "A wins {wins} of {n} matches: {rate}% (95% {low}-{high}%)", stats["matches"],
                 wins=stats["a_match_wins"], rate=f"{100 * stats['a_win_rate']:.1f}",
                 low=f"{100 * low:.1f}", high=f"{100 * high:.1f}"),
        _("A's margin: {margin} points per hand ({interval})",
          margin=f"{stats['a_points_per_hand']:+.3f}", interval=margin_95),
        "",
        row(headings, sizes),
    ]
    lines += [row([side["name"], str(side["made_trump"]), f"{100 * side['make_rate']:.1f}%",
                   f"{100 * side['march_rate']:.1f}%", f"{100 * side['euchred_rate']:.1f}%",
                   f"{side['mean_decision_ms']:.2f}"], sizes) for side in (a, b)]
    for lost in stats.get("forfeits", []):
        lines.append(_("forfeit: {name} ({side}) lost pair {pair}'s match with A in seat {seat} "
                       "at decision {decision}: {reason}", name=stats[lost["bot"]]["name"],
                       side=lost["bot"].upper(), pair=lost["pair"], seat=lost["a_seat"],
                       decision=lost["decision"], reason=lost["reason"]))
        lines.extend("    " + _("stderr: {line}", line=line) for line in lost["stderr"][-5:])
    if "seconds" in stats:
        lines.append("\n" + ngettext("{seconds} s with {n} worker", "{seconds} s with {n} workers",
                                     stats["workers"], seconds=f"{stats['seconds']:.1f}"))
    return "\n".join(lines)
