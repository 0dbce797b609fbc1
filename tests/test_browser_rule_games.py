"""Issue 51, criterion 2: Railroad, Hasenpfeffer and Napoleon (three, four and five seats) at
the browser's table. The lobby offers each game with its presets; a person plays whole
matches choosing only through ``data-action`` elements, each decision's offered tokens equal
to the state's ``view.legal`` (Railroad's exchanges and the bidding ladders included); a
friend table has an invite per seat; axe finds nothing in either theme; the five-seat table
fits a desktop and a phone."""

from __future__ import annotations

import random

import pytest
from browser_support import (
    AXE,
    CHROMIUM,
    DESKTOP,
    PHONE,
    SMALL_PHONE,
    browser,
    offered,
    pages,
    ready,
    record_of,
    server,
    state_of,
    step,
    take_seat,
)

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]

GAMES = [("railroad", 4), ("hasenpfeffer", 4), ("napoleon", 3), ("napoleon", 4),
         ("napoleon", 5)]


def open_table(page, server, game: str, players: int, mode: str = "computer",
               target: int = 3, seed: int = 5, level: str = "easy") -> dict:
    made = server.new_game(mode=mode, level=level, seed=seed, name="Ann",
                           rules={"game": game, "players": players, "target": target})
    page.goto(server.base + made["links"]["play"])
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    return made


def play_through(page, rng: random.Random, limit: int = 400) -> tuple[int, set[str]]:
    """The person plays the match to its end through the page alone; at each decision the
    offered tokens are the state's legal ones. The decisions made and the kinds of choices
    seen (``bid``, ``give``, a card...)."""
    decisions, kinds = 0, set()
    for _ in range(limit):
        ready(page)
        tokens = offered(page)
        if tokens:
            state = state_of(page)
            assert sorted(tokens) == sorted(state["view"]["legal"]), (tokens, state["seq"])
            kinds.update("card" if len(t) == 2 else t.split()[0] for t in tokens)
            decisions += 1
        if step(page, rng) is None:
            return decisions, kinds
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_whole_match_of_each_game_through_the_pages_choices(server, pages, game, players):
    page = pages.new(**DESKTOP)
    made = open_table(page, server, game, players, seed=3 + players,
                      target=1 if game == "napoleon" else 2)  # (a short match: a few hands)
    decisions, kinds = play_through(page, random.Random(players))
    record = record_of(server, made["id"])
    assert record["rules"]["game"] == game and record["rules"]["players"] == players
    assert record["winner"] is not None and decisions >= 5
    assert "card" in kinds and "pass" in kinds
    assert kinds & {"bid", "order", "call"}
    expect(page.locator("#over")).to_be_visible()
    pad = page.locator("#pad tbody tr")
    assert pad.count() == sum(h.get("result") is not None for h in record["hands"])
    if game == "napoleon":  # each player's stakes, set apart (a score may be below zero)
        score = " · ".join(str(points) for points in record["score"])
        expect(pad.last.locator("td").last).to_have_text(score)


def test_railroads_exchange_is_chosen_on_the_page(server, pages):
    """A lone player's discard and his partner's best card are ``data-action`` cards: the
    person orders alone when he can, until an exchange has been offered to him."""
    page = pages.new(**DESKTOP)
    open_table(page, server, "railroad", 4, target=10, seed=11)
    seen: set[str] = set()
    rng = random.Random(2)
    for _ in range(200):
        ready(page)
        tokens = offered(page)
        assert sorted(tokens) == sorted(state_of(page)["view"]["legal"]) or not tokens
        seen.update(t.split()[0] for t in tokens if " " in t)
        if {"discard", "give"} & seen or step(page, rng, prefer=lambda ts: next(
                (t for t in ts if t.endswith("alone")), None)) is None:
            break
    assert {"discard", "give"} & seen  # his own discard, or the card he gives his partner
    words = state_of(page)["words"]
    assert all(choice["words"] for choice in words["choices"])


def test_the_lobby_offers_each_game_with_its_presets(server, pages):
    page = pages.new(**DESKTOP)
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    for game, presets in (("railroad", 3), ("hasenpfeffer", 2), ("napoleon", 2)):
        page.check(f"input[name=players][value={game}]")
        expect(page.locator("#game-presets input[name=game-preset]")).to_have_count(presets)
        expect(page.locator("#euchre-presets")).to_be_hidden()
        expect(page.locator("#play-says")).not_to_be_empty()
    expect(page.locator("#nap-row")).to_be_visible()
    page.select_option("#nap-players", "5")
    page.check("input[name=level][value=easy]")
    page.click("[data-testid=play]")
    page.wait_for_url("**/play/**token=**")
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    state = state_of(page)
    assert state["view"]["rules"] == {"game": "napoleon", "players": 5, "deck": 32,
                                      "target": 30}
    for place in ("n", "w", "nw", "ne", "e"):  # five seats: the top place stays empty
        expect(page.locator(f"#place-{place}")).to_have_class(
            "place at-n empty" if place == "n" else f"place at-{place}")


