"""Would another bid have been better? Each bidding decision of expert self-play, every
option valued in the true deal, against the expert's own estimate of it.

At each bid, pick-up or discard with a choice, every option is taken in a copy of the game,
the rest of the bidding is left to the two experts (``--bot``: the expert, or a variant of
it), and the option's worth is the calibrated double-dummy value of the true deal at the
first lead (``bid_realised.first_lead_value``; a hand thrown in is worth 0). Real play
realises that value within about ±0.03 on average (``bid_realised.py``), so it says, one
deal at a time and without playing the hand out, which option would have paid. Per kind of
decision it prints how often the expert's choice was not the one that paid, what that cost,
and whether moving the value of bidding (against passing) by a constant would have chosen
better: the shift is fitted on one half of the deals and scored on the other, both ways
round, so the gain printed is out of sample (a discard has no bid to shift: only its first
two figures are printed).

    python bench/studies/bid_counterfactual.py --deals 1500 --seed 21 --out /tmp/cf21.jsonl
    python bench/studies/bid_counterfactual.py --read /tmp/cf21.jsonl /tmp/cf22.jsonl
    python bench/studies/bid_counterfactual.py --read /tmp/cf23.jsonl --fit-on /tmp/cf2[12].jsonl
    python bench/studies/bid_counterfactual.py --bot expert:calibrated=false --deals 1500
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from collections import defaultdict

from bid_realised import decision_kind, first_lead_value, selfplay_deal

from euchre import Game
from euchre.agents.calibration import Calibration
from euchre.agents.solver import worker_solver
from euchre.cards import SUITS, parse_suit, same_colour, suit_token
from euchre.study.arena import BotSpec, mean_interval

SHIFTS = [x / 100 for x in range(-40, 41, 2)]
"""The constant shifts of the value of bidding tried, in points a hand."""

EDGES = (-0.5, -0.2, -0.1, 0.0, 0.1, 0.2, 0.5)
"""Bins of the estimated edge of bidding over passing, to set its true edge beside."""


def _worth(game: Game, bots: dict, player: int) -> float:
    """``player``'s calibrated value of the true deal once the experts finish the bidding."""
    while game.hand_number == 0 and game.phase != "play":
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    if game.hand_number > 0:  # thrown in
        return 0.0
    value = first_lead_value(game, worker_solver(), Calibration.for_rules(game.rules))
    return value if player == 0 else -value


def one_deal(job: tuple[int, int, str]) -> list[dict]:
    """Every bidding decision with a choice in one deal: its kind, and per option the
    bot's estimate and the option's worth in the true deal."""
    game, bots = selfplay_deal(*job)
    found = []
    while game.hand_number == 0 and game.phase in ("bid1", "bid2", "discard"):
        player = game.to_move
        view = game.view(player)
        if len(view.legal) == 1:
            game.apply(view.legal[0])
            continue
        estimates = bots[player].analyse(view)
        worth = {}
        for token in estimates:
            branch = game.copy()
            branch.apply(token)
            worth[token] = _worth(branch, bots, player)
        found.append({"kind": decision_kind(view), "estimate": estimates, "worth": worth})
        game.apply(max(estimates, key=estimates.__getitem__))
    return found


def _chosen_worth(decision: dict, shift: float) -> float:
    """The worth of the option the expert picks with bidding's value moved by ``shift``."""
    est = decision["estimate"]
    pick = max(est, key=lambda t: est[t] + (shift if t != "pass" else 0.0))
    return decision["worth"][pick]


def _edges(decision: dict) -> tuple[float, float]:
    """(estimated, true-deal) edge of the best-estimated bid over passing."""
    est, worth = decision["estimate"], decision["worth"]
    bid = max((t for t in est if t != "pass"), key=est.__getitem__)
    return est[bid] - est["pass"], worth[bid] - worth["pass"]


def _edge_lines(decisions: list[dict]) -> list[str]:
    """The true edge of bidding against the estimated one, bin by bin."""
    lines = []
    for low, high in zip((-99.0, *EDGES), (*EDGES, 99.0), strict=True):
        got = [e for e in map(_edges, decisions) if low <= e[0] < high]
        if len(got) >= 2:
            mean, lo, hi = mean_interval([true for _, true in got])
            estimated = sum(e for e, _ in got) / len(got)
            lines.append(f"    estimated edge of bidding {estimated:+.3f} (n={len(got):4d}): "
                         f"true {mean:+.3f} ({lo:+.3f} to {hi:+.3f})")
    return lines


