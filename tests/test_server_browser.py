"""The web app end to end: a real `euchre serve` driven by headless Chromium, clicking what a
person would click. Whole matches against the computer and between two browsers, what the
page keeps hidden, the hint button, a phone-sized screen and the lobby's refusals."""

from __future__ import annotations

import contextlib
import json
import random
import re
import sqlite3
from pathlib import Path
from urllib.parse import urlparse

import pytest
from server_support import Server

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

TIMEOUT = 30_000  # ms: one state change, one page load, one hint
CHOICES = "#hand img.card.legal, #actions button[data-action]"
ACTIONABLE = f"{CHOICES}, #over:not([hidden])"

# Counts, without touching the app, the state messages the page receives (window.__seq is
# the seq of the newest one: it is set just before table.js draws it, in the same task) and
# the messages it sends. Only the documented protocol is assumed.
WATCH_SOCKET = """
(() => {
  const Native = window.WebSocket;
  window.__seq = -1;
  window.__sent = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "state") window.__seq = message.seq;
      });
    }
    send(data) { window.__sent.push(JSON.parse(data)); return super.send(data); }
  };
})();
"""


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("browser") / "games.db", bot_delay=0.0).start()
    yield running
    running.stop()


@pytest.fixture
def pages(browser):
    """``pages.new()`` opens a page in a fresh context (its own localStorage, as another
    person's browser); all are closed after the test, which fails on any script error."""
    opened: list[Page] = []
    errors: list[str] = []

    class Pages:
        @staticmethod
        def new(**options) -> Page:
            context = browser.new_context(**options)
            context.set_default_timeout(TIMEOUT)
            context.add_init_script(WATCH_SOCKET)
            page = context.new_page()
            page.on("pageerror", lambda err: errors.append(f"{page.url}: {err}"))
            opened.append(page)
            return page

    yield Pages
    for page in opened:
        page.context.close()
    assert errors == [], "JavaScript errors in the page"


def seq(page: Page) -> int:
    return page.evaluate("window.__seq")


def sent(page: Page) -> list[dict]:
    return page.evaluate("window.__sent")


def wait_for_state_after(page: Page, before: int) -> None:
    """Until the page has drawn a state newer than ``before``; fails on an error shown."""
    page.wait_for_function(
        "(n) => window.__seq > n || document.getElementById('error').textContent !== ''",
        arg=before)
    assert page.locator("#error").text_content() == ""


def legal_choices(page: Page) -> list[tuple[str, str]]:
    """What the page offers now: ("card", token) for clickable cards, ("action", token) for
    bid buttons; read in one go so that they belong to one drawn state."""
    return [tuple(c) for c in page.evaluate("""() => [
        ...[...document.querySelectorAll('#hand img.card.legal')]
            .map(e => ['card', e.dataset.card]),
        ...[...document.querySelectorAll('#actions button[data-action]')]
            .map(e => ['action', e.dataset.action])]""")]


def click_choice(page: Page, choice: tuple[str, str]) -> None:
    kind, token = choice
    if kind == "card":
        page.locator(f'#hand img.card.legal[data-card="{token}"]').click()
    else:
        page.locator(f'#actions button[data-action="{token}"]').click()


def score_of(page: Page) -> tuple[int, int, int]:
    """(mine, theirs, target) from the score bar."""
    text = page.locator("#score").text_content()
    found = re.fullmatch(r".+ (\d+) · .+ (\d+) \(to (\d+)\)", text)
    assert found, text
    mine, theirs, target = map(int, found.groups())
    return mine, theirs, target


def finished(page: Page) -> bool:
    return page.locator("#over").is_visible()


def start_from_lobby(page: Page, server: Server, name: str, *, opponent: str,
                     target: int | None = None, level: str | None = None) -> str:
    """Fill the lobby's form and start; returns the game's id once its table is shown."""
    page.goto(server.base + "/")
    page.fill("#name", name)
    page.check(f"input[name=opponent][value={opponent}]")
    if level:
        page.select_option("#level", level)
    if target is not None:
        page.fill("#target", str(target))
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/play/[^/?]+\?token=.+"))
    page.wait_for_function("window.__seq >= 0")
    return urlparse(page.url).path.rsplit("/", 1)[1]


