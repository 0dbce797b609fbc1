"""How often a bot option changes the expert's decisions: a cheap look before a strength run.

A same-seed strength run (``strength.py --same-seed``) takes about half an hour of both
cores for 2,000 deals; an option that changes one decision in a hundred cannot move the
margin by much, and one that changes a fifth of the leads is worth that half hour. This
plays self-play hands of the default bot (the deals of ``bid_realised.py``) and, at every
decision with a choice, asks the default and the bot with the option for their choice, both
made anew with the same seed for that decision (so they draw the same deals unless the
option changes the drawing itself). It prints, by kind of decision, how many there were,
how many the option changed, and each bot's mean time (which of the two goes first
alternates, as the second finds the first's solves in the shared table). The game follows
the default's choices.

    python bench/studies/decision_changes.py "expert:play_model=discard" --hands 60
    python bench/studies/decision_changes.py "expert:model=chance" --base expert --hands 60
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, fields

from bid_realised import decision_kind, selfplay_deal

from euchre.engine.seeds import mix64
from euchre.study.arena import BotSpec


@dataclass
class Tally:
    """One kind of decision: how many, how many changed, and the two bots' times."""

    decisions: int = 0
    changed: int = 0
    base_seconds: float = 0.0
    option_seconds: float = 0.0


def changes(base: BotSpec, option: BotSpec, hands: int, seed: int) -> dict[str, Tally]:
    """Each kind of decision's ``Tally`` over ``hands`` self-play hands of ``base``."""
    tallies: dict[str, Tally] = {}
    turn = 0
    for hand in range(hands):
        game, _ = selfplay_deal(seed, hand)
        while game.hand_number == 0 and not game.is_over:
            view = game.view(game.to_move)
            turn += 1
            bot_seed = mix64((seed << 32) + turn)
            if len(view.legal) < 2 or view.phase == "joker":
                game.apply(base.make(bot_seed).act(view))
                continue
            order = (base, option) if turn % 2 else (option, base)
            chosen, seconds = {}, {}
            for spec in order:
                started = time.perf_counter()
                chosen[spec] = spec.make(bot_seed).act(view)
                seconds[spec] = time.perf_counter() - started
            tally = tallies.setdefault(decision_kind(view), Tally())
            tally.decisions += 1
            tally.changed += chosen[base] != chosen[option]
            tally.base_seconds += seconds[base]
            tally.option_seconds += seconds[option]
            game.apply(chosen[base])
    return tallies


def report(tallies: dict[str, Tally]) -> list[str]:
    """One line per kind of decision, in the order of the hand, and the total."""
    def order(kind: str) -> tuple[int, str]:
        return (kind.startswith("trick"), kind)
    total = Tally(*(sum(getattr(t, f.name) for t in tallies.values()) for f in fields(Tally)))
    return [*(_line(kind, tallies[kind]) for kind in sorted(tallies, key=order)),
            _line("every decision", total)]


def _line(kind: str, t: Tally) -> str:
    share, n = 100 * t.changed / t.decisions, t.decisions
    return (f"{kind}: {n} decisions, {t.changed} changed ({share:.1f}%); mean "
            f"{1000 * t.base_seconds / n:.0f} ms without the option, "
            f"{1000 * t.option_seconds / n:.0f} ms with it")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("option", help="the bot with the option, e.g. expert:model=chance")
    parser.add_argument("--base", default="expert", help="the bot without it (expert)")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    try:
        base, option = BotSpec.parse(args.base), BotSpec.parse(args.option)
    except ValueError as err:
        parser.error(str(err))
    if base.is_program or option.is_program:
        parser.error("both bots must be built in (an outside program has no seed to share)")
    tallies = changes(base, option, args.hands, args.seed)
    print(f"{args.option} against {args.base}, {args.hands} self-play hands of {args.base} "
          f"(seed {args.seed}):")
    print("\n".join("  " + line for line in report(tallies)))


if __name__ == "__main__":
    main()
