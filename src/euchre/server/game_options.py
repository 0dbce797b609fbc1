"""Whether an open table may start yet: read below ``match`` and ``hub``, by a table's
messages (an open table's start), kept apart so that it needs neither of those modules."""

from __future__ import annotations

import time

from .match_facts import MatchFacts


def start_refusal(facts: MatchFacts, wait: float, now: float | None = None) -> str | None:
    """Why the host may not yet fill an open table's empty seats with computers (``wait``:
    ``limits.Limits.bots_after``; ``facts``: the stored game's), or None (any other table:
    None). It takes the facts, not the stored game, so that the store may import it."""
    if not facts.open:
        return None
    if not facts.bots:
        return "this open table waits for people: its host chose no computers"
    left = wait - ((now or time.time()) - (facts.opened or 0.0))
    if left > 0:
        return (f"the computer may fill the empty seats after {wait:.0f} s of waiting: "
                f"{left:.0f} s to go")
    return None
