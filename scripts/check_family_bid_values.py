"""The held-out measure of ``build_family_bid_values.py``: on positions of a seed the model
was not fitted on, how well the expert's search, the fitted model and their blend value the
bids, against the values of the true deals.

For each position (a bid with passing legal, reached by the rules of thumb), every legal bid
has three estimates of its gain over passing: the expert's search (its own deals drawn by
inference, no convention prior), the model (``bid_values``), and the blend ``(1 - b) *
search + b * model``. The blend weight ``b`` is the least-squares one against the true
deals' gains; then each way's choice (the lone caution taken off lone bids, as the expert
does) is scored by its true gain, paired position by position.

    python scripts/check_family_bid_values.py --positions 1000 --seed 53
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib

from build_family_bid_values import OUT, positions

from euchre.agents.family.bid_values import bid_features, crossed, kind_of, turn_of
from euchre.agents.family.expert import FamilyExpert
from euchre.agents.family.search import LONE_CAUTION, _is_lone_bid


def _choice(gains: dict[str, float]) -> str:
    """The expert's pick from gains over passing (pass = 0, the lone caution off)."""
    options = {"pass": 0.0, **{t: g - LONE_CAUTION * _is_lone_bid(t) for t, g in gains.items()}}
    return max(options, key=options.__getitem__)


def estimates(seed: int, count: int, bid_deals: int) -> list[tuple[dict, dict, dict]]:
    """(true gains, search gains, each bid's (kind, turn, features)) of ``count`` positions
    of ``seed``: every model is scored on the same ones (``scored``)."""
    out: list[tuple[dict, dict, dict]] = []
    index = 0
    while len(out) < count:
        for view, values in positions(seed, index):
            expert = FamilyExpert(seed=seed * 7919 + len(out), bid_deals=bid_deals,
                                  convention_prior=0.0, learned_bids=False)
            found = expert.analyse(view)
            search = {t: v + LONE_CAUTION * _is_lone_bid(t) - found["pass"]
                      for t, v in found.items() if t != "pass"}
            true = {t: v - values["pass"] for t, v in values.items() if t != "pass"}
            turn = turn_of(view.player, view.dealer)
            out.append((true, search, {t: (kind_of(t), turn, bid_features(view, t))
                                       for t in true}))
        index += 1
    return out[:count]


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    return mean, math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1) / n)


def _gain(weights: dict, kind: str, turn: int, x: list[float]) -> float:
    return sum(a * b for a, b in zip(weights[kind][turn], crossed(x), strict=True))


def scored(weights: dict, rows: list[tuple[dict, dict, dict]]) -> float:
    """Print how search, the model and blends of them do on ``rows``; return the least-
    squares blend weight (0 to 1)."""
    model = [{t: _gain(weights, *f) for t, f in feats.items()} for _, _, feats in rows]
    pairs = [(true, search, m) for (true, search, _), m in zip(rows, model, strict=True)]
    top = sum((g - s[t]) * (m[t] - s[t]) for true, s, m in pairs for t, g in true.items())
    bottom = sum((m[t] - s[t]) ** 2 for _, s, m in pairs for t in m)
    blend = min(1.0, max(0.0, top / bottom)) if bottom else 0.0
    plain = [_true_of(true, s) for true, s, _ in pairs]
    for name, b in (("search", 0.0), ("model", 1.0), ("blend 0.5", 0.5),
                    (f"blend {blend:.2f}", blend)):
        mixed = [{t: (1 - b) * s[t] + b * m[t] for t in true} for true, s, m in pairs]
        errors = [(g - mix[t]) ** 2 for (true, _, _), mix in zip(pairs, mixed, strict=True)
                  for t, g in true.items()]
        gains = [_true_of(true, mix) for (true, _, _), mix in zip(pairs, mixed, strict=True)]
        diff, se = _mean_se([a - p for a, p in zip(gains, plain, strict=True)])
        changed = sum(_choice(mix) != _choice(s) for (_, s, _), mix
                      in zip(pairs, mixed, strict=True))
        print(f"{name:>12}: rms error of the gains {math.sqrt(sum(errors) / len(errors)):.3f};"
              f" its choices' true gain {sum(gains) / len(gains):+.4f} a position, "
              f"{diff:+.4f} (se {se:.4f}) over search's, {changed} choices changed")
    return blend


def _true_of(true: dict[str, float], estimate: dict[str, float]) -> float:
    """The true gain over passing of the choice an estimate makes."""
    pick = _choice(estimate)
    return 0.0 if pick == "pass" else true[pick]


def check(weights: dict, seed: int, count: int, bid_deals: int) -> float:
    """``scored`` on ``count`` new positions of ``seed``."""
    print(f"{count} held-out positions (seed {seed}), search on {bid_deals} deals a bid")
    return scored(weights, estimates(seed, count, bid_deals))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=53)
    parser.add_argument("--bid-deals", type=int, default=32)
    parser.add_argument("--values", type=pathlib.Path, default=OUT)
    args = parser.parse_args()
    check(json.loads(args.values.read_text())["weights"], args.seed, args.positions,
          args.bid_deals)


if __name__ == "__main__":
    main()
