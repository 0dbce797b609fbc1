"""One worker process of the computer players (``workers``): it keeps each table's searching
bot warm and answers the server's requests for a decision, one at a time.

A request carries only what the seat may see: its ``View``, and the finished hands as that
seat saw them (``View.last_hand``), from the first one this process's bot may lack. The bot
of a seat (``Request.bot``: the game, the seat, the level and the seed) is made here on its
first request and kept (the ``KEPT`` most recently used), so an expert learns the
opponent's bidding hand by hand as it would at one table; one evicted, or a process new
since, says how many hands it holds and the server sends it the rest.

The process loads the searching levels' models before its first request (``warm``), then
lowers its own priority (``os.nice``) so the server's event loop comes first on a busy
machine, and
ends by itself when the server is gone: its pipe then reads EOF (a server killed with
SIGKILL included), or the reply it sends breaks.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import random
import signal
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import agents
from ..game import Game
from ..rules import Rules
from ..view import View

KEPT = 2048
"""Bots a worker keeps warm (about the tables a busy server has open); the least recently
used beyond are dropped, and learn their hands again if their table asks once more."""
SEARCHING = ("hard", "expert")
"""The levels whose decisions are made in workers; the others decide in place
(``workers.seat_player``)."""


@dataclass
class Request:
    """A decision asked of a worker: ``bot`` is (game id, seat, level, seed)."""

    job: int
    bot: tuple[str, int, str, int]
    since: int
    """The number of the first hand in ``hands`` (the server's guess of what the bot holds)."""
    hands: list[dict[str, Any] | None]
    view: View = field(repr=False)


class Bots:
    """The warm bots of this process, each with the number of hands it has been told of."""

    def __init__(self, kept: int = KEPT, make: Callable[[str, int], agents.Agent] | None = None
                 ) -> None:
        self.kept = kept
        self.make = make or (lambda level, seed: agents.load(level, seed=seed))
        self._bots: OrderedDict[tuple[str, int, str, int], tuple[agents.Agent, int]] = \
            OrderedDict()

    def answer(self, request: Request) -> tuple[Any, ...]:
        """``("move", job, token, hands told)``, ``("behind", job, hands told)`` when the
        request starts after the hands this bot holds, or ``("error", job, one line)``."""
        key = request.bot
        try:
            warm = self._bots.pop(key, None)
            bot, told = warm if warm is not None else (self.make(key[2], key[3]), 0)
            if told < request.since:
                self._keep(key, bot, told)
                return ("behind", request.job, told)
            for last_hand in request.hands[told - request.since:]:
                agents.tell(bot, "hand_over", last_hand)
            told = max(told, request.since + len(request.hands))
            self._keep(key, bot, told)
            return ("move", request.job, bot.act(request.view), told)
        except Exception as err:  # a bug in a bot: told to the server, the worker lives on
            text = str(err).splitlines()[0] if str(err) else type(err).__name__
            return ("error", request.job, text)

    def _keep(self, key: tuple[str, int, str, int], bot: agents.Agent, told: int) -> None:
        self._bots[key] = (bot, told)
        while len(self._bots) > self.kept:
            self._bots.popitem(last=False)


def warm() -> None:
    """Load what the searching levels read on first use at the usual table of two (models,
    tables), with a bid and a card of each, before the first table waits on them (the
    family's load on their first decision)."""
    for level in SEARCHING:
        game, chooser = Game(Rules(), seed=2), random.Random(2)
        bot = agents.load(level, seed=0)
        while True:  # seat 1 bids, then plays a card: each kind of decision loaded
            if game.to_move != 1:
                game.apply(chooser.choice(game.legal_actions()))
                continue
            phase = game.phase
            game.apply(bot.act(game.view(1)))
            if phase == "play":
                break


def main(pipe: Any, nice: int) -> None:
    """The worker's life: lower its priority, warm up, then answer requests until the
    server's end of ``pipe`` is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    warm()  # (before the priority drops: on a busy machine it would take many seconds)
    with contextlib.suppress(OSError):
        os.nice(nice)
    bots = Bots()
    while True:
        try:
            request = pickle.loads(pipe.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            pipe.send_bytes(pickle.dumps(bots.answer(request), protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            return
