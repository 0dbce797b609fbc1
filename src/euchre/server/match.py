"""The facts of a match beyond its moves, read from the stored game: who has taken his seat,
whether it is over (won, or resigned), who won, what its record says, its summary.

A resignation is stored as ``MatchFacts.resigned`` with the finish and told to the engine's
game (``StoredGame.settle``: ``Game.resign``, or ``Game.abandon`` for a game the server
closed), which decides who won and says how the match ended (``Game.outcome``); nothing here
decides it again. A deal of the day ends after its hands, not at a target, so everything
that asks "is the match over" asks ``finished`` here. Undo marks the
game (``MatchFacts.undo_used``) so its record and statistics say so. A friend's seat is
taken with a one-time invite (``MatchFacts.invites``, removed when it is claimed). What a
player's messages do to a match is ``player_messages``.
"""

from __future__ import annotations

import secrets
from typing import Any

from .. import daily
from ..engine.games import game_sides
from ..engine.messages import SOURCE, _, language
from ..game import Game
from ..results import Termination
from ..words import GUEST, PLACE_NAMES, person
from . import scorepad
from .limits import plausible
from .protocol import COMPUTER, lookalike
from .storage import StoredGame


def finished(stored: StoredGame, game: Game) -> bool:
    """Whether a stored match is over: won on points, resigned or abandoned (the engine's
    ``is_over``), or (a deal of the day) its deals all played."""
    return game.is_over or (stored.facts.day is not None and daily.done(game))


def invites(stored: StoredGame) -> dict[int, str]:
    """The one-time invites not yet claimed, by seat."""
    return {seat: code for seat, code in sorted(stored.facts.invites.items())
            if 0 < seat < len(stored.names)}


SEAT_TAKEN = ("that seat has been taken already (an invite works once): you can still watch "
              "the game")
"""The answer to an invite whose seat someone took first."""
NOT_INVITED = ("this invite is not valid for this game, or its seat was taken already (an "
               "invite works once): you can still watch the game")
"""The answer to an invite that opens no seat, at a table of any size."""


def invited_seat(stored: StoredGame, invite: object) -> int | None:
    """The unclaimed seat ``invite`` (its code) opens, or None."""
    if not isinstance(invite, str) or not plausible(invite):  # (compare_digest: ASCII only)
        return None
    return next((seat for seat, code in invites(stored).items()
                 if secrets.compare_digest(code, invite)), None)


def token_seat(stored: StoredGame, token: str) -> int | None:
    """The seat a seat's secret token opens, or None."""
    if not plausible(token):
        return None
    return next((seat for seat, secret in enumerate(stored.tokens)
                 if secret is not None and secrets.compare_digest(secret, token)), None)


def arrived(stored: StoredGame) -> list[bool]:
    """Whether each seat has been taken: a friend's seat once its invite was claimed, or
    the computer's once the host started (the creator's, and a computer table's, always)."""
    open_seats, computers = invites(stored), stored.facts.computers or {}
    return [seat not in open_seats or seat in computers
            for seat in range(len(stored.names))]


def computer_seats(stored: StoredGame, game: Game) -> dict[int, str]:
    """The seats the computer plays now, with its level: at a computer table every seat but
    the first; at a friend table the seats it filled when the host started (one a person has
    claimed since, until the hand he claimed it in is over) and those of players away."""
    players = len(stored.names)
    if stored.mode == "computer":
        return {seat: level_of(stored, seat) for seat in range(1, players)}
    facts, level = stored.facts, stored.level or "expert"
    playing = {}
    for seat, played in sorted((facts.computers or {}).items()):
        since = facts.takeovers.get(seat)
        if 0 < seat < players and (since is None or game.hand_number <= since):
            playing[seat] = played
    for seat in range(players):
        if seat in facts.away:
            playing[seat] = level
    return playing


def computer_levels(stored: StoredGame, seats: list[int]) -> dict[int, str]:
    """The levels of the computers a friend table puts in ``seats``
    (``MatchFacts.computers``)."""
    return {seat: level_of(stored, seat) for seat in seats}


def taking_over(stored: StoredGame, seat: int) -> bool:
    """Whether a person claimed ``seat`` from the computer (who finishes that hand)."""
    return seat in stored.facts.takeovers


def away(stored: StoredGame) -> list[int]:
    """The seats whose players are away, the computer playing for them."""
    return [seat for seat in range(len(stored.names)) if seat in stored.facts.away]


def people(stored: StoredGame) -> set[int]:
    """The seats held by people (they ask for the rematch): every seat with a token."""
    return {seat for seat in range(len(stored.tokens)) if is_person(stored, seat)}


def is_person(stored: StoredGame, seat: int) -> bool:
    """Whether a person holds ``seat`` (``people``, asked of one seat)."""
    return stored.tokens[seat] is not None


