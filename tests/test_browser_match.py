"""The match in view and a connection you can see (issue 36): the score pad and this
hand's tricks at any moment, the hand-end panel kept across a reload, and a table that says
when the server is gone, offers nothing meanwhile and catches up when it is back."""

from __future__ import annotations

import random
import re

import pytest
from browser_support import (
    CHROMIUM,
    browser,
    drawn,
    offered,
    pages,
    ready,
    record_of,
    sent,
    server,
    state_of,
    step,
)
from server_support import Server

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

from euchre.words import suit_text

__all__ = ["browser", "pages", "server"]  # fixtures
OUTCOMES = {"made": "made", "march": "march", "euchred": "euchred", "thrown_in": "thrown in"}


def until_hand_end(page, rng) -> None:
    while True:
        ready(page)
        if page.locator("[data-testid=continue]").is_visible():
            return
        assert step(page, rng) is not None, "the match ended first"


def pad_rows(page) -> list[list[str]]:
    return page.locator("#pad tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))")


def expected_rows(record: dict, names: list[str]) -> list[list[str]]:
    """The pad as the engine's record has it, seen from seat 0 (tricks, points and the
    score: mine first)."""
    rows, score = [], [0, 0]
    who = lambda p: "–" if p is None else ("You" if p == 0 else names[p])  # noqa: E731
    for hand in record["hands"]:
        result = hand.get("result")
        if not result:
            continue
        score = [score[0] + result["points"][0], score[1] + result["points"][1]]
        rows.append([str(hand["number"] + 1), who(hand["dealer"]), who(result["maker"]),
                     suit_text(result["trump"]) if result["trump"] else "–",
                     "{}–{}".format(*result["tricks_won"]), OUTCOMES[result["outcome"]],
                     "{}–{}".format(*result["points"]), "{}–{}".format(*score)])
    return rows


ANNOUNCED = """
window.__announced = [];
document.addEventListener("DOMContentLoaded", () => new MutationObserver(() => {
  window.__announced.push(document.querySelector("[data-testid=announce]").textContent);
}).observe(document.querySelector("[data-testid=announce]"), {childList: true,
                                                             characterData: true, subtree: true}));
"""
"""Everything the live region says, in order."""


def test_the_score_pad_and_the_hand_end_panel_survive_a_reload(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Pad", seed=8,
                           rules={"target": 10})
    page = pages.new()
    page.add_init_script(ANNOUNCED)
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(8)
    ready(page)
    expect(page.locator("#pad")).to_have_text("No hand finished yet.")
    # this hand's tricks so far, as they are played
    while not state_of(page)["view"]["tricks"]:
        step(page, rng)
    ready(page)
    tricks = state_of(page)["view"]["tricks"]
    expect(page.locator("#hand-tricks li")).to_have_count(len(tricks))
    assert page.locator("#hand-tricks li").first.locator("img").evaluate_all(
        "i => i.map(e => e.dataset.card)") == tricks[0]["cards"]
    until_hand_end(page, rng)
    title = page.locator("#hand-end-title").text_content()
    # the live region told of each trick's winner and of the hand's result, and the same
    # lines are in "What happened"
    said = page.evaluate("window.__announced")
    won = [s for s in said if re.match(r"^(You win|Computer wins) the trick: .+\.$", s)]
    assert len(won) == 5, said
    summary = state_of(page)["words"]["last_hand"]["summary"]
    assert said[-1] == f"Hand 1: {summary}", said
    logged = page.locator("#log li").all_text_contents()
    assert logged[-1] == said[-1] and set(won) <= set(logged)
    # a reload at the hand-end panel keeps it, until the player continues
    page.reload()
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    expect(page.locator("[data-testid=hand-end]")).to_be_visible()
    expect(page.locator("#hand-end-title")).to_have_text(title)
    assert offered(page) == []
    expect(page.locator("#pad tbody tr")).to_have_count(1)
    page.click("[data-testid=continue]")
    expect(page.locator("[data-testid=hand-end]")).to_be_hidden()
    page.reload()
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    ready(page)
    expect(page.locator("[data-testid=hand-end]")).to_be_hidden()
    # the pad after more hands, kept across a reload
    while len(state_of(page)["scorepad"]) < 3 or page.locator("#hand-end").is_visible():
        step(page, rng)
    ready(page)
    rows = pad_rows(page)
    page.reload()
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    ready(page)
    assert pad_rows(page) == rows and len(rows) >= 3
    assert rows[-1][-1] == "{}–{}".format(*state_of(page)["view"]["score"])
    # each row as the engine scored the hand: checked against the finished game's record
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")
    expect(page.locator("#over")).to_be_visible()
    names = state_of(page)["words"]["names"]
    assert pad_rows(page) == expected_rows(record_of(server, game["id"]), names)


def test_on_a_phone_the_score_pad_is_one_tap_away(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Pocket", seed=5,
                           rules={"target": 3})
    page = pages.new(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(5)
    until_hand_end(page, rng)
    page.click("[data-testid=continue]")
    ready(page)
    expect(page.locator("#pad")).to_be_hidden()
    expect(page.locator("[data-zone=score]")).to_be_visible()  # the score and trump stay
    page.locator("[data-testid=pad-toggle]").tap()
    expect(page.locator("#pad tbody tr")).to_have_count(1)
    expect(page.locator("#pad")).to_be_visible()
    expect(page.locator("#hand-tricks")).to_be_attached()
    box = page.locator("#pad").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator("#side-close").tap()
    expect(page.locator("#pad")).to_be_hidden()
    assert offered(page)


def test_a_lost_connection_is_shown_choices_wait_and_the_table_catches_up(tmp_path, pages):
    running = Server(tmp_path / "games.db", bot_delay=0.0).start()
    try:
        game = running.new_game(mode="friend", name="Ann", seed=4, rules={"target": 3})
        page = pages.new()
        page.goto(running.base + game["links"]["play"])
        other = running.seat(game["links"]["invite"])
        first = other.state_at_least(0)
        expect(page.locator("#them-dot")).to_have_class("dot on")  # the friend is here
        if first["view"]["to_move"] == 1:  # the friend bids first: he passes, my turn
            other.send({"type": "action", "action": "pass", "seq": first["seq"]})
        ready(page)
        choices = offered(page)
        assert choices
        expect(page.locator("#them-dot")).to_have_class("dot on")
        other.close()
        running.stop()  # the server goes away
        banner = page.locator("[data-testid=offline]")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("Connection lost")
        for token in choices:  # still shown, disabled: never silently dropped
            expect(page.locator(f'[data-action="{token}"]')).to_be_disabled()
        assert offered(page) == []
        expect(page.locator("#them-dot")).to_have_class("dot unknown")
        expect(page.locator("#them-here")).to_contain_text("unknown")
        before = len(sent(page))
        page.locator(f'[data-action="{choices[0]}"]').click(force=True)
        assert len(sent(page)) == before  # nothing was sent into a closed socket
        seq = drawn(page)
        running = Server(running.db, bot_delay=0.0, port=running.port).start()
        expect(banner).to_be_hidden(timeout=15_000)
        ready(page)
        assert sorted(offered(page)) == sorted(choices) and drawn(page) == seq
        expect(page.locator("#them-dot")).to_have_class("dot")  # the friend is away now
        expect(page.locator("[data-testid=connection]")).to_have_text("Connected")
        step(page, random.Random(1))  # and play goes on
        assert drawn(page) == seq + 1
    finally:
        running.stop()
