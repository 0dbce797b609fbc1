"""The web app end to end: a real `euchre serve` driven by headless Chromium, clicking what a
person would click. Whole matches against the computer and between two browsers, what the
page keeps hidden, the hint button, a phone-sized screen and the lobby's refusals."""

from __future__ import annotations

import contextlib
import json
import random
import re
import sqlite3
from urllib.parse import urlparse

import pytest
from browser_support import (
    CHROMIUM,
    browser,
    drawn,
    finished,
    offered,
    pages,
    ready,
    record_of,
    sent,
    server,
    start_from_lobby,
    step,
    take_seat,
)
from server_support import Server

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import Page, expect

__all__ = ["browser", "pages", "server"]  # fixtures


def score_of(page: Page) -> tuple[int, int, int]:
    """(mine, theirs, target) from the score bar."""
    text = page.locator("#score").text_content()
    found = re.fullmatch(r".+ (\d+) · .+ (\d+) \(to (\d+)\)", text)
    assert found, text
    mine, theirs, target = map(int, found.groups())
    return mine, theirs, target


def test_a_whole_match_against_the_computer_by_clicking_from_the_lobby(server, pages):
    page = pages.new()
    # the lobby's own rules (24 cards), to 5 points, against the medium computer
    game_id = start_from_lobby(page, server, "Clicker", opponent="computer", level="medium",
                               target=5)
    expect(page.locator("#them-name")).to_have_text("Computer (medium)")
    rng = random.Random(7)
    moves = dimmed_checked = 0
    while not finished(page):
        ready(page)
        dimmed = page.locator("#hand img.card.dimmed")
        if dimmed.count() and dimmed_checked < 3:
            # a card that may not be played is no button and does nothing when clicked
            messages, before = len(sent(page)), drawn(page)
            dimmed.first.click()
            assert len(sent(page)) == messages and drawn(page) == before
            dimmed_checked += 1
        clicked = step(page, rng)
        if clicked not in (None, "continue"):
            message = sent(page)[-1]
            assert message == {"type": "action", "action": clicked, "seq": message["seq"]}
        moves += 1
        assert moves < 600, "the match does not end"
    assert dimmed_checked, "no dimmed card was ever shown: follow suit never constrained me"

    mine, theirs, target = score_of(page)
    assert target == 5 and max(mine, theirs) >= 5 and min(mine, theirs) < 5
    winner = "You win the match!" if mine > theirs else "Computer wins the match!"
    expect(page.locator("#status")).to_have_text(winner)
    expect(page.locator("#over")).to_contain_text(winner)
    assert offered(page) == []
    expect(page.locator("#hint")).to_be_disabled()
    # every action the page sent was accepted: the stored game holds exactly them
    record = record_of(server, game_id)
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
    assert link.startswith(server.base + "/join/") and "token=" not in link  # no seat's key

    take_seat(bea, server, link, "Bea")
    expect(ann.locator("#invite")).to_be_hidden()  # the friend is here
    expect(ann.locator("#them-dot")).to_have_class("dot on")
    expect(ann.locator("#them-here")).to_have_text("at the table")
    expect(bea.locator("#invite")).to_be_hidden()
    expect(bea.locator("#name-form")).to_be_hidden()  # named when taking the seat
    expect(bea.locator("#them-name")).to_have_text("Ann")
    expect(ann.locator("#them-name")).to_have_text("Bea")
    expect(bea.locator("#me-name")).to_have_text("Bea")
    other = pages.new()  # the invite works once: anyone else is offered to watch
    other.goto(link)
    expect(other.locator("[data-testid=taken]")).to_be_visible()
    expect(other.locator("[data-testid=taken] a")).to_have_attribute(
        "href", "/play/" + link.split("/join/")[1].partition("?")[0])

    rng = random.Random(11)
    players = (ann, bea)
    moves = 0
    while not (finished(ann) and finished(bea)):
        for page in players:
            page.wait_for_function("() => document.body && document.body.dataset.idle === '1'")
        waiting = [p for p in players if p.locator("[data-testid=continue]").is_visible()]
        if waiting:
            waiting[0].click("[data-testid=continue]")
            continue
        movers = [p for p in players if offered(p)]
        if not movers:
            continue  # a state still on its way
        assert len(movers) == 1, "both players are offered a choice"
        other = players[1 - players.index(movers[0])]
        if drawn(other) == drawn(movers[0]):
            expect(other.locator("#status")).to_contain_text("Waiting for")
        step(movers[0], rng)
        moves += 1
        assert moves < 600, "the match does not end"

    ann_mine, ann_theirs, target = score_of(ann)
    bea_mine, bea_theirs, _ = score_of(bea)
    assert (ann_mine, ann_theirs) == (bea_theirs, bea_mine)
    assert target == 3 and max(ann_mine, ann_theirs) >= 3
    assert ann.title() == bea.title() == f"Euchre: Ann {ann_mine}, Bea {ann_theirs}"
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
            const box = img.closest('#hand, #upcard, #trick, #last-trick, #them-cards, ' +
                                    '#hand-tricks, #flying');
            const key = box ? box.id : 'elsewhere';
            (where[key] ||= []).push(img.dataset.card);
        }
        return where;
    }""")


def page_without_last_hand(page: Page) -> tuple[str, str]:
    """The page's markup and text, leaving out what shows the hand that ended while its
    panel is up (its upcard, its tricks and the last one gathered: public cards of that
    hand, which the new deal may have given the opponent)."""
    return tuple(page.evaluate("""() => {
        const body = document.body.cloneNode(true);
        if (!document.getElementById('hand-end').hidden)
            for (const id of ['upcard', 'trick', 'why', 'bids', 'hand-tricks', 'flying'])
                body.querySelector('#' + id).remove();
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
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    other = server.seat(game["links"]["invite"])  # the opponent, who knows his own hand
    try:
        rng = random.Random(5)
        checked = opponent_discards = panels = 0
        while True:
            page.wait_for_function("() => document.body && document.body.dataset.idle === '1'")
            them = other.state
            if them is None or them["seq"] < drawn(page):
                them = other.state_at_least(drawn(page))
            if them["seq"] != drawn(page):
                continue  # the page has a state still to draw
            view = them["view"]
            hidden = set(view["hand"]) | ({view["discard"]} if view["discard"] else set())
            hidden -= public_cards(view)
            ending = page.locator("#hand-end").is_visible()
            where = shown_cards(page)
            assert set(where) <= {"hand", "upcard", "trick", "last-trick", "hand-tricks",
                                  "flying"}, where
            if not ending:
                assert set(where.get("last-trick", [])) == (
                    set(view["tricks"][-1]["cards"]) if view["tricks"] else set())
            # only how many cards the opponent holds (a dealer about to discard holds the
            # upcard as a sixth), each a card back; none while the ended hand is on show
            held = len(view["hand"]) + (view["phase"] == "discard" and view["dealer"] == 1)
            if ending:
                held = 0
            backs = page.locator("#them-cards img")
            assert backs.evaluate_all("imgs => imgs.map(i => i.dataset.card)") == [
                "back"] * held
            shown = page_without_last_hand(page)
            for card in hidden:
                assert not mentions(shown, card), f"the opponent's hidden {card} is shown"
            for card in where.get("hand", []):  # the check does find cards that are shown
                assert mentions(shown, card)
            checked += 1
            panels += ending
            opponent_discards += bool(view["discard"]) and view["phase"] == "play" and not (
                view["tricks"] or view["trick"])
            if them["game"]["finished"]:
                break
            before = drawn(page)
            if ending:
                page.click("[data-testid=continue]")
            elif view["to_move"] == 1:
                other.send({"type": "action", "action": rng.choice(view["legal"]),
                            "seq": them["seq"]})
                page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=before)
            else:
                step(page, rng)
        assert checked > 30 and opponent_discards and panels
        expect(page.locator("#over")).to_be_visible()
    finally:
        other.close()


