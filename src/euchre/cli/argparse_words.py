"""argparse's own words (its "usage:", its headings, its errors) in the reader's language.

argparse words its help and its refusals with ``gettext`` of the standard library, in a
domain of its own that no catalog here fills; ``install`` points its lookups at the game's
(``engine.messages``), and the messages below put argparse's sentences in the game's
catalogs, so that ``euchre play --lang so --help`` and a mistyped flag read in Somali.
Their ``%(name)s`` placeholders are argparse's own and are kept by the translator as they are.
"""

from __future__ import annotations

import argparse

from ..engine.messages import N_, _, language, ngettext

WORDS = (
    N_("usage: "), N_("options"), N_("positional arguments"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"),
    N_("expected at least one argument"), N_("expected at most one argument"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""The sentences of argparse a person meets (Python 3.11 to 3.13)."""


def _counted(one: str, many: str, n: int) -> str:
    return ngettext(one, many, n) if language() != "en" else (one if n == 1 else many)


def install() -> None:
    """argparse's lookups through the game's catalogs (a no-op in English)."""
    if language() != "en":
        argparse._ = _  # type: ignore[attr-defined]
        argparse.ngettext = _counted  # type: ignore[attr-defined]
