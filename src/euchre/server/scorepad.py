"""The score pad of a match: one row per finished hand, as the page's pad shows it.

A face never works out a hand's result itself: each row is the engine's result of a
finished hand (``Game.results``, a ``HandResult`` each, the values the record and the
views' ``last_hand`` are made from) in a row's words: the hand's number (from 1), its
dealer, its maker and trump (None when it was thrown in), the tricks each seat took, the
outcome in words, the points each side scored and the running score after it, from the
score the match started at (``Game.start_score``). The game keeps its results until its
next hand ends, so the rows cost a few dicts a message.

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

from collections.abc import Sequence
from typing import Any

from ..cards import SUIT_SYMBOLS, SUITS
from ..game import Game
from ..i18n import _, language
from ..i18n.catalogs import SOURCE
from ..results import HandResult
from ..words import suit_text
from .rule_wording import contract_words
from .wording import OUTCOME_SHORT


def rows(game: Game) -> list[dict[str, Any]]:
    """Every finished hand of ``game`` as a row of the pad (a new list: the caller owns
    it)."""
    made: list[dict[str, Any]] = []
    score: Sequence[int] = game.start_score
    for result in game.results:
        made.append(_row(result, score))
        if game.rules.game != "euchre" and result.bid:  # the bid says what was at stake
            made[-1]["bid"] = contract_words(game.rules.game, result.bid) or None
        score = made[-1]["score"]
    return made


def worded(made: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows as the reader reads them: the rows are worded in English (``match`` reads
    their outcomes); in another language each is copied with its trump (known by its
    symbol) and outcome (an ``OUTCOME_SHORT`` message) in that language."""
    if language() == SOURCE:
        return made
    return [{**row, "trump": row["trump"] and suit_text(SUITS[SUIT_SYMBOLS.index(row["trump"][0])]),
             "outcome": _(row["outcome"])} for row in made]


def kept_rows(game: Game, kept: dict) -> list[dict[str, Any]]:
    """``worded(rows(game))``, made once per finished hand and language: every state of a
    hand, each seat's, carries the same pad, so the caller's ``kept`` dict (a table's, let go
    with it) holds it, by language, while the game's ``results`` and ``start_score`` are
    the same (Euchre's engine keeps one tuple of results until the next hand ends, or an
    undo takes a finished hand back; the other games' hold the same results in a new one).
    Shared between states: encode it, do not change it."""
    key, code = (game.results, game.start_score), language()
    found = kept.get(code)
    if found is not None and found[0] == key:  # (the same tuple: found at once)
        return found[1]
    made = worded(rows(game))
    kept[code] = (key, made)
    return made


def _row(result: HandResult, before: Sequence[int]) -> dict[str, Any]:
    """A row from a hand's result and the score before it."""
    return {"hand": result.hand_number + 1, "dealer": result.dealer, "maker": result.maker,
            "trump": suit_text(result.trump) if result.trump else None,
            "tricks": list(result.tricks_won), "outcome": OUTCOME_SHORT[result.ended],
            "points": list(result.points),
            "score": [a + b for a, b in zip(before, result.points, strict=True)]}
