"""What a language's catalog lacks: ``python -m euchre.i18n check [LANG ...]``.

A message the code uses with no translation (or only a fuzzy one, which gettext does not
use), a counted message with a form missing, and a translation whose placeholders are not
the message's own (dropped, renamed or added: ``{n}`` may be left out of a plural form, as
Arabic's "one" and "two" say the number in the word) are each one line.
"""

from __future__ import annotations

from babel.messages.catalog import Catalog, Message

from . import placeholders


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) \
        else [message.string or ""]


def problems(template: Catalog, catalog: Catalog) -> list[str]:
    """Each message of ``template`` that ``catalog`` does not translate fully and faithfully.

    >>> from babel.messages.catalog import Catalog
    >>> template, so = Catalog(), Catalog(locale="so")
    >>> for message in ("{name} deals", "Pass", "You deal"):
    ...     _ = template.add(message)
    >>> _ = so.add("{name} deals", "{magac} ayaa qaybiya"), so.add("Pass", "Dhaaf")
    >>> problems(template, so)
    ["'{name} deals': placeholders {magac} instead of {name}", "'You deal': not translated"]
    """
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        own = catalog.get(message.id)
        forms = _forms(own) if own is not None else []
        if own is None or own.fuzzy or not all(forms):
            found.append(f"{key!r}: not translated" if own is None or not any(forms) or own.fuzzy
                         else f"{key!r}: a plural form is empty")
            continue
        wanted = placeholders(key) | (placeholders(message.id[1]) if message.pluralizable
                                      else set())
        if message.pluralizable and len(forms) != catalog.num_plurals:
            found.append(f"{key!r}: {len(forms)} forms, the language has "
                         f"{catalog.num_plurals}")
        for form in forms:
            have = placeholders(form)
            optional = {"n"} if message.pluralizable else set()
            if have - wanted or (wanted - optional) - have:
                found.append(f"{key!r}: placeholders "
                             + "".join(f"{{{p}}}" for p in sorted(have))
                             + " instead of " + "".join(f"{{{p}}}" for p in sorted(wanted)))
                break
    return found