def check_hint(page: Page) -> list[str]:
    """Ask for a hint now and check that every legal choice gets a labelled value."""
    choices = offered(page)
    expect(page.locator("#hints")).to_have_text("")
    page.click("#hint")
    expect(page.locator("#hints")).to_contain_text("(estimated points this hand)",
                                                   timeout=60_000)
    text = page.locator("#hints").text_content()
    values = re.findall(r"[+-]\d+\.\d\d", text)
    assert len(values) == len(choices), text
    assert [float(v) for v in values] == sorted(map(float, values), reverse=True), text
    for token in choices:
        button = page.locator(f'[data-action="{token}"]')
        if button.evaluate("e => e.classList.contains('card-btn')"):
            value = page.locator(f'#hand .slot:has([data-action="{token}"]) .value')
            expect(value).to_have_text(re.compile(r"^-?\d+\.\d\d$"))
        else:
            expect(button).to_have_text(re.compile(r"\([+-]\d+\.\d\d\)$"))
    assert offered(page) == choices
    return choices


def test_the_hint_button_values_every_legal_choice(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Hinter", seed=3)
    page = pages.new()
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(2)
    hinted: set[str] = set()  # "bid" and "card" (in the play)
    while hinted != {"bid", "card"}:
        ready(page)
        assert not finished(page)
        if page.locator("[data-testid=continue]").is_visible():
            step(page, rng)
            continue
        kind = "card" if page.locator("#hand [data-action]").count() else "bid"
        fresh = kind not in hinted
        if fresh:
            check_hint(page)
            hinted.add(kind)
        step(page, rng)
        if fresh:  # the values go once the position changes
            expect(page.locator("#hints")).to_have_text("")
            assert page.locator("#hand span.value:not(:empty)").count() == 0
            assert page.locator("#actions button", has_text="(").count() == 0


@pytest.mark.parametrize("opponent", ["computer", "friend"])
def test_the_table_fits_a_phone_screen(server, pages, opponent):
    width = 375
    fields = {"level": "easy"} if opponent == "computer" else {}
    game = server.new_game(mode=opponent, name="Pocket", seed=8, **fields)
    page = pages.new(viewport={"width": width, "height": 740}, device_scale_factor=2,
                     is_mobile=True, has_touch=True)
    page.goto(server.base + game["links"]["play"])
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    if opponent == "computer":
        ready(page)  # the computer's turn is over: the hand is not being redrawn meanwhile
    cards = page.locator("#hand img.card")
    expect(cards).to_have_count(5)
    if opponent == "friend":
        expect(page.locator("#invite")).to_be_visible()  # the widest thing a phone shows
    page.wait_for_function("() => [...document.images].every(i => i.complete)")
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


def test_the_lobby_refuses_a_bad_form_in_a_players_words_and_creates_nothing(server, pages):
    page = pages.new()
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.post_data or "")
            if r.method == "POST" and urlparse(r.url).path == "/api/games" else None)
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    before = games_in_store(server)
    page.check("input[name=preset][value=custom]")
    # a target of 0, or none at all, and a name of spaces: said as a person would say it,
    # and nothing is sent (the server, which checks again, words it for programs)
    for target, name, said in (("0", "Ann", "“Play to” takes a whole number of points from 1 "
                                "to 30."), ("", "Ann", "“Play to” takes a whole number"),
                               ("7", "   ", "Write your name first"),
                               ("7", "A/B", "A name cannot have a slash (/) in it.")):
        page.fill("#target", target)
        page.fill("#name", name)
        page.click("[data-testid=play]")
        expect(page.locator("#error")).to_contain_text(said)
        assert not re.search(r"Rules\.|non-empty string|must be", page.locator(
            "#error").text_content())
    assert posted == [] and urlparse(page.url).path == "/"
    assert page.evaluate("localStorage.getItem('euchre.games')") is None
    assert games_in_store(server) == before

    # corrected, it starts a game with that target
    page.fill("#name", "Ann")
    with page.expect_response(is_new_game_post) as created:
        page.click("[data-testid=play]")
    assert created.value.status == 201
    page.wait_for_url(re.compile(r"/play/"))
    assert games_in_store(server) == before + 1
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    assert score_of(page)[2] == 7


