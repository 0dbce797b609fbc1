"""The lobby (issue 36): a game in one click at a sensible level, each level explained with
its measured strength, rule presets, a friend table, and the games this browser sits in,
each with its opponent and level, a resignation said as one, and nobody else's games."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest
from browser_support import CHROMIUM, browser, pages, ready, server, state_of, step
from server_support import Server

from euchre.agents import LEVELS
from euchre.server import levels

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures
RESEARCH = Path(__file__).resolve().parents[1] / "docs" / "research.md"


def lobby(page, server) -> None:
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")


def table(page) -> dict:
    page.wait_for_url(re.compile(r"/play/"))
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    return state_of(page)


def test_the_research_pages_table_of_levels_is_made_from_the_lobbys_figures():
    assert list(levels.ABOUT) == list(LEVELS)
    assert levels.readme_table() in RESEARCH.read_text(encoding="utf-8")


def test_play_in_one_click_at_medium_then_at_the_level_chosen_last(server, pages):
    page = pages.new()
    lobby(page, server)
    expect(page.locator("input[name=level][value=medium]")).to_be_checked()
    for name in LEVELS:  # each level in sentences a player reads, the figures a click away
        about = page.locator(f"#about-{name}")
        expect(about).to_contain_text(levels.ABOUT[name].sentence)
        expect(about).to_contain_text(levels.ABOUT[name].plainly())
        expect(about).not_to_contain_text("95%")
        expect(page.locator(f"#measured-{name}")).to_be_hidden()
    expect(page.locator("#about-hard")).to_contain_text("1 point more than medium over ten")
    page.locator("[data-testid=levels-measured] summary").click()
    for name in LEVELS:
        expect(page.locator(f"#measured-{name}")).to_contain_text(levels.ABOUT[name].strength())
    expect(page.locator("#measured-hard")).to_contain_text("+0.124 points a hand against medium")
    page.click("[data-testid=play]")  # one click
    state = table(page)
    assert state["game"]["mode"] == "computer" and state["game"]["level"] == "medium"
    assert state["view"]["rules"] == json.loads(server.get("/api/levels")[1])["rules"]
    # the next visit offers what was chosen last
    lobby(page, server)
    page.check("input[name=level][value=hard]")
    page.check("input[name=preset][value=joker]")
    expect(page.locator("[data-testid=play-says]")).to_have_text(
        "Against the computer (hard), the Joker deck.")
    page.click("[data-testid=play]")
    state = table(page)
    assert state["game"]["level"] == "hard" and state["view"]["rules"]["deck"] == 25
    lobby(page, server)
    expect(page.locator("input[name=level][value=hard]")).to_be_checked()
    expect(page.locator("input[name=preset][value=joker]")).to_be_checked()


@pytest.mark.parametrize("preset,rules", [("standard", {}), ("stick", {"stick_the_dealer": True}),
                                          ("joker", {"deck": 25})])
def test_rule_presets(server, pages, preset, rules):
    page = pages.new()
    lobby(page, server)
    page.check(f"input[name=preset][value={preset}]")
    page.click("[data-testid=play]")
    played = table(page)["view"]["rules"]
    defaults = json.loads(server.get("/api/levels")[1])["rules"]
    assert played == {**defaults, **rules}


def test_a_friend_table_from_the_lobby_and_your_games(server, pages):
    page = pages.new()
    lobby(page, server)
    page.fill("#name", "Ann")
    page.click("[data-testid=friend]")
    state = table(page)
    assert state["game"]["mode"] == "friend"
    expect(page.locator("#invite")).to_be_visible()
    box = page.locator("#invite").bounding_box()
    hand = page.locator("[data-zone=hand]").bounding_box()
    assert box["y"] + box["height"] <= hand["y"]  # the invite lies over the table, above
    assert box["y"] + box["height"] <= 800          # your cards, and pushes nothing away
    lobby(page, server)
    expect(page.locator("#mine li")).to_have_count(1)
    expect(page.locator("#mine li")).to_contain_text(re.compile(r"^Against Friend: "))


def test_your_games_show_the_level_and_a_resignation_and_finished_games_are_your_own(
        server, pages):
    someone = server.new_game(mode="computer", level="easy", name="Stranger", seed=1)
    stranger = server.seat(someone["links"]["play"])
    stranger.state_at_least(0)
    stranger.send({"type": "resign"})
    stranger.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    stranger.close()
    page = pages.new()
    lobby(page, server)
    page.check("input[name=level][value=easy]")
    page.click("[data-testid=play]")
    table(page)
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")
    expect(page.locator("#over")).to_be_visible()
    lobby(page, server)
    page.wait_for_function("() => document.body && document.body.dataset.games === '1'")
    recent = page.locator("#recent li")
    expect(recent).to_have_count(1)  # mine, not the stranger's
    expect(recent.first).to_contain_text("Against Computer (easy): you resigned at 0-0")
    expect(recent.first).not_to_contain_text("won, 0-0")
    expect(page.locator("#mine li")).to_have_text(["None being played."])


def test_a_game_the_server_closed_as_abandoned_is_said_so(tmp_path, pages):
    running = Server(tmp_path / "games.db", flags=(
        "--allow-seeds", "--abandon-after", "0.00002", "--table-idle", "0.5")).start()
    try:  # (0.00002 days: 1.7 s)
        page = pages.new()
        lobby(page, running)
        page.check("input[name=level][value=easy]")
        page.click("[data-testid=play]")
        table(page)
        ready(page)
        step(page, random.Random(1))  # one move, then the player goes away
        game_id = state_of(page)["game"]["id"]
        page.goto(running.base + "/rules")
        deadline, summary = time.monotonic() + 30, {}
        while time.monotonic() < deadline and not summary.get("abandoned"):
            time.sleep(0.3)
            summary = json.loads(running.get(f"/api/games/{game_id}")[1])
        assert summary.get("abandoned"), summary
        lobby(page, running)
        page.wait_for_function("() => document.body && document.body.dataset.games === '1'")
        expect(page.locator("#recent li")).to_contain_text(re.compile(
            r"^Against Computer \(easy\): left unfinished at \d+-\d+: counted as lost"))
    finally:
        running.stop()
