"""The table a player enjoys (issue 16), each criterion in Chromium: every legal choice and
nothing else, pacing and the hand-end panel, one vocabulary, the match flowing on, playing a
friend, undo, settings, the keyboard and axe-core, the rules page and the README's
screenshot."""

from __future__ import annotations

import itertools
import random
import re
import subprocess
import time
from pathlib import Path

import pytest
from browser_support import (
    AXE,
    CHROMIUM,
    browser,
    drawn,
    finished,
    offered,
    pages,
    ready,
    record_of,
    server,
    start_from_lobby,
    state_of,
    step,
    take_seat,
)

from euchre import Game, Rules
from euchre.cards import EFFECTIVE_SUIT, parse_card, parse_suit
from euchre.view import View
from euchre.words import bid_words, card_text, choice_words

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures
ROOT = Path(__file__).resolve().parents[1]
TOKEN_IN_TEXT = re.compile(r"\b(?:[789TJQKA][CDHS]|JK)\b")
REASONS = ("the Joker|the right bower|the left bower|higher trump|trump|higher card|"
           "the suit led")


def open_seat(page, server, link: str) -> None:
    if link.startswith("/join/"):  # a friend's invite: taken once, then the seat's own link
        take_seat(page, server, link)
        return
    page.goto(server.base + link)
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")


def check_choices(page) -> dict:
    """At a decision: the choices on show are exactly view.legal, each worded by
    euchre.words, and no card is written as a token."""
    state = state_of(page)
    view = View.from_dict(state["view"])
    tokens = offered(page)
    assert sorted(tokens) == sorted(view.legal), (tokens, view.legal)
    everything = page.locator("[data-action]")
    assert everything.count() == len(tokens)  # nothing hidden or disabled lingers
    for token in tokens:
        node = page.locator(f'[data-action="{token}"]')
        said = node.get_attribute("title") or re.sub(r"^\d", "", node.text_content())
        assert said == choice_words(view, token), (token, said)
    bids = page.locator("#bids div").all_text_contents()
    assert [b.split(": ", 1)[1] for b in bids] == said_bids(view)
    assert not TOKEN_IN_TEXT.search(page.locator("main").inner_text())
    status = page.locator("#status").text_content()
    if "order" in view.legal:  # the prompt says what the button says ("pick up" / "order up")
        assert choice_words(view, "order") in status, status
    if view.phase == "discard" and "pass" in view.legal:
        assert "leave it" in status, status
    if view.trump:  # trumps marked as the engine has them: the left bower, the Joker, the upcard
        held = page.locator("#hand .slot").evaluate_all(
            "s => s.map(e => [e.querySelector('img').dataset.card, e.classList.contains('trump')])")
        assert held == [[c, is_trump(c, view.trump)] for c, _ in held], held
    return state


def said_bids(view: View) -> list[str]:
    """The bidding as the page must show it: each bid in the engine's words, then the
    dealer's answer to an order-up once he has given it (no bid of view.bids)."""
    said = [bid_words(view, p, t) for p, t in view.bids]
    if view.bids and view.bids[-1] == (1 - view.dealer, "order") and view.phase == "play":
        up = card_text(view.upcard)
        said.append(f"picked up {up}" if view.upcard_taken else f"left {up} on the table")
    return said


def is_trump(card: str, trump: str) -> bool:
    """The engine's answer: the card belongs to the trump suit (bowers and the Joker too)."""
    suit = parse_suit(trump)
    return EFFECTIVE_SUIT[suit][parse_card(card)] == suit


def left_bower(card: str, trump: str) -> bool:
    return card[0] == "J" and card != "JK" and card[1] != trump and is_trump(card, trump)


