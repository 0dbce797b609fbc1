"""The coach: a finished match reviewed decision by decision, and a note at the table.

How each face calls it:

* ``euchre review FILE`` (``cli/review.py``): ``review_record`` with a progress bar, then
  ``report.text`` or ``Review.to_dict()`` for ``--json``.
* **The server** (a background job per finished game and seat)::

      from euchre.coach import review_record
      review = review_record(record, player=seat, deals=DEFAULT_DEALS,
                             progress=lambda done, total: ...)
      stored = review.to_dict()     # exactly the `euchre review --json` object

  ``record`` is the game's ``Game.record()`` (what ``/api/games/ID/record`` serves).
  The call is pure (no file, no global state, no printing) and CPU-bound: run it on a
  worker, not the event loop. It raises a one-line ``ValueError`` for a corrupt or tampered
  record or a bad setting. The same arguments always give the same review, so the stored
  one never needs recomputing. ``Decision.words`` gives every option in the table's words
  and ``situation`` the moment, so a page can show them without wording anything itself.
* **The table's hint and coach note** (the browser's, ``euchre play``'s ``?`` and
  ``--coach``): ``decision_values(view, coach_seed(game_seed), decision_place(game))``, the
  very valuation the review makes of that decision (same seed, same deals), then
  ``note(values, chosen, words)`` after a real choice.

A loss is the expert's best value minus the chosen option's (``judge``), never negative;
above ``THRESHOLD`` points it is a mistake.
"""

from __future__ import annotations

from .report import convention_note, note, text
from .review import (
    DEFAULT_DEALS,
    STAGES,
    THRESHOLD,
    Decision,
    HandReview,
    Review,
    coach_seed,
    decision_place,
    decision_values,
    hindsight,
    judge,
    review_record,
    situation,
)

__all__ = ["DEFAULT_DEALS", "STAGES", "THRESHOLD", "Decision", "HandReview", "Review",
           "coach_seed", "convention_note", "decision_place", "decision_values", "hindsight",
           "judge", "note", "review_record", "situation", "text"]
