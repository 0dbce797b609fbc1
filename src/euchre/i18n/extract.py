"""Making and keeping the catalogs: ``python -m euchre.i18n extract|update|init LANG``.

``extract`` reads every message the code uses (Python ``_``/``ngettext``/``N_``, the page's
scripts ``t``/``tn``, the static HTML's texts) into ``locale/messages.pot``; ``update``
merges the template into each language's ``.po`` (new messages appear empty, changed ones
fuzzy); ``init LANG`` starts a new language's catalog from the template.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from .catalogs import DOMAIN, SOURCE, locale_dir, po_path, read_catalog, template_path

METHODS = [("**/i18n/html.py", "euchre.i18n.pysource:extract_py"), ("**/i18n/**.py", "ignore"),
           ("**/cli/*.py", "euchre.i18n.examples:extract_cli"),
           ("**.py", "euchre.i18n.pysource:extract_py"),
           ("**/static/**.js", "javascript"),
           ("**/static/*.html", "euchre.i18n.html:extract_html")]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
"""Python's ``_``, ``N_`` and ``ngettext`` (``engine/messages.py``)."""
OPTIONS = {"**/static/**.js": {"keywords": {"t": None, "tn": (1, 2)}}}
"""The page's ``t`` and ``tn`` (``static/i18n.js``), looked for in the scripts only."""


def package_dir() -> Path:
    return locale_dir().parent


def _walked(path: str) -> bool:
    """Every folder of the package but caches (Babel's own filter skipped ``static/*/``)."""
    name = Path(path).name
    return not name.startswith((".", "_")) and name != "locale"


def template() -> Catalog:
    """Every message the code uses, with where it is used."""
    root = package_dir()
    catalog = Catalog(project="euchre", domain=DOMAIN, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="")
    for filename, lineno, message, comments, context in extract_from_dir(
            root, METHODS, OPTIONS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
            directory_filter=_walked):
        catalog.add(message, None, [(f"euchre/{filename}", lineno)],
                    auto_comments=comments, context=context)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    """Write without the header's creation date: it changed at every ``update`` and made two
    branches' catalogs conflict though no message differed."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False,
             include_lineno=False)
    lines = buffer.getvalue().splitlines(keepends=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(x for x in lines if not x.startswith(b'"POT-Creation-Date:')))


def extract() -> Catalog:
    """Write the template; return it."""
    catalog = template()
    _write(catalog, template_path())
    return catalog


def shipped() -> list[str]:
    """The languages with a catalog (besides English, the template's own)."""
    return sorted(p.parent.parent.name for p in locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update() -> None:
    """Merge the template into every language's catalog."""
    fresh = extract()
    for code in shipped():
        catalog = read_catalog(po_path(code), code)
        catalog.update(fresh, update_header_comment=False)
        catalog.obsolete.clear()
        _write(catalog, po_path(code))


def init(code: str) -> None:
    """Start the catalog of a new language ``code`` from the template."""
    if code == SOURCE or po_path(code).exists():
        raise ValueError(f"language {code!r} already has a catalog")
    catalog = Catalog(locale=code, domain=DOMAIN, project="euchre", charset="utf-8")
    catalog.update(extract())
    _write(catalog, po_path(code))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["extract"]:
        print(f"{len(extract())} messages in {template_path()}")
    elif args[:1] == ["update"]:
        update()
        print("updated: " + ", ".join(shipped()))
    elif args[:1] == ["init"] and len(args) == 2:
        try:
            init(args[1])
        except ValueError as err:
            print(f"euchre.i18n: error: {err}", file=sys.stderr)
            return 2
        print(f"started {po_path(args[1])}")
    elif args[:1] == ["check"]:
        from .check import problems
        fresh, missing = template(), 0
        for code in args[1:] or shipped():
            if not po_path(code).exists():
                print(f"euchre.i18n: error: no catalog for {code!r}", file=sys.stderr)
                return 2
            found = problems(fresh, read_catalog(po_path(code), code))
            missing += len(found)
            print(f"{code}: {len(found)} to do" + "".join(f"\n  {line}" for line in found))
        return 1 if missing else 0
    else:
        print("usage: python -m euchre.i18n extract | update | init LANG | check [LANG ...]",
              file=sys.stderr)
        return 2
    return 0
