"""The score pad of a match: one row per finished hand, as the page's pad shows it.

A face never works out a hand's result itself: each row is read from the engine's record
(``Game.record()``), which holds every finished hand's dealer and result. A row: the hand's
number (from 1), its dealer, its maker and trump (None when it was thrown in), the tricks
each seat took, the outcome in words, the points each scored and the running score after it.

The rows change only when a hand ends, so they are kept by the finished hand the state
message shows (the view's ``last_hand``: the engine builds one dict per finished hand and
seat, and a state taken back with undo brings back its own), and worked out once per hand.

>>> from euchre import Game, Rules
>>> game = Game(Rules(target=1), seed=3)
>>> while not game.is_over:
...     game.apply(game.legal_actions()[-1])
>>> [row] = rows(game, game.view(0).last_hand)
>>> row["hand"], row["dealer"], row["maker"], row["trump"], row["tricks"], row["outcome"]
(1, 0, 1, '♠ spades', [4, 1], 'euchred')
>>> row["points"], row["score"]
([2, 0], [2, 0])
>>> rows(Game(Rules(), seed=3), None)
[]
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..game import Game
from ..words import suit_text
from .wording import OUTCOME_SHORT

KEPT = 4096
"""Pads kept (one per finished hand and seat of the live games): about 1 KB each."""
_KEPT: OrderedDict[int, tuple[dict[str, Any], list[dict[str, Any]]]] = OrderedDict()


def rows(game: Game, last_hand: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Every finished hand of ``game`` as a row of the pad; ``last_hand`` is the view's (the
    engine's own dict, as ``View.to_dict(shared=True)`` gives it), the key the rows are kept
    by. The list is shared: encode it, do not change it."""
    if last_hand is None:
        return []
    found = _KEPT.get(id(last_hand))
    if found is not None and found[0] is last_hand:
        _KEPT.move_to_end(id(last_hand))
        return found[1]
    made = _rows(game.record())
    _KEPT[id(last_hand)] = (last_hand, made)
    if len(_KEPT) > KEPT:
        _KEPT.popitem(last=False)
    return made


def _rows(record: dict[str, Any]) -> list[dict[str, Any]]:
    score = list((record.get("start") or {}).get("score") or (0, 0))
    made = []
    for hand in record["hands"]:
        result = hand.get("result")
        if not result:
            continue
        score = [score[0] + result["points"][0], score[1] + result["points"][1]]
        made.append({"hand": hand["number"] + 1, "dealer": hand["dealer"],
                     "maker": result["maker"],
                     "trump": suit_text(result["trump"]) if result["trump"] else None,
                     "tricks": list(result["tricks_won"]),
                     "outcome": OUTCOME_SHORT[result["outcome"]],
                     "points": list(result["points"]), "score": score})
    return made
