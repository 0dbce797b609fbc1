"""The table's defects that issue 36 lists, each as a person met it, in Chromium: the upcard
drawn twice, a coach note left after undo, a match chart without axes, a watch link that
took the player from his seat, a spectator who saw a lone dot, and a friend's first
arrival said as a return."""

from __future__ import annotations

import random
import re

import pytest
from browser_support import (
    CHROMIUM,
    browser,
    drawn,
    finished,
    offered,
    pages,
    ready,
    server,
    state_of,
    step,
    take_seat,
)

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

from euchre import Game, Rules

__all__ = ["browser", "pages", "server"]  # fixtures

FACES = """(card) => [...document.querySelectorAll(`#felt img[data-card="${card}"]`)]
    .filter((i) => i.offsetParent !== null && !i.closest('#last-trick, #flying')).length"""
"""How many times a card's face is drawn on the table (the last trick's popover aside)."""


def open_seat(page, server, link: str) -> None:
    page.goto(server.base + link)
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")


def test_the_upcard_is_drawn_once_after_the_dealer_picks_it_up_and_plays_it(server, pages):
    seed = 1  # the friend deals, and holds a trump besides the upcard he will take
    dealt = Game(Rules(), seed=seed)
    assert dealt.dealer == 1
    up = dealt.view(0).upcard
    game = server.new_game(mode="friend", name="Ann", seed=seed, rules={"target": 3})
    page = pages.new()
    open_seat(page, server, game["links"]["play"])
    other = server.seat(game["links"]["invite"])
    rng, played = random.Random(2), False
    try:
        other.state_at_least(0)
        while not played:
            page.wait_for_function("() => document.body && document.body.dataset.idle === '1'")
            assert page.evaluate(FACES, up) <= 1, "the upcard is drawn twice"
            newest = page.evaluate("window.__seq")
            theirs = other.state
            if theirs is None or theirs["seq"] < newest:
                theirs = other.state_at_least(newest)
            view = theirs["view"]
            assert view["hand_number"] == 0, "the hand ended before the upcard was played"
            if view["to_move"] == 0:
                step(page, rng, prefer=lambda t: "order" if "order" in t else None)
                continue
            legal = view["legal"]
            token = up if up in legal else next(
                (t for t in legal if t.startswith("discard") and up not in t), rng.choice(legal))
            before = drawn(page)
            other.send({"type": "action", "action": token, "seq": theirs["seq"]})
            page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=before)
            played = token == up
        # the moment it is played: in the trick, and nowhere else
        assert page.evaluate(FACES, up) == 1, "the upcard is drawn twice"
        page.wait_for_function("() => document.body && document.body.dataset.idle === '1'")
        view = state_of(page)["view"]
        assert up in view["trick"] or up in view["tricks"][-1]["cards"]
        assert page.evaluate(FACES, up) <= 1, "the upcard is drawn twice"
        expect(page.locator("#upcard img")).to_have_count(0)  # taken: only the kitty is left
        expect(page.locator("#upcard")).to_contain_text("picked up by Friend")
    finally:
        other.close()


def test_undo_takes_the_coach_note_away(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Coached", seed=6,
                           rules={"target": 10})
    page = pages.new()
    page.add_init_script("""localStorage.setItem("euchre.settings",
        JSON.stringify({speed: "fast", coach: true, undo: true}));""")
    open_seat(page, server, game["links"]["play"])
    note = page.locator("[data-testid=coach-note]")
    rng = random.Random(6)
    for _ in range(200):
        ready(page)
        if note.text_content():
            break
        # the worst choice the hint sees, so that the coach has something to say
        if offered(page) and len(offered(page)) > 1:
            page.click("#hint")
            page.wait_for_function("() => document.querySelector('.best')", timeout=60_000)
            values = state_hints(page)
            worst = min(values, key=values.get)
            step(page, rng, prefer=lambda tokens, worst=worst: worst)
            page.wait_for_timeout(300)
        else:
            step(page, rng)
    expect(note).not_to_have_text("", timeout=60_000)
    ready(page)
    page.click("[data-testid=undo]")
    expect(note).to_have_text("")
    page.wait_for_timeout(1500)  # and no note about the move taken back comes later
    expect(note).to_have_text("")


def state_hints(page) -> dict[str, float]:
    """The hint's values on show, read from the page's words."""
    text = page.locator("#hints").text_content()
    said = {c["words"]: c["token"] for c in state_of(page)["words"]["choices"]}
    found = re.findall(r"(?:: | · )(.+?) ([+-]\d+\.\d\d)", text)
    return {said[w]: float(x) for w, x in found}


