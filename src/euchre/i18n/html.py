"""The page's static HTML (``server/static/*.html``) in the reader's language.

Every text node with a letter in it, and the attributes a person reads or hears
(``aria-label``, ``title``, ``placeholder``, ``alt``), is a message of its own: ``extract``
hands them to Babel, and ``translate`` gives back the page in a language, with its
``<html lang dir>`` set and the language menu in place of ``<!--languages-->``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
RAW = ("script", "style", "pre", "code")
"""Elements whose text is no message (a program's, a record's text as it is laid out)."""
_LETTER = re.compile(r"[^\W\d_]")
_HTML_TAG = re.compile(r'<html lang="[^"]*"( dir="[^"]*")?')


def _worded(text: str) -> bool:
    return bool(_LETTER.search(text))


class _Walker(HTMLParser):
    """Collects (line, message) for every readable text; with ``translate`` rewrites it."""

    def __init__(self, translate: Any = None) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[tuple[int, str]] = []
        self.out: list[str] = []
        self.translate = translate
        self.raw = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        text = self.get_starttag_text() or ""
        if tag in RAW:
            self.raw += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value and _worded(value):
                self.found.append((self.getpos()[0], value))
                if self.translate:
                    text = text.replace(f'{name}="{escape(value, quote=True)}"',
                                        f'{name}="{escape(self.translate(value))}"')
        self.out.append(text)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in RAW:
            self.raw -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in RAW:
            self.raw -= 1
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        message = " ".join(unescape(data).split())
        if self.raw or not _worded(message):
            self.out.append(data)
            return
        self.found.append((self.getpos()[0], message))
        said = self.translate(message) if self.translate else message
        if said != message:  # (a text the catalog does not know is left exactly as it was)
            lead = data[:len(data) - len(data.lstrip())]
            tail = data[len(data.rstrip()):]
            data = lead + escape(said, quote=False) + tail
        self.out.append(data)

    def handle_entityref(self, name: str) -> None:
        self.out.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.out.append(f"&#{name};")

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any
                 ) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for the page's HTML files (``extract`` names it)."""
    walker = _Walker()
    walker.feed(fileobj.read().decode("utf-8"))
    walker.close()
    for line, message in walker.found:
        yield line, "", message, []


def language_menu(current: str, here: str = "/") -> str:
    """The language menu: a link per language, the current one marked; each link sets the
    remembered choice (``/language/<code>``) and comes back to ``here``."""
    from urllib.parse import quote

    from . import LANGUAGES, _
    links = []
    for code, name in LANGUAGES.items():
        dir_ = "rtl" if code == "ar" else "ltr"
        attrs = ' aria-current="true"' if code == current else ""
        links.append(f'<a href="/language/{code}?back={quote(here, safe="/")}" '
                     f'hreflang="{code}" lang="{code}" dir="{dir_}" data-language="{code}"'
                     f'{attrs}>{escape(name)}</a>')
    label = escape(_("Language"))
    return (f'<nav class="languages" aria-label="{label}" data-testid="languages">'
            + " ".join(links) + "</nav>")


@functools.lru_cache(maxsize=64)
def _translated(path: Path, mtime: float, code: str) -> str:
    from . import _, direction, use
    with use(code):
        walker = _Walker(translate=_)
        walker.feed(path.read_text(encoding="utf-8"))
        walker.close()
        html = "".join(walker.out)
        html = _HTML_TAG.sub(f'<html lang="{code}" dir="{direction(code)}"', html, count=1)
        if code != "en" and 'type="module"' in html:  # the scripts' words, asked at once
            html = html.replace("</head>", f'<link rel="preload" href="/i18n/{code}.json" '
                                'as="fetch" crossorigin="anonymous">\n</head>', 1)
        return html


def translate_markup(html: str, code: str, here: str = "/") -> str:
    """HTML made from a static page (the replay's table) in language ``code``: each text
    the catalog knows translated, ``<html lang dir>`` set, the language menu in place."""
    from . import _, direction, use
    with use(code):
        walker = _Walker(translate=_)
        walker.feed(html)
        walker.close()
        out = _HTML_TAG.sub(f'<html lang="{code}" dir="{direction(code)}"', "".join(walker.out),
                            count=1)
        return out.replace("<!--languages-->", language_menu(code, here), 1)


def translate(path: Path, code: str, here: str = "/") -> str:
    """The page at ``path`` in language ``code``, its menu coming back to ``here``."""
    html = _translated(path, path.stat().st_mtime, code)
    from . import use
    with use(code):
        return html.replace("<!--languages-->", language_menu(code, here), 1)