def opponent_move(other, prefer_order: bool, rng: random.Random) -> bool:
    """The socket seat's move, if it has one: "order" when it may (so the page's dealer
    gets to discard), else at random."""
    newest = other.page.evaluate("window.__seq")
    state = other.state
    if state is None or state["seq"] < newest:
        state = other.state_at_least(newest)
    view = state["view"]
    if state["game"]["finished"] or view["to_move"] != 1 or not view["legal"]:
        return False
    legal = view["legal"]
    token = "order" if prefer_order and "order" in legal else rng.choice(legal)
    other.send({"type": "action", "action": token, "seq": state["seq"]})
    other.state_at_least(state["seq"] + 1)
    return True


@pytest.mark.parametrize("deck,options", [
    (24, {}), (32, {"stick_the_dealer": True, "dealer_must_pick_up": True}),
    (25, {"may_call_turned_suit": True, "stick_the_dealer": True})])
def test_every_legal_choice_and_nothing_else_under_each_deck_and_option(server, pages, deck,
                                                                        options):
    game = server.new_game(mode="friend", name="Ann", seed=40 + deck,
                           rules={"deck": deck, "target": 3, **options})
    page = pages.new()
    open_seat(page, server, game["links"]["play"])
    other = server.seat(game["links"]["invite"])
    rng = random.Random(deck)
    decisions = discards = upcard_discarded = waits = left_bowers = leave_it = 0
    try:
        other.state_at_least(0)
        other.page = page
        while not finished(page):
            page.wait_for_function("() => document.body && document.body.dataset.idle === '1'")
            up_to_date = drawn(page) == page.evaluate("window.__seq") and not finished(page)
            if up_to_date and not state_of(page)["view"]["legal"]:  # not my turn: none offered
                assert offered(page) == [], offered(page)
                waits += 1
            if opponent_move(other, True, rng):
                continue
            ready(page)
            if finished(page) or page.locator("[data-testid=continue]").is_visible():
                step(page, rng)
                continue
            state = check_choices(page)
            decisions += 1
            view = state["view"]
            if view["trump"]:
                left_bowers += any(left_bower(c, view["trump"]) for c in view["hand"])
            prefer = None
            if view["phase"] == "discard":
                discards += 1
                up = f"discard {view['upcard']}"
                if view["upcard"] != "JK":
                    assert up in offered(page)  # the upcard is his sixth card, discardable
                expect(page.locator("#hand .slot")).to_have_count(6)
                if "pass" in view["legal"]:
                    expect(page.locator('[data-action="pass"]')).to_have_text(
                        re.compile(r"^\dleave it$"))
                    leave_it += 1
                if not upcard_discarded and up in offered(page):
                    prefer = lambda tokens, up=up: up  # noqa: E731
                    upcard_discarded += 1
            step(page, rng, prefer)
            assert decisions < 400
    finally:
        other.close()
    assert decisions > 10 and discards and upcard_discarded and waits > 10
    assert leave_it or options.get("dealer_must_pick_up")
    assert left_bowers or deck != 24  # this deal holds one: drawn as a trump, checked above


