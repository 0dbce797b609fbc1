"""The catalogs: ``locale/<lang>/LC_MESSAGES/messages.po``, read with Babel and compiled in
memory the first time a language is used.

Why in memory and not ``.mo`` files built at install: the ``.po`` is the one copy a
translator edits and the repository keeps; compiling it here (Babel's ``write_mo`` into a
buffer, read back by the standard ``gettext.GNUTranslations``) means an editable install, a
wheel and a checkout all read the same catalog, nothing compiled is ever committed or stale,
and it costs a few milliseconds once per language per process.

The pseudo-language (``PSEUDO``) turns every message into accented text between ``⟦ ⟧``
markers, placeholders kept: a page shown in it shows at a glance any word that did not come
from a catalog. It is offered only when switched on (``EUCHRE_PSEUDO_LANGUAGE=1``, tests).
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import re
from importlib import resources
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

SOURCE = "en"
"""The language the messages are written in (its catalog is the template itself)."""
PSEUDO = "qps"
"""The pseudo-language's code (as Windows' ``qps-ploc``)."""
DOMAIN = "messages"


def locale_dir() -> Path:
    """Where the catalogs live (``euchre/locale``)."""
    return Path(str(resources.files("euchre") / "locale"))


def po_path(code: str) -> Path:
    """The catalog of language ``code``."""
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path() -> Path:
    """The template every catalog is made from (``python -m euchre.i18n extract``)."""
    return locale_dir() / f"{DOMAIN}.pot"


def pseudo_enabled() -> bool:
    """Whether the pseudo-language may be chosen (tests switch it on)."""
    return os.environ.get("EUCHRE_PSEUDO_LANGUAGE") == "1"


def read_catalog(path: Path, code: str | None = None) -> Catalog:
    """A ``.po``/``.pot`` file as Babel's ``Catalog``."""
    with path.open("rb") as file:
        return read_po(file, locale=code)


_ACCENTED = str.maketrans("aeiouyAEIOUYcnsz", "áéíóúýÁÉÍÓÚÝçñšž")
_FIELD = re.compile(r"(\{[a-z_]*\}|%\([a-z_]+\)[a-z]|%[a-z%])")
"""A placeholder, kept as it is: the game's ``{name}``, argparse's ``%(prog)s`` and ``%s``."""


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: accented, between markers, placeholders untouched.

    >>> pseudo("{name} deals")
    '⟦{name} déálš⟧'
    """
    parts = _FIELD.split(text)
    return "⟦" + "".join(p if _FIELD.fullmatch(p) else p.translate(_ACCENTED)
                         for p in parts) + "⟧"


class _Pseudo(gettext.NullTranslations):
    """Every message of the template in the pseudo-language; any other text (a name, a
    text already made from messages and looked up again, as a page's markup is) as it is,
    so that a word the code holds in English is never wrapped by accident."""

    def __init__(self) -> None:
        super().__init__()
        self.known = {m.id for m in read_catalog(template_path()) if isinstance(m.id, str)}

    def gettext(self, message: str) -> str:
        return pseudo(message) if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@functools.cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code`` (English: the messages themselves)."""
    if code == PSEUDO and pseudo_enabled():
        return _Pseudo()
    path = po_path(code)
    if code == SOURCE or not path.exists():
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(path, code))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def plural_index(code: str, n: int) -> int:
    """Which of a counted message's forms ``n`` takes in ``code`` (its ``Plural-Forms``)."""
    found = translations(code)
    if isinstance(found, gettext.GNUTranslations):
        return int(found.plural(n))  # type: ignore[attr-defined]
    return 0 if n == 1 else 1
