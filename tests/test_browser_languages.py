"""The pages in the reader's language, checked in Chromium: the pseudo-language (every message
wrapped in ``⟦ ⟧``) shows any visible word that did not come from a catalog; Arabic runs
right to left while the felt keeps its seats; names in another script stay whole.

The pseudo-language is served only because this module starts its server with
``EUCHRE_PSEUDO_LANGUAGE=1``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from browser_support import (
    AXE,
    CHROMIUM,
    axe_violations,
    browser,
    finished,
    pages,
    ready,
    step,
)
from playwright.sync_api import expect
from server_support import Server

FIXTURES = (browser, pages)
"""The shared browser and its pages (``browser_support``), used as fixtures below."""

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

NAMES = ("Ann", "West", "North", "East", "Computer", "Guest", "Friend")
"""Names a table shows as they are stored (a person's own, the computers' seats)."""
CARD = r"(10|[2-9JQKA])[♣♦♥♠]|Joker"

UNMARKED = (Path(__file__).parent / "js" / "unmarked.js").read_text(encoding="utf-8")

MONTHS = r"\b(January|February|March|April|May|June|July|August|September|October|November|" \
    r"December)\b"
"""A date as English writes it: the pseudo-language's dates are English ones (data, as a
number is, written by Babel or ``Intl``, not a message)."""
INITIALS = r"(?<!\p{L})\p{Lu}\p{M}*(\p{Lu}\p{M}*)?(?=\s(&|-?\d))"
"""A seat's initials in the bar's score: a capital or two (each a letter with its accents, from
the seat's translated name), before its points or before "&" and a partner's."""
ALLOWED = "|".join([CARD, *NAMES, MONTHS, r"[♣♦♥♠]", r"#", INITIALS])


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    os.environ["EUCHRE_PSEUDO_LANGUAGE"] = "1"
    try:
        running = Server(tmp_path_factory.mktemp("languages") / "games.db").start()
    finally:
        del os.environ["EUCHRE_PSEUDO_LANGUAGE"]
    yield running
    running.stop()


def unmarked(page) -> list[str]:
    """Visible text (and read attributes) not from a catalog, in the pseudo-language."""
    return page.evaluate(UNMARKED, ALLOWED)


def start(page, server, players: int) -> None:
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    assert unmarked(page) == [], "the lobby"
    page.fill("#name", "Ann")
    page.check(f"input[name=players][value='{players}']")
    page.check("input[name=level][value=easy]")
    page.check("input[name=preset][value=custom]")
    page.fill("#target", "1")  # (a whole match, of one scoring hand: quick)
    assert unmarked(page) == [], "the lobby's own rules"
    page.click("[data-testid=play]")
    page.wait_for_url("**/play/**token=**")
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_match_shows_only_words_from_the_catalog(server, pages, players):
    page = pages.new(extra_http_headers={"Accept-Language": "qps"})
    start(page, server, players)
    assert page.evaluate("document.documentElement.lang") == "qps"
    rng, seen = random.Random(players), []
    while True:
        ready(page)
        seen.extend(f"{place}" for place in unmarked(page) if place not in seen)
        if finished(page) or step(page, rng) is None:
            break
    seen.extend(place for place in unmarked(page) if place not in seen)
    assert seen == [], f"words not from a catalog at a table of {players}"
    game_id = page.url.split("/play/")[1].split("?")[0]
    page.goto(server.base + "/")  # the lobby again, with the game in "Your games"
    page.wait_for_function("() => document.body.dataset.games === '1'")
    assert unmarked(page) == [], "the lobby's list of games"
    replay = page.context.new_page()  # (the lobby's own page stays for its list)
    replay.goto(server.base + f"/games/{game_id}")
    replay.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    assert everything_unmarked(replay) == [], f"the replay of a game of {players}"
    if players == 2:  # the review of the person's play: worked out, then shown
        replay.goto(server.base + f"/games/{game_id}/review/0")
        replay.locator("[data-testid=review-progress], [data-testid=review-summary]").first \
            .wait_for()
        assert everything_unmarked(replay) == [], "the review being worked out"
        replay.locator("[data-testid=review-summary]").wait_for(timeout=60_000)
        assert everything_unmarked(replay) == [], "the review"


@pytest.mark.parametrize(("game", "players", "seed"), [("railroad", 4, 4), ("hasenpfeffer", 4, 3),
                                                      ("napoleon", 5, 2)])
def test_a_whole_match_of_each_new_game_shows_only_words_from_the_catalog(server, pages, game,
                                                                        players, seed):
    """Railroad, Hasenpfeffer and Napoleon's five seats (issue 51's games): their table to the
    end (the five seats' initials in the bar among its words), then their replay with its
    record (the bids, the exchanges, the results) opened. (The person passes when he may:
    the computers' bids end a match of one point in a few hands.)"""
    made = server.new_game(mode="computer", level="easy", seed=seed, name="Ann",
                           rules={"game": game, "players": players, "target": 1})
    page = pages.new(extra_http_headers={"Accept-Language": "qps"})
    page.goto(server.base + made["links"]["play"])
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    rng, seen = random.Random(players), []
    while True:
        ready(page)
        seen.extend(place for place in unmarked(page) if place not in seen)
        if finished(page) or step(page, rng, prefer=lambda ts: "pass" if "pass" in ts
                                  else None) is None:
            break
    seen.extend(place for place in unmarked(page) if place not in seen)
    assert seen == [], f"words not from a catalog at a table of {game}: {seen}"
    page.goto(server.base + f"/games/{made['id']}")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    left = everything_unmarked(page)
    assert left == [], f"the replay of {game}: {left}"


def test_a_seats_initial_is_the_first_letter_a_reader_sees(server, pages):
    """The bar's initials (``initial`` of ``table/store.js``): past a bidi isolate or the
    pseudo-language's marker, a letter with its combining accent whole, Arabic's seats past
    their article and kept apart."""
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    said = page.evaluate("""async (names) => {
      const { initial } = await import("/static/table/store.js");
      return names.map(initial);
    }""", ["North-west", "West", "\u2068Ann\u2069", "⟦Ńóŕtĥ-ẃéśt⟧", "E\u0301mile",
           "الشمال الغربي", "الغرب", "Waqooyi-galbeed"])
    assert said == ["NW", "W", "A", "ŃẂ", "E\u0301", "ش\u200cغ", "غ", "WG"]


def everything_unmarked(page) -> list[str]:
    """``unmarked`` with every folded part of the page opened (a record's hands, the
    review's lists): their words are read once opened."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    return unmarked(page)


@pytest.mark.parametrize("path", [
    "/players/Ann", "/leaderboard", "/leaderboard?game=three", "/daily", "/rules",
    "/games/no-such-game", "/no/such/page", "/games/no-such-game/review/0"])
def test_the_servers_own_pages_show_only_words_from_the_catalog(server, pages, path):
    """Every page the server writes itself (a player's record, the top lists, the deal of
    the day, the rules' frame, the pages that refuse) in the pseudo-language: a word the
    code still holds in English is found. (The rules' text is its own document per
    language: ``test_i18n`` checks it; the frame around it is checked here.)"""
    page = pages.new(extra_http_headers={"Accept-Language": "qps"})
    page.goto(server.base + path)
    page.evaluate("document.querySelector('[data-testid=rules]')?.remove()")
    assert page.evaluate("document.documentElement.lang") == "qps"
    assert everything_unmarked(page) == [], path


def test_the_language_menu_is_remembered_and_every_page_says_its_language(server, pages):
    page = pages.new()
    page.goto(server.base + "/rules")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") \
        == ["en", "ltr"]
    with page.expect_navigation():
        page.click("[data-testid=languages] [data-language=ar]")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") \
        == ["ar", "rtl"]
    page.goto(server.base + "/")  # remembered: the lobby too, whatever the browser asks
    assert page.evaluate("document.documentElement.dir") == "rtl"
    expect(page.locator("[data-testid=languages] [aria-current=true]")).to_have_text("العربية")


def test_arabic_runs_right_to_left_and_the_felt_keeps_its_seats(server, pages):
    page = pages.new(extra_http_headers={"Accept-Language": "ar"}, viewport={"width": 1280,
                                                                            "height": 800})
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    lobby = page.locator("#new-game").bounding_box()
    legend = page.locator(".tables legend").bounding_box()
    assert legend["x"] + legend["width"] > lobby["x"] + lobby["width"] * 0.6  # starts right
    page.fill("#name", "Ann")
    page.click("[data-testid=play]")
    page.wait_for_url("**/play/**token=**")
    ready(page)
    hand = page.locator("[data-zone=hand]").bounding_box()
    other = page.locator("[data-zone=seat-1]").bounding_box()
    assert other["y"] < hand["y"]  # the computer across the felt, you at the bottom: as in English
    assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).direction") \
        == "rtl"


def test_names_in_another_script_stay_whole(server, pages):
    """An Arabic name in an English sentence and a Latin name in an Arabic one are isolated
    (U+2068 ... U+2069), so the sentence around them keeps its order."""
    for language, name in (("en", "علي"), ("ar", "Ann")):
        page = pages.new(extra_http_headers={"Accept-Language": language})
        page.goto(server.base + "/")
        page.wait_for_function("() => document.body.dataset.ready === '1'")
        said = page.evaluate("""async (name) => {
          const { t } = await import("/static/i18n.js");
          return t("Waiting for {name}…", { name });
        }""", name)
        assert f"\u2068{name}\u2069" in said, (language, said)
        same = page.evaluate("""async (name) => {
          const { t } = await import("/static/i18n.js");
          return t("Waiting for {name}…", { name });
        }""", "Ann" if language == "en" else "علي")
        assert "\u2068" not in same, (language, same)


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is installed by make test (npm)")
@pytest.mark.parametrize("language", ["so", "ceb", "ar"])
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_in_each_language(server, pages, language, scheme):
    page = pages.new(extra_http_headers={"Accept-Language": language}, color_scheme=scheme,
                     bypass_csp=True)  # (axe-core is injected inline)
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    assert axe_violations(page) == [], "the lobby"
    page.fill("#name", "Ann")
    page.click("[data-testid=play]")
    page.wait_for_url("**/play/**token=**")
    ready(page)
    assert axe_violations(page) == [], "the table"


def test_a_friends_invite_shows_only_words_from_the_catalog(server, pages):
    game = server.new_game(mode="friend", name="Ann")
    host = pages.new(extra_http_headers={"Accept-Language": "qps"})
    host.goto(server.base + game["links"]["play"])
    host.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    invite = host.locator("#invite-link").input_value()
    assert unmarked(host) == [], "the host's table, waiting"
    friend = pages.new(extra_http_headers={"Accept-Language": "qps"})
    friend.goto(invite)
    friend.locator("#join").wait_for()
    assert unmarked(friend) == [], "the invite"
