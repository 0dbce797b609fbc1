"""Rebuild ``src/euchre/agents/data/family_bid_values.json``: the four-handed expert's learned
bid values (see ``euchre.agents.family.bid_values``).

1. **Positions.** Four-handed hands are dealt (at 0-0 half the time, else at a random score)
   and bid by the rules of thumb; at every bid with passing legal, each legal bid is valued
   on the *true* deal, until ``--minutes`` are spent. ``--target played`` (the shipped
   file): the bid made, the hand bid and played out by the rules of thumb, no one seeing
   another's cards. ``--target search``: as the search values a drawn deal
   (``search._choice_values``: the rest of the bidding by the rules of thumb, the play
   solved open-handed).
2. **Fit.** For each kind of bid and turn, ridge least squares of its gain over passing on
   ``bid_values.features`` and their products (``bid_values.crossed``; numpy).
3. **Blend.** The model's weight against the expert's search: ``BLEND``, or with ``--target
   search`` and ``--check N`` the least-squares weight on N positions of another seed, where
   the expert's own search (``--bid-deals`` deals, no convention prior) estimates every
   gain too and the script prints how the choices of search, model and blend score on the
   true deals (``check_family_bid_values.py``; bench/README.md, issue 52).

Reproducible from ``--seed`` (the positions' deals and the search's draws); the rows are
kept in ``--rows`` (numpy) so a refit needs no new positions.

    nice -n 15 python scripts/build_family_bid_values.py --minutes 10 --seed 62
    nice -n 15 python scripts/build_family_bid_values.py --target search --minutes 25 \
        --check 1500 --seed 52
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import time

import numpy as np

from euchre import Game, Rules
from euchre.agents.family.bid_values import (
    CROSSED,
    FEATURES,
    KINDS,
    VERSION,
    WEIGHTS,
    bid_features,
    crossed,
    kind_of,
    turn_of,
)
from euchre.agents.family.rules_of_thumb import choose
from euchre.agents.family.search import _choice_values, match_needs, net_points
from euchre.agents.family.solver import worker_table_solver
from euchre.engine.games.euchre.game import state_of

OUT = pathlib.Path(__file__).resolve().parents[1] / "src/euchre/agents/data" \
    / "family_bid_values.json"
RULES = Rules(players=4)
BLEND = 0.5
"""The model's weight against the search when it is not fitted (``--target played``: the
search estimates another value, the open-hand one, so no least squares between the two
means anything); measured in play by ``bench/learned_bids.py``."""
RIDGE = 10.0
"""Ridge penalty (in rows' worth) on every weight but the bias: the rare features (a lone
bid at 9 points) stay near 0 instead of fitting a handful of deals."""


def dealt(seed: int, index: int) -> Game:
    """Hand ``index`` of ``seed``: at 0-0 half the time, else at a random score."""
    rng = random.Random(seed * 1_000_003 + index)
    data = Game(RULES, seed=rng.randrange(1 << 32)).record()
    score = [0, 0] if rng.random() < 0.5 else [rng.randrange(10), rng.randrange(10)]
    data["start"] = {"hand_number": 0, "score": score, "last_hand": None}
    data["score"] = score
    return Game.from_record(data)


def played_values(game: Game, view) -> list[float]:
    """Each legal token's value when the hand is then bid and played out by the rules of
    thumb (``--target played``: real play, no one seeing the hidden cards)."""
    worth = net_points(4, view.player, match_needs(view))
    out = []
    for token in view.legal:
        after = game.copy()
        after.apply(token)
        while after.hand_number == 0 and not after.is_over:
            after.apply(choose(after.view(after.to_move)))
        last = after.view(None).last_hand
        out.append(worth(tuple(last["points"]) if last else (0, 0)))
    return out


def positions(seed: int, index: int, target: str = "search"):
    """Each bidding view of hand ``index`` with passing legal, and each legal token's value
    on the true deal: as the search values a drawn one (``target`` search), or played out
    by the rules of thumb (played)."""
    game = dealt(seed, index)
    solver = worker_table_solver()
    while game.phase in ("bid1", "bid2") and game.hand_number == 0:
        view = game.view(game.to_move)
        if "pass" in view.legal and len(view.legal) > 1:
            values = _choice_values(state_of(game)[:], view, solver) if target == "search" \
                else played_values(game, view)
            yield view, dict(zip(view.legal, values, strict=True))
        game.apply(choose(view))


def rows_of(view, values: dict[str, float]) -> list[tuple[int, int, list[float], float]]:
    """(kind, turn, features, gain over passing) of each bid of a position."""
    turn = turn_of(view.player, view.dealer)
    return [(KINDS.index(kind_of(t)), turn, bid_features(view, t), v - values["pass"])
            for t, v in values.items() if t != "pass"]


def collect(seed: int, minutes: float, target: str = "search"
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Rows until ``minutes`` are spent: kind-and-turn keys, features, gains; hands dealt."""
    chunks: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    keys, xs, ys = [], [], []
    stop = time.perf_counter() + 60 * minutes
    index = 0
    while time.perf_counter() < stop:
        for view, values in positions(seed, index, target):
            for kind, turn, x, y in rows_of(view, values):
                keys.append(kind * 4 + turn)
                xs.append(x)
                ys.append(y)
        index += 1
        if index % 2000 == 0:  # (numpy chunks: a Python list of rows would hold gigabytes)
            chunks.append((np.array(keys, np.int8), np.array(xs, np.float32),
                           np.array(ys, np.float32)))
            keys, xs, ys = [], [], []
            print(f"{index} hands, {sum(len(c[2]) for c in chunks)} rows", flush=True)
    chunks.append((np.array(keys, np.int8), np.array(xs, np.float32).reshape(-1, len(FEATURES)),
                   np.array(ys, np.float32)))
    return (np.concatenate([c[0] for c in chunks]), np.concatenate([c[1] for c in chunks]),
            np.concatenate([c[2] for c in chunks]), index)


