"""The page's files as they are served: no build step, nothing inline that the
Content-Security-Policy would block, small modules with one job each, and every module of
the table fetched at once (``modulepreload``) so a first visit does not wait on a chain of
imports."""

from __future__ import annotations

import re

from euchre.server.paths import STATIC

PAGES = sorted(STATIC.glob("*.html"))
MODULES = sorted(STATIC.glob("**/*.js"))
STYLES = sorted(STATIC.glob("css/*.css"))


def test_no_inline_script_or_style_in_any_page():
    assert PAGES and MODULES and STYLES
    for page in PAGES:
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), page.name
        assert not re.search(r"\sstyle=", html), page.name
        assert not re.search(r"\son[a-z]+=", html), page.name  # no inline handlers
    for module in MODULES:  # scripts may set a style property, never the attribute
        assert 'setAttribute("style"' not in module.read_text(encoding="utf-8"), module.name


def test_modules_and_stylesheets_are_small():
    for path in MODULES:
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 200, path.name
    for path in STYLES:
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 200, path.name


def test_every_module_of_the_table_is_fetched_at_once():
    html = (STATIC / "table.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/([^"]+)">', html))
    wanted = {str(p.relative_to(STATIC)) for p in STATIC.glob("table/*.js")} - {"table/main.js"}
    shared = {name for module in STATIC.glob("table/*.js")  # (the page's modules beside it)
              for name in re.findall(r'from "\.\./([\w.]+)"', module.read_text("utf-8"))}
    assert shared >= {"i18n.js", "remembered.js"}
    assert preloaded == wanted | shared | {"settings.js"}
    imported = set()
    for module in STATIC.glob("table/*.js"):
        for name in re.findall(r'from "\./([\w.]+)"', module.read_text(encoding="utf-8")):
            imported.add(f"table/{name}")
    assert imported <= wanted  # every import is a file that is preloaded


def test_the_page_files_are_served_with_their_type_and_kept_by_etag(tmp_path):
    import urllib.error
    import urllib.request

    from server_support import Server

    running = Server(tmp_path / "games.db").start()
    try:
        for name, kind in (("table/main.js", "text/javascript"), ("css/base.css", "text/css"),
                           ("theme.js", "text/javascript"), ("table.html", "text/html")):
            with urllib.request.urlopen(f"{running.base}/static/{name}", timeout=10) as reply:
                assert reply.headers["Content-Type"].startswith(kind), name
                assert reply.read() == (STATIC / name).read_bytes()
                tag = reply.headers["ETag"]
            asked = urllib.request.Request(f"{running.base}/static/{name}",
                                           headers={"If-None-Match": tag})
            try:
                urllib.request.urlopen(asked, timeout=10)
                raise AssertionError("a file the browser holds is sent again")
            except urllib.error.HTTPError as err:
                assert err.code == 304
        for path in ("/static/nothing.js", "/static/../paths.py", "/static/%2e%2e/paths.py"):
            status, body = running.get(path)
            assert status == 404 and "Nothing here" in body, path
    finally:
        running.stop()


def test_the_browsers_list_of_its_games_is_written_in_one_module():
    """Issue 49, criterion 4: the lobby, the new game's form, quick match, the invite's page,
    the deal of the day and the table all keep the list through ``remembered.js``."""
    writers = sorted(str(path.relative_to(STATIC)) for path in STATIC.rglob("*.js")
                     if "euchre.games" in path.read_text(encoding="utf-8"))
    assert writers == ["remembered.js"]