def test_the_lobby_lists_every_game_this_browser_sits_in(server, pages):
    """Not only the newest ten: all the games the browser remembers (its newest 50), each
    with its opponent; one left unopened for a week is marked, and can be removed."""
    import urllib.request

    games = []
    for i in range(12):
        request = urllib.request.Request(
            server.base + "/api/games", method="POST",
            data=json.dumps({"mode": "friend", "name": f"P{i}"}).encode(),
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as reply:
            made = json.loads(reply.read())
        games.append({"id": made["id"], "link": made["links"]["play"], "created": i})
    page = pages.new()
    page.goto(server.base + "/")
    page.evaluate("(games) => localStorage.setItem('euchre.games', JSON.stringify(games))",
                  games)
    page.reload()
    expect(page.locator("#mine li")).to_have_count(12)
    newest = page.locator("#mine li").first
    assert newest.get_attribute("data-game") == games[-1]["id"]
    expect(newest).to_contain_text(re.compile(r"Against Friend: (your turn|being played), 0-0"))
    expect(newest).to_contain_text("(left for a week or more)")  # created at time 0
    newest.locator("[data-testid=remove]").click()
    expect(page.locator("#mine li")).to_have_count(11)
    assert games[-1]["id"] not in page.evaluate("localStorage.getItem('euchre.games')")
