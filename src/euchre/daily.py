"""The deal of the day: the same six hands for everyone, played against the expert, and
compared with the expert's own play of the same seat on the same cards.

Duplicate play (the same cards for everyone) is how card players compare skill. Each day
(UTC) has a seed; the player sits in seat 0 against the expert (seat 1, seeded from the day
like any computer opponent of that game) for ``HANDS`` deals, which the seed fixes whatever
is played. Before anyone plays, the expert plays seat 0 itself against the same opponent on
the same cards (``expert_game``); its margin (its points less the opponent's) is the day's
par. A player's result is his margin; the board orders by it. Only a game played to its end
on the server gives a result, one per name per day.

The server's seed of a day mixes the date with a secret of its database (``SECRET``), so
nobody can work out the day's cards before playing them; ``euchre daily`` on its own uses the
date alone (``day_seed(day)``): the same deals for everyone who plays at a terminal.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from typing import Any
from urllib.parse import quote

from . import agents
from .game import Game
from .rules import Rules

HANDS = 6
"""Deals in a day's match (thrown-in hands count: the seed fixes every deal)."""
DAY, PAR = "daily", "daily_par"
"""The key of a daily game's options (its day), and of the setting of a day's par."""
SECRET = "daily_secret"
"""The setting that holds a database's secret for the days' seeds."""
OPPONENT_SEED, EXPERT_SEED = 17, 41
"""Offsets of the opponent's seed (as the server seeds every computer opponent) and of the
expert playing the player's seat, from the day's seed."""
LEVEL = "expert"


def today() -> str:
    """Today's date in UTC, as the day of a deal: ``2026-12-04``."""
    return datetime.now(UTC).date().isoformat()


def day_seed(day: str, secret: str = "") -> int:
    """The seed of a day's deals: the date mixed with a secret (none for the terminal's).

    >>> day_seed("2026-12-04") == day_seed("2026-12-04") != day_seed("2026-12-05")
    True
    >>> day_seed("2026-12-04", "s") != day_seed("2026-12-04")
    True
    """
    digest = hashlib.sha256(f"euchre daily {day} {secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def rules() -> Rules:
    """The rules of a day's match: the standard ones, with a target nobody can reach in
    ``HANDS`` deals (two points a hand at most), so every player plays every deal."""
    return Rules(target=2 * HANDS + 1)


def done(game: Game) -> bool:
    """Whether a day's match is complete: ``HANDS`` deals played out."""
    return game.hand_number >= HANDS


def margin(game: Game, seat: int = 0) -> int:
    """A seat's points less the other's."""
    return game.score[seat] - game.score[1 - seat]


def expert_game(seed: int) -> Game:
    """The expert playing seat 0 of the day's deals against the day's opponent (seat 1, as
    the player meets it), each told of every finished hand as at a table."""
    game = Game(rules(), seed=seed)
    bots = {0: agents.load(LEVEL, seed=seed + EXPERT_SEED),
            1: agents.load(LEVEL, seed=seed + OPPONENT_SEED)}
    told = {0: 0, 1: 0}
    while not done(game):
        seat = game.to_move
        told[seat] = agents.tell_past_hands(bots[seat], game, seat, told[seat])
        game.apply(bots[seat].act(game.view(seat)))
    return game


def result_link(day: str, game_id: str) -> str:
    """Where the result of a player's game of a day is shown (by the game: two players may
    share a name)."""
    return f"/daily/{day}/{quote(game_id, safe='')}"


def is_day(text: str) -> bool:
    """Whether ``text`` is a day as this module writes one (``2026-12-04``).

    >>> is_day("2026-12-04"), is_day("notadate"), is_day("2026-02-30"), is_day("２026-12-04")
    (True, False, False, False)
    """
    if len(text) != 10 or not text.isascii():
        return False
    try:
        return date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


BOARD_ANCHOR = "board"
"""The id of the day's board on a result page."""


def board_link(day: str, game_id: str) -> str:
    """The day's board, on the page of a player's result (the board of that day)."""
    return f"{result_link(day, game_id)}#{BOARD_ANCHOR}"


def hand_margins(record: dict[str, Any], seat: int = 0) -> list[int]:
    """The seat's margin in each of a record's first ``HANDS`` hands (0 for a hand thrown in
    or not finished)."""
    out = []
    for hand in record["hands"][:HANDS]:
        result = hand.get("result")
        out.append(0 if not result else result["points"][seat] - result["points"][1 - seat])
    return out


def differences(mine: dict[str, Any], par: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The hands where the player's margin and the expert's differed, most first:
    ``(hand from 1, player's margin, expert's margin)``."""
    rows = [(n, a, b) for n, (a, b) in enumerate(zip(hand_margins(mine), hand_margins(par),
                                                     strict=False), 1) if a != b]
    return sorted(rows, key=lambda row: (-abs(row[1] - row[2]), row[0]))