def test_a_friend_table_of_napoleon_has_an_invite_per_seat(server, pages):
    page = pages.new(**DESKTOP)
    made = open_table(page, server, "napoleon", 5, mode="friend")
    assert sorted(made["links"]["invites"]) == ["1", "2", "3", "4"]
    expect(page.locator("[data-testid=invite]")).to_be_visible()
    expect(page.locator("#invite-seats input")).to_have_count(4)


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE, DESKTOP])
def test_the_five_seat_table_fits(server, pages, size):
    """Every place and every card of the hand inside the window, no place over another."""
    page = pages.new(**size)
    open_table(page, server, "napoleon", 5, seed=9)
    ready(page)
    boxes = page.evaluate("""() => ['w', 'nw', 'ne', 'e', 's'].map((p) => {
        const r = document.getElementById('place-' + p).getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom]; })""")
    width = size["viewport"]["width"]
    for left, _top, right, _bottom in boxes:
        assert left >= 0 and right <= width + 1, boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[2] <= b[0] + 1 or b[2] <= a[0] + 1 or a[3] <= b[1] + 1 or b[3] <= a[1] + 1
            assert apart, (a, b)
    spilled = page.evaluate("""() => ['w', 'nw', 'ne', 'e'].flatMap((p) => {
        const place = document.getElementById('place-' + p), box = place.getBoundingClientRect();
        return [...place.querySelectorAll('.name, .tricks, .backs, .bubble')].filter((n) => {
            const r = n.getBoundingClientRect();
            return r.width && (r.top < box.top - 1 || r.bottom > box.bottom + 1
                               || r.left < box.left - 1 || r.right > box.right + 1
                               || n.scrollWidth > n.clientWidth + 1); })
            .map((n) => p + ' ' + n.className); })""")
    assert spilled == []  # each name, its tricks, its cards and its bid inside its place
    hand = page.evaluate("""() => [...document.querySelectorAll('#hand img')].map(
        (i) => i.getBoundingClientRect().right)""")
    assert len(hand) == 5 and max(hand) <= width + 1


BAR = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const pts = document.querySelector('#score .pts');
  return { zone: box(document.querySelector('.score-zone')), pts: box(pts),
           to: box(document.querySelector('#score .to')),
           trump: box(document.getElementById('trump')),
           cut: pts.scrollWidth > pts.clientWidth + 1, text: pts.textContent };
}"""


@pytest.mark.parametrize("language", ["en", "ar", "so"])
@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE])
def test_the_five_seat_bar_shows_every_score_on_a_phone(server, pages, size, language):
    """Issue 51's left-over: at five seats on a phone the bar's score line was cut. Each of
    the five scores and the goal whole inside the bar (on two lines of it), trump beneath,
    left to right and right to left (Arabic), and in Somali's longer words."""
    page = pages.new(extra_http_headers={"Accept-Language": language}, **size)
    open_table(page, server, "napoleon", 5, seed=9)
    ready(page)
    bar = page.evaluate(BAR)
    zone = bar["zone"]
    for part in ("pts", "to", "trump"):
        left, top, right, bottom = bar[part]
        assert zone[0] - 1 <= left and right <= zone[2] + 1, (part, bar)
        assert zone[1] - 1 <= top and bottom <= zone[3] + 1, (part, bar)
    assert not bar["cut"] and bar["text"].count("\u00a0·") == 4, bar  # five scores, all shown


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is installed by make test (npm)")
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_at_the_new_games_tables(server, pages, scheme):
    page = pages.new(bypass_csp=True, color_scheme=scheme, **DESKTOP)
    found = {}
    for game, players in (("railroad", 4), ("hasenpfeffer", 4), ("napoleon", 5)):
        open_table(page, server, game, players, seed=4)
        ready(page)
        page.add_script_tag(path=str(AXE))
        found[game] = [v["id"] for v in page.evaluate(
            "async () => (await axe.run(document)).violations")]
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    page.check("input[name=players][value=napoleon]")
    page.add_script_tag(path=str(AXE))
    found["lobby"] = [v["id"] for v in page.evaluate(
        "async () => (await axe.run(document)).violations")]
    assert found == {"railroad": [], "hasenpfeffer": [], "napoleon": [], "lobby": []}


REPLAYED = """() => {
  const faces = (sel) => [...document.querySelectorAll(`${sel} img[data-card]`)]
    .filter((img) => img.getClientRects().length && img.dataset.card !== "back").length;
  const next = document.querySelector("[data-testid=replay-next]"), seen = [];
  const read = () => [faces("[data-zone=hand]"),
                      ...[1, 2, 3, 4].map((p) => faces(`[data-zone=seat-${p}]`))];
  seen.push(read());
  while (!next.disabled) { next.click(); seen.push(read()); }
  return seen;
}"""


