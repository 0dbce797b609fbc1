"""The open tables as a lobby lists them, read from the store (``open_tables`` seats people
at them; ``lobby_feed`` pushes the list to the lobbies).

The list is read from the store, so every process on a database shows every table; a table
that waited ``OPEN_FOR`` seconds untouched leaves it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..rules import Rules
from . import match
from .committer import Committer
from .presets import STANDARD
from .ratings import game_key
from .storage import StoredGame

OPEN_FOR = 1800.0
"""Seconds an open table nobody joins stays on the list."""
SHOWN = 50
"""Open tables a list shows."""


@dataclass(frozen=True)
class OpenTable:
    """An open table as the lobby lists it: nothing of it a seat's link would open."""

    id: str
    game: str
    rules: Rules
    names: tuple[str | None, ...]
    """Each seat's player, None for a free seat."""
    bots: bool
    opened: float
    preset: str
    """The key of the rules preset it was opened with (``presets``)."""

    @property
    def free(self) -> int:
        return sum(name is None for name in self.names)

    def as_json(self, now: float, bots_after: float) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "preset": self.preset,
                "rules": self.rules.to_dict(),
                "seats": len(self.names), "taken": len(self.names) - self.free,
                "names": [name for name in self.names if name is not None],
                "ranked": not self.bots, "bots": self.bots, "bots_after": bots_after,
                "waiting": round(max(0.0, now - self.opened))}


def open_table(stored: StoredGame) -> OpenTable | None:
    """A stored game as an open table with a free seat, or None."""
    facts = stored.facts
    if not facts.open or stored.finished or facts.computers is not None:
        return None
    free = match.invites(stored)
    if not free:
        return None
    return OpenTable(stored.id, game_key(stored.rules), stored.rules,
                     tuple(None if seat in free else name
                           for seat, name in enumerate(stored.names)),
                     facts.bots, stored.created if facts.opened is None else facts.opened,
                     facts.preset or STANDARD)


async def listing(committer: Committer, game: str | None = None) -> list[OpenTable]:
    """The open tables with a free seat (of one game when given), longest waiting first."""
    since = time.time() - OPEN_FOR
    stored = await committer.read(committer.storage.open_games, since, SHOWN * 4)
    tables = [table for one in stored if (table := open_table(one)) is not None]
    return [table for table in tables if game is None or table.game == game][:SHOWN]
