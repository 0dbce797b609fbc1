"""What a new player found at the table (issue 48): the turn in view at every seat's place
(criterion 2), and the defects of the table's look, each checked as drawn in Chromium:
the phone's bar keeps the whole score (4), side names wrap whole and apart from the dealer's
chip (12), the desktop's score pad and trick list show every column and trick (13), hint marks
clear of the seat's name and the phone's estimate line whole (18), the record's hands listed
from the left, the upcard pile inside the felt, a phone's six cards apart and off the edge
(22), and the upcard's place still while the person deals, picks up and discards (25)."""

from __future__ import annotations

import itertools
import random

import pytest
from browser_support import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    SMALL_PHONE,
    browser,
    continue_shown,
    drawn,
    finished,
    pages,
    ready,
    server,
    state_of,
    step,
    stored_game,
)

from euchre import Rules

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures


TURNS_RECORDED = """
window.__turns = [];
document.addEventListener("DOMContentLoaded", () => new MutationObserver(() => {
  const marked = [...document.querySelectorAll(".felt .place.turn")];
  window.__turns.push({ seq: Number(document.body.dataset.seq), places: marked.map((p) => p.id),
    words: marked.map((p) => p.querySelector(".turn-mark").textContent),
    labels: marked.map((p) => p.getAttribute("aria-label")),
    handEnd: !document.getElementById("hand-end").hidden
      || /^The (last trick|hand is over)/.test(document.getElementById("status").textContent) });
}).observe(document.body, { attributes: true, attributeFilter: ["data-seq"] }));
"""
"""Which places are marked as the seat to act, each time a state is drawn."""

PLACE_OF = {5: ["place-s", "place-w", "place-nw", "place-ne", "place-e"],
            4: ["place-s", "place-w", "place-n", "place-e"], 3: ["place-s", "place-w", "place-e"],
            2: ["place-s", "place-n"]}
DOING = {"play": "to play", "discard": "to discard", "exchange": "to discard",
         "give": "to give a card"}
"""What the seat to act is to do, by the phase; any other phase is a bid."""


def open_game(server, pages, screen: dict, players: int, seed: int, level: str = "easy",
              **rules):
    game = server.new_game(mode="computer", level=level, name="Ann", seed=seed,
                           rules={"players": players, "target": 10, **rules})
    page = pages.new(**screen)
    page.goto(server.base + game["links"]["play"])
    return page, game


def act(page, token: str) -> None:
    before = drawn(page)
    page.locator(f'[data-action="{token}"]').click()
    page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=before)


def until(page, rng, wanted, prefer=None, limit: int = 400) -> dict:
    """Play on (the person at random, or as ``prefer`` picks) until ``wanted(state)`` holds at
    a decision of the person's; returns that state."""
    for _ in range(limit):
        ready(page)
        state = state_of(page)
        if not continue_shown(page) and not finished(page) and wanted(state):
            return state
        assert step(page, rng, prefer) is not None, "the match ended first"
    raise AssertionError("never reached")


@pytest.mark.parametrize(("screen", "rules"), [
    *((screen, {"players": players}) for screen in (DESKTOP, PHONE) for players in (4, 3, 2)),
    (PHONE, {"game": "napoleon", "players": 5})],
    ids=[*(f"{players}-{screen}" for screen in ("desktop", "phone") for players in (4, 3, 2)),
         "napoleon-5-phone"])
def test_the_seat_to_act_is_marked_at_its_place_with_words(server, pages, screen, rules):
    players = rules["players"]
    page = pages.new(**screen)
    page.add_init_script(TURNS_RECORDED)
    game = server.new_game(mode="computer", level="easy", name="Ann", seed=21,
                           rules={**rules, "target": 10})
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(players)
    for _ in range(8):  # a few decisions of mine: the others' moves are drawn between them
        step(page, rng)
    until(page, rng, lambda s: s["view"]["to_move"] == 0)
    marked_others = 0
    for turn in page.evaluate("window.__turns"):
        state = state_of(page, turn["seq"])
        to_move, phase = state["view"]["to_move"], state["view"]["phase"]
        if turn["handEnd"] or state["game"]["finished"] or phase == "over":
            continue
        want = PLACE_OF[players][to_move]
        assert turn["places"] == [want], (turn, to_move)
        assert turn["words"][0] == DOING.get(phase, "to bid"), (turn, phase)
        assert turn["labels"][0].endswith(", " + turn["words"][0])  # a screen reader's words
        marked_others += to_move != 0
    assert marked_others >= 3
    # my turn now: my place glows and says so, visibly
    mark = page.locator("#place-s.turn .turn-mark")
    expect(mark).to_be_visible()
    assert page.locator("#place-s > .who").evaluate("e => getComputedStyle(e).boxShadow") != "none"