def rematch_needed(stored: StoredGame) -> set[int]:
    """The seats whose yes a rematch waits for: every person's but those away (gone longer
    than the seat wait at a table of three or four: the computer plays for them in it)."""
    return people(stored) - set(away(stored))


def shown_names(stored: StoredGame) -> tuple[str, ...]:
    """The seats' names as the table shows them: at three or four, a seat with no person's
    name (the computer's, or one not yet claimed) by its place (West, North, East), not all
    "Computer"."""
    names = tuple(person(name) for name in stored.names)  # a "You" of an older lobby
    places = PLACE_NAMES.get(len(names))
    if places is None:
        return names
    return (names[0], *(place if stored.tokens[seat] is None else names[seat]
                        for seat, place in enumerate(places, start=1)))


SEAT_WORDS = frozenset({COMPUTER, GUEST, *(p for places in PLACE_NAMES.values() for p in places)})
"""Names the server gives seats (no person may take them: ``protocol.RESERVED_NAMES``), shown
in the reader's language."""


def worded_names(stored: StoredGame) -> tuple[str, ...]:
    """``shown_names`` as the reader reads them: a seat the server named (a computer's
    place, "Computer", "Guest") in his language, a person's name as he wrote it (the table,
    the replay and its record name the seats alike)."""
    names = shown_names(stored)
    if language() == SOURCE:
        return names
    return tuple(_(name) if name in SEAT_WORDS else name for name in names)


def side_of(stored: StoredGame, seat: int) -> int:
    """The side a seat plays for, as its game's module says it (``games.game_sides``:
    partners opposite in four-handed Euchre, Railroad and Hasenpfeffer; each for himself at
    cutthroat and in Napoleon, at any size)."""
    return game_sides(stored.rules)[seat]


def sides_of(stored: StoredGame) -> list[list[int]]:
    """The seats of each side: [[0], [1]], [[0, 2], [1, 3]], or at three [[0], [1, 2]] (the
    person against both, as a game's page names them)."""
    players = len(stored.names)
    if stored.rules.game != "euchre":  # the game's own sides (each for himself in Napoleon)
        sides = game_sides(stored.rules)
        return [[seat for seat in range(players) if sides[seat] == side]
                for side in sorted(set(sides))]
    return {2: [[0], [1]], 3: [[0], [1, 2]], 4: [[0, 2], [1, 3]]}[players]


def reviewed(stored: StoredGame, seat: int) -> bool:
    """Whether a seat's play has a review: both seats of a two-handed game; at three or four
    the person's (the computers are not coached)."""
    return len(stored.names) == 2 or stored.tokens[seat] is not None


def partnered(stored: StoredGame) -> bool:
    """Whether the game is played by partners (four-handed Euchre, Railroad, Hasenpfeffer:
    seat 2 is seat 0's partner), not each for himself (Napoleon)."""
    sides = game_sides(stored.rules)
    return len(set(sides)) < len(sides)


def level_of(stored: StoredGame, seat: int) -> str:
    """The level of the computer in ``seat`` (the partner's may differ at four)."""
    if seat == 2 and len(stored.names) == 4 and partnered(stored):
        return stored.facts.partner or stored.level or "expert"
    return stored.level or "expert"


def invite_link(stored: StoredGame, seat: int = 1) -> str | None:
    """A seat's invite while it is unclaimed (shown to the creator alone), else None."""
    code = stored.facts.invites.get(seat)
    return None if code is None else _join_link(stored, code)


def invite_links(stored: StoredGame) -> dict[str, str]:
    """Every unclaimed seat's invite, by seat (as text: a JSON object's keys)."""
    return {str(seat): _join_link(stored, code) for seat, code in invites(stored).items()}


def _join_link(stored: StoredGame, code: str) -> str:
    return f"/join/{stored.id}?invite={code}"


def clash(stored: StoredGame, seat: int, name: str) -> str | None:
    """Why ``seat`` may not take ``name``: it would pass for another person's at the table
    (``protocol.lookalike``), in one line; else None."""
    others = [held for other, held in enumerate(stored.names)
              if other != seat and stored.tokens[other] is not None]
    other = lookalike(name, others)
    return None if other is None else (f"{name!r} looks like {other!r}, who sits at this "
                                       "table: choose another name")


def seats_of(stored: StoredGame, name: str) -> list[int]:
    """Every seat that carries ``name``: two friends who share a name each count their own
    seat's game (never both the first seat's)."""
    return [seat for seat, held in enumerate(stored.names) if held == name]


def scored_record(stored: StoredGame, game: Game) -> dict[str, Any]:
    """The record that statistics count: marked, and with the winner of a deal of the day
    (whose engine game has no end of its own)."""
    record = mark_record(stored, game.record())
    record["winner"] = winner(stored, game)
    return record


