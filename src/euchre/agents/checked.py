"""A bot's choice checked against the legal ones.

A bot that chooses something not in ``view.legal`` has a bug. It once chose the first legal
action instead (``choice if choice in view.legal else view.legal[0]``), so the bug played on
as a quietly weak move that no test could see. Now it raises ``IllegalChoice``, naming the
bot, its choice and the position; what a *table* does then is decided once, in
``agents.stand_in``.

>>> from euchre import Game
>>> view = Game(seed=3).view(1)
>>> checked("heuristic", view, "pass")
'pass'
>>> checked("heuristic", view, "play AS")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
euchre.agents.checked.IllegalChoice: heuristic chose 'play AS', not one of pass, order: ...
"""

from __future__ import annotations

from ..view import View


class IllegalChoice(ValueError):
    """A bot chose an action the position does not allow (a bug in that bot)."""


def position(view: View) -> str:
    """The position a choice was made in, in one line: seat, phase, hand, upcard, trick."""
    trick = " ".join(view.trick) or "none"
    return (f"player {view.player} in {view.phase}, hand {' '.join(view.hand) or 'hidden'}, "
            f"upcard {view.upcard}, trump {view.trump}, trick {trick}")


def checked(name: str, view: View, choice: str) -> str:
    """``choice`` if ``view`` allows it; else ``IllegalChoice`` naming the bot ``name``, its
    choice and the position."""
    if choice in view.legal:
        return choice
    raise IllegalChoice(f"{name} chose {choice!r}, not one of {', '.join(view.legal)}: "
                        f"{position(view)}")
