"""Rebuild ``src/euchre/agents/data/dd_calibration.json``: how many tricks a maker really
takes when the double-dummy solver says he takes ``j``.

Why: the expert values a bid by solving each sampled deal double-dummy, as if both players
saw every card. Real play falls short of that, and the hand's points are a cliff (three
tricks make, two are euchred for -2), so the bid that is worth it double-dummy on three
tricks is often not worth it at the table. This measures the gap in self-play: each hand's
trump is set by a reasonable bidder (the heuristic, a third of its bids random, so thin and
strong contracts both occur), then the expert plays the cards for both players (the same
play as the expert's and ``pimc``'s), and at the first lead the true deal is solved
double-dummy. The table counts (maker leads first?, solver's maker tricks j, realised maker
tricks k) for each deck.

    python scripts/build_dd_calibration.py --hands 6000 --workers 2

Never tuned on an opponent: only the expert's own play and the heuristic's bids are used.
"""

from __future__ import annotations

import json
import pathlib
import time

from selfplay import DECKS, options, play

from euchre import Game, agents
from euchre.agents.calibration import first_lead_tricks
from euchre.agents.solver import worker_solver
from euchre.engine.games.euchre.game import state_of
from euchre.rules import Rules

OUT = pathlib.Path(__file__).resolve().parents[1] / "src/euchre/agents/data/dd_calibration.json"


def one_hand(job: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """(deck, maker leads?, DD maker tricks, realised maker tricks), or None if thrown in."""
    deck, index = job
    rules = Rules(deck=deck)
    game = Game(rules, seed=(deck << 32) + index, first_dealer=index % 2)
    bidder = agents.load("easy", seed=index)
    player = agents.load("expert", seed=index, deals=96, bid_deals=192)
    solver = worker_solver()
    dd = None
    while game.hand_number == 0 and not game.is_over:
        phase = game.phase
        view = game.view(game.to_move)
        if phase == "play" and dd is None:
            leads, tricks = first_lead_tricks(state_of(game), solver)
            dd = (int(leads), tricks)
        bot = player if phase in ("play", "discard") else bidder
        game.apply(bot.act(view))
    if dd is None:
        return None
    last = game.view(0).last_hand
    return deck, dd[0], dd[1], last["tricks_won"][last["maker"]]


def main() -> None:
    args = options(__doc__, 6000, OUT)
    started = time.perf_counter()
    rows = [r for r in play(one_hand, args.hands, args.workers, 16) if r]
    counts = {str(d): [[[0] * 6 for _ in range(6)] for _ in range(2)] for d in DECKS}
    for deck, leads, j, k in rows:
        counts[str(deck)][leads][j][k] += 1
    data = {"about": "counts[deck][maker leads first][double-dummy maker tricks][realised "
                     "maker tricks], from scripts/build_dd_calibration.py",
            "hands_per_deck": args.hands, "counts": counts}
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{len(rows)} hands in {time.perf_counter() - started:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
