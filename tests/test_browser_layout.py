"""The table as a card table (issue 36): places that never move while a hand is played, and
marks that each mean one thing. Real matches against the computer in Chromium, at a
desktop's 1280x800 and a phone's 390x844."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from browser_support import CHROMIUM, browser, finished, pages, ready, server, step

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures

ZONES_RECORDED = """
window.__zones = [];
function recordZones() {
  const shown = {};
  for (const node of document.querySelectorAll("[data-zone]")) {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || node.offsetParent === null) continue;
    shown[node.dataset.zone] = [r.left + scrollX, r.top + scrollY, r.width, r.height];
  }
  window.__zones.push({seq: document.body.dataset.seq, zones: shown,
                       hand: document.getElementById("hand-no").textContent});
}
document.addEventListener("DOMContentLoaded", () => new MutationObserver(
  () => requestAnimationFrame(recordZones)).observe(document.body,
  {attributes: true, subtree: true, attributeFilter: ["data-seq", "hidden"]}));
"""
"""Records every place's box (page coordinates) each time a state is drawn or a panel
opens or closes, once the browser has laid the page out."""

TOLERANCE = 2  # px


def moved(a: list[float], b: list[float]) -> bool:
    return any(abs(x - y) > TOLERANCE for x, y in zip(a, b, strict=True))


def play_recording(page, server, seed: int, level: str = "easy") -> list[dict]:
    game = server.new_game(mode="computer", level=level, name="Zones", seed=seed,
                           rules={"target": 5})
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(seed)
    for _ in range(700):
        if step(page, rng) is None:
            break
    assert finished(page)
    return page.evaluate("window.__zones")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_no_place_moves_while_it_is_shown(server, pages, width, height):
    page = pages.new(viewport={"width": width, "height": height},
                     is_mobile=width < 500, has_touch=width < 500)
    page.add_init_script(ZONES_RECORDED)
    records = play_recording(page, server, seed=12)  # a whole match: its hands and its end
    assert len(records) >= 60, len(records)
    seen = set()
    where: dict[str, list[float]] = {}
    upcard_by_hand: dict[str, list[float]] = {}
    hands = defaultdict(int)
    for record in records:
        for zone, box in record["zones"].items():
            seen.add(zone)
            if zone == "upcard":  # it may follow the dealer from one hand to the next
                first = upcard_by_hand.setdefault(record["hand"], box)
                assert not moved(first, box), (zone, record["hand"], first, box)
                hands[record["hand"]] += 1
                continue
            first = where.setdefault(zone, box)
            assert not moved(first, box), (zone, record["seq"], first, box)
    always = {"hand", "seat-1", "trick", "upcard", "score"}
    assert always <= seen, seen
    if width >= 1000:  # beside the table on a desktop; one tap away on a phone
        assert {"bids", "log"} <= seen, seen
    assert len(hands) >= 4  # the upcard's place was checked in several hands
    # the places are laid out for four: the left and right ones are there, empty
    for place in ("w", "e"):
        box = page.locator(f"#place-{place}").bounding_box()
        assert box and box["width"] > 40 and box["height"] > 40, (place, box)
        assert page.locator(f"#place-{place}").get_attribute("aria-hidden") == ""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


LOOK = """(node) => {
  const slot = node.closest(".slot"), img = slot.querySelector("img"),
        button = slot.querySelector("button");
  const style = (n, pseudo) => n ? getComputedStyle(n, pseudo) : null;
  const frame = style(button, "::after");
  return {
    shadow: style(img).boxShadow,
    outline: button ? `${style(button).outlineStyle} ${style(button).outlineColor}` : "none",
    frame: frame && frame.content !== "none" ? `${frame.borderStyle} ${frame.borderColor}` : "none",
    tags: [...slot.querySelectorAll(".tag")].filter((t) => getComputedStyle(t).display !== "none")
      .map((t) => `${t.textContent} ${getComputedStyle(t).backgroundColor}`),
    words: img.alt,
  };
}"""
"""How a card looks (its shadow, outline, frame and tabs) and what it says to a screen
reader (its label)."""


def look(page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(LOOK)


def seen_only(a: dict) -> tuple:
    return (a["shadow"], a["outline"], a["frame"], tuple(a["tags"]))


def marks_at_one_moment(page) -> dict[str, dict]:
    """At a turn of mine in the play holding a trump and a plain card: the hint's best
    choice, a trump, a plain card, and that plain card with the keyboard's focus."""
    page.click("#hint")
    expect(page.locator("#hand .card-btn.best").first).to_be_visible(timeout=60_000)
    looks = {"best": page.locator("#hand .card-btn.best").first.evaluate(LOOK)}
    trump = page.locator("#hand .slot.trump:has([data-action]:not(.best)) button")
    plain = page.locator("#hand .slot:not(.trump):has([data-action]:not(.best)) button")
    if not (trump.count() and plain.count()):
        return {}
    looks["trump"] = trump.first.evaluate(LOOK)
    looks["plain"] = plain.first.evaluate(LOOK)
    plain.first.focus()  # focused, but no key used yet: no ring
    assert plain.first.evaluate(LOOK)["outline"] == looks["plain"]["outline"]
    page.keyboard.press("ArrowRight")  # the keyboard is used: focus shows from now on
    plain.first.focus()
    looks["focus"] = plain.first.evaluate(LOOK)
    page.mouse.click(2, 400)  # a pointer press on the page: the ring goes again
    assert plain.first.evaluate(LOOK)["outline"] == looks["plain"]["outline"]
    return looks


def test_trump_focus_winner_and_hint_each_have_their_own_look_and_words(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Marks", seed=3,
                           rules={"target": 10})
    page = pages.new(fast=False)
    page.add_init_script("""localStorage.setItem("euchre.settings",
        JSON.stringify({speed: "slow"}));""")  # a won trick stays long enough to be read
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(3)
    looks: dict[str, dict] = {}
    for _ in range(300):
        ready(page)
        if finished(page) or {"focus", "won"} <= set(looks):
            break
        if page.locator("[data-testid=continue]").is_visible():
            page.click("[data-testid=continue]")
            continue
        if "focus" not in looks and page.locator("#hand .slot.trump [data-action]").count():
            looks.update(marks_at_one_moment(page))
        step(page, rng)
        winner = page.locator("#trick .slot.won img")
        if "won" not in looks and winner.count():
            looks["won"] = winner.first.evaluate(LOOK)
    assert set(looks) == {"best", "trump", "plain", "focus", "won"}, set(looks)
    marks = ["best", "trump", "focus", "won"]
    for a in marks:
        assert seen_only(looks[a]) != seen_only(looks["plain"]), (a, looks[a])
        for b in marks:
            if a < b:
                assert seen_only(looks[a]) != seen_only(looks[b]), (a, b, looks[a], looks[b])
    # and each its own words: the focus is the screen reader's own ("focused")
    assert "trump" in looks["trump"]["words"] and "trump" not in looks["plain"]["words"]
    assert "the hint's best choice" in looks["best"]["words"]
    assert "the hint's best choice" not in looks["trump"]["words"]
    assert "wins the trick" in looks["won"]["words"]
    assert looks["focus"]["outline"].startswith("solid")
    assert looks["plain"]["outline"].startswith("none")
