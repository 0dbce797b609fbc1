"""The WebSocket protocol: what a client may send, checked before anything else sees it.

Client to server, one JSON object per message (at most ``MAX_MESSAGE`` bytes):

================================ ===========================================================
``{"type": "action", "action": T}`` make the move ``T`` (a token from ``view.legal``);
                                  with ``"seq": S`` (the state it answers), refused unless
                                  the game is still at ``S`` (a re-sent frame never plays
                                  twice)
``{"type": "hint"}``              the expert's value of each legal choice
``{"type": "name", "name": N}``   set this seat's name (1-24 printable characters once
                                  normalised, no ``/``, not the computer's nor another
                                  player's at the table in look-alike letters), until the
                                  match is over in any way
``{"type": "ping"}``              answered with ``{"type": "pong"}``
``{"type": "undo"}``              against the computer: take back your last choice and the
                                  computer's replies (the game is marked as played with undo)
``{"type": "resign"}``            give the match up: the other seat wins it
``{"type": "rematch"}``           once the match is over: ask for a new one (same rules and
                                  players); made when every person at the table asked
``{"type": "hints", "allow": B}`` the creator of a friend game turns hints on or off
``{"type": "start"}``             the host of a friend table of three or four starts it: the
                                  computer takes the seats nobody has claimed
``{"type": "coach", "seq": S}``   the coach's note on your own move at state ``S`` (the
                                  move that state answered): what the expert preferred and
                                  by how much, valued from your view before the move
================================ ===========================================================

A message that gives one key twice is refused (which one was meant?).

Server to client: ``state`` (the seat's view and the table around it, after every accepted
action and on connecting), ``hint`` (``values``: token to points; ``seq``: the state it was
worked out for; ``convention``: at a table of four, a line saying which partners' convention
the best choice breaks and what breaking it is worth, ``coach.convention_note``, else null),
``error`` (``message``: one line saying what was wrong; nothing changed), ``rematch``
(``link``: this seat's link to the new game), ``coach`` (``seq``: the move's state;
``chosen``, ``best``, ``loss`` in points, and ``note``: the coach's line when the loss is
over ``coach.THRESHOLD``, else null) and ``pong``.

>>> parse('{"type": "action", "action": "JH", "seq": 12}')
Message(type='action', value='JH', seq=12)
>>> try:
...     parse('{"type": "dance"}')
... except ProtocolError as err:
...     print(err.args[0].split(": ")[0])
unknown message type 'dance'
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from typing import Any, NamedTuple

import orjson

from ..agents import LEVELS
from ..words import PLACE_NAMES, person
from .lookalike import skeleton
from .wording import PHRASES

MAX_MESSAGE = 4096
"""Bytes; the longest real message is well under 100."""
MAX_NAME = 24
COMPUTER = "Computer"
"""The computer's name at a table against it (and its statistics page, /players/Computer)."""
RESERVED_NAMES = frozenset(skeleton(name) for name in (
    COMPUTER, *LEVELS, *(place for places in PLACE_NAMES.values() for place in places)))
"""Names no person may take, in any case or in letters that look like them (their
skeletons, ``lookalike.skeleton``): each would pass for the computer (at a table of three
or four the computers are named by their places)."""
MAX_TOKEN = 16
"""Characters of an action token; the longest real one, ``discard XX``, has 10."""
MAX_SEQ = 10**9


class ProtocolError(ValueError):
    """A message the server cannot take; its text is sent back to that connection alone."""


class RepeatedKey(ValueError):
    """A JSON object that gives one key twice (``json`` would keep the last, silently)."""


class Message(NamedTuple):
    type: str
    value: str | None = None
    seq: int | None = None
    """For an action, the state it answers (None: whatever the state is now)."""


