"""The scoring of a hand in each game of the family, and who is on which side: written once.

Both engine cores, the story of a finished hand (``hands``), the bots' match equity and the
statistics import these; none of them restates a points table.

========================  =========================  ================================
game                      the makers take             points
========================  =========================  ================================
two-handed (RULES.md)     3-4 / 5 / fewer than 3      maker 1 / maker 2 / defender 2
four-handed               3-4 / 5 / fewer than 3      makers 1 / 2, alone 4 / defenders
                                                      2, 4 if a defender played alone
three-handed (cutthroat)  3-4 / 5 / fewer than 3      maker 1 / maker 3 / each other 2
========================  =========================  ================================

>>> hand_points(0, 5), hand_points(1, 2)
((0, 2), (0, 2))
>>> side_points(4, maker=1, maker_tricks=5, alone=True, defender_alone=False)
(0, 4)
>>> side_points(3, maker=2, maker_tricks=1, alone=True, defender_alone=False)
(2, 2, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

OUTCOMES = ("made", "march", "euchred", "thrown_in")
"""How a hand ends for its makers: 3-4 tricks, all 5, fewer than 3; or nobody made trump."""


def outcome(maker_tricks: int) -> str:
    """``made``, ``march`` or ``euchred`` for the tricks the makers took: the one count the
    arena, the statistics and every face share."""
    return "march" if maker_tricks == 5 else "made" if maker_tricks >= 3 else "euchred"


def hand_points(maker: int, maker_tricks: int) -> tuple[int, int]:
    """Two-handed: ``(scorer, points)`` from RULES.md's table: 1 for 3-4 tricks, 2 for a
    march, 2 to the defender when the maker is euchred."""
    if maker_tricks == 5:
        return maker, 2
    if maker_tricks >= 3:
        return maker, 1
    return 1 - maker, 2


def side_of(players: int, seat: int) -> int:
    """The side a seat scores for: partners sit opposite in the four-handed game (seats 0
    and 2 are side 0, seats 1 and 3 side 1); otherwise every player is his own side."""
    return seat & 1 if players == 4 else seat


def sides_of(players: int) -> tuple[int, ...]:
    """The side of every seat: ``(0, 1, 0, 1)``, ``(0, 1, 2)`` or ``(0, 1)``."""
    return tuple(side_of(players, seat) for seat in range(players))


def partner(sides: Sequence[int], seat: int) -> int | None:
    """The other seat of ``seat``'s side, given every seat's side (a game's ``sides``), or
    None when he has a side of his own: the one reading of "partners" for every face.

    >>> partner(sides_of(4), 1), partner(sides_of(3), 1)
    (3, None)
    """
    mine = sides[seat]
    return next((other for other, side in enumerate(sides) if side == mine and other != seat),
                None)


def side_points(players: int, maker: int, maker_tricks: int, alone: bool,
                defender_alone: bool) -> tuple[int, ...]:
    """The points of a hand by side (``maker_tricks`` are the makers' tricks, both partners'
    in the four-handed game; ``alone``: the maker played without his partner;
    ``defender_alone``: a defender did)."""
    if players == 2:
        scorer, points = hand_points(maker, maker_tricks)
        return (points, 0) if scorer == 0 else (0, points)
    if players == 3:  # cutthroat: the maker alone against the other two, who both score
        if maker_tricks >= 3:
            return tuple((3 if maker_tricks == 5 else 1) * (seat == maker) for seat in range(3))
        return tuple(2 * (seat != maker) for seat in range(3))
    makers = maker & 1
    if maker_tricks == 5:
        points, side = (4 if alone else 2), makers
    elif maker_tricks >= 3:
        points, side = 1, makers
    else:
        points, side = (4 if defender_alone else 2), 1 - makers
    return (points, 0) if side == 0 else (0, points)


def match_winner(score: tuple[int, ...] | list[int], target: int) -> int:
    """The side that has won once a hand is scored, or -1 while the match goes on: the first
    to reach the target; in cutthroat, where two players may reach it in one hand, the
    higher score, and while the highest is shared play goes on.

    >>> match_winner((10, 11, 3), 10), match_winner((11, 11, 3), 10), match_winner((9, 8), 10)
    (1, -1, -1)
    """
    best = max(score)
    if best < target:
        return -1
    leaders = [side for side, points in enumerate(score) if points == best]
    return leaders[0] if len(leaders) == 1 else -1
