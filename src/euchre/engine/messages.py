"""The one way the game's words are looked up in the reader's language, standard library only.

The engine words cards, choices and results (``euchre.words``, ``engine/words.py``), and the
engine depends on nothing outside Python, so the lookup lives here: ``_``, ``ngettext`` and
``N_`` take English messages with named placeholders, and the language in force is a
``ContextVar`` (``use``). The catalogs themselves are read by ``euchre.i18n`` (Babel), which
installs itself here with ``install``; with none installed every message reads in English.

>>> _("{name} deals", name="Ann"), ngettext("{n} hand", "{n} hands", 2)
('Ann deals', '2 hands')
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

SOURCE = "en"
"""The language the messages are written in."""

_current: contextvars.ContextVar[str] = contextvars.ContextVar("euchre_language",
                                                                  default=SOURCE)
_ENGLISH = gettext.NullTranslations()
_catalog: Callable[[str], gettext.NullTranslations] = lambda code: _ENGLISH  # noqa: E731
_number: Callable[[int], str] = str


def install(catalog: Callable[[str], gettext.NullTranslations],
            number: Callable[[int], str]) -> None:
    """Make ``catalog(code)`` the source of translations and ``number`` the way a count is
    written (``euchre.i18n`` does, with Babel)."""
    global _catalog, _number
    _catalog, _number = catalog, number
    _said.cache_clear()  # (anything worded before came from the catalogs replaced)


def language() -> str:
    """The language in force here."""
    return _current.get()


def set_language(code: str) -> None:
    """Make ``code`` the language of this context (the terminal's, for the whole run)."""
    _current.set(code)


@contextlib.contextmanager
def use(code: str) -> Iterator[None]:
    """The words inside the block in ``code`` (a request's, a connection's)."""
    token = _current.set(code)
    try:
        yield
    finally:
        _current.reset(token)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without looking it up (a module constant): shown
    later through ``_``."""
    return message


RTL = frozenset({"ar"})
"""Languages written right to left."""
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
_WORDED = re.compile(r"[^\d\s.,:;+\-–()]")  # more than a number: a letter, a suit


def isolated(value: Any, code: str) -> Any:
    """``value`` between Unicode isolates (U+2068 ... U+2069) when it is written in the other
    direction than language ``code`` (an Arabic name in an English sentence, a Latin one in
    an Arabic sentence), so the sentence around it keeps its order.

    >>> isolated("علي", "en"), isolated("Ann", "ar"), isolated("Ann", "en"), isolated(3, "ar")
    ('\u2068علي\u2069', '\u2068Ann\u2069', 'Ann', 3)
    >>> isolated("10♠", "ar"), isolated("شايب", "ar"), isolated("3", "ar")
    ('\u206810♠\u2069', 'شايب', '3')
    """
    if not isinstance(value, str):
        return value
    if code in RTL:  # anything not Arabic: a name, and a card, whose 10♠ would read ♠10
        found = _WORDED.search(value) and not _RIGHT_TO_LEFT.search(value)
    else:
        found = bool(_RIGHT_TO_LEFT.search(value))
    return f"\u2068{value}\u2069" if found else value


def _fill(text: str, values: dict[str, Any], code: str) -> str:
    if not values:
        return text
    if code not in RTL:
        for value in values.values():
            if type(value) is str and not value.isascii():
                break
        else:  # (the common case, kept cheap: nothing to isolate)
            return text.format(**values)
    return text.format(**{key: isolated(value, code) for key, value in values.items()})


def _(message: str, **values: Any) -> str:
    """``message`` in the language in force, its ``{placeholders}`` filled from ``values``;
    a message with no translation yet reads in English (the tests say which are missing)."""
    code = _current.get()
    if not values:  # (the common case, kept cheap)
        return message if code == SOURCE else _said(code, message, ())
    for value in values.values():
        if type(value) is not str and type(value) is not int:  # (a bool, a float: as given)
            return _fill(message if code == SOURCE else _catalog(code).gettext(message),
                         values, code)
    return _said(code, message, tuple(values.items()))


@functools.lru_cache(maxsize=8192)
def _said(code: str, message: str, values: tuple[tuple[str, str | int], ...]) -> str:
    """A message with its values in ``code``, worded once: a server words the same few
    hundred (a card played, a bid, a name's move) in every state message of every table,
    and each costs a lookup, a format and a look for a word to isolate. (Values of exactly
    ``str`` or ``int``: equal ones are written alike, as ``True`` and ``1`` are not.)"""
    text = message if code == SOURCE else _catalog(code).gettext(message)
    return _fill(text, dict(values), code)


def listed(items: Iterable[str]) -> str:
    """Items of a list in a row, each already worded: "Ann 3, Bob 2". The separator is the
    language's own (Arabic's comma is "،"), one message of the catalogs.

    >>> listed(["Ann 3", "Bob 2"])
    'Ann 3, Bob 2'
    """
    # TRANSLATORS: what stands between the items of a list ("Ann 3, Bob 2"); Arabic: "، "
    return _(", ").join(items)


def ngettext(singular: str, plural: str, n: int, **values: Any) -> str:
    """The form of a counted message that agrees with ``n`` in the language in force;
    ``{n}`` in it is the number as the language writes it."""
    code = _current.get()
    text = (singular if n == 1 else plural) if code == SOURCE else \
        _catalog(code).ngettext(singular, plural, n)
    return _fill(text, {"n": _number(n), **values}, code)
