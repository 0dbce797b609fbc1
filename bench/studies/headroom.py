"""Where the points are between two bots: which decisions could still gain, and how much.

Two measures on duplicate single hands (the deals of ``bench/strength.py``):

* ``--split A B``: A's margin over B, split into the deals whose bidding was the same with
  the seats both ways (so the points came from the discard and the play) and the deals
  whose bidding differed. Shows which half of the game a gain (or a loss) comes from.
* ``--first A B``: A's margin split by the first decision at which A and B, in the same
  position of the same deal, chose differently (the two games of a deal are the same up
  to it): a bid of the dealer or of the non-dealer, the dealer's discard, or a lead or an
  answer in trick 1 to 5. Every point of the margin is won or lost from such a decision on,
  so this says which decisions the gain comes from, and where it is lost.
* ``--see WHEN``: an upper bound. ``pimc`` that sees the opponent's cards when it plays a
  card (``lead``: when it leads a trick, ``follow``: when it answers one, ``first``: in the
  first trick, ``all``: always), and bids as ``pimc`` does, against ``pimc``. What perfect
  knowledge is worth at those decisions: no honest player gets all of it, but a decision
  where it is worth little cannot be where a better player gains much.

    python bench/studies/headroom.py --split expert pimc --deals 600 --seed 303
    python bench/studies/headroom.py --first expert pimc --deals 1000 --seed 777
    python bench/studies/headroom.py --see lead --deals 300 --seed 404
"""

from __future__ import annotations

import argparse
import multiprocessing

from bid_realised import decision_kind

from euchre import Game, Rules
from euchre.actions import action_token, parse_action
from euchre.agents.expert import _net_points, _play_values
from euchre.engine.games.euchre.game import state_of
from euchre.study.arena import BotSpec, mean_interval, mix64
from euchre.view import View

SEEING = {"lead": lambda v: not v.trick, "follow": lambda v: bool(v.trick),
          "first": lambda v: not v.tricks, "all": lambda v: True}


def _seeing_card(game: Game, view: View, bot) -> str:
    """The card that is best with every card known: the solver on the true deal."""
    legal = [parse_action(t) for t in view.legal]
    values = _play_values([(state_of(game), 1.0)], legal, view.player, _net_points,
                          bot.solver)
    return action_token(legal[max(range(len(legal)), key=values.__getitem__)])


def _deal(job: tuple[str, str, str | None, int, int]) -> tuple[float, bool, str]:
    """One deal both ways: A's mean net points, whether the bidding was the same, and the
    kind of the first decision at which the two games parted (``same`` if none)."""
    a, b, seeing, seed, deal = job
    deal_seed = mix64((seed << 24) + deal)
    net, biddings, decisions = 0.0, [], []
    for a_seat in (0, 1):
        bots = {a_seat: BotSpec.parse(a).make(mix64(deal_seed + 5)),
                1 - a_seat: BotSpec.parse(b).make(mix64(deal_seed + 7))}
        game = Game(Rules(), seed=deal_seed, first_dealer=deal % 2)
        bids, made = [], []
        while game.hand_number == 0 and not game.is_over:
            player = game.to_move
            view = game.view(player)
            if (seeing and player == a_seat and view.phase == "play"
                    and SEEING[seeing](view)):
                token = _seeing_card(game, view, bots[player])
            else:
                token = bots[player].act(view)
            if view.phase in ("bid1", "bid2"):
                bids.append((player, token))
            made.append((decision_kind(view), token))
            game.apply(token)
        net += game.score[a_seat] - game.score[1 - a_seat]
        biddings.append(bids)
        decisions.append(made)
    parted = zip(*decisions, strict=False)  # the games are alike up to where they part
    first = next((kind for (kind, x), (_, y) in parted if x != y), "same")
    return net / 2, biddings[0] == biddings[1], first


def _line(label: str, margins: list[float], deals: int) -> str:
    if not margins:
        return f"{label}: 0 deals"
    if len(margins) == 1:
        return (f"{label}: 1 deal, {margins[0]:+.3f} a hand, {margins[0] / deals:+.3f} of "
                f"the whole margin")
    mean, low, high = mean_interval(margins)
    return (f"{label}: {len(margins)} deals, {mean:+.3f} a hand (95% {low:+.3f} to "
            f"{high:+.3f}), {sum(margins) / deals:+.3f} of the whole margin")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--split", nargs=2, metavar=("A", "B"))
    what.add_argument("--first", nargs=2, metavar=("A", "B"))
    what.add_argument("--see", choices=sorted(SEEING))
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=404)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.deals < 2 or args.workers < 1:
        parser.error("--deals must be at least 2 and --workers at least 1")
    a, b = args.split or args.first or ("pimc", "pimc")
    for spec in (a, b):
        try:
            BotSpec.parse(spec)
        except ValueError as err:
            parser.error(str(err))
    jobs = [(a, b, args.see, args.seed, d) for d in range(args.deals)]
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            results = pool.map(_deal, jobs, chunksize=8)
    else:
        results = [_deal(job) for job in jobs]
    everything = [m for m, _, _ in results]
    name = f"pimc seeing the cards ({args.see}) vs pimc" if args.see else f"{a} vs {b}"
    print(_line(name, everything, args.deals))
    if args.split:
        print(_line("  same bidding both ways", [m for m, same, _ in results if same],
                    args.deals))
        print(_line("  bidding differed", [m for m, same, _ in results if not same],
                    args.deals))
    if args.first:
        kinds: dict[str, list[float]] = {}
        for margin, _, first in results:
            kinds.setdefault(first, []).append(margin)
        for kind in sorted(kinds, key=lambda k: (k == "same", -len(kinds[k]))):
            print(_line(f"  first parted at {kind}", kinds[kind], args.deals))


if __name__ == "__main__":
    main()