def fit(keys: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> dict[str, list[list[float]]]:
    """Ridge weights on the features and their products (``crossed``) for every kind and
    turn (zeros where too few rows)."""
    out: dict[str, list[list[float]]] = {}
    penalty = RIDGE * np.eye(WEIGHTS)
    penalty[0, 0] = 0.0
    for kind_index, kind in enumerate(KINDS):
        out[kind] = []
        for turn in range(4):
            mine = keys == kind_index * 4 + turn
            x = np.array([crossed(row) for row in xs[mine].astype(np.float64).tolist()])
            y = ys[mine].astype(np.float64)
            if len(y) < WEIGHTS:
                out[kind].append([0.0] * WEIGHTS)
                continue
            w = np.linalg.solve(x.T @ x + penalty, x.T @ y)
            residual = y - x @ w
            print(f"{kind:>10} turn {turn}: {len(y):6d} rows, mean gain {y.mean():+.3f}, "
                  f"sd {y.std():.3f}, residual sd {residual.std():.3f}")
            out[kind].append([round(float(v), 5) for v in w])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="time for positions")
    parser.add_argument("--check", type=int, default=0,
                        help="held-out positions to choose the blend on (--target search "
                             "only; 0: BLEND)")
    parser.add_argument("--bid-deals", type=int, default=32,
                        help="the expert's deals a bid, for the check")
    parser.add_argument("--seed", type=int, default=52)
    parser.add_argument("--target", choices=("search", "played"), default="played",
                        help="what a bid is worth: the search's open-hand valuation of the "
                             "true deal, or the hand played out by the rules of thumb")
    parser.add_argument("--rows", type=pathlib.Path, default=None,
                        help="a .npz of rows to reuse (if it exists) or to save")
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    args = parser.parse_args()
    if args.check and args.target != "search":
        parser.error("--check compares with the search's own valuation: --target search only")
    started = time.perf_counter()
    if args.rows is not None and args.rows.exists():
        saved = np.load(args.rows)
        keys, xs, ys, hands = saved["keys"], saved["xs"], saved["ys"], int(saved["hands"])
        collected = float(saved["seconds"])
    else:
        keys, xs, ys, hands = collect(args.seed, args.minutes, args.target)
        collected = time.perf_counter() - started
        if args.rows is not None:
            np.savez(args.rows, keys=keys, xs=xs, ys=ys, hands=hands, seconds=collected)
    print(f"{hands} hands, {len(ys)} rows in {collected:.0f} s", flush=True)
    weights = fit(keys, xs, ys)
    blend = BLEND
    if args.check:
        from check_family_bid_values import check  # (the held-out measure, its own module)

        blend = check(weights, args.seed + 1, args.check, args.bid_deals)
    data = {"version": VERSION, "features": list(FEATURES), "crossed": list(CROSSED),
            "rules": RULES.to_dict(),
            "blend": round(blend, 3), "weights": weights,
            "trained": {"seed": args.seed, "hands": hands, "rows": len(ys),
                        "minutes": round(collected / 60, 1), "target": args.target,
                        "check_positions": args.check,
                        "check_bid_deals": args.bid_deals},
            "about": "weights[kind][turn]: the gain in points over passing of a bid of that "
                     "kind at that turn (0 = the dealer's left, 3 = the dealer), linear in "
                     "the features; blend: the model's weight against the expert's search; "
                     "from scripts/build_family_bid_values.py"}
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"written {args.out} ({args.out.stat().st_size} bytes) in "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