def test_a_completed_trick_stays_marked_and_a_hand_ends_with_a_panel(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Pace", seed=12,
                           rules={"target": 3})
    page = pages.new(fast=False)  # the normal speed: a trick stays about 1.2 s
    open_seat(page, server, game["links"]["play"])
    rng = random.Random(3)
    held_for = None
    trump_checked = False
    while True:
        ready(page)
        if page.locator("[data-testid=continue]").is_visible():
            break
        view = state_of(page)["view"]
        if view["trump"] and view["phase"] == "play" and not trump_checked:
            expect(page.locator("#trump")).to_contain_text("Trump ")
            said = state_of(page)["words"]
            trumps = [c for c in view["hand"] if said["suits"][c] == view["trump"]]
            marked = page.locator("#hand .slot.trump")
            assert marked.count() == len(trumps)  # the left bower too: it is a trump
            classes = page.locator("#hand .slot").evaluate_all(
                "s => s.map(e => e.classList.contains('trump'))")
            assert classes == sorted(classes, reverse=True)  # trumps come first
            trump_checked = True
        step(page, rng)
        if held_for is None and page.locator("#trick .slot.won").count():
            began = time.monotonic()
            expect(page.locator("#why")).to_have_text(
                re.compile(rf".+ wins? the trick: ({REASONS})$"))
            page.locator("#trick .slot.won").wait_for(state="detached", timeout=10_000)
            held_for = time.monotonic() - began
    assert held_for is not None and held_for > 0.8, held_for
    panel = page.locator("[data-testid=hand-end]")
    expect(panel).to_contain_text(re.compile(r"made it|march|euchred|thrown in"))
    expect(panel).to_contain_text("Score: You")
    state = state_of(page)
    last, said = state["view"]["last_hand"], state["words"]["last_hand"]
    expect(page.locator("#hand-no")).to_have_text(re.compile(r"^Hand 1, "))  # the ended hand's
    expect(page.locator("#trump")).to_have_text(
        f"Trump {said['trump']}" if said["trump"] else "No trump yet")
    expect(page.locator("#me-tricks")).to_have_text(f"tricks {last['tricks_won'][0]}")
    expect(page.locator("#them-tricks")).to_have_text(f"tricks {last['tricks_won'][1]}")
    expect(page.locator("#them-cards img")).to_have_count(0)  # the new deal is not shown yet
    expect(page.locator("#upcard")).to_contain_text(
        f"the upcard of the hand that ended: {said['upcard']}")
    assert ("down" in page.locator("#upcard").get_attribute("class").split()) == (
        said["upcard"] == "turned down")
    # the next hand waits for the player: no automatic start is set (the default)
    expect(page.locator("body")).to_have_attribute("data-next-hand", "person")
    assert panel.is_visible() and offered(page) == []
    page.click("[data-testid=continue]")
    expect(panel).to_be_hidden()
    assert state_of(page)["view"]["hand_number"] >= 1


DRAWN_AT = """
window.__drawn = [];
new MutationObserver((changes) => {
  for (const c of changes) {
    const seq = c.target.dataset?.seq;
    if (c.attributeName === "data-seq" && c.target === document.body && seq !== undefined
        && !window.__drawn.some((d) => d.seq === Number(seq)))
      window.__drawn.push({seq: Number(seq), at: performance.now()});
    if (c.target.id === "hand-end" && c.target.hidden && c.oldValue === null)
      window.__drawn.push({seq: null, at: performance.now()});  // the new deal revealed
  }
}).observe(document, {attributes: true, subtree: true, attributeOldValue: true,
                      attributeFilter: ["data-seq", "hidden"]});
"""
"""Records when each state is first drawn, and when the hand-end panel goes away."""


def test_the_computers_moves_are_paced_and_the_next_hand_can_start_by_itself(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Pace", seed=14,
                           rules={"target": 3})
    page = pages.new(fast=False)
    page.add_init_script("""localStorage.setItem("euchre.settings",
        JSON.stringify({speed: "normal", auto: true}));""")
    page.add_init_script(DRAWN_AT)
    open_seat(page, server, game["links"]["play"])
    rng = random.Random(5)
    panel = page.locator("[data-testid=hand-end]")
    shown_for = None
    for _ in range(80):
        ready(page)
        if panel.is_visible():
            if shown_for is not None:
                break
            began = time.monotonic()
            panel.wait_for(state="hidden", timeout=15_000)  # nobody clicks "Next hand"
            shown_for = time.monotonic() - began
            assert page.locator("body").get_attribute("data-next-hand") == "auto"
            continue
        if shown_for is not None and state_of(page)["view"]["hand_number"] >= 1 and len(
                state_of(page)["view"]["bids"]) >= 2:
            break  # into the second hand far enough to see the computer's first bid
        tokens = offered(page)
        before = drawn(page)
        page.locator(f'[data-action="{rng.choice(tokens)}"]').click()
        page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=before)
    assert shown_for is not None and 3.0 < shown_for < 8.0, shown_for  # normal: 4 s
    drawn_at = page.evaluate("window.__drawn")
    states = page.evaluate("window.__states")
    gaps = []
    for previous, now in itertools.pairwise(drawn_at):
        action = now["seq"] is not None and states[str(now["seq"])]["last_action"]
        if action and action[0] == 1 and now["seq"] > 0:
            gaps.append(now["at"] - previous["at"])
    assert len(gaps) >= 5, drawn_at
    assert min(gaps) >= 500, gaps  # normal: at least 550 ms after what was drawn before


