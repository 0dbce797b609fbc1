"""The deal of the day in Chromium (issue 41, criteria 4 and 6): two people who play on the
same day get the same cards at the table, a second game in the same browser the same day
is refused on the page (a stranger typing the same name is not: issue 57), the board orders
the results by points and links them only for a browser that has played, the result's
links land in the replay at the hand, and axe finds nothing on the day's pages in either
theme. (The HTTP side, the expert's par, the one-result rule and the secrecy of the day's
deals: ``test_server_daily.py``.)"""

from __future__ import annotations

import datetime
import json
import re

import pytest
from browser_support import CHROMIUM, PHONE, SMALL_PHONE, axe_violations, browser, pages
from server_support import Server
from test_browser_turn_and_fit import BAR_CUT
from test_server_daily import play_to_the_end

from euchre import daily

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages"]  # fixtures
SEEN = """() => ({
  hand: [...document.querySelectorAll("[data-zone=hand] img[data-card]")]
    .map((i) => i.dataset.card),
  upcard: document.querySelector("#upcard img")?.dataset.card ?? null })"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("daily") / "games.db").start()
    yield running
    running.stop()


def play_today(page, server: Server, name: str) -> None:
    page.goto(server.base + "/daily")
    page.wait_for_selector("#daily[data-ready='1']", state="attached")  # (after its words load)
    page.fill("#name", name)
    page.click("[data-testid=play-daily]")


def at_the_table(page) -> dict:
    page.wait_for_url("**/play/**")
    page.wait_for_function("() => document.querySelectorAll('[data-zone=hand] img').length === 5")
    return page.evaluate(SEEN)


def test_the_day_deals_the_same_cards_once_a_browser_and_its_board_orders_by_points(
        server, pages):
    ann, bo = pages.new(), pages.new()  # two people, each in his own browser
    play_today(ann, server, "Ann")
    play_today(bo, server, "Bo")
    seen = [at_the_table(ann), at_the_table(bo)]
    assert seen[0] == seen[1] and seen[0]["upcard"] and len(seen[0]["hand"]) == 5
    links = {name: page.url.removeprefix(server.base) for name, page in
             (("Ann", ann), ("Bo", bo))}
    stranger = pages.new()  # another browser may take the name "Ann": her day is her own
    play_today(stranger, server, "Ann")
    at_the_table(stranger)
    play_today(ann, server, "Ann again")  # but Ann's browser has had its game today
    expect(ann.locator("#error")).to_contain_text("one game a day")
    assert ann.url.endswith("/daily")
    for pick, name in enumerate(("Ann", "Bo")):  # (different play: different points)
        play_to_the_end(server, links[name], pick)
    stranger.goto(server.base + "/daily")  # not played to its end: no result opens
    expect(stranger.locator("[data-testid=board] a")).to_have_count(0)
    board = ann
    board.goto(server.base + "/daily")
    rows = board.locator("[data-testid=board] tr").evaluate_all(
        "(rows) => rows.slice(1).map((r) => [...r.cells].map((c) => c.textContent))")
    assert sorted(row[1] for row in rows) == ["Ann", "Bo"]
    points = [int(row[2]) for row in rows]
    assert points == sorted(points, reverse=True)
    board.click("[data-testid=board] a >> text=Ann")
    expect(board.locator("[data-testid=daily-result]")).to_contain_text("Ann")
    played = board.locator("[data-testid=differed] a")
    if played.count():  # a hand where Ann and the expert differed: its replay, at that hand
        hand = played.first.get_attribute("href").rsplit("#hand-", 1)[1]
        played.first.click()
        board.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
        expect(board.locator("#hand-no")).to_contain_text(f"Hand {hand},")
        assert board.evaluate("document.body.dataset.kind") == "deal"


@pytest.fixture(scope="module")
def played_today(tmp_path_factory, browser):
    """A server of its own where Ann's browser has played the day's game to its end (so the
    board links her result): the server and her browser's cookies. The axe test's own, so
    that it passes alone or in any order, whatever the other tests did."""
    running = Server(tmp_path_factory.mktemp("daily-axe") / "games.db").start()
    context = browser.new_context()
    page = context.new_page()
    play_today(page, running, "Ann")
    at_the_table(page)
    play_to_the_end(running, page.url.removeprefix(running.base), 0)
    cookies = context.cookies()
    context.close()
    yield running, cookies
    running.stop()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_days_pages(played_today, pages, scheme):
    server, cookies = played_today
    page = pages.new(bypass_csp=True, color_scheme=scheme)  # (axe-core is injected inline)
    page.context.add_cookies(cookies)  # Ann's browser: she has played today
    board = json.loads(page.request.get(server.base + "/api/daily").text())["board"]
    game = next(row["game"] for row in board if row["name"] == "Ann")
    for path in ("/daily", daily.result_link(daily.today(), game)):
        page.goto(server.base + path)
        assert page.evaluate("document.documentElement.dataset.theme") == scheme
        assert axe_violations(page) == [], path


END_SAYS = re.compile(
    r"^You: ([+-]?\d+) over the 6 hands \(your points less the computer's\)\. The expert, "
    r"playing the same seat on the same cards: ([+-]?\d+)\. You scored (the same as|\d+ "
    r"(?:more|fewer) than) the expert\.$")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_days_end_sets_the_result_beside_the_experts_with_no_rematch(server, pages,
                                                                         scheme):
    name = f"End{scheme}"
    page = pages.new(bypass_csp=True, color_scheme=scheme)  # its own browser: its own day
    reply = page.request.post(server.base + "/api/daily", data={"name": name})
    assert reply.status == 201, reply.text()
    made = reply.json()
    game_id = made["id"]
    play_to_the_end(server, made["links"]["play"], 1)
    page.goto(server.base + made["links"]["play"])
    over = page.locator("#over")
    expect(over.locator("h2")).to_have_text("The 6 hands of the day are played")
    expect(page.locator("#status")).to_have_text("The 6 hands of the day are played")
    said = page.locator("[data-testid=daily-compared]")
    expect(said).to_have_text(END_SAYS, timeout=60_000)  # (the expert's play may be worked
    points, expert, _ = END_SAYS.match(said.text_content()).groups()  # out still)
    told = page.request.get(server.base + f"/api/daily/{daily.today()}/{game_id}").json()
    assert (int(points), int(expert)) == (told["points"], told["expert"])
    expect(over.locator("[data-testid=rematch]")).to_have_count(0)  # a day is played once
    expect(over.locator("[data-testid=rematch-offer]")).to_have_count(0)
    expect(over.locator("svg.chart line.target")).to_have_count(0)  # no goal: six hands
    assert "13" not in over.locator("svg.chart text").all_text_contents()
    expect(page.locator("#score .to")).to_have_text("(6 hands)")
    expect(page.locator("#hand-no")).to_contain_text("Hand 6,")  # the last hand played, not
    expect(page.locator("#hand img")).to_have_count(0)           # a deal nobody plays
    assert axe_violations(page) == []
    page.locator("[data-testid=daily-board-link]").click()
    page.wait_for_url(f"**/daily/{daily.today()}/{game_id}#board")
    expect(page.locator("#board")).to_have_text(f"The board of {long_date(daily.today())}")
    expect(page.locator("[data-testid=board]")).to_contain_text(name)
    page.go_back()
    page.locator("[data-testid=daily-result-link]").click()
    expect(page.locator("[data-testid=daily-result]")).to_contain_text(
        f"{name}: {told['points']:+d}" if told["points"] else f"{name}: 0")


def long_date(day: str) -> str:
    """A day as the pages write it in English (issue 56: dates by the language)."""
    when = datetime.date.fromisoformat(day)
    return f"{when:%B} {when.day}, {when.year}"


SIX_HANDS = {"en": "(6 hands)", "so": "(6 gacmood)", "ceb": "(6 ka kamot)"}


@pytest.mark.parametrize("screen", [PHONE, SMALL_PHONE], ids=["390", "360"])
@pytest.mark.parametrize("language", ["en", "so", "ceb"])
def test_the_phones_bar_keeps_the_days_whole_score(server, pages, screen, language):
    """Issue 48, defect 4 at the deal of the day: its bar says "(6 hands)" where a match
    says "(to 10)", and that longer goal is whole on a phone's bar too, in Somali's and
    Cebuano's longer words as well (issue 56)."""
    page = pages.new(**screen, extra_http_headers={"Accept-Language": language})  # its own day
    play_today(page, server, f"Bar{screen['viewport']['width']}{language}")
    at_the_table(page)
    expect(page.locator("#score .to")).to_have_text(SIX_HANDS[language])
    assert page.evaluate(BAR_CUT) == []


def test_a_days_result_is_refused_in_one_line_until_it_is_played(server):
    code, told = server.get(f"/api/daily/{daily.today()}/Nobody")
    assert code == 404 and json.loads(told) == {
        "error": f"No game of the deals of {daily.today()} has this link."}