def test_a_whole_match_against_the_computer_by_clicking_from_the_lobby(server, pages):
    page = pages.new()
    # the lobby's own rules (24 cards, to 10 points) against the medium computer
    game_id = start_from_lobby(page, server, "Clicker", opponent="computer", level="medium")
    expect(page.locator("#them-name")).to_have_text("Computer (medium)")
    rng = random.Random(7)
    moves = dimmed_checked = 0
    while True:
        page.wait_for_selector(ACTIONABLE, state="attached")
        if finished(page):
            break
        before = seq(page)
        choices = legal_choices(page)
        assert choices, "the page offers nothing, yet it is my turn"
        dimmed = page.locator("#hand img.card.dimmed")
        if dimmed.count() and dimmed_checked < 3:
            # a card that may not be played does nothing when clicked
            messages = len(sent(page))
            dimmed.first.click()
            assert len(sent(page)) == messages
            assert seq(page) == before and page.locator("#error").text_content() == ""
            assert legal_choices(page) == choices
            dimmed_checked += 1
        choice = rng.choice(choices)
        click_choice(page, choice)
        message = sent(page)[-1]
        assert message["type"] == "action"
        assert message["action"] in (choice[1], f"discard {choice[1]}")
        wait_for_state_after(page, before)
        moves += 1
        assert moves < 500, "the match does not end"
    assert dimmed_checked, "no dimmed card was ever shown: follow suit never constrained me"

    mine, theirs, target = score_of(page)
    assert target == 10 and max(mine, theirs) >= 10 and min(mine, theirs) < 10
    winner = "You win the match!" if mine > theirs else "Computer wins the match!"
    expect(page.locator("#status")).to_have_text(winner)
    expect(page.locator("#over")).to_contain_text(winner)
    assert page.locator("#hand img.card.legal, #actions button").count() == 0
    expect(page.locator("#hint")).to_be_disabled()
    # every action the page sent was accepted: the stored game holds exactly them
    record = json.loads(server.get(f"/api/games/{game_id}/record")[1])
    mine_stored = [token for hand in record["hands"] for seat, token in hand["actions"]
                   if seat == 0]
    assert mine_stored == [m["action"] for m in sent(page) if m["type"] == "action"]
    assert record["score"] == [mine, theirs]

    page.click("[data-testid=record-link]")
    page.wait_for_url(f"**/games/{game_id}")
    hands = page.locator("[data-testid=hands] details.hand")
    assert hands.count() == len(record["hands"]) >= 2
    heading = (f"Clicker won {mine}-{theirs}" if mine > theirs
               else f"Computer won {theirs}-{mine}")
    expect(page.locator("h1")).to_have_text(heading)
    hands.first.locator("summary").click()
    expect(hands.first.locator("pre")).to_be_visible()

    page.goto(server.base + "/players/Clicker")
    stats = page.locator("[data-testid=stats]")
    expect(stats).to_contain_text("Matches: 1 played")
    expect(stats).to_contain_text(f"{1 if mine > theirs else 0} won")


def test_two_browsers_play_each_other_through_the_invite_link(server, pages):
    ann, bea = pages.new(), pages.new()
    start_from_lobby(ann, server, "Ann", opponent="friend", target=3)
    expect(ann.locator("#invite")).to_be_visible()
    link = ann.locator("#invite-link").input_value()
    assert link.startswith(server.base + "/play/") and "token=" in link
    assert link != ann.url  # the friend's seat, not mine

    bea.goto(link)
    bea.wait_for_function("window.__seq >= 0")
    expect(ann.locator("#invite")).to_be_hidden()  # the friend is here
    expect(ann.locator("#them-dot")).to_have_class("dot on")
    expect(bea.locator("#invite")).to_be_hidden()
    expect(bea.locator("#name-form")).to_be_visible()
    expect(bea.locator("#them-name")).to_have_text("Ann")
    bea.fill("#name-form #name", "Bea")
    bea.click("#name-form button[type=submit]")
    expect(bea.locator("#name-form")).to_be_hidden()
    expect(ann.locator("#them-name")).to_have_text("Bea")
    expect(bea.locator("#me-name")).to_have_text("Bea")

    rng = random.Random(11)
    players = (ann, bea)
    moves = 0
    while not finished(ann):
        current = max(seq(ann), seq(bea))
        for page in players:  # both have drawn the newest state
            page.wait_for_function("(n) => window.__seq >= n", arg=current)
        offered = [legal_choices(page) for page in players]
        movers = [i for i in (0, 1) if offered[i]]
        if not movers:
            assert finished(ann) and finished(bea)
            break
        assert len(movers) == 1, f"both players are offered a choice: {offered}"
        mover = players[movers[0]]
        other = players[1 - movers[0]]
        expect(other.locator("#status")).to_contain_text("Waiting for")
        click_choice(mover, rng.choice(offered[movers[0]]))
        for page in players:
            wait_for_state_after(page, current)
        moves += 1
        assert moves < 500, "the match does not end"

    expect(bea.locator("#over")).to_be_visible()
    assert ann.title() == bea.title()  # "Euchre: Ann x, Bea y" on both
    ann_mine, ann_theirs, target = score_of(ann)
    bea_mine, bea_theirs, _ = score_of(bea)
    assert (ann_mine, ann_theirs) == (bea_theirs, bea_mine)
    assert target == 3 and max(ann_mine, ann_theirs) >= 3
    assert ann.title() == f"Euchre: Ann {ann_mine}, Bea {ann_theirs}"
    if ann_mine > ann_theirs:
        expect(ann.locator("#status")).to_have_text("You win the match!")
        expect(bea.locator("#status")).to_have_text("Ann wins the match!")
    else:
        expect(ann.locator("#status")).to_have_text("Bea wins the match!")
        expect(bea.locator("#status")).to_have_text("You win the match!")