def test_railroads_exchange_is_marked_in_words_of_its_own(server, pages):
    """In Railroad the lone player's discard reads "to discard" at his place, and the
    partner passing him his best card "to give a card", never "to bid"."""
    page, _ = open_game(server, pages, PHONE, 4, seed=42, game="railroad")
    page.add_init_script(TURNS_RECORDED)
    page.reload()
    until(page, random.Random(1), lambda s: s["view"]["phase"] == "give",
          prefer=lambda t: "pass" if "pass" in t else None)
    expect(page.locator("#place-s.turn .turn-mark")).to_have_text("to give a card")
    expect(page.locator("#place-s")).to_have_attribute("aria-label", "You, to give a card")
    said = {state_of(page, turn["seq"])["view"]["phase"]: turn["words"]
            for turn in page.evaluate("window.__turns") if not turn["handEnd"]}
    assert said["exchange"] == ["to discard"], said  # the partner, gone alone, discards


@pytest.mark.parametrize("screen", [DESKTOP, PHONE, SMALL_PHONE],
                         ids=["desktop", "phone", "small-phone"])
def test_a_partner_sitting_out_says_so_at_every_size(server, pages, screen):
    page, _ = open_game(server, pages, screen, 4, seed=8)
    rng = random.Random(1)
    until(page, rng, lambda s: len(s["view"]["legal"]) == 7,
                  prefer=lambda t: "pass" if "pass" in t else t[0])
    act(page, "call S alone")
    ready(page)
    assert 2 in state_of(page)["view"]["out"]
    said = page.locator("#place-n .bubble")
    expect(said).to_be_visible()
    expect(said).to_have_text("sits out this hand")
    assert said.evaluate("e => e.scrollWidth <= e.clientWidth + 1")  # not cut


BAR_CUT = """() => {
  const zone = document.querySelector(".score-zone").getBoundingClientRect(), found = [];
  for (const e of document.querySelectorAll(".score-zone > *, #score > *")) {
    const r = e.getBoundingClientRect();
    if (!r.width || getComputedStyle(e).display === "none") continue;
    if (r.top < zone.top - .5 || r.bottom > zone.bottom + .5 || r.right > zone.right + .5)
      found.push(`${e.id || e.className} "${e.textContent}" leaves the bar`);
    const words = document.createRange();  // (an ellipsis shows for a third of a pixel)
    words.selectNodeContents(e);
    if (e.scrollWidth > e.clientWidth + 1 || words.getBoundingClientRect().width > r.width + .05)
      found.push(`${e.id || e.className} "${e.textContent}" is cut`);
  }
  return found;
}"""


TO_TEN = {"en": "(to 10)", "so": "(ilaa 10)", "ceb": "(hangtod 10)"}
"""The bar's goal as each language writes it."""


@pytest.mark.parametrize("screen", [PHONE, SMALL_PHONE], ids=["390", "360"])
@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("language", ["en", "so", "ceb"])
def test_the_phones_bar_keeps_the_whole_score(server, pages, screen, players, language):
    """Defect 4, in English and in Somali's and Cebuano's longer words (issue 56): "Adiga 0
    · G 0 · …" and "Ikaw 0 · Kompyuter 0" ran out of the bar."""
    _, link, _ = stored_game(server, Rules(players=players, target=10), seed=5,  # the longest
                             until=lambda g: g.view(None).trump is not None  # bar: trump named
                             and g.to_move == 0)
    page = pages.new(**screen, extra_http_headers={"Accept-Language": language})
    page.goto(server.base + link)
    ready(page)
    assert state_of(page)["view"]["trump"] is not None
    assert page.evaluate(BAR_CUT) == []
    expect(page.locator("#score .to")).to_have_text(TO_TEN[language])


