"""Names in sentences, as a person sees them in Chromium (issue 48, defect 7): "You" is the
word each player reads for himself ("You deal", "You win"), never a name, so a person who
never typed a name is a guest to everyone else, and nobody reads "You deals", "You wins",
"Review You's play" or "You are watching You play Computer"."""

from __future__ import annotations

import re

import pytest
from browser_support import CHROMIUM, browser, pages, ready, server, state_of
from test_server_protocol import play_against_computer

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures
BROKEN = re.compile(r"\bYou (deals|wins|scores|plays|passes|goes|sits|is)\b|You's|"
                    r"watching You\b|play You\b|Review You\b")
""""You" glued to a sentence made for a third person."""


def test_a_first_visitor_is_a_guest_to_the_others_and_you_to_himself(server, pages):
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    expect(page.locator("#name")).to_have_value("Guest")
    page.click("[data-testid=play]")
    page.wait_for_url(re.compile(r"/play/"))
    ready(page)
    mine = state_of(page)
    assert mine["game"]["names"][0] == "Guest"
    expect(page.locator("#hand-no")).to_contain_text(re.compile(r"You deal|Computer deals"))
    watcher = pages.new()
    watcher.goto(server.base + mine["game"]["watch"])
    watcher.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    expect(watcher.locator("#watching")).to_have_text("You are watching Guest play Computer.")
    expect(watcher.locator("#hand-no")).to_contain_text(re.compile(r"Guest deals|Computer deals"))
    for shown in (page, watcher):
        text = shown.locator("body").inner_text()
        assert not BROKEN.search(text), BROKEN.search(text)


def test_a_name_you_left_from_an_older_lobby_is_read_as_a_guest(server, pages):
    page = pages.new()
    page.add_init_script('localStorage.setItem("euchre.name", "You");')
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    page.click("[data-testid=play]")
    page.wait_for_url(re.compile(r"/play/"))
    ready(page)
    assert state_of(page)["game"]["names"][0] == "Guest"


def test_a_finished_games_replay_and_review_name_the_guest(server, pages):
    game = server.new_game(mode="computer", level="easy", seed=5, rules={"target": 1})
    play_against_computer(server, game, 200)
    page = pages.new()
    page.goto(server.base + f"/games/{game['id']}")
    expect(page.locator("[data-testid=menu-review-0]")).to_have_text("Review Guest's play")
    text = page.locator("body").inner_text()
    assert "Guest deals" in text and not BROKEN.search(text), BROKEN.search(text)
