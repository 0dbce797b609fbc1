"""The replay of a finished game in Chromium (issue 41, criteria 1, 2 and 6): ``/games/ID``
draws the game on the browser game's table, and at every position of several records (each
deck, a Joker turned up among them) the cards in the ``trick``, ``hand`` and ``seat-1``
zones are the engine's; the buttons and the arrow keys step, ``?at=N`` opens at a position,
a hand and a move are a click away, the review's decisions land on their moment with the
review's values, the statistics page links the replay, and axe finds nothing in either
theme."""

from __future__ import annotations

import json
import random
import re

import pytest
from browser_support import CHROMIUM, axe_violations, browser, record_of
from replay_support import expected
from server_support import TEST_FLAGS, Server
from test_server_protocol import play_against_computer

from euchre import Game, Rules
from euchre.server.storage import SQLiteStorage, StoredGame

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser"]  # fixtures
GAMES = {  # deck: (seed, rules); seed 7 of the Joker deck turns the Joker up first
    24: (4, {"deck": 24, "target": 3}),
    32: (5, {"deck": 32, "target": 3, "stick_the_dealer": True}),
    25: (7, {"deck": 25, "target": 3}),
}
ZONES = """() => {
  const cards = (sel) => [...document.querySelectorAll(`${sel} img[data-card]`)]
    .filter((img) => img.getClientRects().length).map((img) => img.dataset.card);
  return { at: Number(document.body.dataset.at), kind: document.body.dataset.kind,
           trick: cards("[data-zone=trick] #trick"), hand: cards("[data-zone=hand]"),
           seat1: cards("[data-zone=seat-1]") };
}"""
EVERY_POSITION = f"""() => {{
  const read = {ZONES}, next = document.querySelector("[data-testid=replay-next]");
  const seen = [read()];
  while (!next.disabled) {{ next.click(); seen.push(read()); }}
  return seen;
}}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("replay") / "games.db",
                     flags=(*TEST_FLAGS, "--review-deals", "8")).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def games(server) -> dict[int, dict]:
    """A finished game against the computer for each deck, with its record."""
    made = {}
    for deck, (seed, rules) in GAMES.items():
        game = server.new_game(mode="computer", level="easy", name=f"Rita{deck}",
                               rules=rules, seed=seed)
        assert play_against_computer(server, game, 2000)["game"]["finished"]
        made[deck] = {**game, "record": record_of(server, game["id"])}
    return made


@pytest.fixture(scope="module")
def context(browser):
    made = browser.new_context(viewport={"width": 1280, "height": 800})
    made.set_default_timeout(30_000)
    yield made
    made.close()


@pytest.fixture
def page(context):
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda err: errors.append(str(err)))
    yield opened
    opened.close()
    assert errors == [], "JavaScript errors in the page"


def as_drawn(frame: dict) -> dict:
    return {"at": frame["at"], "kind": frame["kind"], "trick": frame["trick"],
            "hand": frame["hands"][0], "seat1": frame["hands"][1]}


def open_replay(page, server: Server, game_id: str, query: str = "") -> None:
    page.goto(f"{server.base}/games/{game_id}{query}")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")


def zones(page) -> dict:
    return page.evaluate(ZONES)


@pytest.mark.parametrize("deck", sorted(GAMES))
def test_every_position_shows_the_records_cards(server, games, page, deck):
    game = games[deck]
    want = [as_drawn(f) for f in expected(game["record"])]
    if deck == 25:
        assert game["record"]["hands"][0]["actions"][0][1].startswith("call")  # the Joker
    open_replay(page, server, game["id"])
    seen = page.evaluate(EVERY_POSITION)
    assert len(seen) == len(want) > 20
    for number, (mine, theirs) in enumerate(zip(seen, want, strict=True)):
        assert mine == theirs, number
    assert page.evaluate("document.body.dataset.at") == str(want[-1]["at"])
    expect(page.locator("#status")).to_contain_text("won")


def test_buttons_and_arrow_keys_step_and_at_opens_a_position(server, games, page):
    game = games[32]
    want = expected(game["record"])
    last = {f["at"]: as_drawn(f) for f in want}  # ?at=N: the last position after N moves
    for at in (0, 1, 7, len(want) // 2, want[-1]["at"]):
        open_replay(page, server, game["id"], f"?at={at}")
        assert zones(page) == last[at], at
    open_replay(page, server, game["id"], "?at=0")
    expect(page.locator("[data-testid=replay-prev]")).to_be_disabled()
    page.click("[data-testid=replay-next]")
    assert zones(page) == as_drawn(want[1])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert zones(page) == as_drawn(want[3])
    assert re.search(r"\?at=3$", page.url)
    page.keyboard.press("ArrowLeft")
    assert zones(page) == as_drawn(want[2])
    page.click("[data-testid=replay-prev]")
    page.click("[data-testid=replay-prev]")
    assert zones(page) == as_drawn(want[0])
    page.keyboard.press("ArrowLeft")  # at the start it stays there
    assert zones(page) == as_drawn(want[0])


def test_a_hand_and_a_move_are_a_click_away_and_it_plays_on_by_itself(server, games, page):
    game = games[24]
    want = expected(game["record"])
    deals = [i for i, f in enumerate(want) if f["kind"] == "deal"]
    assert len(deals) >= 2
    open_replay(page, server, game["id"])
    page.select_option("[data-testid=replay-hand]", label="Hand 2")
    assert zones(page) == as_drawn(want[deals[1]])
    expect(page.locator("#hand-no")).to_contain_text("Hand 2")
    moves = page.locator("[data-testid=replay-move]")
    assert moves.count() == want[-1]["at"]
    move = moves.nth(12)
    at = int(move.get_attribute("data-at"))
    move.click()
    first = next(f for f in want if f["at"] == at)  # the table just after that move
    assert zones(page) == as_drawn(first)
    expect(move).to_have_attribute("aria-current", "step")
    page.locator("[data-testid=replay-deal]").first.click()
    assert zones(page) == as_drawn(want[0])
    open_replay(page, server, game["id"], "#hand-2")  # (the deal of the day's links)
    assert zones(page) == as_drawn(want[deals[1]])
    expect(page.locator("#announce")).to_have_text(re.compile(r"^Hand 2: \w+ deals$"))
    page.evaluate("""() => localStorage.setItem("euchre.settings",
                     JSON.stringify({speed: "fast"}))""")
    open_replay(page, server, game["id"])
    page.click("[data-testid=replay-play]")
    expect(page.locator("[data-testid=replay-play]")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => Number(document.body.dataset.at) >= 3")
    page.click("[data-testid=replay-play]")
    expect(page.locator("[data-testid=replay-play]")).to_have_attribute("aria-pressed", "false")
    paused = zones(page)
    page.wait_for_timeout(700)
    assert zones(page) == paused


def test_the_reviews_decisions_land_on_their_moment_with_the_reviews_values(
        server, games, page):
    game = games[25]
    page.goto(f"{server.base}/games/{game['id']}/review/0")
    expect(page.locator("[data-testid=review-summary]")).to_be_visible(timeout=120_000)
    review = json.loads(server.get(f"/api/games/{game['id']}/review/0")[1])["review"]
    links = page.locator("[data-testid=to-replay]")
    hrefs = links.evaluate_all("(all) => all.map((a) => a.getAttribute('href'))")
    assert len(hrefs) == len(review["decisions"]) > 3
    places = [(h["number"] + 1, j) for h in game["record"]["hands"]
              for j in range(len(h["actions"]))]
    want = expected(game["record"])
    last = {f["at"]: as_drawn(f) for f in want}
    for k in (0, 1, len(review["decisions"]) - 1):
        d = review["decisions"][k]
        at = places.index((d["hand"], d["index"]))
        assert hrefs[k] == f"/games/{game['id']}?at={at}&seat=0"
        if k == 0:  # every choice of a hand is listed (and linked) in its closed details
            page.locator("details.choices", has=links.nth(k)).locator("summary").first.click()
            links.nth(k).click()
            page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
        else:
            open_replay(page, server, game["id"], f"?at={at}&seat=0")
        options = page.locator("[data-testid=replay-option]")
        options.first.wait_for()
        assert zones(page) == last[at]
        assert sorted(zones(page)["hand"]) == sorted(
            [*d["cards"], *([last[at]["hand"][-1]] if d["phase"] == "discard" else [])])
        shown_options = options.evaluate_all(
            "(all) => all.map((o) => [o.dataset.token,"
            " o.querySelector('.option-value').textContent, o.className])")
        assert {t: v for t, v, _ in shown_options} == {
            t: f"{x:+.2f}" for t, x in d["values"].items()}
        marks = {t: set(c.split()) & {"chosen", "best"} for t, _, c in shown_options}
        assert "chosen" in marks[d["chosen"]] and "best" in marks[d["best"]]
        assert [t for t, v, _ in shown_options] == sorted(
            d["values"], key=lambda t: (-d["values"][t], t != d["best"]))
    play = next(d for d in review["decisions"] if d["phase"] == "play")  # a card to choose
    open_replay(page, server, game["id"], f"?at={places.index((play['hand'], play['index']))}"
                                          "&seat=0")
    page.locator("[data-testid=replay-option]").first.wait_for()
    marked = page.locator("[data-zone=hand] .slot:has(.best-tag:not(:empty)) img")
    expect(marked).to_have_attribute("data-card", play["best"])  # the review's best, alone
    link = page.locator("[data-testid=replay-review]")
    expect(link).to_have_attribute("href", re.compile(rf"/games/{game['id']}/review/0#hand-\d+"))
    link.click()
    expect(page.locator("[data-testid=review-summary]")).to_be_visible()


def test_the_statistics_page_links_each_games_replay(server, games, page):
    game = games[24]
    page.goto(f"{server.base}/players/Rita24")
    page.locator(f"a[href='/games/{game['id']}']").click()
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    assert zones(page) == as_drawn(expected(game["record"])[0])
    expect(page.locator("[data-testid=hands] details.hand")).to_have_count(
        len(game["record"]["hands"]))  # the game as text, below the table


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_replay(server, games, browser, scheme):
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 800},
                                  bypass_csp=True)  # (axe-core is injected inline)
    page = context.new_page()
    try:
        game = games[25]
        open_replay(page, server, game["id"], "?at=5")
        assert page.evaluate("document.documentElement.dataset.theme") == scheme
        assert axe_violations(page) == []
        open_replay(page, server, game["id"], "?at=1&seat=0")
        page.locator("[data-testid=replay-option]").first.wait_for(timeout=120_000)
        assert axe_violations(page) == []
    finally:
        context.close()


def test_bad_addresses_are_one_line_pages(server, games):
    game = games[24]
    moves = games[24]["record"]
    total = sum(len(h["actions"]) for h in moves["hands"])
    for query, status, words in ((f"?at={total + 1}", 400, f"from 0 to {total}"),
                                 ("?at=-1", 400, "whole number"), ("?at=x", 400, "whole"),
                                 ("?seat=2", 400, "seats are 0 to 1")):
        code, html = server.get(f"/games/{game['id']}{query}")
        assert code == status and words in html and "Traceback" not in html, query
    assert server.get("/games/nosuchgame")[0] == 404
    playing = server.new_game(mode="computer", level="easy", name="Rita", seed=2)
    assert server.get(f"/games/{playing['id']}")[0] == 409
    code, told = server.get(f"/api/games/{playing['id']}/positions")
    assert code == 409 and json.loads(told)["error"].startswith("This game is not over")
    assert server.get("/api/games/nosuchgame/positions")[0] == 404


def test_a_resigned_game_ends_its_replay_with_the_resignation(server):
    game = server.new_game(mode="computer", level="easy", name="Rita", seed=8)
    server.resign(game["links"]["play"])
    frames = json.loads(server.get(f"/api/games/{game['id']}/positions")[1])["frames"]
    assert frames[-1]["said"].endswith("Rita resigned: Computer won 0-0.")


EVERY_SEAT = """() => {
  const cards = (sel) => [...document.querySelectorAll(`${sel} img[data-card]`)]
    .filter((img) => img.getClientRects().length).map((img) => img.dataset.card);
  const next = document.querySelector("[data-testid=replay-next]"), seen = [];
  const read = () => ({ at: Number(document.body.dataset.at), kind: document.body.dataset.kind,
    trick: cards("[data-zone=trick] #trick"),
    hands: [cards("[data-zone=hand]"), ...[1, 2, 3].map((p) => cards(`[data-zone=seat-${p}]`))] });
  seen.push(read());
  while (!next.disabled) { next.click(); seen.push(read()); }
  return seen;
}"""


@pytest.mark.parametrize("players", [4, 3])
def test_a_game_of_four_and_of_three_is_replayed_on_the_table(server, page, players):
    """Every position of a finished game of four (or three) on the table: the trick, and
    every seat's cards face up at its place, as the engine has them."""
    rules, rng = Rules(players=players, target=3), random.Random(players)
    game = Game(rules, seed=players)
    while not game.is_over:
        legal = game.legal_actions()
        alone = [a for a in legal if a.endswith(" alone")]  # a partner sits out
        game.apply(alone[0] if alone and rng.random() < 0.3 else rng.choice(legal))
    game_id = f"family{players}"
    stored = StoredGame(game_id, "computer", "easy", rules, players,
                        ("t", *[None] * (players - 1)), ("Ann", *["Computer"] * (players - 1)),
                        [token for _, token in game.actions()], finished=True)
    SQLiteStorage(server.db).put_whole(stored)
    open_replay(page, server, game_id)
    seen = page.evaluate(EVERY_SEAT)
    want = expected(game.record())
    assert len(seen) == len(want) > 20
    for number, (mine, theirs) in enumerate(zip(seen, want, strict=True)):
        assert mine["trick"] == theirs["trick"] and mine["kind"] == theirs["kind"], number
        assert mine["hands"][:players] == theirs["hands"], number
    expect(page.locator("#status")).to_contain_text("won")
    assert "Ann and North" in page.content() if players == 4 else "West" in page.content()
    score = game.score  # the bar, short enough for a phone: the others by initial
    expect(page.locator("#score")).to_have_text(
        f"Ann & N {score[0]} · W & E {score[1]} (to 3)" if players == 4
        else f"Ann {score[0]} · W {score[1]} · E {score[2]} (to 3)")
    code, html = server.get(f"/games/{game_id}?seat={players}")
    assert code == 400 and f"0 to {players - 1}" in html


def test_on_a_phone_the_moves_are_one_tap_away_and_a_move_shows_the_table(
        server, games, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        game = games[32]
        want = expected(game["record"])
        open_replay(page, server, game["id"])
        expect(page.locator("[data-testid=replay-next]")).to_be_in_viewport()
        page.click("[data-testid=pad-toggle]")
        move = page.locator("[data-testid=replay-move]").nth(5)
        at = int(move.get_attribute("data-at"))
        move.click()
        expect(page.locator("#side")).not_to_have_class(re.compile(r"\bopen\b"))
        assert zones(page) == as_drawn(next(f for f in want if f["at"] == at))
    finally:
        context.close()
