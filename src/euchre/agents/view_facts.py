"""Facts a bot reads from its view in a phase where they are known, checked once: whose
seat it is (a bot is dealt a seat's view, never a spectator's), the trump suit (named once
the bidding has made it), and, in the play, who made the contract and what it is."""

from __future__ import annotations

from typing import Protocol

from ..cards import SUITS


class _Seen(Protocol):
    @property
    def player(self) -> int | None: ...

    @property
    def trump(self) -> str | None: ...

    @property
    def maker(self) -> int | None: ...


def seat_of(view: _Seen) -> int:
    """The seat the view is of; ``ValueError`` for a spectator's."""
    if view.player is None:
        raise ValueError("a player's view is needed, not a spectator's")
    return view.player


def trump_of(view: _Seen) -> int:
    """The trump suit's index in ``SUITS``; ``ValueError`` before it is named."""
    if view.trump is None:
        raise ValueError("no trump has been named yet")
    return SUITS.index(view.trump)


def maker_of(view: _Seen) -> int:
    """The seat that made the contract; ``ValueError`` before anyone has."""
    if view.maker is None:
        raise ValueError("nobody has made a contract yet")
    return view.maker
