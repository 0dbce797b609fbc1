"""The game's words in the reader's language: gettext catalogs managed with Babel.

Every sentence a person reads is one message, written in English in the code and looked up
in the catalog of the language in force (``use``). Placeholders are named (``{name}``) so a
translator may move them; plurals follow the language's CLDR rules (Arabic has six forms).

>>> with use("en"):
...     _("{name} deals", name="Ann"), ngettext("{n} hand", "{n} hands", 2)
('Ann deals', '2 hands')
>>> plural_index("ar", 11), plural_index("ar", 3), plural_index("so", 1)    # CLDR's forms
(4, 3, 0)
>>> direction("ar"), direction("so"), pick("ar-EG,ar;q=0.9,en;q=0.8")
('rtl', 'ltr', 'ar')

The language in force is a ``ContextVar``: each request, each WebSocket connection and the
terminal set their own, so two people at one table read it in their own languages. Messages
that must exist before a language is known (module constants) are marked ``N_`` and looked
up with ``_`` where they are shown.
"""

from __future__ import annotations

import string
from contextlib import AbstractContextManager

from ..engine.messages import N_, RTL, _, install, language, listed, ngettext
from ..engine.messages import set_language as _set
from ..engine.messages import use as _use
from .catalogs import PSEUDO, SOURCE, plural_index, translations

LANGUAGES: dict[str, str] = {"en": "English", "so": "Soomaali", "ceb": "Cebuano",
                             "ar": "العربية"}
"""The shipped languages, each by its own name (the language menu's words)."""


def set_language(code: str) -> None:
    """Make ``code`` the language of this context (unknown: English)."""
    _set(code if code in LANGUAGES or code in known() else SOURCE)


def use(code: str) -> AbstractContextManager[None]:
    """The words inside the ``with`` block in ``code`` (unknown: English)."""
    return _use(code if code in LANGUAGES or code in known() else SOURCE)


def known() -> tuple[str, ...]:
    """The languages that may be chosen: the shipped ones, and the pseudo-language when
    ``catalogs.PSEUDO`` is switched on (tests only)."""
    from .catalogs import pseudo_enabled
    return (*LANGUAGES, PSEUDO) if pseudo_enabled() else tuple(LANGUAGES)


def direction(code: str | None = None) -> str:
    """``rtl`` or ``ltr``: how ``code`` (or the language in force) runs."""
    return "rtl" if (code or language()) in RTL else "ltr"


def _count(n: int) -> str:
    """A count as the language writes it: below 1000 every shipped language writes the
    Latin digits as they are (kept cheap: no CLDR lookup), from 1000 with its grouping."""
    if 0 <= n < 1000:
        return str(n)
    from .numbers import number
    return number(n)


install(translations, _count)

def placeholders(text: str) -> set[str]:
    """The named placeholders of a message: a translation must keep exactly these.

    >>> sorted(placeholders("{name} won {score}"))
    ['name', 'score']
    """
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def pick(accept_language: str | None, chosen: str | None = None) -> str:
    """The language for a person: his remembered ``chosen`` one if it is known, else the
    first of ``Accept-Language`` (by its q values) that is shipped, else English.

    >>> pick("fr, so;q=0.5"), pick("ceb-PH"), pick(None), pick("so", chosen="ar")
    ('so', 'ceb', 'en', 'ar')
    """
    if chosen in known():
        return chosen
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        ranked.append((-quality, place, tag.strip().lower()))
    for quality, _place, tag in sorted(ranked):
        base = tag.split("-")[0]
        if quality < 0 and base in known():
            return base
    return SOURCE


__all__ = ["LANGUAGES", "N_", "RTL", "_", "direction", "known", "language", "listed", "ngettext",
           "pick", "placeholders", "plural_index", "set_language", "use"]
