"""A first visit to the browser game: what it downloads and how soon the table is drawn.

Starts a real ``euchre serve`` on loopback with a fresh SQLite file and, in headless Chromium
(Playwright) with an empty cache each time, opens the lobby, then a new game's table. For
each page it prints the bytes downloaded (HTML, scripts, styles, card pictures; the socket's
messages aside) and, for the table, the time from the start of navigation until the table
is drawn: the first state drawn (``body[data-seq]``) with every card picture on it loaded.
Medians and the worst of ``--runs`` visits.

    python bench/page_load.py              # 10 visits
    python bench/page_load.py --runs 30
    python bench/page_load.py --lang ar        # in Arabic (its catalog is one more file)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_support import ARGS, CHROMIUM
from server_support import Server

DRAWN = """() => new Promise((done) => {
  const check = () => {
    const images = [...document.querySelectorAll("#felt img")];
    if (document.body.dataset.seq !== undefined && images.length
        && images.every((i) => i.complete && i.naturalWidth > 0)) done(performance.now());
    else requestAnimationFrame(check);
  };
  check();
})"""
"""When the table is drawn, in ms from the start of navigation."""


def kind(url: str, content_type: str) -> str:
    if "/cards/" in url:
        return "cards"
    if "javascript" in content_type:
        return "script"
    if "css" in content_type:
        return "style"
    return "html" if "html" in content_type else "other"


LANGUAGE = {"code": "en"}
"""The language the browser asks for (``--lang``)."""


def visit(browser, url: str, wait: str | None) -> tuple[dict[str, int], float | None]:
    """One visit with an empty cache: bytes by kind, and when the table was drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  extra_http_headers={"Accept-Language": LANGUAGE["code"]})
    page = context.new_page()
    sizes: dict[str, int] = defaultdict(int)

    def count(response) -> None:
        if response.request.resource_type == "websocket":
            return
        body = response.body()
        sizes[kind(response.url, response.headers.get("content-type", ""))] += len(body)

    page.on("response", count)
    page.goto(url)
    drawn = page.evaluate(wait) if wait else None
    if not wait:
        page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)  # pictures asked for by the first state
    context.close()
    return dict(sizes), drawn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--lang", default="en", help="the language the browser asks for")
    args = parser.parse_args()
    LANGUAGE["code"] = args.lang
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder) / "games.db", bot_delay=0.0).start()
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            lobby = [visit(browser, server.base + "/", None)[0] for _ in range(args.runs)]
            tables, times = [], []
            for _ in range(args.runs):
                game = server.new_game(mode="computer", level="expert", name="Bench")
                sizes, drawn = visit(browser, server.base + game["links"]["play"], DRAWN)
                tables.append(sizes)
                times.append(drawn)
        finally:
            browser.close()
            server.stop()
    for name, runs in (("lobby", lobby), ("table", tables)):
        totals = [sum(r.values()) for r in runs]
        parts = ", ".join(f"{k} {statistics.median(r.get(k, 0) for r in runs) / 1024:.1f}"
                          for k in ("html", "script", "style", "cards", "other"))
        print(f"{name}: {statistics.median(totals) / 1024:.1f} KB median, "
              f"{max(totals) / 1024:.1f} KB at most ({parts} KB)")
    print(f"table drawn: {statistics.median(times):.0f} ms median, {max(times):.0f} ms at most "
          f"({args.runs} first visits, empty cache)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