def test_the_match_chart_has_axes_hand_numbers_and_a_legend(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Chart", seed=9,
                           rules={"target": 3})
    page = pages.new()
    open_seat(page, server, game["links"]["play"])
    rng = random.Random(9)
    while step(page, rng) is not None:
        pass
    hands = len(state_of(page)["match"]["summary"]["scores"]) - 1
    chart = page.locator("#over svg.chart")
    expect(chart.locator("line.axis")).to_have_count(2)
    labels = chart.locator("text").all_text_contents()
    assert "You" in labels and "Computer" in labels  # the legend
    assert "hand" in labels and "0" in labels and "3" in labels  # axes: hands, the target
    for n in range(1, min(hands, 12) + 1):
        assert str(n) in labels
    assert "hand 1" in chart.get_attribute("aria-label")


def test_the_watch_link_is_in_the_menu_and_opens_a_new_tab(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Host", seed=2)
    page = pages.new()
    open_seat(page, server, game["links"]["play"])
    link = page.locator("[data-testid=watch] a")
    expect(link).to_be_hidden()  # not at the top of the table: in the menu
    page.click("[data-testid=menu] summary")
    expect(link).to_be_visible()
    assert link.get_attribute("target") == "_blank"
    assert link.get_attribute("href") == game["links"]["watch"]
    seat_url = page.url
    with page.context.expect_page() as opened:
        link.click()
    watcher = opened.value
    watcher.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    expect(watcher.locator("[data-testid=watching]")).to_be_visible()
    assert page.url == seat_url  # the player keeps his seat
    ready(page)
    assert offered(page)


def test_a_spectator_sees_both_seats(server, pages):
    game = server.new_game(mode="friend", name="Ann", seed=11, rules={"target": 3})
    ann, bea, watcher = pages.new(), pages.new(), pages.new()
    open_seat(ann, server, game["links"]["play"])
    take_seat(bea, server, game["links"]["invite"])
    open_seat(watcher, server, game["links"]["watch"])
    for seat in (0, 1):
        expect(watcher.locator(f"[data-zone=seat-{seat}]")).to_be_visible()
        expect(watcher.locator(f"[data-zone=seat-{seat}] img[data-card=back]")).to_have_count(5)
    expect(watcher.locator("#place-s .name")).to_have_text("Ann")
    expect(watcher.locator("#place-n .name")).to_have_text("Friend")
    expect(watcher.locator("#place-s .dot")).to_have_class("dot on")
    expect(watcher.locator("#place-n .dot")).to_have_class("dot on")
    assert offered(watcher) == []
    assert not finished(watcher)


def test_a_friends_first_arrival_is_an_arrival_and_the_host_waits_for_it(server, pages):
    game = server.new_game(mode="friend", name="Ann", seed=13, rules={"target": 3})
    ann = pages.new()
    open_seat(ann, server, game["links"]["play"])
    expect(ann.locator("#status")).to_have_text(
        re.compile(r"^Waiting for Friend to (arrive|take the seat)$"))
    expect(ann.locator("#invite")).to_be_visible()
    assert offered(ann) == []
    box = ann.locator("#invite").bounding_box()
    assert box["y"] + box["height"] <= 800  # the invite does not push the table away
    bea = pages.new()
    take_seat(bea, server, game["links"]["invite"], "Bea")
    seat = bea.url
    expect(ann.locator("[data-testid=notice]")).to_have_text(
        "Bea has arrived: the game can start.")
    expect(ann.locator("#invite")).to_be_hidden()
    ready(ann)
    bea.goto(server.base + "/")
    expect(ann.locator("[data-testid=notice]")).to_have_text("Bea left the table.")
    expect(ann.locator("#them-here")).to_have_text("away")
    bea.goto(seat)
    expect(ann.locator("[data-testid=notice]")).to_have_text("Bea is back at the table.")


EMPTY_SAYS = """(id) => getComputedStyle(document.getElementById(id), "::before").content"""
"""What an empty panel says (its generated text; "none" once it holds something)."""


def test_empty_panels_say_so_and_the_phones_log_opens_at_the_newest_line(server, pages):
    """A bidding or tricks panel with nothing in it yet says so (not a bare heading), and on a
    phone "What happened" opens scrolled to its newest line, not to the match's first."""
    game = server.new_game(mode="computer", level="easy", name="Pad", seed=4,
                           rules={"target": 5})
    page = pages.new(viewport={"width": 390, "height": 844})
    open_seat(page, server, game["links"]["play"])
    ready(page)
    if not state_of(page)["view"]["bids"]:
        assert page.evaluate(EMPTY_SAYS, "bids") == '"No bid yet this hand."'
    assert page.evaluate(EMPTY_SAYS, "hand-tricks") == '"No trick played yet."'
    rng = random.Random(4)
    while len(state_of(page)["view"]["tricks"]) < 2:
        step(page, rng)
    assert page.evaluate(EMPTY_SAYS, "hand-tricks") == "none"
    while len(state_of(page).get("scorepad") or []) < 2:  # a log longer than its box
        assert step(page, rng) is not None
    page.click("#pad-toggle")
    newest = page.evaluate("""() => { const log = document.getElementById("log");
        return log.scrollHeight > log.clientHeight
            && log.scrollTop + log.clientHeight >= log.scrollHeight - 2; }""")
    assert newest, "the log opened away from its newest line"
