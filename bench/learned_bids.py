"""What the four-handed expert's learned bid values add (issue 52, criterion 2): the expert
with them against the same expert without, on duplicate deals, and each against ``hard``.

    python bench/learned_bids.py --deals 300 --seed 5201                  # the ablation
    python bench/learned_bids.py --deals 300 --seed 5202 --against hard   # against hard
    python bench/learned_bids.py --blend 0.75 --deals 1000 --seed 5208    # another blend

Four-handed single hands from 0-0 (``study.family_duplicate``), A partnering A against B and
B, the sides swapped. Each seat's bot is seeded by the seat, so in the ablation the two
experts draw the same deals for every decision and play alike until the learned values change
a bid: a hand where they change nothing scores exactly 0, and the margin is the learned
values' alone. Those hands are found by bidding each deal once with twin experts
(``bids_differ``) and are not played out: only the deals where a bid changes cost a full
duplicate play, so many more deals fit the same time. Positive: the learned values pay. The model is
``src/euchre/agents/data/family_bid_values.json`` (``scripts/build_family_bid_values.py``).
``--blend B``: the expert weighing the learned values by ``B`` against the same expert at
the file's blend, the same way (positive: ``B`` pays more).
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass

from euchre.agents.family.expert import FamilyExpert
from euchre.rules import Rules
from euchre.study.arena import BotSpec, mean_interval
from euchre.study.family_duplicate import deal_seeds, dealt, duplicate_family_hand


@dataclass(frozen=True)
class LearnedExpert(BotSpec):
    """The four-handed expert with or without its learned bid values (not a ``load``
    option: the two-handed expert has none)."""

    learned: bool = True
    blend: float | None = None

    def make(self, seed: int) -> FamilyExpert:
        return FamilyExpert(seed=seed, learned_bids=self.learned, blend=self.blend)

    def __str__(self) -> str:
        if not self.learned:
            return "expert(search bids)"
        return "expert(learned bids)" if self.blend is None else f"expert(blend {self.blend})"


def bids_differ(rules: Rules, seed: int, deal: int, a: LearnedExpert,
                b: LearnedExpert) -> bool:
    """Whether expert ``a`` bids any bid of the deal otherwise than ``b`` as ``b`` bids it:
    every seat's ``b`` beside an ``a`` twin (the same seed, so the same deals drawn while
    their choices agree). When none changes, the two seatings of the ablation are one game
    and its margin is exactly 0: only the other deals need their cards played."""
    seeds = deal_seeds(seed, deal, rules.players)[1]
    twins = [(b.make(s), a.make(s)) for s in seeds]
    game = dealt(rules, seed, deal)
    while game.hand_number == 0 and game.phase in ("bid1", "bid2"):
        plain, learned = twins[game.to_move]
        view = game.view(game.to_move)
        token = plain.act(view)
        if learned.act(view) != token:
            return True
        game.apply(token)
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5201)
    parser.add_argument("--against", choices=("expert", "hard"), default="expert",
                        help="expert: the learned values' ablation; hard: each expert "
                             "against hard")
    parser.add_argument("--blend", type=float, default=None,
                        help="compare this blend with the file's instead (0 to 1)")
    args = parser.parse_args()
    if args.blend is not None and not 0 <= args.blend <= 1:
        parser.error(f"--blend must be from 0 to 1, not {args.blend}")
    rules = Rules(players=4)
    learned, plain = LearnedExpert("expert"), LearnedExpert("expert", learned=False)
    if args.blend is not None:
        learned, plain = LearnedExpert("expert", blend=args.blend), learned
    pairs = [(learned, plain)] if args.against == "expert" else [
        (learned, BotSpec("hard")), (plain, BotSpec("hard"))]
    print(f"load average {os.getloadavg()[0]:.2f}; {args.deals} deals, seed {args.seed}")
    for a, b in pairs:
        started = time.perf_counter()
        margins, changed, played = [], 0, 0
        for deal in range(args.deals):
            if args.against == "expert" and not bids_differ(rules, args.seed, deal, a, b):
                margins.append(0.0)
                continue
            played += 1
            net, _ = duplicate_family_hand((a, b, rules, args.seed, deal))
            margins.append(net)
            changed += net != 0.0
            if played % 25 == 0:  # (a running figure: a long run may be cut short)
                mean, low, high = mean_interval(margins)
                print(f"  {deal + 1} deals, {played} played out: {mean:+.3f} ({low:+.3f} to "
                      f"{high:+.3f}), {time.perf_counter() - started:.0f} s", flush=True)
        mean, low, high = mean_interval(margins)
        print(f"{a} vs {b}: {mean:+.3f} points/hand (95% {low:+.3f} to {high:+.3f}) over "
              f"{args.deals} deals ({played} played out, {changed} not level), "
              f"{time.perf_counter() - started:.0f} s; "
              f"load {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
