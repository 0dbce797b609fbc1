"""Issue 50 in the browser (criteria 1, 3 and 6 in part): a guest registers his name from
the lobby and the games he finished in that browser become his account's; he logs out and
in (a wrong password said in a sentence); the top list and a player's page with his rating
chart, and the lobby's new panel, are axe clean in both themes. With ``EUCHRE_SCREENS`` set
to a folder, the pages are photographed there (``docs/screens`` holds those pictures)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from browser_support import CHROMIUM, axe_violations, browser, pages, server
from server_support import Browser, friend_game_played

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures
PASSWORD = "correct horse battery"
SCREENS = os.environ.get("EUCHRE_SCREENS")


def lobby(page, server) -> None:
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body.dataset.ready === '1' && "
                           "document.body.dataset.account === '1'")


def test_a_guest_registers_from_the_lobby_and_his_games_come_with_him(server, pages):
    game = friend_game_played(Browser(server), Browser(server), "Lobby Lou", "Pal")
    page = pages.new()
    page.goto(server.base + "/static/lobby.html")
    page.evaluate(f"""localStorage.setItem("euchre.games", JSON.stringify([{{id: "{game['id']}",
        link: "{game['links']['play']}", created: Date.now(), seat: 0}}]))""")
    lobby(page, server)
    page.fill("#account-name", "Lobby Lou")
    page.fill("#account-password", PASSWORD)
    page.click("[data-testid=register]")
    expect(page.locator("[data-testid=account-in]")).to_contain_text("Logged in as Lobby Lou")
    expect(page.locator("[data-testid=account-says]")).to_contain_text(
        "1 finished game played in this browser is now your account's")
    expect(page.locator("#name")).to_have_value("Lobby Lou")
    page.reload()
    page.wait_for_function("() => document.body.dataset.account === '1'")
    expect(page.locator("[data-testid=account-in]")).to_be_visible()
    page.click("[data-testid=logout]")
    expect(page.locator("[data-testid=login]")).to_be_visible()
    page.fill("#account-name", "Lobby Lou")
    page.fill("#account-password", "not the password")
    page.click("[data-testid=login]")
    expect(page.locator("[data-testid=account-error]")).to_have_text("Wrong name or password.")
    page.fill("#account-password", PASSWORD)
    page.click("[data-testid=login]")
    expect(page.locator("[data-testid=account-in]")).to_contain_text("Lobby Lou")
    cookies = {c["name"]: c for c in page.context.cookies()}
    assert cookies["euchre_session"]["httpOnly"] and cookies["euchre_session"]["sameSite"] == \
        "Strict"
    assert page.evaluate("document.cookie").find("euchre_session") < 0  # scripts never see it


def test_the_top_list_and_the_rating_chart_are_clean_in_both_themes(server, pages):
    ann, bob = Browser(server), Browser(server)
    for browser_, name in ((ann, "Chart Ann"), (bob, "Chart Bob")):
        assert browser_.post("/api/accounts", {"name": name, "password": PASSWORD})[0] == 201
    for _ in range(3):
        friend_game_played(ann, bob, "Chart Ann", "Chart Bob")
    board = json.loads(server.get("/api/leaderboard?game=two")[1])["players"]
    assert {"Chart Ann", "Chart Bob"} <= {row["name"] for row in board}
    for scheme in ("dark", "light"):
        page = pages.new(bypass_csp=True, color_scheme=scheme,  # (axe is injected inline)
                         viewport={"width": 1280, "height": 800})
        for path, shot in (("/leaderboard?game=two", "leaderboard"),
                           ("/players/Chart%20Ann", "player-rating"), ("/", "lobby-account")):
            page.goto(server.base + path)
            if path == "/":
                page.wait_for_function("() => document.body.dataset.account === '1'")
            assert axe_violations(page) == [], (scheme, path)
            if SCREENS:
                page.screenshot(path=str(Path(SCREENS) / f"desktop-{scheme}-{shot}.png"),
                                full_page=True)
        page.goto(server.base + "/players/Chart%20Ann")
        chart = page.locator("svg.chart")
        expect(chart).to_be_visible()
        assert chart.locator("line.axis").count() == 2
        assert chart.locator("circle.point").count() == 3
