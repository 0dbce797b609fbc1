"""Issue 50, criterion 6: two guests and two registered players, each in a browser of his
own, find each other through quick match at four; the lobby's list of open tables updates
by itself as they come; the match is played to its end on their seats; the top list then
holds the two registered players, the winner above, as the stored game says. The lobby's
new panel is axe clean in both themes (``test_browser_accounts`` checks the other pages)."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from browser_support import CHROMIUM, axe_violations, browser, pages, server
from server_support import Seat

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


def play_to_the_end(server, links: list[str]) -> dict:
    """Each seat (its own connection, as its page would) plays its last legal choice in
    turn until the match is over: the last state."""
    seats = [Seat(f"ws://127.0.0.1:{server.port}/ws/{link.removeprefix('/play/')}")
             for link in links]
    states = [seat.until(lambda m: m["type"] == "state" and all(m["game"]["arrived"]), 20)
              for seat in seats]
    while not states[0]["game"]["finished"]:
        to_move = states[0]["view"]["to_move"]
        mine = states[to_move]
        seats[to_move].send({"type": "action", "action": mine["view"]["legal"][-1],
                             "seq": mine["seq"]})
        states = [seat.state_at_least(mine["seq"] + 1) for seat in seats]
    for seat in seats:
        seat.close()
    return states[0]


def test_two_guests_and_two_registered_players_meet_through_quick_match(server, pages):
    watcher = pages.new()
    lobby(watcher, server)
    expect(watcher.locator("[data-testid=open-tables]")).to_have_text("None waiting.")
    links = []
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
        page.select_option("[data-testid=quick-game]", "four")
        page.click("[data-testid=quick]")
        page.wait_for_url(re.compile(r"/play/"))
        links.append(page.url.removeprefix(server.base))
        if len(links) < 4:  # the watcher's list follows, by itself
            expect(watcher.locator("[data-testid=open-tables] li")).to_contain_text(
                f"{len(links)} of 4 seats taken", timeout=10_000)
        page.context.close()  # (the test plays the seat from here on)
    expect(watcher.locator("[data-testid=open-tables]")).to_have_text("None waiting.",
                                                                      timeout=10_000)
    assert len({link.split("?")[0] for link in links}) == 1  # one table, four seats
    last = play_to_the_end(server, links)
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


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_lobbys_people_panel_is_clean(server, pages, scheme):
    page = pages.new(bypass_csp=True, color_scheme=scheme)  # (axe is injected inline)
    server.post("/api/tables", {"game": "two", "name": f"Waiting {scheme}"})
    lobby(page, server)
    expect(page.locator("[data-testid=open-tables] li").first).to_contain_text("Sit here")
    assert axe_violations(page) == []
