"""A match's facts beyond its moves (``MatchFacts``), and their stored form.

Who resigned, whether undo was used, each seat's one-time invite and account, the seats the
computer plays, the rematch: named fields of one typed value, read and changed through its
attributes (``dataclasses.replace``). The database keeps them as a JSON object in the games'
``options`` column, under the keys every earlier version wrote (``invite``, ``invite2``,
``account0``, ``takeover2``, ``away1``, ``left1``, ``computers``, ``daily``, ...):
``stored_form`` writes that object and ``read_stored`` reads it, the only two places that
know the keys. A change is stored as the keys it alters (``merge_stored``), so two processes
that change different facts of one game never undo each other's.

Reading is strict about what it knows and lenient about the rest: a known key holding a
value of the wrong kind is a ``ValueError`` in one line naming the key (a damaged row,
refused as such), while a key this version does not know is ignored (it stays in the
database untouched, since only the keys a change alters are rewritten).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..daily import DAY

Value = TypeVar("Value")


@dataclass(frozen=True, slots=True)
class TimedOut:
    """The move the server made for a person whose turn timer ran out (``turn_timer``): his
    seat and the move's number, so every process's page can say so."""

    seat: int
    seq: int

    def to_dict(self) -> dict[str, int]:
        return {"seat": self.seat, "seq": self.seq}


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """What a stored game knows of its match beyond its moves (``StoredGame.facts``).

    >>> facts = MatchFacts(invites={1: "code"}, undo_used=True)
    >>> stored_form(facts)
    {'invite': 'code', 'undo_used': True}
    >>> read_stored(stored_form(facts)) == facts
    True
    """

    invites: Mapping[int, str] = field(default_factory=dict)
    """A friend table's one-time invites not yet claimed, by seat (removed when claimed)."""
    owners: Mapping[int, str] = field(default_factory=dict)
    """The account (its key, ``accounts.name_key``) that played a seat, by seat."""
    computers: Mapping[int, str] | None = None
    """At a friend table of three or four, the seats nobody had claimed when the host
    started, and the level the computer plays each at (a person may still claim one with
    its invite, and plays it from the next hand: ``takeovers``). None until the table is
    started with computers (a rematch of people alone stores none: ``{}``); a table that
    has them is neither listed as open nor rated."""
    takeovers: Mapping[int, int] = field(default_factory=dict)
    """The hand in which a person claimed a computer's seat (the computer finishes it)."""
    away: frozenset[int] = frozenset()
    """Seats whose player left the table for longer than the wait: the computer plays for
    him until he comes back."""
    left: frozenset[int] = frozenset()
    """Seats whose player was away long enough for the computer to take over, even if he
    came back: a rated game counts as his loss (``ratings``)."""
    partner: str | None = None
    """A four-handed game's partner level, when not the opponents'."""
    hints: bool = True
    """Whether the players may ask for hints (a friend game's host may turn them off)."""
    undo_used: bool = False
    resigned: int | None = None
    """The seat that resigned (or, with ``abandoned``, left the game unfinished and the
    server closed it for him): ``StoredGame.settle`` tells the engine."""
    abandoned: bool = False
    rematch: str | None = None
    """The id of the rematch this match led to."""
    rematch_of: str | None = None
    rematch_asked: frozenset[int] = frozenset()
    """The seats that asked for a rematch (stored, so that every server process knows)."""
    game: str | None = None
    """A game other than Euchre (Railroad, Hasenpfeffer, Napoleon), under whose name its
    seats' totals are kept apart (``totals``)."""
    day: str | None = None
    """The day whose deals this game plays (``euchre.daily``): its hands, not a target, end
    it."""
    open: bool = False
    """An open table (``open_tables``): listed in the lobby for anyone to sit at."""
    opened: float | None = None
    """When the open table opened (seconds since the epoch)."""
    bots: bool = False
    """The open table's host lets the computer fill its empty seats after the wait."""
    preset: str | None = None
    """The key of the rules preset an open table was opened with (``presets``); None: the
    game's standard rules (tables opened before presets were offered)."""
    timed_out: TimedOut | None = None


def with_seat(by_seat: Mapping[int, Value], seat: int, value: Value | None
              ) -> dict[int, Value]:
    """``by_seat`` with ``seat``'s value set, or removed (None): for ``replace``.

    >>> with_seat({1: "a", 2: "b"}, 1, None), with_seat({}, 3, "c")
    ({2: 'b'}, {3: 'c'})
    """
    out = {other: held for other, held in by_seat.items() if other != seat}
    if value is not None:
        out[seat] = value
    return out


# --- the stored form: a JSON object under the keys earlier versions wrote ---------------

def invite_key(seat: int) -> str:
    """The stored key of a seat's one-time invite: ``invite`` for the second seat (as every
    friend game of two has stored it), ``invite2``, ``invite3`` for the others.

    >>> invite_key(1), invite_key(3)
    ('invite', 'invite3')
    """
    return INVITE if seat == 1 else f"{INVITE}{seat}"


INVITE, OWNER, TAKEOVER, AWAY, LEFT = "invite", "account", "takeover", "away", "left"
"""The stored keys' stems of the facts kept per seat (``account0``, ``takeover2``, ...)."""
OPEN_MARK, OWNED_MARK = '%"open"%', f"%{OWNER}%"
"""SQL ``LIKE`` patterns of stored facts (as text) that may be an open table's, or name an
account (the queries that find open tables and rated games narrow by them)."""
_PER_SEAT = re.compile(rf"({INVITE}|{OWNER}|{TAKEOVER}|{AWAY}|{LEFT})(\d*)")
_PLAIN = {DAY: "day", **{name: name for name in (
    "partner", "hints", "undo_used", "resigned", "abandoned", "rematch", "rematch_of",
    "rematch_asked", "game", "open", "opened", "bots", "preset", "timed_out", "computers")}}