def test_side_names_wrap_whole_and_apart_from_the_dealers_chip(server, pages):
    page = pages.new(**DESKTOP)
    for place, dealer in (("w", 1), ("e", 3)):  # each side seat dealing: his chip by his name
        _, link, _ = stored_game(server, Rules(players=4, target=10), seed=5, level="medium",
                                 until=lambda g, d=dealer: g.dealer == d,
                                 choose=lambda legal, rng: "pass" if "pass" in legal
                                 else rng.choice(legal))
        page.goto(server.base + link)
        ready(page)
        assert state_of(page)["view"]["dealer"] == dealer
        who = page.locator(f"#place-{place} .who")
        expect(who.locator(".name")).to_have_text(
            "West (medium)" if place == "w" else "East (medium)")
        name, chip = who.locator(".name").bounding_box(), who.locator(".dealer-chip").bounding_box()
        line = float(who.locator(".name").evaluate(
            "e => parseFloat(getComputedStyle(e).lineHeight)"
            " || parseFloat(getComputedStyle(e).fontSize) * 1.4"))
        assert name["height"] < line * 1.5, name  # one line: "West (medium)" never wraps
        dot = who.locator(".dot").bounding_box()
        assert name["y"] <= dot["y"] + dot["height"] / 2 <= name["y"] + name["height"], (dot, name)
        apart = (chip["y"] >= name["y"] + name["height"] - 1
                 or chip["x"] >= name["x"] + name["width"] + 4)
        assert apart, (name, chip)


CLIPPED = """() => {
  const found = [], pad = document.getElementById("pad");
  const t = document.getElementById("hand-tricks");
  if (pad.scrollWidth > pad.clientWidth + 1) found.push("the score pad's last column");
  if (t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1)
    found.push("the hand's tricks");
  return found; }"""


NAME_LINES = """() => ['w', 'e'].map((p) => {
  const place = document.getElementById('place-' + p).getBoundingClientRect();
  const name = document.querySelector('#place-' + p + ' .who .name');
  const words = document.createRange();
  words.selectNodeContents(name.firstChild);  // the name itself, not its level
  const lines = [...words.getClientRects()];
  return { name: name.firstChild.textContent, lines: lines.length,
           inside: lines.every((r) => r.left >= place.left - .5 && r.right <= place.right + .5) };
})"""
"""Each side seat's name: on how many lines it is drawn, and whether inside its place."""


@pytest.mark.parametrize("screen", [PHONE, SMALL_PHONE], ids=["390", "360"])
@pytest.mark.parametrize(("language", "players"), [("so", 3), ("ceb", 4)])
def test_a_side_seats_name_is_never_broken_inside_a_word_on_a_phone(server, pages, screen,
                                                                      language, players):
    """Defect 12 in other languages (issue 56): "Galbeed" (West in Somali) and "Kasadpan"
    (Cebuano) were drawn "Galbee / d", "Kasadpa / n" at a phone's side seats."""
    _, link, _ = stored_game(server, Rules(players=players, target=10), seed=5,
                             until=lambda g: g.to_move == 0)
    page = pages.new(**screen, extra_http_headers={"Accept-Language": language})
    page.goto(server.base + link)
    ready(page)
    for seat in page.evaluate(NAME_LINES):
        assert seat["lines"] == 1 and seat["inside"], seat


@pytest.mark.parametrize("language", ["en", "so", "ceb", "ar"])
def test_the_desktops_score_pad_and_trick_list_show_everything(server, pages, language):
    """Ten hands of four already played (stored as the server keeps them): the page plays
    the eleventh to its end, the pad's columns and the hand's tricks whole at every
    state, with a pad long enough to scroll; in English, and in Somali's, Cebuano's and
    Arabic's longer words (issue 56), where the score column was pushed out of the pad."""
    _, link, _ = stored_game(server, Rules(players=4, target=30), seed=31,
                             until=lambda game: game.hand_number == 10)
    page = pages.new(**DESKTOP, extra_http_headers={"Accept-Language": language})
    page.goto(server.base + link)
    rng = random.Random(4)
    clipped, states = set(), 0
    while True:
        ready(page)
        clipped.update(page.evaluate(CLIPPED))
        states += 1
        if continue_shown(page):  # the eleventh hand over: its five tricks listed
            break
        step(page, rng)
    assert page.locator("#hand-tricks li").count() == 5
    assert page.locator("#pad tbody tr").count() >= 10 and states >= 5  # a pad that scrolls
    assert clipped == set()