def test_the_joker_turned_up_is_explained(server, pages):
    seed = next(s for s in range(2000)
                if Game(Rules(deck=25), seed=s).view(0).upcard == "JK")
    dealer = Game(Rules(deck=25), seed=seed).dealer
    game = server.new_game(mode="friend", name="Jo", seed=seed, rules={"deck": 25})
    page = pages.new()
    friend = server.claim(game["links"]["invite"])  # both seats taken: the dealer names trump
    open_seat(page, server, game["links"]["play"] if dealer == 0 else friend)
    expect(page.locator("#note")).to_contain_text("the dealer names trump before seeing")
    expect(page.locator("#status")).to_have_text(
        "The Joker was turned up: name trump before you see your cards")
    assert sorted(offered(page)) == ["call C", "call D", "call H", "call S"]
    expect(page.locator('[data-action="call H"]')).to_contain_text("name ♥ hearts")


def play_out(page, rng, limit: int = 600) -> None:
    for _ in range(limit):
        if step(page, rng) is None:
            return
    raise AssertionError("the match does not end")


def test_match_summary_rematch_and_resign_against_the_computer(server, pages):
    page = pages.new()
    first = start_from_lobby(page, server, "Remy", opponent="computer", level="easy",
                             target=2, deck=32)
    play_out(page, random.Random(4))
    summary = page.locator("[data-testid=match-summary]")
    expect(summary).to_contain_text("Hands made")
    expect(summary).to_contain_text("Euchres scored")
    points = page.locator("#over svg.chart polyline")
    expect(points).to_have_count(2)
    hands = len([h for h in record_of(server, first)["hands"] if h.get("result")])
    assert len(points.first.get_attribute("points").split()) == hands + 1
    page.click("[data-testid=rematch]")
    page.wait_for_url(lambda url: first not in url)
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    second = state_of(page)["game"]
    assert second["level"] == "easy" and second["names"][0] == "Remy"
    assert state_of(page)["view"]["rules"]["deck"] == 32
    assert state_of(page)["view"]["target"] == 2
    # resigning is asked once more, and may be cancelled
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-cancel]")
    expect(page.locator("[data-testid=resign-box]")).to_be_hidden()
    ready(page)  # (the choices come once the deal has landed)
    assert offered(page)
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")
    # at 0-0, before a hand is over: worded as a resignation, and no empty chart
    expect(page.locator("#status")).to_have_text("You resigned: Computer wins the match.")
    expect(page.locator("#over h2")).to_have_text("You resigned: Computer wins the match.")
    expect(page.locator("#over")).to_contain_text(
        "You resigned before the first hand was over, at 0-0.")
    expect(page.locator("#over svg.chart")).to_have_count(0)
    expect(page.locator("#over")).to_contain_text("No hand was finished.")
    assert offered(page) == []
    page.click("[data-testid=record-link]")
    expect(page.locator("[data-testid=mark]")).to_contain_text("Remy resigned.")


def test_friends_rematch_with_one_click_each(server, pages):
    ann, bea = pages.new(), pages.new()
    game = server.new_game(mode="friend", name="Ann", rules={"target": 3})
    open_seat(ann, server, game["links"]["play"])
    open_seat(bea, server, game["links"]["invite"])
    ann.click("[data-testid=resign]")
    ann.click("[data-testid=resign-confirm]")
    for page in (ann, bea):
        expect(page.locator("#over")).to_be_visible()
    bea.click("[data-testid=rematch]")
    expect(ann.locator("[data-testid=rematch-offer]")).to_have_text(
        re.compile(r"^Friend asked for a rematch\. Waiting for you to accept\."))
    expect(bea.locator("[data-testid=rematch-offer]")).to_contain_text("Waiting for Ann")
    ann.click("[data-testid=rematch]")
    for page in (ann, bea):
        page.wait_for_url(lambda url: game["id"] not in url)
        page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    assert state_of(ann)["game"]["id"] == state_of(bea)["game"]["id"]
    assert (state_of(ann)["game"]["seat"], state_of(bea)["game"]["seat"]) == (0, 1)