def shown_cards(page: Page) -> dict[str, list[str]]:
    """The face-up card images on the page, by the box they are in."""
    return page.evaluate("""() => {
        const where = {};
        for (const img of document.querySelectorAll('img.card')) {
            if (img.dataset.card === 'back') continue;
            const box = img.closest('#hand, #upcard, #trick, #last-trick, #them-cards');
            const key = box ? box.id : 'elsewhere';
            (where[key] ||= []).push(img.dataset.card);
        }
        return where;
    }""")


def page_without_last_trick(page: Page) -> tuple[str, str]:
    """The page's markup and text, leaving out the last trick (which may still show the
    previous hand's, checked apart)."""
    return tuple(page.evaluate("""() => {
        const body = document.body.cloneNode(true);
        body.querySelector('#last-trick').remove();
        return [body.outerHTML, body.textContent];
    }"""))


def mentions(shown: tuple[str, str], card: str) -> bool:
    """Whether ``card`` is in ``shown``: as an image, in the markup or in the text."""
    html, text = shown
    return (f'"{card}"' in html or f"/cards/{card}.svg" in html
            or re.search(rf"\b{card}\b", text) is not None)


def public_cards(view: dict) -> set[str]:
    cards = {view["upcard"], *view["trick"]}
    for trick in view["tricks"]:
        cards.update(trick["cards"])
    return cards


def test_the_page_never_shows_the_opponents_hidden_cards(server, pages):
    game = server.new_game(mode="friend", name="Ann", rules={"target": 5}, seed=21)
    page = pages.new()
    page.goto(server.base + game["links"]["play"])
    page.wait_for_function("window.__seq >= 0")
    other = server.seat(game["links"]["invite"])  # the opponent, who knows his own hand
    try:
        rng = random.Random(5)
        before_view: dict | None = None
        last_trick: set[str] = set()  # the last completed trick, which stays on show
        checked = opponent_discards = carried = 0
        while True:
            them = other.state
            if them is None or them["seq"] < seq(page):
                them = other.state_at_least(seq(page))
            assert them["seq"] == seq(page)
            view = them["view"]
            public = public_cards(view)
            hidden = set(view["hand"]) | ({view["discard"]} if view["discard"] else set())
            hidden -= public
            if view["tricks"]:
                last_trick = set(view["tricks"][-1]["cards"])
            elif before_view and before_view["hand_number"] != view["hand_number"]:
                # a new deal: the hand's last trick was the one in progress plus the last card
                last = them["last_action"][1] if them["last_action"] else None
                last_trick = ({*before_view["trick"], last}
                              if len(before_view["trick"]) == 1 and last else set())

            where = shown_cards(page)
            assert set(where) <= {"hand", "upcard", "trick", "last-trick"}, where
            assert set(where.get("last-trick", [])) == last_trick
            # only how many cards the opponent holds (a dealer about to discard holds the
            # upcard as a sixth), each a card back
            held = len(view["hand"]) + (view["phase"] == "discard" and view["dealer"] == 1)
            backs = page.locator("#them-cards img")
            assert backs.evaluate_all("imgs => imgs.map(i => i.dataset.card)") == [
                "back"] * held
            shown = page_without_last_trick(page)
            for card in hidden:
                assert not mentions(shown, card), f"the opponent's hidden {card} is shown"
            for card in where.get("hand", []):  # the check does find cards that are shown
                assert mentions(shown, card)
            checked += 1
            opponent_discards += bool(view["discard"]) and view["phase"] == "play" and not (
                view["tricks"] or view["trick"])
            carried += bool(last_trick & hidden)
            before_view = view
            if them["game"]["finished"]:
                break
            before = seq(page)
            if view["to_move"] == 1:
                other.send({"type": "action", "action": rng.choice(view["legal"])})
            else:
                page.wait_for_selector(CHOICES, state="attached")
                click_choice(page, rng.choice(legal_choices(page)))
            wait_for_state_after(page, before)
        # the game went through what matters here: the opponent's discards, and new deals
        # that gave him cards still on show in the last trick of the hand before
        assert checked > 30 and opponent_discards and carried
        expect(page.locator("#over")).to_be_visible()
    finally:
        other.close()


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_selector(CHOICES, state="attached")