@pytest.mark.parametrize("language", ["en", "so"])
def test_a_small_phones_score_pad_shows_every_column(server, pages, language):
    """At 360 px the score pad, opened over the table after ten hands of four, showed no
    score column: the dealer's and maker's names and Somali's longer headings pushed it out
    of the drawer. Now every column is inside it (the names give way with an ellipsis)."""
    _, link, _ = stored_game(server, Rules(players=4, target=30), seed=31,
                             until=lambda game: game.hand_number == 10)
    page = pages.new(**SMALL_PHONE, extra_http_headers={"Accept-Language": language})
    page.goto(server.base + link)
    ready(page)
    page.locator("[data-testid=pad-toggle]").tap()
    pad = page.locator("#pad")
    expect(pad).to_be_visible()
    assert page.locator("#pad tbody tr").count() >= 10
    widths = pad.evaluate("(p) => [p.scrollWidth, p.clientWidth]")
    assert widths[0] <= widths[1] + 1, widths


MARKS_CLEAR = """() => {
  const label = document.querySelector(".place.at-s > .who").getBoundingClientRect(), found = [];
  for (const mark of document.querySelectorAll("#hand .tag, #hand .value")) {
    if (getComputedStyle(mark).display === "none") continue;
    const r = mark.getBoundingClientRect();
    if (r.top < label.bottom && r.bottom > label.top
        && r.left < label.right && r.right > label.left)
      found.push(`"${mark.textContent}" over the seat's name`);
  }
  return found;
}"""


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_hint_marks_are_clear_of_the_seats_name_and_the_estimate_line_is_whole(
        server, pages, screen):
    page, _ = open_game(server, pages, screen, 4, seed=12)
    rng = random.Random(5)
    until(page, rng, lambda s: s["view"]["phase"] == "play" and len(s["view"]["legal"]) >= 2,
          prefer=lambda t: "pass" if "pass" in t else None)
    page.click("#hint")
    expect(page.locator("#hand .card-btn.best").first).to_be_visible(timeout=60_000)
    expect(page.locator("#hints")).to_contain_text("Expert's estimate")
    assert page.evaluate(MARKS_CLEAR) == []
    assert page.locator("#hints").evaluate(
        "e => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1")


def test_the_records_hands_are_listed_from_the_left(server, pages):
    game_id, link, _ = stored_game(server, Rules(players=4, target=10), seed=8,
                                   until=lambda g: g.hand_number == 1,  # hand 1 thrown in
                                   choose=lambda legal, rng: "pass")
    page = pages.new(**DESKTOP)
    page.goto(server.base + link)
    ready(page)
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")
    expect(page.locator("#over")).to_be_visible()
    page.goto(server.base + f"/games/{game_id}")
    summaries = page.locator("details.hand summary")
    expect(summaries.first).to_contain_text("thrown in")
    for i in range(summaries.count()):
        box = page.locator("details.hand").nth(i).bounding_box()
        text = summaries.nth(i).evaluate("""e => { const r = document.createRange();
            r.selectNodeContents(e); return r.getBoundingClientRect().left; }""")
        assert text - box["x"] < 40, (i, text, box)  # from the left, not centred


PILE_OUT = """() => {
  const felt = document.getElementById("felt").getBoundingClientRect(), edge = 6, found = [];
  for (const img of document.querySelectorAll("#upcard-zone img")) {
    const r = img.getBoundingClientRect();
    if (!r.width) continue;
    if (r.top < felt.top + edge || r.left < felt.left + edge || r.right > felt.right - edge
        || r.bottom > felt.bottom - edge)
      found.push(`${img.dataset.card} at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
  }
  return found;
}"""


