"""Issue 50, criterion 6: two guests and two registered players, each in a browser of his
own, find each other through quick match at four (Euchre, stick the dealer, to one point:
the game, preset and points each chooses in the lobby); the lobby's list of open tables
updates by itself as they come, naming the game and the preset; each plays the whole match
by clicking his page's choices; the top list then holds the two registered players, the
winner above, as the stored game says. The lobby's panel, listing a table of each kind of
game, is axe clean in both themes (``test_browser_accounts`` checks the other pages;
``scripts/screenshot.py`` photographs it for the README)."""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3

import pytest
from browser_support import CHROMIUM, axe_violations, browser, pages, server
from server_support import Server
from test_browser_friends_family import play_all
from test_browser_languages import unmarked

from euchre.server.ratings import MODEL, shown

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures
PASSWORD = "correct horse battery"
PEOPLE = (("Guest Gia", False), ("Guest Gil", False), ("Reg Rita", True), ("Reg Rob", True))


def lobby(page, server) -> None:
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body.dataset.ready === '1' && "
                           "document.body.dataset.account === '1'")


def choose(page, game: str, preset: str = "", target: str = "") -> None:
    """The game, rules and points of quick match, as a person picks them."""
    page.select_option("[data-testid=quick-game]", game)
    page.select_option("[data-testid=quick-preset]", preset)
    page.fill("[data-testid=quick-target]", target)


def test_two_guests_and_two_registered_players_meet_through_quick_match(server, pages):
    assert json.loads(server.get("/api/leaderboard?game=four")[1])["players"] == []
    watcher = pages.new()
    lobby(watcher, server)
    expect(watcher.locator("[data-testid=open-tables]")).to_have_text("None waiting.")
    seated = {}
    for name, registered in PEOPLE:
        page = pages.new()
        lobby(page, server)
        if registered:
            page.fill("#account-name", name)
            page.fill("#account-password", PASSWORD)
            page.click("[data-testid=register]")
            expect(page.locator("[data-testid=account-in]")).to_contain_text(
                name, timeout=20_000)  # (scrypt's memory-hard hash, on a loaded machine)
        else:
            page.fill("#name", name)
        choose(page, "four", "stick", "1")
        page.click("[data-testid=quick]")
        page.wait_for_url(re.compile(r"/play/"))
        page.wait_for_function("() => window.__seq >= 0")
        seat = page.evaluate("() => window.__states[window.__seq].game.seat")
        seated[seat] = page
        if len(seated) < 4:  # the watcher's list follows, by itself
            expect(watcher.locator("[data-testid=open-tables] li")).to_contain_text(
                f"Four-handed (partners), stick the dealer, to 1: {len(seated)} of 4 seats "
                f"taken", timeout=10_000)
    expect(watcher.locator("[data-testid=open-tables]")).to_have_text("None waiting.",
                                                                      timeout=10_000)
    assert sorted(seated) == [0, 1, 2, 3]
    assert len({page.url.split("?")[0] for page in seated.values()}) == 1  # one table
    assert play_all(seated, random.Random(50)) >= 5  # every choice a click on the page
    last = seated[0].evaluate("() => window.__states[window.__seq]")
    assert last["game"]["finished"] and last["view"]["rules"]["stick_the_dealer"]
    winner = last["game"]["winner"]
    board = json.loads(server.get("/api/leaderboard?game=four")[1])["players"]
    assert [row["name"] for row in board] == (["Reg Rita", "Reg Rob"] if winner == 0 else
                                              ["Reg Rob", "Reg Rita"])  # seats 2 and 3
    assert all(row["games"] == 1 and row["provisional"] for row in board)
    assert board[0]["rating"] > board[1]["rating"]
    # the top list, as its page shows it, is what the stored game says: new ratings moved
    # by openskill, partners as teams, the stored winner's side first
    with sqlite3.connect(server.db) as raw:
        (stored_winner,) = raw.execute("SELECT winner FROM games WHERE finished = 1").fetchone()
    after = MODEL.rate([[MODEL.rating(), MODEL.rating()] for _ in range(2)],
                       ranks=[1, 2] if stored_winner == 0 else [2, 1])
    expected = {"Reg Rita": after[0][1], "Reg Rob": after[1][1]}  # seat 2, seat 3
    watcher.goto(server.base + "/leaderboard?game=four")
    rows = watcher.locator("[data-testid=leaderboard] tr").all_inner_texts()[1:]
    assert [row.split("\t")[1:3] for row in rows] == [
        [row["name"], f"{shown(expected[row['name']].mu, expected[row['name']].sigma)}*"]
        for row in board]