def winner(stored: StoredGame, game: Game) -> int | None:
    """Who won: the engine's winner (a resignation's too: ``Game.outcome``), or in a deal of
    the day played out, the higher score (none if equal)."""
    if not game.is_over and stored.facts.day is not None and daily.done(game):
        margin = daily.margin(game)
        return None if margin == 0 else int(margin < 0)
    return game.winner


def ended_early(game: Game) -> int | None:
    """The seat that resigned or left the match unfinished (the engine's ``outcome``), or
    None."""
    outcome = game.outcome
    if outcome is None or outcome.termination == Termination.TARGET:
        return None
    return outcome.seat


def hints_allowed(stored: StoredGame) -> bool:
    return stored.facts.hints


def public_record(stored: StoredGame, game: Game) -> dict[str, Any]:
    """A finished game's record with who played it and what the moves do not show (the JSON
    ``euchre replay`` reads, ``/api/games/ID/record`` serves and ``euchre stats`` counts)."""
    record = game.record()
    record["players"] = {"names": list(shown_names(stored)), "mode": stored.mode,
                         "level": stored.level}
    if stored.facts.partner is not None:
        record["players"]["partner"] = stored.facts.partner
    if stored.seeded:
        record["seeded"] = True  # its creator chose the seed, and so knew every deal
    return mark_record(stored, record)


def mark_record(stored: StoredGame, record: dict[str, Any]) -> dict[str, Any]:
    """A record's ``players`` block told what the moves do not show: undo, and, as older
    readers of the block expect, a resignation (``resigned``, ``winner``, ``abandoned``: the
    engine's ``outcome``, which the record carries, copied)."""
    players = record.setdefault("players", {})
    players["undo_used"] = stored.facts.undo_used
    ended = record.get("outcome") or {}
    if ended.get("termination") == Termination.ABANDONED and ended.get("seat") is not None:
        players["abandoned"] = True
    if stored.facts.day is not None:  # the deal of a day: its hands, not a target, end it
        players[daily.DAY] = stored.facts.day
        players["hands"] = daily.HANDS
    if ended.get("termination") in (Termination.RESIGNED, Termination.ABANDONED) \
            and ended.get("seat") is not None:
        players["resigned"], players["winner"] = ended["seat"], ended["winner"]
    return record


def state_block(stored: StoredGame, game: Game, rematch_asked: set[int]) -> dict[str, Any]:
    """The ``match`` part of a state message: what the page offers around the play."""
    done = finished(stored, game)
    return {
        "undo_used": stored.facts.undo_used,
        "can_undo": stored.mode == "computer" and _person_has_moved(game) and not done,
        "hints": hints_allowed(stored),
        "resigned": ended_early(game),
        "abandoned": game.outcome is not None
        and game.outcome.termination == Termination.ABANDONED,
        "rematch_asked": sorted(rematch_asked),
        "rematch_needed": sorted(rematch_needed(stored)),
        "summary": summary(game) if done else None,
        "daily": daily_block(stored) if stored.facts.day is not None else None,
    }


def daily_block(stored: StoredGame) -> dict[str, Any]:
    """What a daily game's page says around the play: its day, its hands, and where the
    result is shown beside the expert's, with the day's board."""
    day = stored.facts.day
    assert day is not None  # (asked of a daily game only)
    return {"day": day, "hands": daily.HANDS, "result": daily.result_link(day, stored.id),
            "board": daily.board_link(day, stored.id)}


def summary(game: Game) -> dict[str, Any]:
    """The match hand by hand: the score after each hand (for a small chart) and, for each
    side, how many hands it made (its marches among them), marched and euchred (as
    defender). Read from the engine's results (``Game.results``) and the side of each seat
    as the game says it (the view's ``sides``)."""
    running = [list(game.start_score)] + [row["score"] for row in scorepad.rows(game)]
    sides = game.view(None).sides
    count = len(running[0])
    made, march, euchres = [0] * count, [0] * count, [0] * count
    for result in game.results:
        if result.maker is None:
            continue
        side = sides[result.maker]
        if result.ended in ("made", "march"):
            made[side] += 1  # a march is a hand made, and counted among the marches too
        if result.ended == "march":
            march[side] += 1
        elif result.ended in ("euchred", "set"):
            for other in range(count):
                euchres[other] += other != side
    return {"scores": running, "made": made, "march": march, "euchres": euchres}


def _person_has_moved(game: Game) -> bool:
    """Whether seat 0 (the person against the computer) has made a move this match: read
    from the game's public history (``Game.actions``)."""
    return any(seat == 0 for seat, _ in game.actions())