"""Stored key to field, for the facts stored under one key each (the day's is the key the
deal of the day's records use too)."""


def stored_form(facts: MatchFacts) -> dict[str, Any]:
    """The JSON object the database keeps: a key for each fact that differs from its
    default (an empty ``MatchFacts`` is ``{}``)."""
    out: dict[str, Any] = {}
    out.update({invite_key(seat): code for seat, code in sorted(facts.invites.items())})
    out.update({f"{OWNER}{seat}": key for seat, key in sorted(facts.owners.items())})
    out.update({f"{TAKEOVER}{seat}": hand for seat, hand in sorted(facts.takeovers.items())})
    out.update({f"{AWAY}{seat}": True for seat in sorted(facts.away)})
    out.update({f"{LEFT}{seat}": True for seat in sorted(facts.left)})
    defaults = MatchFacts()
    for key, name in _PLAIN.items():
        value = getattr(facts, name)
        if value == getattr(defaults, name):
            continue
        if name == "computers" and value is not None:
            value = {str(seat): level for seat, level in sorted(value.items())}
        elif name == "rematch_asked":
            value = sorted(value)
        elif name == "timed_out":
            value = value.to_dict()
        out[key] = value
    return out


def read_stored(data: object) -> MatchFacts:
    """``MatchFacts`` from the stored JSON object (``None``: a row from before facts were
    stored). ``ValueError`` in one line for a known key holding the wrong kind of value;
    unknown keys are ignored."""
    if data is None:
        return MatchFacts()
    if not isinstance(data, dict):
        raise ValueError(f"the match's stored facts are {type(data).__name__}, not an object")
    seats: dict[str, dict[int, Any]] = {}
    plain: dict[str, Any] = {}
    for key, value in data.items():
        if key in _PLAIN:
            plain[_PLAIN[key]] = _plain_value(key, value)
        elif (found := _PER_SEAT.fullmatch(key)) is not None:
            stem, number = found[1], found[2]
            seat = int(number) if number else 1 if stem == INVITE else -1
            if seat >= 0:
                seats.setdefault(stem, {})[seat] = _seat_value(key, stem, value)
    flags = {stem: frozenset(s for s, on in seats.get(stem, {}).items() if on)
             for stem in (AWAY, LEFT)}
    return MatchFacts(
        invites=_present(seats.get(INVITE)), owners=_present(seats.get(OWNER)),
        takeovers=_present(seats.get(TAKEOVER)), away=flags[AWAY], left=flags[LEFT],
        **plain)


def merge_stored(held: dict[str, Any], before: MatchFacts, after: MatchFacts
                 ) -> dict[str, Any]:
    """``held`` (the stored object as it stands now) with the keys that differ between
    ``before`` and ``after`` rewritten (or removed), and every other key as it is.

    >>> merge_stored({"invite3": "c", "x": 1}, MatchFacts(invites={2: "b"}),
    ...              MatchFacts(invites={2: "b"}, undo_used=True))
    {'invite3': 'c', 'x': 1, 'undo_used': True}
    """
    old, new = stored_form(before), stored_form(after)
    merged = dict(held)
    for key in old.keys() | new.keys():
        if key not in new:
            merged.pop(key, None)
        elif old.get(key) != new[key]:  # (one unchanged stays as another process left it)
            merged[key] = new[key]
    return merged


def _present(found: dict[int, Any] | None) -> dict[int, Any]:
    """The seats that hold a value (an owner stored as null: nobody's)."""
    return {seat: value for seat, value in (found or {}).items() if value is not None}


def _wrong(key: str, value: object, wanted: str) -> ValueError:
    return ValueError(f"the match's stored fact {key!r} is {str(value)[:40]!r}, not {wanted}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _seat_value(key: str, stem: str, value: object) -> object:
    if stem in (AWAY, LEFT):
        if not isinstance(value, bool):
            raise _wrong(key, value, "true or false")
    elif stem == TAKEOVER:
        if not _whole(value):
            raise _wrong(key, value, "a hand's number")
    elif value is not None and not isinstance(value, str):
        raise _wrong(key, value, "text")
    return value


_FLAGS = frozenset({"hints", "undo_used", "abandoned", "open", "bots"})
_TEXTS = frozenset({"partner", "rematch", "rematch_of", "game", "day", "preset"})


def _plain_value(key: str, value: object) -> object:
    """A fact stored under a key of its own, checked and made its field's type."""
    name = _PLAIN[key]
    if value is None:
        return getattr(MatchFacts(), name)
    if name in _FLAGS:
        if not isinstance(value, bool):
            raise _wrong(key, value, "true or false")
        return value
    if name in _TEXTS:
        if not isinstance(value, str):
            raise _wrong(key, value, "text")
        return value
    if name == "resigned":
        if not _whole(value):
            raise _wrong(key, value, "a seat")
        return value
    if name == "opened":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _wrong(key, value, "a time")
        return float(value)
    if name == "rematch_asked":
        if not isinstance(value, list) or not all(_whole(seat) for seat in value):
            raise _wrong(key, value, "a list of seats")
        return frozenset(value)
    if name == "computers":
        if not isinstance(value, dict) or not all(
                seat.isdigit() and isinstance(level, str) for seat, level in value.items()):
            raise _wrong(key, value, "seats' levels")
        return {int(seat): level for seat, level in value.items()}
    if not isinstance(value, dict) or not all(_whole(value.get(k)) for k in ("seat", "seq")):
        raise _wrong(key, value, "a seat and a move's number")
    return TimedOut(value["seat"], value["seq"])