WAITING = ({"game": "two"}, {"game": "railroad", "preset": "nobest"},
           {"game": "napoleon", "players": 5, "preset": "short", "target": 7})
"""Tables waiting when the lobby is checked: Euchre's, and two of the other games'."""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_lobbys_people_panel_is_clean(server, pages, scheme):
    page = pages.new(bypass_csp=True, color_scheme=scheme,  # (axe is injected inline)
                     viewport={"width": 1280, "height": 800})
    for table in WAITING:
        assert server.post("/api/tables", {**table, "name": f"Waiting {scheme}"})[0] == 201
    lobby(page, server)
    listed = page.locator("[data-testid=open-tables] li").filter(has_text=f"Waiting {scheme}")
    expect(listed).to_contain_text([  # longest waiting first
        "Two-handed, the standard rules, to 10: 1 of 2 seats taken",
        "Railroad Euchre, no calling for best, to 10: 1 of 4 seats taken",
        "Napoleon, a shorter match, to 7: 1 of 5 seats taken"])
    expect(listed.first).to_contain_text("Sit here")
    choose(page, "napoleon:5", "short", "7")
    page.evaluate("document.activeElement.blur()")
    expect(page.locator("[data-testid=quick-preset] option")).to_have_text(
        ["any", "the standard rules", "a shorter match"])
    assert axe_violations(page) == []


def test_a_table_opened_from_the_lobby_has_the_game_preset_and_points_chosen(server, pages):
    page = pages.new()
    lobby(page, server)
    page.fill("#name", "Opener Olive")
    choose(page, "railroad", "long", "0")
    page.click("[data-testid=open-table]")  # a bad number of points: said, nothing opened
    expect(page.locator("[data-testid=quick-error]")).to_have_text(
        "No seat: \"target\" must be a whole number of points from 1 to 1000, not 0.")
    page.fill("[data-testid=quick-target]", "3")
    page.click("[data-testid=open-table]")
    page.wait_for_url(re.compile(r"/play/"))
    tables = json.loads(server.get("/api/tables?game=railroad")[1])["tables"]
    mine = [t for t in tables if t["names"] == ["Opener Olive"]]
    assert [(t["preset"], t["rules"]["deck"], t["rules"]["target"]) for t in mine] == [
        ("long", 33, 3)]


def test_the_open_tables_speak_the_readers_language(tmp_path, pages):
    """In the pseudo-language, every word of the panel (the games, the presets' names from
    the server, the list's lines) comes from a catalog."""
    os.environ["EUCHRE_PSEUDO_LANGUAGE"] = "1"
    try:
        pseudo = Server(tmp_path / "games.db").start()
    finally:
        del os.environ["EUCHRE_PSEUDO_LANGUAGE"]
    try:
        for table in WAITING:
            assert pseudo.post("/api/tables", {**table, "name": "Ann"})[0] == 201
        page = pages.new(extra_http_headers={"Accept-Language": "qps"})
        lobby(page, pseudo)
        expect(page.locator("[data-testid=open-tables] li")).to_have_count(len(WAITING))
        for game in ("napoleon:5", "railroad", "four"):
            choose(page, game, "standard")
            assert unmarked(page) == [], game
            options = page.locator(".quick-row option").all_inner_texts()
            assert [o for o in options if not re.fullmatch(r"⟦.*⟧", o.strip())] == [], game
        for line in page.locator("[data-testid=open-tables] li").all_inner_texts():
            assert re.match(r"⟦⟦.+⟧, ⟦.+⟧, ", line), line  # the game and its preset too
    finally:
        pseudo.stop()