def _colour_lines(decisions: list[dict]) -> list[str]:
    """Round two: the true worth less the estimate of naming *next* (the suit of the colour
    of the card turned down) and a *cross* suit, which a bias in the reading of the round-one
    passes would set apart."""
    gaps: dict[str, list[float]] = defaultdict(list)
    chosen: dict[str, int] = defaultdict(int)
    for d in decisions:
        est = d["estimate"]
        calls = [t for t in est if t != "pass"]
        turned = (set(SUITS) - {t.split()[1] for t in calls}).pop()
        nxt = "call " + suit_token(same_colour(parse_suit(turned)))
        for t in calls:
            gaps["next" if t == nxt else "cross"].append(d["worth"][t] - est[t])
        pick = max(est, key=est.__getitem__)
        chosen["pass" if pick == "pass" else "next" if pick == nxt else "cross"] += 1
    lines = []
    for name, got in sorted(gaps.items(), reverse=True):
        mean, lo, hi = mean_interval(got)
        lines.append(f"    naming {name:5s} (n={len(got):4d}, chosen {chosen[name]:4d}): true - "
                     f"estimated {mean:+.3f} ({lo:+.3f} to {hi:+.3f})")
    return lines


def _best_shift(decisions: list[dict]) -> float:
    base = [_chosen_worth(d, 0.0) for d in decisions]
    gains = {s: sum(_chosen_worth(d, s) for d in decisions) - sum(base) for s in SHIFTS}
    return max(SHIFTS, key=lambda s: (gains[s], -abs(s)))


def _by_kind(decisions: list[dict]) -> dict[str, list[dict]]:
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for d in decisions:
        by_kind[d["kind"]].append(d)
    return by_kind


def report(decisions: list[dict], fit_on: list[dict] | None = None) -> None:
    """Per kind of decision: how often and how much the expert's choice missed, and the
    gain of a shift out of sample (fitted on ``fit_on`` when given, else half on half)."""
    held_out = _by_kind(fit_on or [])
    for kind, got in sorted(_by_kind(decisions).items()):
        regret = [max(d["worth"].values()) - _chosen_worth(d, 0.0) for d in got]
        missed = sum(r > 0 for r in regret)
        head = (f"{kind:18s} n={len(got):5d}  not the option that paid: "
                f"{missed / len(got):5.1%}  hindsight cost {sum(regret) / len(got):.3f}")
        if "pass" not in got[0]["estimate"]:  # a discard: no bid to shift
            print(head)
            continue
        if fit_on is not None:
            shift = _best_shift(held_out[kind]) if held_out[kind] else 0.0
            how = f"shift fitted on the other files {shift:+.2f}"
            gain = [_chosen_worth(d, shift) - _chosen_worth(d, 0.0) for d in got]
        else:
            halves = (got[0::2], got[1::2])
            fitted = [_best_shift(h) for h in halves]
            how = (f"shift fitted on each half {fitted[0]:+.2f} / {fitted[1]:+.2f}, "
                   f"all {_best_shift(got):+.2f}")
            # each half scored with the shift fitted on the other half
            gain = [_chosen_worth(d, fitted[1 - i]) - _chosen_worth(d, 0.0)
                    for i, half in enumerate(halves) for d in half]
        mean, low, high = mean_interval(gain)
        print(f"{head}  {how}: out-of-sample gain {mean:+.4f} ({low:+.4f} to {high:+.4f}) "
              "a decision")
        print("\n".join(_edge_lines(got)))
        if kind.startswith("bid2") and len(got[0]["estimate"]) == 4:  # three suits to name
            print("\n".join(_colour_lines(got)))


def _read(parser: argparse.ArgumentParser, names: list[str]) -> list[dict]:
    decisions = []
    for name in names:
        try:
            with open(name) as f:
                decisions += [json.loads(line) for line in f]
        except (OSError, ValueError) as err:
            parser.error(f"cannot read {name}: {err}")
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", default="expert",
                        help="the expert with options, e.g. expert:calibrated=false")
    parser.add_argument("--out", help="write every decision here (JSON lines)")
    parser.add_argument("--read", nargs="+", help="report on decisions written before")
    parser.add_argument("--fit-on", nargs="+",
                        help="fit the shifts on these files' decisions, score them on the rest")
    args = parser.parse_args()
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    try:
        if BotSpec.parse(args.bot).name not in ("expert", "pimc"):
            parser.error(f"--bot must be expert or pimc (with options), not {args.bot!r}")
    except ValueError as err:
        parser.error(f"--bot {args.bot!r}: {err}")
    fit_on = _read(parser, args.fit_on) if args.fit_on else None
    if args.read:
        report(_read(parser, args.read), fit_on)
        return
    jobs = [(args.seed, deal, args.bot) for deal in range(args.deals)]
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            per_deal = pool.map(one_deal, jobs, chunksize=4)
    else:
        per_deal = [one_deal(job) for job in jobs]
    decisions = [d for found in per_deal for d in found]
    if args.out:
        with open(args.out, "w") as f:
            f.writelines(json.dumps(d) + "\n" for d in decisions)
    report(decisions, fit_on)


if __name__ == "__main__":
    main()
