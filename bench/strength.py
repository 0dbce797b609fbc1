"""Strength of the bots: duplicate single hands, mean points per hand with a 95% interval.

Each deal is played twice with the bots' seats swapped (``euchre.study.arena.duplicate_hand``), so
the luck of the cards cancels; the figure is A's mean net points per hand. Targets (issue 3):
expert beats heuristic by at least +0.30 (lower bound of the interval) and every level beats
the one below it.

    python bench/strength.py --deals 2000 --workers 2            # every pairing
    python bench/strength.py --pairs expert:heuristic --deals 500
    python bench/strength.py --pairs expert:deals=48/heuristic   # "/" when a bot has options
    python bench/strength.py --pairs expert:pimc --deals 2000 --seed 1 --deck 25
    python bench/strength.py --styles --deals 1000   # expert and pimc against each style
    python bench/strength.py --pairs expert/pimc --deals 2000 --series 20   # as in matches

``--series K`` plays the deals in runs of K hands by the same two bots, told of each hand's
end (``arena.duplicate_series``): what a bot learns of its opponent during a match shows
there, not in single hands. The interval then treats each run as one unit.

``--same-seed`` gives both bots one seed (common random numbers), for a bot against itself
with one option changed: the two play alike until the option changes a decision, so the
default against itself scores exactly 0 and a variant's margin is its option's alone, with
a far narrower interval than on two seeds (where the default against itself is not 0):

    python bench/strength.py --pairs "expert:search_depth=1/expert" --deals 1000 --same-seed

``--players 3|4`` plays the family's games on duplicate deals
(``study.family_duplicate``): four-handed, A partnering A against B and B, every deal played
with the sides swapped; cutthroat, A in one seat against two B's, every deal rotated over the
three seats. The margin is A's side's points per hand less the other side's (cutthroat: less
the mean of the two others'):

    python bench/strength.py --players 4 --pairs medium:easy hard:medium --deals 300 --workers 1

Four-handed, a side may be two different bots joined by ``+``: the first sits in seat 0 or 1,
his partner opposite, and the swap of the sides keeps each side as it is. The expert with a
partner who plays by the usual rules (``medium``) against two ``medium``'s:

    python bench/strength.py --players 4 --pairs expert+medium:medium --deals 1000 --workers 1
    python bench/strength.py --players 4 --pairs "expert:deals=48+medium/medium"

``--game railroad|hasenpfeffer|napoleon`` measures the levels of the other games of the
family on duplicate deals the same way (Railroad and Hasenpfeffer with the sides swapped,
Napoleon with A's seat rotated over every seat; ``--players 3|4|5`` for Napoleon, 4 by
default). By default every level against the one below:

    python bench/strength.py --game railroad --deals 500 --workers 2
    python bench/strength.py --game napoleon --players 3 --pairs expert:hard --deals 300

``--log FILE`` keeps each deal's result as it is played (a JSON line with the pairing, the
rules and the seed); started again with the same arguments, the run plays only the deals not
yet in it, so a run of hours cut short (a session's end, a kill) goes on where it stopped
and ends with the figure of the whole. ``--progress N`` prints the figure so far every N
deals:

    python bench/strength.py --game hasenpfeffer --pairs expert:hard --deals 2000 --workers 1 \
        --seed 5151 --log runs/hasenpfeffer.jsonl --progress 100

``--styles`` is issue 12's table: the expert's and the frozen ``pimc``'s margins against
opponents neither was tuned on (``bold``, ``timid``, ``mimic``) and the heuristic, each on the
same duplicate deals.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

from euchre.rules import Rules
from euchre.study.arena import BotSpec, duplicate_series, mean_interval
from euchre.study.family_duplicate import duplicate_family_hand, parse_side

STYLES = ("bold", "timid", "mimic", "heuristic")
LEVEL_PAIRINGS = ["easy:random", "medium:easy", "hard:medium", "expert:hard"]
"""Every level against the one below (the other games' default)."""
PAIRINGS = ["expert:random", "expert:heuristic", "heuristic:random", "easy:random",
            "medium:easy", "hard:medium", "expert:hard"]


def _job_log(log: Path | None, key: dict) -> tuple[dict[int, tuple[float, list[float]]], object]:
    """The results already in ``log`` for this run (``key``: pairing, rules, seed...), and the
    file opened to add each new one as it comes: a run cut short (a session's end, a kill)
    goes on from where it stopped when started again with the same arguments."""
    done: dict[int, tuple[float, list[float]]] = {}
    if log is None:
        return done, None
    if log.exists():
        for number, line in enumerate(log.read_text().splitlines(), 1):
            try:
                entry = json.loads(line)
                if all(entry[k] == v for k, v in key.items()):
                    done[int(entry["job"])] = (float(entry["net"]), list(entry["times"]))
            except (ValueError, KeyError, TypeError) as err:
                raise SystemExit(f"strength.py: {log} line {number} is not a result this "
                                 f"script wrote; move the file away or fix the line") from err
    return done, log.open("a")


def measure(a: str, b: str, deals: int, seed: int, workers: int, rules: Rules,
            series: int = 1, same_seed: bool = False, log: Path | None = None,
            progress: int = 0) -> dict:
    if rules.players == 2 and rules.game == "euchre":
        play = duplicate_series
        jobs = {first: (BotSpec.parse(a), BotSpec.parse(b), rules, seed, first, series, same_seed)
                for first in range(0, deals, series)}
    else:
        play = duplicate_family_hand
        side_a, side_b = parse_side(a), parse_side(b)
        jobs = {deal: (side_a, side_b, rules, seed, deal) for deal in range(deals)}
    key = {"a": a, "b": b, "rules": repr(rules), "seed": seed, "series": series,
           "same_seed": same_seed}
    results, out = _job_log(log, key)
    todo = [number for number in jobs if number not in results]
    started = time.perf_counter()
    pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None
    try:
        done = (pool.imap(play, [jobs[n] for n in todo], chunksize=max(1, 8 // series))
                if pool else (play(jobs[n]) for n in todo))
        for count, (number, result) in enumerate(zip(todo, done, strict=True), 1):
            results[number] = result
            if out:
                out.write(json.dumps({**key, "job": number, "net": result[0],
                                      "times": result[1]}) + "\n")
                out.flush()
            if progress and count % progress == 0:
                mean, low, high = mean_interval([results[n][0] for n in sorted(results)])
                print(f"  {a} vs {b}: {len(results)} of {len(jobs)} done, {mean:+.3f} "
                      f"({low:+.3f} to {high:+.3f}), "
                      f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
        if out:
            out.close()
    seconds = time.perf_counter() - started
    margins = [results[n][0] for n in sorted(jobs)]
    times = sorted(t for n in jobs for t in results[n][1])
    mean, low, high = mean_interval(margins)
    return {"a": a, "b": b, "deals": deals, "series": series, "points_per_hand": mean, "low95": low,
            "high95": high, "a_median_ms": 1000 * statistics.median(times) if times else 0.0,
            "a_p95_ms": 1000 * times[int(0.95 * (len(times) - 1))] if times else 0.0,
            "seconds": seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", nargs="*", default=None,
                        help="A:B pairings (four-handed, a side may be A1+A2)")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--deck", type=int, choices=(24, 28, 32, 25, 33, 52), default=None,
                        help="the deck (by default the game's own: 24 for Euchre)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5), default=None,
                        help="3: cutthroat, 4: partnership (duplicate deals, see above); "
                             "Napoleon 3, 4 or 5")
    parser.add_argument("--game", choices=("euchre", "railroad", "hasenpfeffer", "napoleon"),
                        default="euchre", help="the game (see above)")
    parser.add_argument("--styles", action="store_true",
                        help="expert and pimc against bold, timid, mimic and heuristic")
    parser.add_argument("--series", type=int, default=1,
                        help="hands in a row by the same bots (deals must be a multiple)")
    parser.add_argument("--same-seed", action="store_true",
                        help="both bots on one seed (common random numbers): for a bot "
                             "against itself with one option changed")
    parser.add_argument("--log", type=Path, default=None,
                        help="a file each deal's result is added to as it is played; run "
                             "again with the same arguments, the deals in it are not "
                             "played again (a long run goes on where it stopped)")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="print the figure so far every N deals (to stderr)")
    args = parser.parse_args()
    if args.progress < 0:
        parser.error(f"--progress must be 0 or more deals, not {args.progress}")
    if args.series < 1 or args.deals % args.series:
        parser.error(f"--series must be a whole number dividing --deals ({args.deals}), "
                     f"not {args.series}")
    if (args.players not in (None, 2) or args.game != "euchre") and (
            args.series != 1 or args.same_seed or args.styles):
        parser.error("--series, --same-seed and --styles are for the two-handed game")
    options = {k: v for k, v in (("deck", args.deck), ("players", args.players)) if v}
    try:
        rules = Rules(game=args.game, **options)
    except ValueError as err:
        parser.error(str(err))
    if args.pairs is None:
        args.pairs = PAIRINGS if args.game == "euchre" else LEVEL_PAIRINGS
    if args.styles:
        args.pairs = [f"{bot}:{style}" for style in STYLES for bot in ("expert", "pimc")]
    rows = []
    for pairing in args.pairs:
        a, b = pairing.split("/") if "/" in pairing else pairing.split(":")
        row = measure(a, b, args.deals, args.seed, args.workers, rules, args.series,
                      args.same_seed, args.log, args.progress)
        rows.append(row)
        runs = f" in series of {args.series}" if args.series > 1 else ""
        if not args.json:
            game = "" if args.game == "euchre" else f"{rules.game} ({rules.players}) "
            print(f"{game}{a:>10} vs {b:<10} {row['points_per_hand']:+.3f} points/hand "
                  f"(95% {row['low95']:+.3f} to {row['high95']:+.3f}) over {args.deals} "
                  f"duplicate deals{runs}; {a} median {row['a_median_ms']:.1f} ms, p95 "
                  f"{row['a_p95_ms']:.0f} ms; "
                  f"{row['seconds']:.0f} s", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
