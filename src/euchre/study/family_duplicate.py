"""Duplicate deals at tables of three and four: bot A's margin over bot B with the luck of
the cards taken out, as ``arena.duplicate_hand`` does for the two-handed game.

* **Four-handed**: every deal is played twice, A partnering A against B and B, the sides
  swapped the second time (A in seats 0 and 2, then in 1 and 3); A's margin is his side's
  points less the other side's, per hand.
* **Cutthroat**: every deal is played three times, A in one seat and B in the two others,
  A's seat rotated over the three; A's margin is his points less the mean of the two B's.
  Over the three plays A holds every hand once and the B's every hand twice, so two equal
  bots score 0 on every deal, whatever the cards.

Each deal is a single hand from 0-0; each seat has its own bot, seeded from the deal.

>>> from euchre.study.arena import BotSpec
>>> net, times = duplicate_family_hand((BotSpec.parse("medium"), BotSpec.parse("medium"),
...                                     Rules(players=3), 7, 0))
>>> net, len(times) > 0
(0.0, True)
"""

from __future__ import annotations

import time

from ..agents import tell
from ..game import Game
from ..rules import Rules
from ..scoring import side_of
from ..state import mix64
from .arena import BotSpec, seatings


def duplicate_family_hand(job: tuple[BotSpec, BotSpec, Rules, int, int]
                          ) -> tuple[float, list[float]]:
    """Deal number ``deal`` of ``seed`` played once per seating (``seatings``): A's mean
    margin per hand (see the module docstring) and A's decision times in seconds."""
    bot_a, bot_b, rules, seed, deal = job
    players = rules.players
    deal_seed = mix64((seed << 24) + deal)
    bot_seed = mix64(deal_seed + 11)
    net = 0.0
    times: list[float] = []
    plays = seatings(players)
    for mine in plays:
        bots = {seat: (bot_a if seat in mine else bot_b).make(mix64(bot_seed + seat))
                for seat in range(players)}
        for seat, bot in bots.items():
            tell(bot, "start_match", rules, seat)
        game = Game(rules, seed=deal_seed, first_dealer=deal % players)
        while game.hand_number == 0 and not game.is_over:
            player = game.to_move
            assert player is not None
            started = time.perf_counter()
            token = bots[player].act(game.view(player))
            if player in mine:
                times.append(time.perf_counter() - started)
            game.apply(token)
        for seat, bot in bots.items():
            tell(bot, "hand_over", game.view(seat).last_hand)
        score = game.score
        side = side_of(players, mine[0])
        others = [points for s, points in enumerate(score) if s != side]
        net += score[side] - sum(others) / len(others)
    return net / len(plays), times