def test_playing_a_friend_turns_notices_watching_and_hints_off(server, pages, browser):
    ann, bea = pages.new(), pages.new()
    game = server.new_game(mode="friend", name="Ann", rules={"target": 3}, seed=9)
    open_seat(ann, server, game["links"]["play"])
    bea.goto(server.base + "/")
    bea.evaluate("localStorage.setItem('euchre.name', 'Bea')")
    open_seat(bea, server, game["links"]["invite"])
    seat = bea.url.removeprefix(server.base)  # her seat's own link, made when she took it
    expect(ann.locator("#them-name")).to_have_text("Bea")
    mover = ann if offered(ann) else bea
    assert mover.title().startswith("Your turn · ")
    assert not (bea if mover is ann else ann).title().startswith("Your turn")
    expect(ann.locator("[data-testid=watch] a")).to_have_attribute("href", game["links"]["watch"])
    # the creator turns hints off for both
    ann.click("#settings summary")
    ann.uncheck("#set-friend-hints")
    expect(bea.locator("#hint")).to_be_hidden()
    # a spectator is told who is playing
    watcher = pages.new()
    open_seat(watcher, server, game["links"]["watch"])
    expect(watcher.locator("[data-testid=watching]")).to_have_text(
        "You are watching Ann play Bea.")
    assert offered(watcher) == []
    # the friend leaves and comes back
    bea.goto(server.base + "/")
    expect(ann.locator("[data-testid=notice]")).to_have_text("Bea left the table.")
    expect(ann.locator("#them-here")).to_have_text("away")
    expect(bea.locator("[data-testid=mine]")).to_contain_text(
        re.compile(r"Against Ann: (your turn|being played), 0-0"))
    open_seat(bea, server, seat)
    expect(ann.locator("[data-testid=notice]")).to_have_text("Bea is back at the table.")


SPEAKER = """
window.__sounds = [];
document.addEventListener("euchre:sound", (event) => window.__sounds.push(event.detail));
window.__tones = 0;
window.AudioContext = class {
  constructor() { this.destination = {}; this.currentTime = 0; this.state = "running"; }
  createOscillator() { return {frequency: {}, connect: (n) => n, start: () => { window.__tones++; },
                               stop: () => {}}; }
  createGain() { return {gain: {}, connect: (n) => n}; }
  resume() {}
};
"""
"""A speaker that counts its tones, and a list of the sounds the page played."""


@pytest.mark.parametrize("sound", [True, False])
def test_sounds_for_turn_card_trick_and_hand_behind_one_mute_control(server, pages, sound):
    game = server.new_game(mode="computer", level="easy", name="Ears", seed=12,
                           rules={"target": 3})
    page = pages.new(fast=False)
    page.add_init_script(SPEAKER)
    page.add_init_script(f"""localStorage.setItem("euchre.settings",
        JSON.stringify({{speed: "fast", sound: {str(sound).lower()}}}));""")
    open_seat(page, server, game["links"]["play"])
    mute = page.locator("[data-testid=mute]")
    expect(mute).to_have_attribute("aria-pressed", str(sound).lower())
    if not sound:  # off by default for a new player; one control turns every sound on
        ready(page)
        assert page.evaluate("window.__sounds") == [] and page.evaluate("window.__tones") == 0
        mute.click()
        expect(mute).to_have_attribute("aria-pressed", "true")
    rng = random.Random(4)
    while not page.locator("[data-testid=continue]").is_visible() and not finished(page):
        step(page, rng)
    heard = set(page.evaluate("window.__sounds"))
    assert heard == {"turn", "card", "trick", "hand"}, heard
    assert page.evaluate("window.__tones") >= len(page.evaluate("window.__sounds"))
    mute.click()  # and off again: no more sounds
    expect(mute).to_have_attribute("aria-pressed", "false")
    count = len(page.evaluate("window.__sounds"))
    for _ in range(4):
        step(page, rng)
    assert len(page.evaluate("window.__sounds")) == count


