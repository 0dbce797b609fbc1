"""Chromium and a real `euchre serve` for the browser tests, and how a test reads the page.

The page is read only through the contract: elements with ``data-action`` are the choices,
``data-testid="continue"`` moves the table on, ``body[data-seq]`` is the state drawn and
``body[data-idle="1"]`` says no state is waiting to be drawn. A script added before the page
runs records each state message by its seq (``window.__states``) and every message sent.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from server_support import Server

CHROMIUM = Path("/usr/bin/chromium")
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SMALL_PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
"""The screens the page is judged at: a desktop, a phone and a small phone."""
AXE = Path(__file__).parent / "js" / "node_modules" / "axe-core" / "axe.min.js"
TIMEOUT = 30_000  # ms: one state change, one page load, one hint
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

WATCH_SOCKET = """
(() => {
  const Native = window.WebSocket;
  window.__seq = -1;
  window.__sent = [];
  window.__states = {};
  window.__other = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const message = JSON.parse(event.data);
        if (message.type !== "state") { window.__other.push(message); return; }
        window.__seq = message.seq;
        window.__states[message.seq] = message;
      });
    }
    send(data) { window.__sent.push(JSON.parse(data)); return super.send(data); }
  };
})();
"""
FAST = """if (!localStorage.getItem("euchre.settings"))
  localStorage.setItem("euchre.settings", JSON.stringify({speed: "fast"}));"""
"""Tests play at the "fast" speed unless they are about pacing (a real setting)."""

READY = """() => document.body && document.body.dataset.idle === "1" && (
    document.querySelector("[data-action]") ||
    !document.getElementById("hand-end").hidden ||
    !document.getElementById("over").hidden)"""


def launch(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = launch(p)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("browser") / "games.db", bot_delay=0.0).start()
    yield running
    running.stop()


@pytest.fixture
def pages(browser):
    """``pages.new()`` opens a page in a fresh context (its own localStorage, as another
    person's browser); all are closed after the test, which fails on any script error."""
    opened = []
    errors: list[str] = []

    class Pages:
        @staticmethod
        def new(fast: bool = True, **options):
            context = browser.new_context(**options)
            context.set_default_timeout(TIMEOUT)
            context.add_init_script(WATCH_SOCKET)
            if fast:
                context.add_init_script(FAST)
            page = context.new_page()
            page.on("pageerror", lambda err: errors.append(f"{page.url}: {err}"))
            opened.append(page)
            return page

    yield Pages
    for page in opened:
        page.context.close()
    assert errors == [], f"JavaScript errors in the page: {errors}"


def drawn(page) -> int:
    """The seq of the state the page has drawn."""
    return int(page.evaluate("document.body.dataset.seq ?? -1"))


def state_of(page, seq: int | None = None) -> dict:
    """The state message the page drew (or received as ``seq``)."""
    return page.evaluate("(n) => window.__states[n]", drawn(page) if seq is None else seq)


def sent(page) -> list[dict]:
    return page.evaluate("window.__sent")


def offered(page) -> list[str]:
    """The tokens of the choices on show: visible, enabled elements with data-action."""
    return page.evaluate("""() => [...document.querySelectorAll('[data-action]')]
        .filter(e => e.offsetParent !== null && !e.disabled).map(e => e.dataset.action)""")


def ready(page) -> None:
    """Until the page is drawn up to date and offers something (a choice, "continue", or
    the match's end)."""
    page.wait_for_function(READY)
    assert page.locator("#error").text_content() == ""


def finished(page) -> bool:
    return page.locator("#over").is_visible()


def continue_shown(page) -> bool:
    return page.locator("[data-testid=continue]").is_visible()


def step(page, rng: random.Random, prefer=None) -> str | None:
    """One move: "continue" when the table waits for it, else a choice (``prefer`` picks
    from the offered tokens, else at random). Returns what was clicked."""
    ready(page)
    if finished(page):
        return None
    if continue_shown(page):
        page.click("[data-testid=continue]")
        return "continue"
    tokens = offered(page)
    assert tokens, "the page offers nothing, yet waits for me"
    token = (prefer(tokens) if prefer else None) or rng.choice(tokens)
    before = drawn(page)
    page.locator(f'[data-action="{token}"]').click()
    page.wait_for_function(
        "(n) => Number(document.body.dataset.seq) > n || "
        "document.getElementById('error').textContent !== ''", arg=before)
    assert page.locator("#error").text_content() == ""
    return token


def take_seat(page, server: Server, invite: str, name: str | None = None) -> None:
    """Open a friend's invite (``/join/...``) and take its seat under ``name`` (None: the
    name the page offers, the one this browser used last, else "Friend"): the page then goes
    to the table, at the seat's own link (the invite works once)."""
    page.goto(invite if invite.startswith("http") else server.base + invite)
    field = page.locator("#join #name")
    field.wait_for()
    if name is not None or not field.input_value():
        field.fill(name or "Friend")
    page.click("[data-testid=take-seat]")
    page.wait_for_url("**/play/**token=**")
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")


def start_from_lobby(page, server: Server, name: str, *, opponent: str,
                     target: int | None = None, level: str | None = None,
                     deck: int | None = None, options: tuple[str, ...] = ()) -> str:
    """Start from the lobby as a person would: the level, your own rules if any, "Play" (or
    "Play a friend"); returns the game's id once its table is shown."""
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    page.fill("#name", name)
    if level:
        page.check(f"input[name=level][value={level}]")
    if deck or target is not None or options:
        page.check("input[name=preset][value=custom]")
    if deck:
        page.select_option("#deck", str(deck))
    if target is not None:
        page.fill("#target", str(target))
    for option in options:
        page.check(f"#{option}")
    page.click("[data-testid=play]" if opponent == "computer" else "[data-testid=friend]")
    page.wait_for_url(re.compile(r"/play/[^/?]+\?token=.+"))
    page.wait_for_function("() => window.__seq >= 0 && document.body.dataset.seq !== undefined")
    return urlparse(page.url).path.rsplit("/", 1)[1]


def axe_violations(page) -> list[dict]:
    """Serious and critical accessibility violations axe-core finds in the page."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["html"][:120] for n in
                                                              v["nodes"][:3]]}
            for v in found if v["impact"] in ("serious", "critical")]


def record_of(server: Server, game_id: str) -> dict:
    return json.loads(server.get(f"/api/games/{game_id}/record")[1])


def stored_game(server: Server, rules, seed: int, until=None, choose=None,
                level: str = "easy") -> tuple[str, str, object]:
    """A match of ``rules`` played by the engine (each move ``choose(legal, rng)``, else at
    random) and stored as the server keeps one, against the computer (``level``) with Ann at
    seat 0: to its end, or to the first position where ``until(game)`` holds, left for the
    page to play on. Its id, Ann's link and the game: a page opens it at once, where
    playing there would take minutes."""
    import secrets

    from euchre import Game
    from euchre.server.storage import SQLiteStorage, StoredGame

    game, rng = Game(rules, seed=seed), random.Random(seed)
    while not game.is_over and not (until and until(game)):
        legal = game.legal_actions()
        game.apply(choose(legal, rng) if choose else rng.choice(legal))
    assert until is None or not game.is_over, "the match ended first"
    players = rules.players
    game_id, token = f"stored{players}x{seed}x{secrets.token_hex(4)}", secrets.token_urlsafe(18)
    stored = StoredGame(game_id, "computer", level, rules, seed,
                        (token, *[None] * (players - 1)), ("Ann", *["Computer"] * (players - 1)),
                        [token_ for _, token_ in game.actions()], finished=game.is_over)
    SQLiteStorage(server.db).put_whole(stored)
    return game_id, f"/play/{game_id}?token={token}", game
