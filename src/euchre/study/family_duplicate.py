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

Railroad and Hasenpfeffer (``Rules(game=...)``) are played as the four-handed game, the
sides swapped; Napoleon at any number of seats as cutthroat, A's seat rotated over every
seat (A's margin: his points less the mean of the others').

A four-handed side may be two different bots (``Side``, written ``expert+medium``): the
first sits in the side's lower seat (0 or 1), his partner opposite (2 or 3), and the swap
of the sides keeps each side as it is, so ``expert+medium`` against ``medium`` asks how the
expert does with a partner who plays by the usual rules.

>>> from euchre.study.arena import BotSpec
>>> net, times = duplicate_family_hand((BotSpec.parse("medium"), BotSpec.parse("medium"),
...                                     Rules(players=3), 7, 0))
>>> net, len(times) > 0
(0.0, True)
"""

from __future__ import annotations

import time

from ..agents import tell
from ..engine.games import game_sides
from ..engine.games.euchre.state import mix64
from ..game import Game
from ..rules import Rules
from .arena import BotSpec, seatings

Side = tuple[BotSpec, BotSpec]
"""A four-handed side of two bots: the first in the side's lower seat, his partner opposite."""


def parse_side(text: str) -> BotSpec | Side:
    """``expert`` (a bot partnering itself) or ``expert+medium`` (a side of two: the first
    in seat 0 or 1, the partner opposite); options as usual, ``expert:deals=48+medium``.

    >>> parse_side("expert+medium")
    (BotSpec(name='expert', options=()), BotSpec(name='medium', options=()))
    >>> parse_side("medium")
    BotSpec(name='medium', options=())
    """
    parts = text.split("+")
    if len(parts) == 1:
        return BotSpec.parse(text)
    if len(parts) != 2 or not all(part.strip() for part in parts):
        raise ValueError(f"a side is one bot or two joined by '+', e.g. expert+medium, "
                         f"not {text!r}")
    return BotSpec.parse(parts[0]), BotSpec.parse(parts[1])


def side_name(side: BotSpec | Side) -> str:
    """How a side is written: ``expert`` or ``expert+medium``."""
    return "+".join(map(str, side)) if isinstance(side, tuple) else str(side)


def side_in(rules: Rules, seat: int) -> int:
    """The side ``seat`` scores for under ``rules`` (every game of the package)."""
    return game_sides(rules)[seat]


def seat_bots(side_a: BotSpec | Side, side_b: BotSpec | Side, players: int,
              mine: tuple[int, ...]) -> dict[int, BotSpec]:
    """The bot of every seat when side A holds the seats ``mine``: a side of two puts its
    first bot in its lower seat and the partner in the other, whichever seats it holds.

    >>> a, b = parse_side("expert+medium"), parse_side("easy")
    >>> {seat: spec.name for seat, spec in sorted(seat_bots(a, b, 4, (1, 3)).items())}
    {0: 'easy', 1: 'expert', 2: 'easy', 3: 'medium'}
    """
    theirs = tuple(seat for seat in range(players) if seat not in mine)
    bots: dict[int, BotSpec] = {}
    for side, seats in ((side_a, mine), (side_b, theirs)):
        if isinstance(side, tuple):
            if players != 4:
                raise ValueError("a side of two different bots is for the four-handed game")
            bots.update(zip(sorted(seats), side, strict=True))
        else:
            bots.update(dict.fromkeys(seats, side))
    return bots


def deal_seeds(seed: int, deal: int, players: int) -> tuple[int, tuple[int, ...]]:
    """The seed of deal number ``deal`` of ``seed`` and of the bot in each seat: a seat's
    bot has the same seed in every seating, whichever bot sits there, so two bots that
    differ in one choice play alike until it (``bench/learned_bids.py`` relies on it)."""
    deal_seed = mix64((seed << 24) + deal)
    bot_seed = mix64(deal_seed + 11)
    return deal_seed, tuple(mix64(bot_seed + seat) for seat in range(players))


def dealt(rules: Rules, seed: int, deal: int) -> Game:
    """Deal number ``deal`` of ``seed``, as every seating plays it."""
    return Game(rules, seed=deal_seeds(seed, deal, rules.players)[0],
                first_dealer=deal % rules.players)


def duplicate_family_hand(job: tuple[BotSpec | Side, BotSpec | Side, Rules, int, int]
                          ) -> tuple[float, list[float]]:
    """Deal number ``deal`` of ``seed`` played once per seating (``seatings``): A's mean
    margin per hand (see the module docstring) and the decision times in seconds of A's
    first bot (of both A's seats when A partners itself)."""
    side_a, side_b, rules, seed, deal = job
    players = rules.players
    first_a = side_a[0] if isinstance(side_a, tuple) else side_a
    bot_seeds = deal_seeds(seed, deal, players)[1]
    net = 0.0
    times: list[float] = []
    plays = seatings(players, rules.game)
    for mine in plays:
        specs = seat_bots(side_a, side_b, players, mine)
        timed = {seat for seat in mine if specs[seat] == first_a}
        bots = {seat: spec.make(bot_seeds[seat]) for seat, spec in specs.items()}
        for seat, bot in bots.items():
            tell(bot, "start_match", rules, seat)
        game = dealt(rules, seed, deal)
        while game.hand_number == 0 and not game.is_over:
            player = game.to_move
            assert player is not None
            started = time.perf_counter()
            token = bots[player].act(game.view(player))
            if player in timed:
                times.append(time.perf_counter() - started)
            game.apply(token)
        for seat, bot in bots.items():
            tell(bot, "hand_over", game.view(seat).last_hand)
        score = game.score
        side = side_in(rules, mine[0])
        others = [points for s, points in enumerate(score) if s != side]
        net += score[side] - sum(others) / len(others)
    return net / len(plays), times
