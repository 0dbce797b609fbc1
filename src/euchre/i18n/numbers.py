"""Numbers and dates as the reader's language writes them (Babel's CLDR data).

Digits stay the Latin ones in every language, as the cards print them (``10♠``) and the
page's ``Intl`` is told to (``numberingSystem: "latn"``): a score beside a card reads alike.

>>> from euchre.i18n import use
>>> with use("en"):
...     number(1234), day(1765000000)
('1,234', 'December 6, 2025')
>>> with use("ar"):
...     day(1765000000)
'6 ديسمبر 2025'
"""

from __future__ import annotations

import datetime

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

from ..engine.messages import language
from .catalogs import PSEUDO, SOURCE


def _locale() -> str:
    code = language()
    return SOURCE if code == PSEUDO else code


def number(n: float) -> str:
    """``n`` with the language's grouping and decimal signs."""
    return format_decimal(n, locale=_locale())


def day(seconds: float) -> str:
    """The date of a time (seconds since the epoch, UTC) in the language's long form."""
    when = datetime.datetime.fromtimestamp(seconds, datetime.UTC)
    return format_date(when, "long", locale=_locale())


def moment(seconds: float) -> str:
    """A time (seconds since the epoch) as a date and an hour, UTC, in the language."""
    when = datetime.datetime.fromtimestamp(seconds, datetime.UTC)
    return format_datetime(when, "medium", tzinfo=datetime.UTC, locale=_locale())
