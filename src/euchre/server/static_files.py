"""The page's own files (``static/``), served from memory.

Why not Starlette's ``StaticFiles``: it stats and reads each file on a worker thread for
every request, and a first visit to the table asks for some 30 files at once (its modules,
stylesheets and pictures); on a busy 2-core machine those answers queued for up to 700 ms
(``bench/page_load.py``). Here each file is read once, kept with its type and a strong
ETag, and read again only when its modification time changes (so an edited file is served
at once while developing). Only files under ``static/`` at start are served: a path is
looked up, never joined onto the folder, so nothing outside it can be reached.

>>> from euchre.server.paths import STATIC
>>> files = StaticFiles(STATIC)
>>> found = files.get("css/base.css")
>>> found.media_type, found.body[:2]
('text/css', b'/*')
>>> files.get("../paths.py") is None, files.get("nothing.js") is None
(True, True)
"""

from __future__ import annotations

import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

TYPES = {".js": "text/javascript", ".css": "text/css", ".html": "text/html",
         ".svg": "image/svg+xml", ".json": "application/json"}
CACHE = "no-cache"
"""Kept by the browser, asked again with its ETag each time (a 304 is a few bytes): a new
release of the page is never mixed with an old module held in a cache."""


@dataclass(frozen=True)
class Found:
    body: bytes
    media_type: str
    etag: str
    mtime: float


class StaticFiles:
    """An ASGI app for ``/static``: GET and HEAD of the files that were under ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.paths = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*")
                      if p.is_file()}
        self.kept: dict[str, Found] = {}

    def get(self, name: str) -> Found | None:
        """The file ``name`` (a path under the folder), or None if there is none."""
        path = self.paths.get(name)
        if path is None:
            return None
        try:
            mtime = path.stat().st_mtime
        except OSError:
            return None
        found = self.kept.get(name)
        if found is None or found.mtime != mtime:
            body = path.read_bytes()
            media = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
            found = self.kept[name] = Found(body, media or "application/octet-stream",
                                            f'"{hashlib.sha1(body).hexdigest()[:20]}"', mtime)
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        name = request.path_params.get("path") or scope["path"].removeprefix("/static/")
        found = self.get(name) if request.method in ("GET", "HEAD") else None
        if found is None:  # the app's own page for it (app._refused)
            raise HTTPException(404 if request.method in ("GET", "HEAD") else 405)
        headers = {"ETag": found.etag, "Cache-Control": CACHE}
        if request.headers.get("if-none-match") == found.etag:
            response = Response(status_code=304, headers=headers)
        else:
            body = b"" if request.method == "HEAD" else found.body
            response = Response(body, media_type=found.media_type, headers=headers)
            if request.method == "HEAD":
                response.headers["content-length"] = str(len(found.body))
        await response(scope, receive, send)
