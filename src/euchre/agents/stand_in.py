"""What a table does when its computer player fails: the one policy, written once.

A bot's bug (an illegal choice, ``checked.IllegalChoice``; any error; a worker process lost
for good) must not end a person's game, nor hide: the table reports it in one line and the
rules of thumb (``medium``) make that one decision. The terminal (``play_on``) and the
server's computer players (``failure`` and ``stand_in`` around their asynchronous
decision) follow it; research (the arena, tournaments) does not: there the error stops the
run, so a bug is seen rather than averaged into a strength figure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.messages import _
from ..view import View
from ..words import LEVEL_WORDS
from .heuristic import HeuristicAgent

if TYPE_CHECKING:
    from . import Agent


def failure(name: str, err: BaseException) -> str:
    """What a table says of a computer player that failed, in one line."""
    text = str(err).splitlines()[0] if str(err) else type(err).__name__
    return _("the computer ({name}) failed: {error}; the rules of thumb chose for it",
             name=_(LEVEL_WORDS[name]) if name in LEVEL_WORDS else name, error=text)


def play_on(bot: Agent, view: View, name: str, report: Callable[[str], None]) -> str:
    """A table's decision for its computer player ``bot`` (called ``name``): the bot's, or,
    if it fails, ``stand_in``'s after ``report``-ing the failure in one line."""
    try:
        return bot.act(view)
    except Exception as err:  # a bug in one bot must not end a person's game
        report(failure(name, err))
        return stand_in(view)


def stand_in(view: View, seed: int = 0) -> str:
    """The decision a table makes for a computer player that failed at ``view`` (an illegal
    choice, an error, a worker lost for good): the rules of thumb's (``medium``), so the
    game goes on with a sensible move; the caller logs the failure."""
    return HeuristicAgent(seed=seed).act(view)
