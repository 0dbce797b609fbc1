"""The page comes back after any drop, a finished match's included, and finds the rematch
(issue 57, criterion 4): a player whose connection was lost after the match ended used to
stay "Disconnected (the match is over)" and never saw the other's rematch."""

from __future__ import annotations

import re

import pytest
from browser_support import CHROMIUM, browser, pages, server, take_seat

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures

DROPPABLE = """(() => {
  const Watched = window.WebSocket;
  window.__open = [];
  window.__held = false;
  window.WebSocket = class extends Watched {
    constructor(url, ...rest) {  // (held: the page's attempts reach no table, and fail)
      super(window.__held ? String(url).replace("/ws/", "/held/") : url, ...rest);
      window.__open.push(this);
    }
  };
})();"""
"""The page's sockets, to drop them (``window.__open``), and a switch that makes its
attempts to reconnect fail while it is on (``window.__held``)."""


def test_a_page_dropped_after_the_match_reconnects_and_sees_the_rematch_offer(server, pages):
    ann, bea = pages.new(), pages.new()
    ann.add_init_script(DROPPABLE)
    game = server.new_game(mode="friend", name="Ann", rules={"target": 3})
    ann.goto(server.base + game["links"]["play"])
    ann.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    take_seat(bea, server, game["links"]["invite"])
    ann.click("[data-testid=resign]")
    ann.click("[data-testid=resign-confirm]")
    for page in (ann, bea):
        expect(page.locator("#over")).to_be_visible()
    ann.evaluate("window.__held = true; window.__open.forEach((s) => s.close())")
    expect(ann.locator("#conn")).to_have_text("Connection lost: reconnecting…")
    bea.click("[data-testid=rematch]")  # asked while Ann's page is away
    expect(bea.locator("[data-testid=rematch-offer]")).to_contain_text("Waiting for Ann")
    ann.evaluate("window.__held = false")
    expect(ann.locator("#conn")).to_have_text("Connected", timeout=15_000)
    expect(ann.locator("[data-testid=rematch-offer]")).to_have_text(
        re.compile(r"^Friend asked for a rematch\. Waiting for you to accept\."))
    ann.click("[data-testid=rematch]")
    for page in (ann, bea):
        page.wait_for_url(lambda url: game["id"] not in url)
