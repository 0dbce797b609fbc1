"""Four-handed and three-handed Euchre at the browser's table (issue 40): started from the
lobby, you at the bottom, your partner opposite, opponents left and right (cutthroat: left
and right); whole matches played through the page, at every decision the offered
``data-action`` tokens are the engine's legal moves; the score by side; axe in both themes;
no console error."""

from __future__ import annotations

import random
import re

import pytest
from browser_support import (
    AXE,
    CHROMIUM,
    browser,
    continue_shown,
    drawn,
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


def test_at_four_hint_alone_undo_resign_and_rematch_work_as_at_two(server, pages):
    """Against computers at four: the hint values every offered choice, going alone puts
    the partner out (said at his place, his cards down), undo takes the choice back, and
    resign and rematch end and restart the match with the same table."""
    page = pages.new()
    made = server.new_game(mode="computer", level="easy", seed=12, name="Table4",
                           rules={"players": 4, "target": 10})
    game_id = made["id"]
    page.goto(server.base + made["links"]["play"])
    page.click("#settings summary")
    page.check("#set-undo")
    page.click("#settings summary")
    rng = random.Random(11)
    while True:  # to my first bid with a lone call on offer
        ready(page)
        if any(token.endswith(" alone") for token in offered(page)):
            break
        assert step(page, rng, prefer=lambda tokens: "pass" if "pass" in tokens else None)
    legal = state_of(page)["view"]["legal"]
    page.click("[data-testid=hint]")
    page.wait_for_function("() => window.__other.some((m) => m.type === 'hint')")
    expect(page.locator("[data-testid=hints]")).not_to_have_text("Thinking…")
    hinted = page.evaluate("Object.keys(window.__other.filter((m) => m.type === 'hint')"
                           ".at(-1).values)")
    assert sorted(hinted) == sorted(legal)
    before = drawn(page)
    alone = next(token for token in legal if token.endswith(" alone"))
    page.locator(f'[data-action="{alone}"]').click()
    page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=before)
    ready(page)
    state = state_of(page)
    if state["view"]["phase"] not in ("bid1", "bid2"):  # (a defender may still answer)
        assert 2 in state["view"]["out"]
        expect(page.locator("#place-n")).to_contain_text("sits out this hand")
        expect(page.locator("#place-n")).to_have_class(re.compile(r"\bout\b"))
    expect(page.locator("#bids-box, .bids-box").first).to_contain_text("alone")
    undo_to = drawn(page)
    page.click("[data-testid=undo]")
    page.wait_for_function("(n) => Number(document.body.dataset.seq) < n", arg=undo_to)
    ready(page)
    assert sorted(offered(page)) == sorted(legal)  # my bid again, the lone call taken back
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")
    expect(page.locator("#over h2")).to_have_text("You resigned: West and East win the match.")
    page.click("[data-testid=rematch]")
    page.wait_for_url(lambda url: game_id not in url)
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    again = state_of(page)
    assert again["view"]["rules"]["players"] == 4 and again["game"]["names"][0] == "Table4"
    assert again["game"]["levels"] == [None, "easy", "easy", "easy"]


def test_at_three_a_resignation_between_two_level_players_is_won_by_nobody(server, pages):
    """Issue 47, criterion 2: the page says the engine's outcome; at three, resigning while
    the two others are level leaves no winner (RULES-family.md: one player alone at the top
    wins), said as such, not "undefined wins"."""
    page = pages.new()
    made = server.new_game(mode="computer", level="easy", seed=5, rules={"players": 3})
    page.goto(server.base + made["links"]["play"])
    ready(page)
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")
    expect(page.locator("#over h2")).to_have_text("You resigned: nobody wins the match.")