def test_two_players_with_one_name_each_count_their_own_seat(server, pages):
    sam, other = pages.new(), pages.new()
    game = server.new_game(mode="friend", name="Sam", rules={"target": 3})
    open_seat(sam, server, game["links"]["play"])
    other.goto(server.base + "/")
    other.evaluate("localStorage.setItem('euchre.name', 'Sam')")
    open_seat(other, server, game["links"]["invite"])
    expect(sam.locator("#them-name")).to_have_text("Sam (second seat)")
    sam.click("[data-testid=resign]")
    sam.click("[data-testid=resign-confirm]")
    expect(sam.locator("#over")).to_be_visible()
    sam.goto(server.base + "/players/Sam")
    stats = sam.locator("[data-testid=stats]")
    expect(stats).to_contain_text("Matches: 2 played, 1 won")  # each seat its own game


def test_undo_against_the_computer_takes_back_and_marks_the_match(server, pages):
    page = pages.new()
    game_id = start_from_lobby(page, server, "Undoer", opponent="computer", level="easy",
                               target=2)
    expect(page.locator("[data-testid=undo]")).to_be_hidden()  # off by default
    page.click("#settings summary")
    page.check("#set-undo")
    rng = random.Random(8)
    ready(page)
    while page.locator("[data-testid=continue]").is_visible() or not state_of(page)["match"][
            "can_undo"]:
        step(page, rng)
        ready(page)
    before = drawn(page)
    view_before = state_of(page)["view"]
    page.click("[data-testid=undo]")
    page.wait_for_function("(n) => Number(document.body.dataset.seq) < n", arg=before)
    after = state_of(page)
    assert after["match"]["undo_used"] and after["view"]["to_move"] == 0
    assert after["view"] != view_before
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")
    expect(page.locator("#over")).to_contain_text("Played with undo.")
    record = record_of(server, game_id)
    assert record["players"]["undo_used"] is True
    page.goto(server.base + f"/games/{game_id}")
    expect(page.locator("[data-testid=mark]").last).to_have_text(
        "Played with undo: moves were taken back.")
    page.goto(server.base + "/players/Undoer")
    expect(page.locator("[data-testid=undo-count]")).to_have_text(
        "Of these, 1 played with undo")


