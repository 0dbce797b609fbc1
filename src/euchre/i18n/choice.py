"""A command-line program's language: ``--lang``, else the environment as gettext reads it.

>>> from_environment({"LANGUAGE": "fr:so", "LANG": "en_US.UTF-8"})
'so'
>>> from_environment({"LANG": "ar_EG.UTF-8"}), from_environment({"LC_ALL": "C"})
('ar', 'en')
>>> chosen("ceb", {}), chosen(None, {"LANG": "so_SO"})
('ceb', 'so')
"""

from __future__ import annotations

from collections.abc import Mapping

from . import LANGUAGES, known
from .catalogs import SOURCE

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a language is looked for, first first (GNU gettext's order: ``LANGUAGE`` is a
colon-separated list of preferences)."""


def _base(tag: str) -> str:
    return tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def from_environment(env: Mapping[str, str]) -> str:
    """The first shipped language the environment asks for, else English."""
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if not value:
            continue
        for tag in value.split(":") if name == "LANGUAGE" else [value]:
            code = _base(tag)
            if code in known():
                return code
        if name != "LANGUAGE":  # (LC_ALL=C means the program's own language)
            return SOURCE
    return SOURCE


def chosen(flag: str | None, env: Mapping[str, str]) -> str:
    """``--lang``'s language (``ValueError`` for one not shipped), else the environment's."""
    if flag is None:
        return from_environment(env)
    code = _base(flag)
    if code not in known():
        raise ValueError(f"--lang: no language {flag[:20]!r}: choose "
                         + ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items()))
    return code
