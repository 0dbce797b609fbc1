"""The reader's language on the server: chosen, remembered, and in force for each request.

A person's language is the one he picked from the language menu (kept in the ``COOKIE``
cookie for a year), else the first shipped one his browser asks for (``Accept-Language``),
else English. ``Languages`` (ASGI middleware) puts it in force for every request and
WebSocket (``i18n.use``) and notes it in ``scope["state"]["language"]``; a connection keeps
it, so a table's state is worded for each person in his own language.

The page's scripts get their words from ``/i18n/<code>.json``: the messages they use
(those the template found in ``static/**.js``), each translated, and for counted messages
every form with the table that picks one for a number (``plural``).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import hashlib
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from .. import i18n
from ..i18n import html as i18n_html
from ..i18n.catalogs import SOURCE, read_catalog, template_path, translations

COOKIE = "euchre_lang"
YEAR = 365 * 24 * 3600
PLURAL_TABLE = 200
"""Numbers 0..199 each with its plural form: any whole number's form is that of
``n`` or, from 200 on, of ``100 + n % 100`` (CLDR integer rules look at n, n%10, n%100)."""

router = APIRouter()
_here: contextvars.ContextVar[str] = contextvars.ContextVar("euchre_here", default="/")
"""The address of the page being made (the language menu's way back to it)."""


def chosen(scope: Scope) -> str:
    """The language a request or a connection asks for (see the module)."""
    headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", ())
               if k in (b"cookie", b"accept-language")}
    remembered = None
    if "cookie" in headers:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(headers["cookie"])
        except Exception:  # a malformed cookie header: as if none
            jar = SimpleCookie()
        if COOKIE in jar:
            remembered = jar[COOKIE].value
    return i18n.pick(headers.get("accept-language"), remembered)


class Languages:
    """ASGI middleware: each request and connection in its reader's language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        code = chosen(scope)
        scope.setdefault("state", {})["language"] = code
        query = scope.get("query_string", b"").decode("latin-1")
        here = _here.set(scope.get("path", "/") + (f"?{query}" if query else ""))
        try:
            with i18n.use(code):
                await self.app(scope, receive, send)
        finally:
            _here.reset(here)


def here() -> str:
    """The address of the page being made."""
    return _here.get()


@contextlib.contextmanager
def at(address: str) -> Iterator[None]:
    """The page being made is at ``address`` (a build worker's, made for a request)."""
    token = _here.set(address)
    try:
        yield
    finally:
        _here.reset(token)


def menu() -> str:
    """The language menu for the page being made (``i18n.html.language_menu``)."""
    return i18n_html.language_menu(i18n.language(), _here.get())


def page_of(request: Request, path: Path) -> HTMLResponse:
    """A static page (lobby, table, invite) in the request's language."""
    return HTMLResponse(i18n_html.translate(path, i18n.language(), _here.get()),
                        headers={"Vary": "Cookie, Accept-Language"})


@functools.lru_cache(maxsize=8)
def _page_catalog(code: str, stamp: float) -> tuple[bytes, str]:
    template = read_catalog(template_path())
    found = translations(code)
    messages: dict[str, Any] = {}
    for message in template:
        if not message.id or not any(where.endswith(".js") for where, _ in message.locations):
            continue
        if isinstance(message.id, (tuple, list)):  # (babel's ``pluralizable``)
            one, many = message.id[0], message.id[1]
            forms = [found.ngettext(one, many, n) for n in _form_examples(code)]
            if code != SOURCE:
                messages[one] = forms
        elif code != SOURCE:
            messages[message.id] = found.gettext(message.id)
    plural = [i18n.plural_index(code, n) for n in range(PLURAL_TABLE)]
    body = orjson.dumps({"language": code, "direction": i18n.direction(code),
                         "messages": messages, "plural": plural})
    return body, f'"{hashlib.sha1(body).hexdigest()[:20]}"'


def _form_examples(code: str) -> list[int]:
    """One number for each plural form of ``code``, in the forms' order."""
    examples: dict[int, int] = {}
    for n in range(PLURAL_TABLE):
        examples.setdefault(i18n.plural_index(code, n), n)
    return [examples[i] for i in sorted(examples)]


@router.get("/i18n/{code}.json")
async def page_catalog(code: str, request: Request) -> Response:
    """The page's words in language ``code`` (see the module)."""
    if code not in i18n.known():
        return Response(f"no language {code[:20]!r}", status_code=404, media_type="text/plain")
    body, etag = _page_catalog(code, template_path().stat().st_mtime)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/language/{code}")
async def choose(code: str, back: str = "/") -> Response:
    """The language menu's links: remember ``code`` and go back to the page (only a path on
    this server; anything else goes to the lobby)."""
    if code not in i18n.known():
        return Response(f"no language {code[:20]!r}", status_code=404, media_type="text/plain")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"
    answer = RedirectResponse(back, status_code=303)
    answer.set_cookie(COOKIE, code, max_age=YEAR, samesite="lax", path="/")
    return answer
