"""Keys of a stored game's ``options`` read below ``match`` and ``hub``: by the store itself
(its ratings, worked out as a game finishes) and by a table's messages (an open table's
start), kept apart so that neither needs those modules."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

COMPUTERS = "computers"
"""At a friend table of three or four, the seats nobody had claimed when the host started,
played by the computer (``options``: seat, as text, to level); a person may still claim one
with its invite, and plays it from the next hand (``match.TAKEOVER``)."""
LEFT = "left"
"""``left{seat}``: the seat's player was away long enough for the computer to take his seat
(``match.AWAY``), even if he came back: a rated game counts as his loss (``ratings``)."""
OPEN, OPENED, BOTS, PRESET = "open", "opened", "bots", "preset"
"""Keys of an open table's options (``open_tables``): open, the time it opened, the
host's "bots yes", and the key of the rules preset it was opened with (``presets``)."""


def start_refusal(options: Mapping[str, Any], wait: float,
                  now: float | None = None) -> str | None:
    """Why the host may not yet fill an open table's empty seats with computers (``wait``:
    ``limits.Limits.bots_after``; ``options``: the stored game's), or None (any other table:
    None). It takes the options, not the stored game, so that the store may import it."""
    if not options.get(OPEN):
        return None
    if not options.get(BOTS):
        return "this open table waits for people: its host chose no computers"
    left = wait - ((now or time.time()) - float(options.get(OPENED, 0.0)))
    if left > 0:
        return (f"the computer may fill the empty seats after {wait:.0f} s of waiting: "
                f"{left:.0f} s to go")
    return None