def check_hint(page: Page) -> list[tuple[str, str]]:
    """Ask for a hint now and check that every legal choice gets a value."""
    choices = legal_choices(page)
    expect(page.locator("#hints")).to_have_text("")
    page.click("#hint")
    expect(page.locator("#hints")).to_contain_text("Expert:", timeout=60_000)
    text = page.locator("#hints").text_content()
    values = re.findall(r"[+-]\d+\.\d\d", text)
    assert len(values) == len(choices), text
    assert [float(v) for v in values] == sorted(map(float, values), reverse=True), text
    for kind, token in choices:
        if kind == "card":
            value = page.locator(f'#hand .slot:has(img.legal[data-card="{token}"]) .value')
            expect(value).to_have_text(re.compile(r"^-?\d+\.\d\d$"))
        else:
            button = page.locator(f'#actions button[data-action="{token}"]')
            expect(button).to_have_text(re.compile(r"\(-?\d+\.\d\d\)$"))
    assert legal_choices(page) == choices
    return choices


def test_the_hint_button_values_every_legal_choice(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Hinter", seed=3)
    page = pages.new()
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(2)
    hinted: set[str] = set()  # "action" (a bid) and "card" (in the play)
    hinted_phase = False
    while hinted != {"action", "card"}:
        wait_for_my_turn(page)
        assert not finished(page)
        choices = legal_choices(page)
        kind = choices[0][0]
        if kind not in hinted:
            check_hint(page)
            hinted.add(kind)
            hinted_phase = True
        before = seq(page)
        click_choice(page, rng.choice(choices))
        wait_for_state_after(page, before)
        if hinted_phase:  # the values go once the position changes
            expect(page.locator("#hints")).to_have_text("")
            assert page.locator("#hand span.value:not(:empty)").count() == 0
            assert page.locator("#actions button", has_text="(").count() == 0
            hinted_phase = False


@pytest.mark.parametrize("opponent", ["computer", "friend"])
def test_the_table_fits_a_phone_screen(server, pages, opponent):
    width = 375
    fields = {"level": "easy"} if opponent == "computer" else {}
    game = server.new_game(mode=opponent, name="Pocket", seed=8, **fields)
    page = pages.new(viewport={"width": width, "height": 740}, device_scale_factor=2,
                     is_mobile=True, has_touch=True)
    page.goto(server.base + game["links"]["play"])
    page.wait_for_function("window.__seq >= 0")
    cards = page.locator("#hand img.card")
    expect(cards).to_have_count(5)
    if opponent == "friend":
        expect(page.locator("#invite")).to_be_visible()  # the widest thing a phone shows
    page.wait_for_function("[...document.images].every(i => i.complete)")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box and box["width"] >= 40, box  # still a card you can tap
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    for selector in ("#score", "#status", "#hint"):
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)


def games_in_store(server: Server) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{server.db}?mode=ro", uri=True)) as db:
        return db.execute("SELECT count(*) FROM games").fetchone()[0]


def is_new_game_post(response) -> bool:
    return response.request.method == "POST" and urlparse(response.url).path == "/api/games"


def test_the_lobby_refuses_a_bad_target_and_creates_nothing(server, pages):
    page = pages.new()
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.post_data or "")
            if r.method == "POST" and urlparse(r.url).path == "/api/games" else None)
    page.goto(server.base + "/")
    before = games_in_store(server)

    # 0 is stopped by the form itself (min=1), which says why: nothing is sent
    page.fill("#target", "0")
    page.click("[data-testid=start]")
    assert page.evaluate("document.getElementById('target').validationMessage")
    assert page.evaluate("document.getElementById('new-game').checkValidity()") is False
    assert posted == [] and urlparse(page.url).path == "/"

    # an emptied field passes the form; the server refuses it and the lobby says why
    page.fill("#target", "")
    with page.expect_response(is_new_game_post) as refused:
        page.click("[data-testid=start]")
    assert refused.value.status == 400
    expect(page.locator("#error")).to_contain_text(
        "target must be a whole number of points from 1 to 1000")
    assert len(posted) == 1 and json.loads(posted[0])["rules"]["target"] == 0
    assert urlparse(page.url).path == "/"
    assert page.evaluate("localStorage.getItem('euchre.games')") is None
    expect(page.locator("#mine")).to_have_text("None yet.")
    assert games_in_store(server) == before

    # corrected, it starts a game with that target
    page.fill("#target", "7")
    with page.expect_response(is_new_game_post) as created:
        page.click("[data-testid=start]")
    assert created.value.status == 201
    page.wait_for_url(re.compile(r"/play/"))
    assert games_in_store(server) == before + 1
    page.wait_for_function("window.__seq >= 0")
    assert score_of(page)[2] == 7
