"""Regenerate docs/table.png, the README's picture of the browser table.

It starts a real ``euchre serve`` on a free port with a throwaway database, opens a game
against the computer in Debian's Chromium (Playwright, headless) and photographs the table
after the bidding, when the trump badge, the hand and the trick are all on show.

    python scripts/screenshot.py            # writes docs/table.png
    python scripts/screenshot.py --out x.png
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import ARGS, CHROMIUM  # noqa: E402
from server_support import Server  # noqa: E402

SEED = 12
"""A deal whose table shows a trump, a full hand and the computer's lead."""


def main() -> int:
    parser = argparse.ArgumentParser(description="Regenerate docs/table.png.")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "table.png")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"screenshot: Chromium is needed at {CHROMIUM}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder) / "games.db", bot_delay=0.0).start()
        try:
            game = server.new_game(mode="computer", level="expert", name="You", seed=SEED)
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                        args=ARGS)
            page = browser.new_page(viewport={"width": 900, "height": 860})
            page.goto(server.base + game["links"]["play"])
            for _ in range(12):  # bid until the play starts (pass, or the first choice)
                page.wait_for_selector("[data-action]")
                if page.locator("#hand [data-action]").count():
                    break
                choice = page.locator('[data-action="order"], [data-action^="call"]')
                (choice.first if choice.count() else page.locator("[data-action]").first
                 ).click()
                page.wait_for_timeout(700)
            page.wait_for_timeout(800)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(args.out), full_page=False)
            browser.close()
        finally:
            server.stop()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
