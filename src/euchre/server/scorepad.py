"""The score pad of a match: one row per finished hand, as the page's pad shows it.

A face never works out a hand's result itself: each row is the engine's finished hand (the
state's ``HandEnd``, the one the views' ``last_hand`` is built from) in a row's words: the
hand's number (from 1), its dealer, its maker and trump (None when it was thrown in), the
tricks each seat took, the outcome in words, the points each side scored and the running
score after it.

Every state message carries the pad, so it is made once per finished hand, not once per
message: the game's log is a chain that never changes behind its newest link, so the link a
hand ended on names the whole match up to it. The rows are kept by that link; a hand's rows
are the rows of the hand before (found by walking back over one hand's actions) and one
more. Only a match with no rows kept (a server restarted, a game opened from its record)
reads the engine's record once.

>>> from euchre import Game, Rules
>>> game = Game(Rules(target=1), seed=3)
>>> while not game.is_over:
...     game.apply(game.legal_actions()[-1])
>>> [row] = rows(game)
>>> row["hand"], row["dealer"], row["maker"], row["trump"], row["tricks"], row["outcome"]
(1, 0, 1, '♠ spades', [4, 1], 'euchred')
>>> row["points"], row["score"]
([2, 0], [2, 0])
>>> rows(Game(Rules(), seed=3))
[]
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from .. import state
from ..cards import SUIT_SYMBOLS, SUITS
from ..game import Game, state_of
from ..hands import HandEnd, result_of
from ..i18n import _, language
from ..i18n.catalogs import SOURCE
from ..words import suit_text
from .wording import OUTCOME_SHORT

KEPT = 1024
"""Pads kept, the least recently used let go first: a live table needs its last finished
hand's (and the one before, when a hand ends), so this is twice the default
``limits.max_tables`` with room to spare. Each entry holds its game's log up to that hand,
so a table let go stays in memory while its pads are kept: 4,096 held 30-40 MB of games no
longer played after a few rounds of load (issue 57, ``bench/server_soak.py``)."""
_KEPT: OrderedDict[int, tuple[tuple, list[dict[str, Any]]]] = OrderedDict()
_GUARD = threading.Lock()
"""Any thread may ask for a pad (the event loop does; a replay built on a thread would)."""
_UNKNOWN = ()
"""What ``_previous_end`` gives for a log that starts inside a hand (a resampled game's)."""


def rows(game: Game) -> list[dict[str, Any]]:
    """Every finished hand of ``game`` as a row of the pad. The list is shared (between
    seats and messages): encode it, do not change it."""
    s = state_of(game)
    end = s[state.LAST]
    if end is None or not isinstance(end.source, tuple):
        return [] if _finished(s) == 0 else _rows(game.record())
    found = _kept(end.source)
    if found is not None:
        return found
    before = _previous_end(end.source)
    if before is _UNKNOWN:
        made = _rows(game.record())
    elif before is None:  # the match's first hand
        made = [_row(end, s[state.SETUP].start_hand + 1, s[state.SETUP].start_score)]
    else:
        earlier = _kept(before)
        if earlier is None:
            made = _rows(game.record())
        else:
            made = [*earlier, _row(end, earlier[-1]["hand"] + 1, earlier[-1]["score"])]
    with _GUARD:
        _KEPT[id(end.source)] = (end.source, made)
        _KEPT.move_to_end(id(end.source))
        if len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return made


def worded(made: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows as the reader reads them: the kept rows are worded in English (``match``
    reads their outcomes); in another language each is copied with its trump (known by its
    symbol) and outcome (an ``OUTCOME_SHORT`` message) in that language."""
    if language() == SOURCE:
        return made
    return [{**row, "trump": row["trump"] and suit_text(SUITS[SUIT_SYMBOLS.index(row["trump"][0])]),
             "outcome": _(row["outcome"])} for row in made]


def _finished(s: list) -> int:
    """Hands finished in this match (not counting one before a record's start)."""
    done = s[state.HAND_NO] - s[state.SETUP].start_hand
    return done + 1 if s[state.PHASE] == state.OVER else done


def _kept(cell: tuple) -> list[dict[str, Any]] | None:
    with _GUARD:
        found = _KEPT.get(id(cell))
        if found is None or found[0] is not cell:
            return None
        _KEPT.move_to_end(id(cell))
    return found[1]


def _previous_end(cell: tuple) -> tuple | None:
    """The log link the hand before ended on: back over this hand's actions to its deal
    (a tuple, where actions are ints), then one more; None when this is the first hand."""
    while type(cell[0]) is int:
        cell = cell[1]
        if cell is None:
            return _UNKNOWN
    return cell[1]


def _row(end: HandEnd, number: int, before: Any) -> dict[str, Any]:
    """A row from the engine's finished hand (its result built as records keep it)."""
    result = result_of(end.maker, end.trump, end.won, end.points)
    return _row_of(result, number, None if end.dealer < 0 else end.dealer, before)


def _row_of(result: dict[str, Any], number: int, dealer: int | None,
            before: Any) -> dict[str, Any]:
    """A row from a hand's result (``hands.result_of``'s dict) and the score before it."""
    return {"hand": number, "dealer": dealer, "maker": result["maker"],
            "trump": suit_text(result["trump"]) if result["trump"] else None,
            "tricks": list(result["tricks_won"]), "outcome": OUTCOME_SHORT[result["outcome"]],
            "points": list(result["points"]),
            "score": [a + b for a, b in zip(before, result["points"], strict=True)]}


def _rows(record: dict[str, Any]) -> list[dict[str, Any]]:
    made: list[dict[str, Any]] = []
    score = list((record.get("start") or {}).get("score") or [0] * len(record["score"]))
    for hand in record["hands"]:
        if hand.get("result"):
            made.append(_row_of(hand["result"], hand["number"] + 1, hand["dealer"], score))
            score = made[-1]["score"]
    return made
