"""Four-handed and three-handed Euchre at the browser's table (issue 40): started from the
lobby, you at the bottom, your partner opposite, opponents left and right (cutthroat: left
and right); whole matches played through the page, at every decision the offered
``data-action`` tokens are the engine's legal moves; the score by side; axe in both themes;
no console error."""

from __future__ import annotations

import random

import pytest
from browser_support import (
    AXE,
    CHROMIUM,
    browser,
    continue_shown,
    finished,
    offered,
    pages,
    ready,
    record_of,
    server,
    state_of,
    step,
)

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures
PLACES = {4: {"w": 1, "n": 2, "e": 3}, 3: {"w": 1, "e": 2}}


def play_through(page, rng: random.Random) -> int:
    """Play the match to its end at random, checking every decision; the decisions made."""
    decisions = 0
    logged: list[str] = []
    page.on("console", lambda m: logged.append(m.text) if m.type == "error" else None)
    while True:
        ready(page)
        if finished(page):
            break
        state = state_of(page)
        if not continue_shown(page):
            assert sorted(offered(page)) == sorted(state["view"]["legal"]), state["seq"]
            decisions += 1
        step(page, rng)
    assert logged == []
    return decisions


def start_from_lobby(page, server, players: int, partner: str | None = None) -> str:
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    page.fill("#name", f"Table{players}")
    page.check(f"input[name=players][value='{players}']")
    expect(page.locator("#partner-row")).to_be_visible() if players == 4 else \
        expect(page.locator("#partner-row")).to_be_hidden()
    expect(page.locator("[data-testid=friend]")).to_be_enabled()
    page.check("input[name=level][value=easy]")
    if partner:
        page.select_option("#partner", partner)
    page.check("input[name=preset][value=custom]")
    page.fill("#target", "3")
    says = page.locator("#play-says").text_content()
    assert ("partner" in says) == (players == 4) and ("Cutthroat" in says) == (players == 3)
    page.click("[data-testid=play]")
    page.wait_for_url("**/play/**token=**")
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    return page.url.split("/play/")[1].split("?")[0]


@pytest.mark.parametrize("players", [4, 3])
def test_a_whole_match_at_a_table_of_four_and_of_three(server, pages, players):
    page = pages.new()
    game_id = start_from_lobby(page, server, players, "medium" if players == 4 else None)
    ready(page)
    state = state_of(page)
    assert state["game"]["names"][1:] == (["West", "North", "East"] if players == 4
                                          else ["West", "East"])
    for place, seat in PLACES[players].items():  # each seat at its place, with its zone
        node = page.locator(f"#place-{place}")
        expect(node).to_have_attribute("data-zone", f"seat-{seat}")
        level = "medium" if (players, seat) == (4, 2) else "easy"
        expect(node.locator(".name")).to_have_text(f"{state['game']['names'][seat]} ({level})")
    if players == 3:
        expect(page.locator("#place-n")).to_have_class("place at-n empty")
    decisions = play_through(page, random.Random(players))
    record = record_of(server, game_id)
    assert decisions >= 5 and record["winner"] is not None
    rows = page.locator("#pad tbody tr")
    expect(rows).to_have_count(sum(h["result"] is not None for h in record["hands"]))
    sides = record["score"]  # by side, yours first: the person sits at seat 0
    expect(page.locator("#pad tbody tr").last.locator("td").last).to_have_text(
        "–".join(str(s) for s in sides))
    told = page.locator("#over h2").text_content()
    winner = record["winner"]
    expected = {4: ["You and North win", "West and East win"],
                3: ["You win", "West wins", "East wins"]}[players][winner]
    assert told.startswith(expected), told
    expect(page.locator("[data-testid=match-summary] tr").first.locator("th")).to_have_count(
        2 if players == 4 else 3)


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is installed by make test (npm)")
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_at_the_tables_of_four_and_three(server, pages, scheme):
    page = pages.new(bypass_csp=True, color_scheme=scheme)
    found = {}
    for players in (4, 3):
        game = server.new_game(mode="computer", level="easy", seed=5,
                               rules={"players": players, "target": 10})
        page.goto(server.base + game["links"]["play"])
        rng = random.Random(5)
        while True:  # to a moment mid-hand with cards to play
            ready(page)
            if page.locator("#hand [data-action]").count():
                break
            assert step(page, rng) is not None
        page.wait_for_function("() => !document.getAnimations().some("
                               "(a) => a.playState === 'running')")
        page.add_script_tag(path=str(AXE))
        found[players] = page.evaluate("async () => (await axe.run(document)).violations")
        page.goto(server.base + "/")
        page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
        page.check(f"input[name=players][value='{players}']")
        page.add_script_tag(path=str(AXE))
        found[f"lobby {players}"] = page.evaluate(
            "async () => (await axe.run(document)).violations")
    assert {k: [v["id"] for v in found[k]] for k in found if found[k]} == {}
