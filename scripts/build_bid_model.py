"""Rebuild ``src/euchre/agents/data/bid_model.json``: the expert's own bidding, as a logistic
curve of hand strength for each bidding turn and deck (see ``euchre.agents.bid_model``).

The expert bids against itself in single hands (every bidding decision of both players is
recorded: the turn, the hand's strength count for it, the count of his best suit other than
the upcard's, and whether trump was made); each turn's centre and spread are then the
maximum-likelihood fit, and for the dealer's round-1 turn the pull of his best other suit
with them (``bid_model.Pull``). Only the expert's own bids are used: no opponent it is
measured against.

    python scripts/build_bid_model.py --hands 1500 --workers 2
    python scripts/build_bid_model.py --hands 2000 --turns dealer1   # one turn, the rest kept
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import time
from typing import NamedTuple

from selfplay import DECKS, options, play

from euchre import Game, agents
from euchre.actions import CALL, parse_action
from euchre.agents.bid_model import PULLED, TURNS, Pull, best_other, bid_strength, turn_of
from euchre.cards import parse_card
from euchre.rules import Rules

OUT = pathlib.Path(__file__).resolve().parents[1] / "src/euchre/agents/data/bid_model.json"


def bidding(job: tuple[int, int], name: str = "expert"
            ) -> list[tuple[int, str, float, int, float]]:
    """(deck, turn, strength, made trump?, best other suit's count) for every bidding
    decision of one hand of bot ``name`` against itself, the strength without the pull
    (``bench/studies/bid_habits.py`` reads other bots with it)."""
    deck, index = job
    rules = Rules(deck=deck)
    game = Game(rules, seed=(deck << 40) + index, first_dealer=index % 2)
    bots = [agents.load(name, seed=index * 2 + p) for p in (0, 1)]
    rows = []
    while game.phase in ("bid1", "bid2") and game.hand_number == 0:
        player = game.to_move
        view = game.view(player)
        token = bots[player].act(view)
        if len(view.legal) > 1 and view.upcard != "JK":
            hand = [parse_card(c) for c in view.hand]
            suits = [parse_action(t) - CALL for t in view.legal if t.startswith("call")]
            round_one = view.phase == "bid1"
            score = bid_strength(hand, parse_card(view.upcard), player == view.dealer,
                                 round_one, suits)
            turn = turn_of(player, view.dealer, round_one)
            other = best_other(hand, parse_card(view.upcard) >> 3)
            rows.append((deck, turn, score, int(token != "pass"), other))
        game.apply(token)
    return rows


def loglik(rows: list[tuple[float, int]], c: float, w: float) -> float:
    """The log-likelihood of (strength, made) rows under P(make) = 1 / (1 + exp(-(s - c) / w))."""
    total = 0.0
    for s, made in rows:
        p = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -(s - c) / w))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total += math.log(p if made else 1.0 - p)
    return total


def fit(rows: list[tuple[float, int]]) -> tuple[float, float]:
    """Maximum-likelihood centre and spread of P(make) = 1 / (1 + exp(-(s - c) / w)), on
    the grid of centres 2 to 9.95 by 0.05 and spreads 0.2 to 2.9 by 0.1: first every fifth
    centre and every other spread, then the grid's points around the best of those (the
    log-likelihood has one peak, so it is the whole grid's best at a tenth of the cost)."""
    def best(points: list[tuple[int, int]]) -> tuple[int, int]:
        return max(points, key=lambda cw: loglik(rows, cw[0] / 20, cw[1] / 20))
    c, w = best([(c, w) for c in range(40, 200, 5) for w in range(4, 60, 4)])
    c, w = best([(c + dc, w + dw) for dc in range(-5, 6) for dw in range(-4, 5, 2)
                 if 40 <= c + dc < 200 and 4 <= w + dw < 60])
    return c / 20, w / 20


class PullFit(NamedTuple):
    """A curve fitted with a pull, its log-likelihood, and the plain curve's (no pull)."""

    center: float
    spread: float
    pull: Pull
    loglik: float
    plain_loglik: float


def fit_pull(rows: list[tuple[float, float, int]]) -> PullFit:
    """Centre, spread and pull fitted together to (strength, best other, made) rows: the
    pull's reference is the mean best other (so the centre stays on the strength's scale),
    its weight the best of 0 to 1.5 by 0.25, then 0.1 and 0.05 either side. Weight 0, the
    first tried, is the plain curve."""
    reference = round(sum(o for _, o, _ in rows) / len(rows) * 20) / 20

    def fitted(weight: float) -> PullFit:
        pull = Pull(weight, reference)
        pulled = [(s - pull.by(o), made) for s, o, made in rows]
        c, w = fit(pulled)
        return PullFit(c, w, pull, loglik(pulled, c, w), 0.0)

    def likeliest(fits: list[PullFit]) -> PullFit:
        return max(fits, key=lambda f: f.loglik)
    tried = [fitted(k / 4) for k in range(7)]
    best = likeliest(tried)
    for step in (0.1, 0.05):
        best = likeliest([best] + [fitted(max(0.0, round(best.pull.weight + d, 2)))
                                   for d in (-step, step)])
    return best._replace(plain_loglik=tried[0].loglik)


def fitted_turns(rows: list, turns: tuple[str, ...]) -> dict[str, dict[str, dict]]:
    """Per deck: each of ``turns``' curve and count of decisions and makes, and the pull
    (with the ``PULLED`` turn)."""
    found: dict[str, dict[str, dict]] = {}
    for deck in DECKS:
        out = found[str(deck)] = {"curves": {}, "decisions_and_makes": {}}
        for turn in turns:
            mine = [(s, o, made) for d, t, s, made, o in rows if d == deck and t == turn]
            if turn == PULLED:
                found_pull = fit_pull(mine)
                curve = [found_pull.center, found_pull.spread]
                out["pull"] = [found_pull.pull.weight, found_pull.pull.reference]
                print(f"{deck} cards, {turn}: log-likelihood {found_pull.plain_loglik:.1f} "
                      f"without the pull, {found_pull.loglik:.1f} with it "
                      f"({len(mine)} decisions)")
            else:
                curve = list(fit([(s, made) for s, _, made in mine]))
            out["curves"][turn] = curve
            out["decisions_and_makes"][turn] = [len(mine), sum(m for _, _, m in mine)]
    return found


def main() -> None:
    def more(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--turns", nargs="+", choices=TURNS, default=list(TURNS),
                            help="refit only these turns, keeping the others (and their "
                                 "counts) from the file --out names")
    args = options(__doc__, 1500, OUT, more)
    turns = tuple(t for t in TURNS if t in args.turns)
    data: dict = {"curves": {}, "decisions_and_makes": {}}
    if turns != TURNS:
        try:
            data = json.loads(args.out.read_text())
        except (OSError, ValueError) as err:
            raise SystemExit(f"--turns: cannot read the turns kept from {args.out}: {err}"
                             ) from None
    started = time.perf_counter()
    rows = [r for hand in play(bidding, args.hands, args.workers, 8) for r in hand]
    for deck, found in fitted_turns(rows, turns).items():
        for key in ("curves", "decisions_and_makes"):
            data[key].setdefault(deck, {}).update(found[key])
        if "pull" in found:
            data.setdefault("pull", {})[deck] = found["pull"]
    data.setdefault("hands", {}).update(dict.fromkeys(turns, args.hands))
    data["about"] = ("curves[deck][turn] = [centre, spread] of the expert's own bidding; "
                     "pull[deck] = [weight, reference] of the dealer's best other suit on his "
                     "round-1 count; hands[turn] = the self-play hands per deck each turn was "
                     "fitted on; from scripts/build_bid_model.py")
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(json.dumps(data["curves"]), json.dumps(data["pull"]),
          f"\n{len(rows)} decisions in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
