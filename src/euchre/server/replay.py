"""The replay of a finished game: every position of its record, as the table draws it.

Why the server works the positions out: the engine alone says what a move does, so the page
never re-implements a rule. ``positions`` replays the record through ``Game`` from its first
deal and gives, for each position, what the table's modules draw from a state message (the
spectator's view and its words, the score pad) and what only a finished game may show:
every seat's cards, face up.

The score pad is sent once, not with every position: ``scorepad`` holds its rows (as far
as the positions go) and each position's ``pad`` says how many of them it shows, so the
positions of a long match grow with its moves, not with its moves times its hands.

The positions ("frames"), each with ``at``, the number of the record's actions made:

- ``deal``: a hand as dealt (``at`` 0 for the first, else the action that ended the hand
  before it);
- ``move``: after the ``at``-th action; a trick it completed is still on the table, as the
  live table holds it before the next lead;
- ``end``: after the action that ended a hand: its last trick on the table, the cards left
  unplayed (none, unless the hand was thrown in), its result. The next deal follows at the
  same ``at``.

``?at=N`` opens the last frame at ``N``: the table as the next player found it, where the
record's next decision is made (``next``: its hand and index, as the review places a
decision).

>>> from euchre import Game, Rules
>>> game = Game(Rules(target=1), seed=3)
>>> while not game.is_over:
...     game.apply(game.legal_actions()[-1])
>>> told = positions(game.record(), ("Ann", "Bo"), "Ann won 2-0")
>>> [f["kind"] for f in told["frames"]][:2], told["frames"][-1]["kind"]
(['deal', 'move'], 'end')
>>> len(told["moves"]) == len(game.actions()) == told["frames"][-1]["at"]
True
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..i18n import _
from ..record import opening
from . import scorepad
from .protocol import encode
from .rule_wording import kind_of, last_words_for, words_for

Place = tuple[int, int]
"""Where an action sits in a record: its hand (from 1, as the transcript and the review
number hands) and its index in that record hand's ``actions``."""


def places(record: dict[str, Any]) -> list[Place]:
    """Each action of a record, in order, by its place: the ``N``-th action's decision is
    made at ``?at=N`` of the replay (the review's links)."""
    return [(hand["number"] + 1, j) for hand in record["hands"]
            for j in range(len(hand["actions"]))]


def moment_url(game_id: str, at: int, seat: int | None = None) -> str:
    """The replay after ``at`` actions; with ``seat``, showing that seat's decision there
    with the values of its review."""
    return f"/games/{game_id}?at={at}" + ("" if seat is None else f"&seat={seat}")


def positions(record: dict[str, Any], names: tuple[str, ...], result: str, start: int = 0,
              budget: int | None = None) -> dict[str, Any]:
    """Every position of a record of any game of the family (``frames``) and its moves in
    words (``moves``); ``result`` is said at the end. ``ValueError`` for a record that does
    not replay.

    A page of them, when ``start`` or ``budget`` is given: the frames and moves at ``at``
    from ``start`` on, ending before the first move that begins once the frames hold
    ``budget`` bytes of JSON, and ``next``, the ``start`` of the page after (None: this page
    ends the game). A page of a long game costs the same as one of a short one, but for
    replaying the moves before it (microseconds each)."""
    game = Game.from_record(opening(record))
    where = places(record)
    moves = [(seat, token) for hand in record["hands"] for seat, token in hand["actions"]]
    frames = [_frame(game, names, 0, "deal", where[0] if where else None)] if start == 0 else []
    listed, size, following_page = [], 0, None
    for at, (seat, token) in enumerate(moves, 1):
        if budget is not None and at > start and size >= budget:
            following_page = at
            break
        if at < start:
            game.apply(token)
            continue
        move = _move(game, at, where[at - 1][0], seat, token)
        made, move["words"] = _after(game, names, at, seat, token,
                                     where[at] if at < len(moves) else None)
        listed.append(move)
        frames.extend(made)
        if budget is not None:
            size += sum(len(encode(frame)) for frame in made)
    if following_page is None and frames and result:  # the match's end says its result
        last = frames[-1]["said"]
        frames[-1]["said"] = f"{last}{'' if last.endswith('.') else '.'} {result}."
    told: dict[str, Any] = {"frames": frames, "moves": listed, "scorepad": scorepad.rows(game)}
    if start or budget is not None:
        told["next"] = following_page
    return told


def _move(game: Game, at: int, hand: int, seat: int, token: str) -> dict[str, Any]:
    """The ``at``-th move as the list of moves shows it, read before it is applied (its
    words are said once it is: ``_after``)."""
    before = game.view(None)
    kind = kind_of(token)
    return {"at": at, "hand": hand, "seat": seat, "words": "", "kind": kind,
            "trick": len(before.tricks) + 1 if kind == "card" else None}


def _after(game: Game, names: tuple[str, ...], at: int, seat: int, token: str,
           following: Place | None) -> tuple[list[dict[str, Any]], str]:
    """Apply the ``at``-th move: the frames it makes (the move's, or the hand's end and the
    next deal) and what it did in words."""
    before = game.view(None)
    held = [list(game.view(p).hand) for p in range(game.players)]
    game.apply(token)
    after = game.view(None)
    said = last_words_for(after, names, (seat, token))
    if after.hand_number == before.hand_number and not game.is_over:
        done = len(after.tricks) > len(before.tricks)
        return [_frame(game, names, at, "move", following, said, done)], said
    if kind_of(token) == "card":
        held[seat].remove(token)
    made = [_end(game, names, at, held)]
    if following is not None:
        made.append(_frame(game, names, at, "deal", following))
    return made, said


def _frame(game: Game, names: tuple[str, ...], at: int, kind: str, following: Place | None,
           said: str = "", completed: bool = False) -> dict[str, Any]:
    """A position as the table draws it, every hand face up; a trick the last action
    completed stays on the table (``held``)."""
    view = game.view(None)
    hands = [list(game.view(p).hand) for p in range(game.players)]
    words = words_for(view, names, tuple(card for hand in hands for card in hand))
    held = None
    if completed:
        trick = view.tricks[-1]  # (a dict in the games on the core: ``TableView``)
        cards, leader, winner = (trick["cards"], trick["leader"], trick["winner"]) \
            if isinstance(trick, dict) else (trick.cards, trick.leader, trick.winner)
        held = {"cards": list(cards), "leader": leader, "winner": winner,
                "reason": words["reasons"][-1]}
    if kind == "deal":
        said = _("Hand {number}: {name} deals", number=view.hand_number + 1,
                 name=names[view.dealer])
    return {"at": at, "kind": kind, "view": view.to_dict(), "words": words, "open": hands,
            "held": held, "said": said, "next": list(following) if following else None,
            "pad": len(scorepad.rows(game))}


def _end(game: Game, names: tuple[str, ...], at: int, hands: list[list[str]]
         ) -> dict[str, Any]:
    """The end of a hand: its last trick on the table, the cards left unplayed, its
    result."""
    view = game.view(None)
    words = words_for(view, names, tuple(card for hand in hands for card in hand))
    last = view.last_hand
    held = None
    if last and last["tricks"]:
        trick = last["tricks"][-1]
        held = {**trick, "reason": words["last_hand"]["reasons"][-1]}
    summary = words["last_hand"]["summary"] if last else ""
    return {"at": at, "kind": "end", "view": view.to_dict(), "words": words, "open": hands,
            "held": held, "said": summary, "next": None,
            "pad": len(scorepad.rows(game))}