def test_a_finished_napoleon_of_five_is_replayed_with_every_hand_face_up(server, pages):
    """Issue 51, criterion 4: the replay of a game on the core, every seat's cards face up at
    its place, stepped to the end."""
    from test_server_rule_games import play_match

    made, _, _ = play_match(server, "napoleon", 5, seed=25)
    page = pages.new(**DESKTOP)
    page.goto(f"{server.base}/games/{made['id']}")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    seen = page.evaluate(REPLAYED)
    assert seen[0] == [5, 5, 5, 5, 5]  # the first deal: five cards face up at each place
    assert len(seen) > 20 and all(len(set(position)) <= 2 for position in seen)
    expect(page.locator("#status")).to_contain_text("won")


def test_three_friends_play_a_whole_napoleon_from_their_own_pages(server, pages):
    """A friend table of Napoleon at three, every seat a person's page (each its own
    browser): each takes his seat through his own invite, and all play to the match's end
    by the ``data-action`` elements alone, the offered tokens at each decision the seat's
    ``view.legal``."""
    from test_browser_friends_family import play_all

    ann = pages.new(**DESKTOP)
    made = open_table(ann, server, "napoleon", 3, mode="friend", target=1, seed=12)
    people = {0: ann}
    for seat, name in ((1, "Bea"), (2, "Cy")):
        people[seat] = pages.new(**DESKTOP)
        take_seat(people[seat], server, made["links"]["invites"][str(seat)], name)
        assert state_of(people[seat])["game"]["seat"] == seat
    assert play_all(people, random.Random(12)) >= 10
    record = record_of(server, made["id"])
    assert record["players"]["names"] == ["Ann", "Bea", "Cy"] and record["winner"] is not None
    assert record["rules"]["game"] == "napoleon"


BIDS_LAID = """() => {
  // each word of a button's shown words (its hidden key and twin left out) lies on one line
  const broken = (button) => {
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT), cut = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.key, .visually-hidden')) continue;
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                             .map((r) => Math.round(r.top)));
        if (tops.size > 1) cut.push(word[0]);
      }
    }
    return cut;
  };
  const turn = document.querySelector('.prompt-row .turn');
  const shown = [...document.querySelectorAll('.actions button')]
    .filter((b) => b.offsetParent !== null);
  return { width: innerWidth, turn: turn.textContent,
           turnCut: turn.scrollWidth > turn.clientWidth + 1,
           turnBottom: turn.getBoundingClientRect().bottom,
           buttons: shown.map((b) => {
             const r = b.getBoundingClientRect();
             return { action: b.dataset.action, words: b.textContent, broken: broken(b),
                      spills: b.scrollWidth > b.clientWidth + 1, left: r.left, right: r.right,
                      top: r.top }; }) };
}"""


@pytest.mark.parametrize("size", [SMALL_PHONE, PHONE], ids=["360", "390"])
@pytest.mark.parametrize(("game", "players", "seed", "language"),
                         [("napoleon", 3, 1, "ar"), ("napoleon", 3, 1, "so"),
                          ("hasenpfeffer", 4, 9, "so"), ("hasenpfeffer", 4, 9, "ar")])
def test_a_bidding_ladders_words_stay_whole_on_a_phone(server, pages, game, players, seed,
                                                       language, size):
    """Issue 56: on a phone a ladder of bids lay in one row of narrow columns, and each
    button's words broke anywhere (Napoleon's Arabic "اثنتان" in two at 360 px, Somali's
    "dalbo 6 qaadis" a syllable a line), and the bid's prompt ended in an ellipsis. Every
    word of every bid whole on its line, each button inside the screen and holding its
    words, and the prompt whole above them (that each can be touched is the every-choice
    test's, tests/test_browser_reach.py)."""
    page = pages.new(extra_http_headers={"Accept-Language": language}, **size)
    open_table(page, server, game, players, seed=seed, target=10)
    for _ in range(20):
        ready(page)
        if any(t.startswith("bid") for t in offered(page)):
            break
        step(page, random.Random(1), prefer=lambda ts: "pass" if "pass" in ts else None)
    else:
        raise AssertionError("the person was never asked to bid")
    laid = page.evaluate(BIDS_LAID)
    buttons = laid["buttons"]
    assert len(buttons) >= 6, laid  # pass and a ladder of at least five bids
    assert [(b["words"], b["broken"]) for b in buttons if b["broken"]] == [], laid
    assert [b["words"] for b in buttons if b["spills"]] == [], laid
    assert all(b["left"] >= -1 and b["right"] <= laid["width"] + 1 for b in buttons), laid
    assert not laid["turnCut"], laid
    assert laid["turnBottom"] <= min(b["top"] for b in buttons) + 1, laid
