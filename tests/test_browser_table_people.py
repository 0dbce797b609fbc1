"""Issue 50, criterion 4, on the table page: at a table of people the page states the turn
timer, offers the preset phrases and "don't seat me with this player again" in its menu,
reached from the keyboard alone; a phrase said is shown to everyone at the table, a flood of
them is refused in a sentence, a guest is told that only an account keeps whom it will not
play, an account's choice is confirmed and kept (quick match then seats the two apart), and
when a player's timer runs out every page says the computer made his move. The menu is axe
clean in both themes. With ``EUCHRE_SCREENS`` set to a folder, the table with its menu open
is photographed there (``docs/screens`` holds those pictures)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_support import CHROMIUM, axe_violations, browser, pages
from server_support import TEST_FLAGS, Server

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

from euchre.server.wording import PHRASES

__all__ = ["browser", "pages"]  # fixtures
PASSWORD = "correct horse battery"
TIMER = 4
SCREENS = os.environ.get("EUCHRE_SCREENS")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("people") / "games.db", bot_delay=0.0,
                     flags=(*TEST_FLAGS, "--turn-timer", str(TIMER))).start()
    yield running
    running.stop()


def seated(pages, server, name: str, registered: bool, game: str = "two", **options):
    """A page of its own at a quick match of ``game`` under ``name`` (registered first when
    ``registered``), drawn."""
    page = pages.new(**options)
    page.goto(server.base + "/api/levels")  # (the context's requests carry its cookies)
    if registered:
        reply = page.request.post(server.base + "/api/accounts",
                                  data={"name": name, "password": PASSWORD})
        assert reply.status == 201, reply.text()
    reply = page.request.post(server.base + "/api/quick", data={"game": game, "name": name})
    assert reply.ok, reply.text()
    page.goto(server.base + reply.json()["link"])
    return page


def started(page) -> None:
    page.wait_for_function("() => { const s = window.__states[window.__seq]; "
                           "return s && s.game.arrived.every(Boolean); }")


def tab_to(page, selector: str, most: int = 60) -> None:
    """Press Tab until ``selector`` has the focus (the keyboard alone reaches it)."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} was not reached with Tab")


def open_menu(page) -> None:
    page.locator("#menu > summary").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=menu-people]")).to_be_visible()


def test_phrases_dislikes_and_the_timer_at_a_table_of_people(server, pages):
    rita = seated(pages, server, "Reg Rita", True)
    gus = seated(pages, server, "Guest Gus", False)
    for page in (rita, gus):
        started(page)
        expect(page.locator("[data-testid=turn-timer]")).to_have_text(
            f"{TIMER} s a move, then the computer makes it")
    open_menu(rita)
    buttons = rita.locator("[data-testid=phrases] button")
    assert buttons.evaluate_all("(all) => all.map((b) => b.dataset.phrase)") == list(PHRASES)
    tab_to(rita, "[data-phrase=nice_hand]")
    rita.keyboard.press("Enter")
    expect(rita.locator("[data-testid=log]")).to_contain_text("You: “Nice hand”")
    expect(gus.locator("[data-testid=log]")).to_contain_text("Reg Rita: “Nice hand”")
    for _ in range(3):  # past the burst: refused in a sentence, and nobody hears it
        rita.keyboard.press("Enter")
    expect(rita.locator("[data-testid=error]")).to_have_text(
        "one phrase every 5 s: wait a moment")
    assert gus.locator("[data-testid=log] li", has_text="“Nice hand”").count() == 3

    open_menu(gus)  # a guest keeps nobody away: told to log in
    tab_to(gus, "[data-testid=dislikes] button")
    expect(gus.locator("[data-testid=dislikes] button")).to_have_text(
        "Don't seat me with Reg Rita again")
    gus.keyboard.press("Enter")
    expect(gus.locator("[data-testid=error]")).to_contain_text("log in")
    tab_to(rita, "[data-name='Guest Gus']")
    rita.keyboard.press("Enter")
    expect(rita.locator("[data-testid=notice]")).to_contain_text(
        "Quick match will not seat you with Guest Gus again.")

    # nobody moves: once the timer runs out the computer moves, and both pages say so
    timed_out = "Object.values(window.__states).find((s) => s.game.timed_out)"
    rita.wait_for_function(f"() => !!{timed_out}", timeout=TIMER * 4000)
    idle = rita.evaluate(f"{timed_out}.game.timed_out.seat")
    mine, theirs = (rita, gus) if idle == 0 else (gus, rita)
    idle_name = "Reg Rita" if idle == 0 else "Guest Gus"
    expect(mine.locator("[data-testid=log]")).to_contain_text(
        f"No move from you in {TIMER} s: the computer made it for you.")
    expect(theirs.locator("[data-testid=log]")).to_contain_text(
        f"No move from {idle_name} in {TIMER} s: the computer made it.")

    # Rita's choice holds: Gus's next quick match is not at her table
    first = rita.request.post(server.base + "/api/quick",
                              data={"game": "three", "name": "Reg Rita"}).json()
    second = gus.request.post(server.base + "/api/quick",
                              data={"game": "three", "name": "Guest Gus"}).json()
    assert first["seat"] == 0 and second["id"] != first["id"]


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_menu_of_a_table_of_people_is_clean(server, pages, scheme):
    page = seated(pages, server, f"Axe Ann {scheme}", False, "four", bypass_csp=True,
                  color_scheme=scheme, viewport={"width": 1280, "height": 800})
    for n in range(3):
        seated(pages, server, f"Axe {scheme} {n}", False, "four")
    started(page)
    open_menu(page)
    expect(page.locator("[data-testid=dislikes] button")).to_have_count(3)
    if SCREENS:
        page.screenshot(path=str(Path(SCREENS) / f"desktop-{scheme}-table-people.png"))
    assert axe_violations(page) == []
