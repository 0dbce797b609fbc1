"""The coach in the browser (issue 13, criteria 4 and 5), in Chromium: a finished game's
page offers a review of either seat, which shows its progress, then the summary by phase, the
chart of points lost per hand and each hand's flagged decisions (axe-core finds nothing);
at the table, the "Coach notes" setting (off by default) notes a costly move, and off, none."""

from __future__ import annotations

import json
import re

import pytest
from browser_support import CHROMIUM, axe_violations, browser, pages, state_of
from server_support import TEST_FLAGS, Server
from test_server_coach import NOTE, SEED
from test_server_protocol import play_against_computer

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages"]  # fixtures
DEALS = 8

FOLLOW_REVIEW = """
(() => {
  const log = (key, item) => {
    const seen = JSON.parse(sessionStorage.getItem(key) || "[]");
    seen.push(item);
    sessionStorage.setItem(key, JSON.stringify(seen));
  };
  document.addEventListener("DOMContentLoaded", () => {
    const progress = document.querySelector("[data-testid=review-progress]");
    if (location.pathname.includes("/review/"))
      log("review.pages", progress ? `progress ${progress.dataset.status}`
          : document.querySelector("[data-testid=review-summary]") ? "review" : "other");
  });
  const native = window.fetch;
  window.fetch = async (...args) => {
    const reply = await native(...args);
    if (String(args[0]).includes("/review/")) {
      const told = await reply.clone().json();
      const bar = document.getElementById("review-bar");
      log("review.polls", { status: told.status, done: told.done, total: told.total,
                            words: told.words, bar: bar ? [bar.value, bar.max] : null });
    }
    return reply;
  };
})();
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("review") / "games.db",
                     flags=(*TEST_FLAGS, "--review-deals", str(DEALS))).start()
    yield running
    running.stop()


def test_a_finished_games_review_shows_progress_then_every_mistake_and_the_chart(
        server, pages, tmp_path):
    game = server.new_game(mode="computer", level="easy", name="Ann", rules={"target": 3},
                           seed=3)
    assert play_against_computer(server, game, 500)["game"]["finished"]
    page = pages.new()
    page.context.add_init_script(FOLLOW_REVIEW)
    page.goto(f"{server.base}/games/{game['id']}")
    expect(page.locator("[data-testid=review-1]")).to_have_text("Review Computer's play")
    page.click("[data-testid=review-0]")
    expect(page.locator("[data-testid=review-summary]")).to_be_visible()
    # a sentence for a player; the settings (deals, seed) behind "How the choices were valued"
    expect(page.locator("main > p").first).to_contain_text("The expert valued each choice")
    figures = page.locator("details.figures")
    expect(figures.locator("p")).to_be_hidden()
    expect(figures).to_contain_text("deals a card")
    assert "deals a card" not in page.locator("main > p").first.inner_text()
    seen = page.locator("main").inner_text()  # (a closed disclosure's text is not seen)
    assert "deals a card" not in seen and not re.search(r"\d{10,}", seen), "a paper's figures"
    shown = page.evaluate("JSON.parse(sessionStorage.getItem('review.pages'))")
    polls = page.evaluate("JSON.parse(sessionStorage.getItem('review.polls'))")
    # the progress page (the review under way), then the review itself
    assert shown in (["progress queued", "review"], ["progress running", "review"])
    assert polls[-1]["status"] == "done" and polls[-1]["done"] == polls[-1]["total"] > 0
    assert all(p["words"] for p in polls)
    dones = [p["done"] for p in polls]
    assert dones == sorted(dones)
    review = json.loads(server.get(f"/api/games/{game['id']}/review/0")[1])["review"]
    flagged = [d for d in review["decisions"] if d["flagged"]]
    assert flagged, "a random player makes mistakes"
    decisions = page.locator("[data-testid=flagged]")
    expect(decisions).to_have_count(len(flagged))
    for i, d in enumerate(flagged):  # in place: in its hand, with its options and values
        node = decisions.nth(i)
        hand = page.locator(f"#hand-{d['hand']}")
        assert hand.locator(f"#d-{d['hand']}-{d['index']}").count() == 1
        expect(node.locator("h3")).to_contain_text(d["situation"][1:])
        expect(node.locator("h3")).to_contain_text(f"lost {d['loss']:.2f}")
        rows = node.locator("table.options tr")
        expect(rows).to_have_count(len(d["values"]) + 1)
        expect(node.locator("tr.chosen td").first).to_have_text(d["words"][d["chosen"]])
        expect(node.locator("tr.best td").first).to_have_text(d["words"][d["best"]])
        expect(node.locator(".held img")).to_have_count(len(d["cards"]))
    expect(page.locator("[data-testid=review-hand]")).to_have_count(len(review["hands"]))
    expect(page.locator("[data-testid=hindsight]")).to_have_count(
        sum(h["hindsight"] is not None for h in review["hands"]))
    expect(page.locator("[data-testid=by-phase] tr")).to_have_count(4)
    chart = page.locator("[data-testid=loss-chart]")
    expect(chart).to_be_visible()
    expect(chart.locator("rect.bar")).to_have_count(len(review["hands"]))
    assert re.match(r"Points lost per hand: hand 1, \d+\.\d\d", chart.get_attribute("aria-label"))
    expect(page.locator("[data-testid=mistakes] li")).to_have_count(min(len(flagged), 10))
    checked = pages.new(bypass_csp=True)  # (axe-core is injected as an inline script)
    for path in (f"/games/{game['id']}", f"/games/{game['id']}/review/0"):
        checked.goto(server.base + path)
        assert axe_violations(checked) == [], path
    # the progress page, held still (its polls answered "running") while axe looks at it
    checked.route("**/api/games/*/review/*", lambda route: route.fulfill(
        status=202, content_type="application/json", body=json.dumps(
            {"status": "running", "done": 3, "total": 9, "ahead": 0, "words": "3 of 9"})))
    checked.goto(f"{server.base}/games/{game['id']}/review/1")
    expect(checked.locator("#review-status")).to_have_text("3 of 9")
    assert checked.locator("#review-bar").evaluate("b => [b.value, b.max]") == [3, 9]
    assert axe_violations(checked) == []
    shot = tmp_path / "review.png"
    page.set_viewport_size({"width": 900, "height": 1200})
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 20_000


def coach_game(server, page) -> None:
    game = server.new_game(mode="computer", level="easy", name="Ann", seed=SEED)
    page.goto(server.base + game["links"]["play"])
    page.wait_for_function("() => document.body && document.body.dataset.idle === '1' && "
                           "document.querySelector('[data-action=order]')")


def test_coach_notes_off_by_default_and_when_on_a_costly_move_is_noted(server, pages):
    page = pages.new()
    coach_game(server, page)
    page.click("#settings summary")
    assert not page.locator("#set-coach").is_checked()  # off by default
    page.check("#set-coach")
    page.click('[data-action="order"]')  # a clear loss with this hand (test_server_coach)
    note = page.locator("[data-testid=coach-note]")
    expect(note).to_have_text(NOTE, timeout=30_000)
    best, _, chosen, _, _ = NOTE.fullmatch(note.text_content()).groups()
    assert (best, chosen) == ("pass", "order up Q♦")
    assert [m for m in page.evaluate("window.__sent") if m["type"] == "coach"] == [
        {"type": "coach", "seq": 0}]
    page.reload()  # the setting is kept in the browser
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    assert page.locator("#set-coach").is_checked()

    quiet = pages.new()  # another browser: the setting is off
    coach_game(server, quiet)
    quiet.click('[data-action="order"]')
    quiet.wait_for_function("() => Number(document.body.dataset.seq) >= 2 && "
                            "document.body.dataset.idle === '1'")
    quiet.wait_for_timeout(1500)  # time enough for a note, were one asked for
    assert state_of(quiet)["seq"] >= 2
    assert [m for m in quiet.evaluate("window.__sent") if m["type"] == "coach"] == []
    expect(quiet.locator("[data-testid=coach-note]")).to_have_text("")
    expect(quiet.locator("[data-testid=coach-note]")).to_be_hidden()