def encode(message: dict[str, Any]) -> str:
    """A server message as compact JSON text. orjson: a state message is about 3 KB and two
    go out per move, and encoding them was a fifth of the server's time with ``json``."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def strict_json(text: str | bytes | bytearray) -> Any:
    """``json.loads``, but ``RepeatedKey`` for an object that gives a key twice.

    >>> strict_json('{"a": 1, "b": {"a": 2}}')
    {'a': 1, 'b': {'a': 2}}
    >>> strict_json('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    euchre.server.protocol.RepeatedKey: the key 'a' is given twice
    """
    if isinstance(text, str) and not text.startswith("\ufeff"):  # (json.loads refuses a BOM)
        return _DECODER.decode(text)  # (one decoder for every message, not one a call)
    return json.loads(text, object_pairs_hook=_unique)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RepeatedKey(f"the key {key[:40]!r} is given twice")
            seen.add(key)
    return data


_DECODER = json.JSONDecoder(object_pairs_hook=_unique)


def parse(text: str | bytes) -> Message:
    """Check one client message; ``ProtocolError`` naming what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"message too long ({len(text)} bytes; at most {MAX_MESSAGE})")
    try:
        data = strict_json(text)
    except RepeatedKey as err:
        raise ProtocolError(f"message is refused: {err}") from None
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: [[[[...
        raise ProtocolError("message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"message must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(f'message needs "type": one of {", ".join(CLIENT_MESSAGES)}')
    read = CLIENT_MESSAGES.get(kind)
    if read is None:
        *others, last = CLIENT_MESSAGES
        raise ProtocolError(f"unknown message type {kind[:40]!r}: expected "
                            f"{', '.join(others)} or {last}")
    return read(kind, data)


def _action(kind: str, data: dict[str, Any]) -> Message:
    action = data.get("action")
    if not isinstance(action, str) or not 0 < len(action) <= MAX_TOKEN:
        raise ProtocolError('an action message needs "action": a token such as "JH" '
                            f"(at most {MAX_TOKEN} characters)")
    return Message(kind, action, _seq(data.get("seq")))


def _name(kind: str, data: dict[str, Any]) -> Message:
    return Message(kind, check_name(data.get("name")))


def _bare(kind: str, data: dict[str, Any]) -> Message:
    return Message(kind)


def _hints(kind: str, data: dict[str, Any]) -> Message:
    """The creator of a friend game turns hints on or off."""
    if data.get("allow") not in (True, False):
        raise ProtocolError('a hints message needs "allow": true or false')
    return Message(kind, "on" if data["allow"] else "off")


def _say(kind: str, data: dict[str, Any]) -> Message:
    """A preset phrase to the table (nothing else may be said)."""
    phrase = data.get("phrase")
    if not isinstance(phrase, str) or phrase not in PHRASES:  # (a list is unhashable)
        raise ProtocolError(f'a say message needs "phrase": one of {", ".join(PHRASES)}')
    return Message(kind, phrase)


def _coach(kind: str, data: dict[str, Any]) -> Message:
    """The note on the sender's own move at state seq."""
    if data.get("seq") is None:
        raise ProtocolError('a coach message needs "seq": the state your move answered')
    return Message(kind, None, _seq(data["seq"]))


CLIENT_MESSAGES: dict[str, Callable[[str, dict[str, Any]], Message]] = {
    "action": _action, "hint": _bare, "name": _name, "ping": _bare, "undo": _bare,
    "resign": _bare, "rematch": _bare, "hints": _hints, "start": _bare, "coach": _coach,
    "say": _say}
"""Every type a client may send (the module docstring says what each does), and how its
fields are checked: the one list (``player_messages.HANDLERS`` carries each out; a test
checks the page's scripts send none other)."""
SERVER_MESSAGES = ("state", "hint", "error", "rematch", "coach", "pong", "said")
"""Every type the server sends a table's client (the module docstring says what each
holds; ``said``: a phrase one seat said, to everyone at the table)."""


def _seq(seq: object) -> int | None:
    if seq is None:
        return None
    if type(seq) is not int or not 0 <= seq <= MAX_SEQ:  # bool is an int: refused too
        raise ProtocolError('"seq" must be the whole number of the state the move answers')
    return seq


def check_name(name: object) -> str:
    """A player's display name as it is stored: NFKC-normalised (so fullwidth and other
    look-alike forms become the plain letters), its runs of whitespace made one space, and
    trimmed; ``ProtocolError`` if unusable, too long or the computer's. "You" is the word
    each player reads for himself, never a name (others would read "You deals"): it is
    stored as ``words.GUEST``, the name of whoever gives none (an older lobby sent "You").

    >>> check_name("  \uff21nn \t Lee "), check_name("you")
    ('Ann Lee', 'Guest')
    >>> for bad in ("Computer", "EXPERT", "\uff23omputer", "\u0421omputer", "a/b", " "):
    ...     try:
    ...         check_name(bad)
    ...     except ProtocolError as err:
    ...         print(err)
    'Computer' is the computer's name: choose another
    'EXPERT' is the computer's name: choose another
    'Computer' is the computer's name: choose another
    'Сomputer' looks like the computer's name: choose another
    a name may not contain /
    a name must be a non-empty string
    """
    if not isinstance(name, str):
        raise ProtocolError("a name must be a non-empty string")
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not name:
        raise ProtocolError("a name must be a non-empty string")
    if len(name) > MAX_NAME or not name.isprintable():
        raise ProtocolError(f"a name must be 1 to {MAX_NAME} printable characters")
    if "/" in name:  # it names a statistics page: /players/NAME
        raise ProtocolError("a name may not contain /")
    name = person(name)
    if skeleton(name) in RESERVED_NAMES:
        raise ProtocolError(f"{name!r} is the computer's name: choose another" if
                            name.isascii() and name.isalpha() else
                            f"{name!r} looks like the computer's name: choose another")
    return name


def lookalike(name: str, others: list[str]) -> str | None:
    """The name of ``others`` that ``name`` would pass for on screen (equal skeletons, not
    equal names: two players who share a name are told apart by seat), or None.

    >>> lookalike("\u0410nn", ["Bob", "Ann"]), lookalike("Ann", ["Ann"])
    ('Ann', None)
    """
    mine = skeleton(name)
    return next((other for other in others if other != name and skeleton(other) == mine),
                None)