@pytest.mark.parametrize("screen", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_upcard_pile_stays_inside_the_felt_in_every_corner(server, pages, screen):
    """Each seat deals in turn, so the pile lies in each corner: matches of four stored
    as played (everybody passing, each hand thrown in) to the person's first bid of the
    first, second, third and fourth hand; the pile is checked there and at every state of
    the bidding left, as it lies."""
    page = pages.new(**screen)
    rng = random.Random(6)
    dealers, out = set(), []
    for hands in range(4):
        _, link, _ = stored_game(server, Rules(players=4, target=10), seed=5,
                                 until=lambda g, n=hands: g.hand_number == n and g.to_move == 0,
                                 choose=lambda legal, rng: "pass" if "pass" in legal
                                 else rng.choice(legal))
        page.goto(server.base + link)
        while True:
            ready(page)
            view = state_of(page)["view"]
            if continue_shown(page) or view["phase"] not in ("bid1", "bid2", "discard"):
                break
            dealers.add(view["dealer"])
            page.wait_for_function("() => !document.getAnimations().some("  # as it lies,
                                   "(a) => a.playState === 'running')")  # not in flight
            out += page.evaluate(PILE_OUT)
            step(page, rng)
    assert len(dealers) == 4 and out == []


@pytest.mark.parametrize("screen", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_a_phones_six_cards_lie_apart_and_off_the_edge(server, pages, screen):
    page, _ = open_game(server, pages, screen, 4, seed=58, deck=25, joker_dealer_alone=True)
    until(page, random.Random(1), lambda s: s["view"]["phase"] == "discard",
          prefer=lambda t: "pass" if "pass" in t else t[0])
    page.wait_for_function("() => !document.getAnimations().some("  # as they lie, the
                           "(a) => a.playState === 'running')")  # upcard landed
    cards = page.evaluate("""() => [...document.querySelectorAll("#hand img[data-card]")]
      .map((e) => {
        const r = e.getBoundingClientRect(); return [r.left, r.right]; })""")
    felt = page.locator("#felt").bounding_box()
    assert len(cards) == 6
    assert cards[0][0] >= felt["x"] + 8 and cards[-1][1] <= felt["x"] + felt["width"] - 8, cards
    assert all(a[1] <= b[0] + .5 for a, b in itertools.pairwise(cards)), cards


UPCARD_WATCHED = """() => { window.__upcard = [];
  (function watch() {
    const r = document.getElementById("upcard-zone").getBoundingClientRect();
    window.__upcard.push([r.left + scrollX, r.top + scrollY, r.width, r.height]);
    requestAnimationFrame(watch); })(); }"""


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_upcard_stays_put_while_the_person_picks_up_and_discards(server, pages, players):
    page, _ = open_game(server, pages, DESKTOP, players, seed=3)
    page.evaluate("localStorage.setItem('euchre.settings', JSON.stringify({speed: 'normal'}))")
    page.reload()
    rng = random.Random(1)
    until(page, rng, lambda s: s["view"]["dealer"] == 0 and "order" in s["view"]["legal"],
          prefer=lambda t: "pass" if "pass" in t else None)
    page.evaluate(UPCARD_WATCHED)
    act(page, "order")
    ready(page)
    assert state_of(page)["view"]["phase"] == "discard"
    page.wait_for_timeout(800)  # the upcard flown into the hand
    act(page, page.locator("#hand [data-action]").first.get_attribute("data-action"))
    page.wait_for_timeout(800)
    boxes = page.evaluate("window.__upcard")
    assert len(boxes) > 10
    moved = [b for b in boxes if any(abs(x - y) > 2 for x, y in zip(b, boxes[0], strict=True))]
    assert moved == [], (boxes[0], moved[:3])


STATUS_WHOLE = """() => {
  const s = document.getElementById("status"), r = s.getBoundingClientRect();
  const look = getComputedStyle(s);
  const line = parseFloat(look.lineHeight) || parseFloat(look.fontSize) * 1.4;
  const below = document.getElementById("actions").getBoundingClientRect();
  return { cut: s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1,
           lines: Math.round(r.height / line), clear: r.bottom <= below.top + .5,
           inside: r.left >= 0 && r.right <= innerWidth }; }"""
"""The status line: whether its words are cut, on how many lines, clear of the choices."""


@pytest.mark.parametrize("language", ["en", "so"])
def test_the_hosts_waiting_line_wraps_whole_on_a_small_phone(server, pages, language):
    """Item 3 of the audit: the host of a friend table of three read "Waiting for your
    friends: start when you are …" on a 360 px phone; the line now takes two lines."""
    game = server.new_game(mode="friend", name="Ann", seed=3,
                           rules={"players": 3, "target": 10})
    page = pages.new(**SMALL_PHONE, extra_http_headers={"Accept-Language": language})
    page.goto(server.base + game["links"]["play"])
    expect(page.locator("#status")).to_have_text(
        {"en": "Waiting for your friends: start when you are ready",
         "so": "Waxaa la sugayaa saaxiibbadaa: bilow markaad diyaar tahay"}[language])
    shown = page.evaluate(STATUS_WHOLE)
    assert shown == {"cut": False, "lines": shown["lines"], "clear": True, "inside": True}, shown
    assert 1 <= shown["lines"] <= 2, shown