def test_settings_are_kept_in_the_browser(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Set", seed=5)
    page = pages.new()
    open_seat(page, server, game["links"]["play"])
    ready(page)
    hand = lambda: page.locator("#hand img.card").evaluate_all(  # noqa: E731
        "i => i.map(e => e.dataset.card)")
    view, said = state_of(page)["view"], state_of(page)["words"]
    assert hand()[:5] == view["hand"]  # by default as the engine sorts it: high cards first
    low, run = [], []
    for card in view["hand"]:  # each suit's run turned round: low cards first
        if run and said["suits"][run[-1]] != said["suits"][card]:
            low, run = low + run[::-1], []
        run.append(card)
    low += run[::-1]
    assert low != view["hand"]
    page.click("#settings summary")
    page.select_option("#set-speed", "slow")
    page.select_option("#set-colours", "4")
    page.select_option("#set-theme", "light")
    page.select_option("#set-sort", "low")
    page.uncheck("#set-hints")
    page.reload()
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    for key, value in (("speed", "slow"), ("colours", "4"), ("sort", "low")):
        assert page.input_value(f"#set-{key}") == value
    expect(page.locator("#hint")).to_be_hidden()
    ready(page)
    assert hand()[:5] == low
    sources = page.locator("#hand img.card").evaluate_all("i => i.map(e => e.src)")
    assert sources and all(s.endswith("?colours=4") for s in sources)
    assert "#1f5fbf" in server.get("/cards/9D.svg?colours=4")[1]


def test_a_whole_match_from_the_keyboard_with_announcements(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Keys", seed=31,
                           rules={"target": 2})
    page = pages.new()
    open_seat(page, server, game["links"]["play"])
    expect(page.locator("[data-testid=connection]")).to_have_text("Connected")
    names = page.locator("#hand img.card").evaluate_all("i => i.map(e => e.alt)")
    assert names and all(re.search(r" of (clubs|diamonds|hearts|spades)\)?$|Joker", n)
                         for n in names), names
    ready(page)
    # before any key is pressed the page places no focus: nothing looks like a suggestion
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("ArrowRight")  # the arrows reach the choices
    assert page.evaluate("document.activeElement.dataset.action") == offered(page)[0]
    announced = False
    keys = random.Random(31)
    for _ in range(600):
        ready(page)
        if finished(page):
            break
        focused = page.evaluate("document.activeElement.dataset.action ?? "
                                "document.activeElement.dataset.testid ?? ''")
        assert focused, "the focus is not on the choices or on continue"
        before = drawn(page)
        if page.locator("[data-testid=continue]").is_visible():
            assert focused == "continue"
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.getElementById('hand-end').hidden")
            continue
        way = keys.choice(["1", "arrow-enter", "arrow-space"])
        if way == "1":
            page.keyboard.press("1")
        else:
            page.keyboard.press(keys.choice(["ArrowRight", "ArrowLeft"]))
            assert page.evaluate("document.activeElement.dataset.action") in offered(page)
            page.keyboard.press("Enter" if way == "arrow-enter" else " ")
        page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=before)
        announced = announced or bool(re.match(
            r"Computer (played|passed|ordered|picked|named)",
            page.locator("[data-testid=announce]").text_content()))
    assert finished(page) and announced


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is installed by make test (npm)")
def test_axe_finds_no_serious_violation_on_lobby_table_and_record(server, pages):
    from browser_support import axe_violations

    page = pages.new(bypass_csp=True)
    page.goto(server.base + "/")
    assert axe_violations(page) == []
    game = server.new_game(mode="computer", level="easy", name="Axe", seed=2,
                           rules={"target": 1})
    open_seat(page, server, game["links"]["play"])
    assert axe_violations(page) == []
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")
    expect(page.locator("#over")).to_be_visible()
    assert axe_violations(page) == []
    page.goto(server.base + f"/games/{game['id']}")
    assert axe_violations(page) == []
    page.goto(server.base + "/rules")
    assert axe_violations(page) == []


def test_how_to_play_is_a_page_of_the_app(server, pages):
    page = pages.new()
    page.goto(server.base + "/")
    page.click("[data-testid=rules-link]")
    page.wait_for_url("**/rules")
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    heading = rules.splitlines()[0].removeprefix("# ")
    expect(page.locator("h1")).to_have_text(heading)
    for line in rules.splitlines():
        if line.startswith("## "):
            title = re.sub(r"[`*]", "", line[3:])
            expect(page.locator("h2", has_text=re.compile(f"^{re.escape(title)}$"))
                   ).to_have_count(1)
    # the rules carry no script (raw HTML is escaped); the page has only the theme's
    assert page.locator("script").evaluate_all("s => s.map(e => e.getAttribute('src'))") == [
        "/static/theme.js"]
    game = server.new_game(mode="computer", level="easy", name="Reader", seed=1)
    open_seat(page, server, game["links"]["play"])
    assert page.get_attribute("[data-testid=rules-link]", "href") == "/rules"


def test_make_serve_starts_the_browser_game():
    # --no-print-directory: under another make (as in CI) make says where it enters and leaves
    made = subprocess.run(["make", "--no-print-directory", "-n", "serve"], cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=60)
    assert made.stdout.splitlines()[-1] == ".venv/bin/euchre serve", made.stdout
