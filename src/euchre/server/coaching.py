"""The table's coach notes: after a seat's own move, what the expert preferred and by how much.

A note is ``coach.note`` (the terminal's ``play --coach`` says the same) with the values the
expert gives the view the player had **before** the move: the values the match's review
will give that decision, and a hint for it showed (``coach.decision_values``). That view is
rebuilt from the game's setup and its stored actions up to the move, never taken from the
live game, which has moved on by the time the page asks (the computer may have answered).
The work runs on the hint worker (``hints.Hints.note``), never on the event loop.

>>> from euchre import Game, Rules
>>> before = Game(Rules(), seed=1).view(0)
>>> said = judged(Rules(), 1, ["order"], 0, 8, (before, {"pass": 0.1, "order": -1.9}), 0)
>>> said["best"], said["loss"], said["note"].startswith("Coach: the expert preferred pass")
('pass', 2.0, True)
"""

from __future__ import annotations

from typing import Any

from ..coach import coach_seed, decision_place, decision_values, judge, note
from ..game import Game
from ..rules import Rules
from ..view import View
from .protocol import ProtocolError
from .rule_wording import choice_words_for


def judged(rules: Rules, seed: int, actions: list[str], seat: int, deals: int,
           hinted: tuple[View, dict[str, float]] | None, seq: int) -> dict[str, Any]:
    """The ``coach`` message for the move ``actions[seq]`` (the last of ``actions``): valued
    from ``seat``'s view before it as the match's review will value it
    (``coach.decision_values``, ``deals`` a card), or with the values of ``hinted`` (a hint's
    view and values, the same valuation) when that hint was for this very view.
    ``ProtocolError`` if that move was not the seat's."""
    game = Game(rules, seed=seed)
    for token in actions[:seq]:
        game.apply(token)
    if game.to_move != seat:
        raise ProtocolError(f"the move at state {seq} was not yours: no coach note for it")
    view, chosen = game.view(seat), actions[seq]
    if len(view.legal) < 2:  # a forced move is no choice: nothing to say
        return {"type": "coach", "seq": seq, "chosen": chosen, "best": chosen, "loss": 0.0,
                "note": None}
    if hinted is not None and hinted[0] == view:
        values = hinted[1]
    else:
        values = decision_values(view, coach_seed(seed), decision_place(game), deals)
    best, loss = judge(values, chosen)
    words = {token: choice_words_for(view, token) for token in values}
    return {"type": "coach", "seq": seq, "chosen": chosen, "best": best,
            "loss": round(loss, 3), "note": note(values, chosen, words)}
