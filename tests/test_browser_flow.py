"""The table's flow as a new player met it (issue 48): a cutthroat match's chart with every
player, the last trick as one predictable control, no choice offered while the deal is in
the air, no card flying over the end of a hand, the four-colour deck on every card shown,
and a replay of three or four whose side hands stay on the felt, at a desktop's size and a
phone's. Axe finds nothing on what these change, in either theme."""

from __future__ import annotations

import random

import pytest
from browser_support import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    axe_violations,
    browser,
    continue_shown,
    offered,
    pages,
    ready,
    server,
    state_of,
    step,
    stored_game,
)

from euchre import Game, Rules

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures


def finished_game(server, players: int, seed: int) -> tuple[str, str, Game]:
    """A match of ``players`` played to its end at random (a partner sitting out now and
    then), stored whole: its id, the link of seat 0 (Ann's) and the game."""
    def choose(legal: list[str], rng: random.Random) -> str:
        alone = [a for a in legal if a.endswith(" alone")]
        return alone[0] if alone and rng.random() < 0.3 else rng.choice(legal)

    return stored_game(server, Rules(players=players, target=3), seed, choose=choose)


def open_table(page, server, link: str) -> None:
    page.goto(server.base + link)
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")


def test_a_cutthroat_matchs_chart_draws_every_player(server, pages):
    _, link, game = finished_game(server, 3, seed=31)
    page = pages.new()
    open_table(page, server, link)
    chart = page.locator("#over svg.chart")
    expect(chart.locator("polyline")).to_have_count(3)
    labels = chart.locator("text").all_text_contents()
    assert {"You", "West", "East"} <= set(labels)
    last = [line.get_attribute("points").split()[-1] for line in chart.locator("polyline").all()]
    heights = [float(point.split(",")[1]) for point in last]  # the winner's line ends highest
    winner = max(range(3), key=lambda seat: game.score[seat])
    assert min(heights) == heights[winner]
    said = chart.get_attribute("aria-label")
    for seat, name in enumerate(("You", "West", "East")):
        assert f"{name} {game.score[seat]}" in said.rsplit("hand", 1)[1]


def to_a_trick_played(page, seed: int) -> None:
    """Play (at random) until a trick is over and it is my turn: the last trick is there."""
    rng = random.Random(seed)
    for _ in range(80):
        ready(page)
        if not continue_shown(page) and page.locator("#last-trick-button").is_enabled() \
                and offered(page):
            return
        step(page, rng)
    raise AssertionError("no trick was played")


def last_trick_shown(page) -> tuple[bool, str]:
    return (page.locator("#last-trick").is_visible(),
            page.locator("#last-trick-button").get_attribute("aria-expanded"))


def test_the_last_trick_opens_and_shuts_on_a_click_a_tap_or_a_key(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Lee", seed=23,
                           rules={"target": 5})
    page = pages.new(**DESKTOP)
    open_table(page, server, game["links"]["play"])
    to_a_trick_played(page, 23)
    button = page.locator("#last-trick-button")
    button.hover()  # a mouse resting on it previews it
    assert last_trick_shown(page) == (True, "true")
    button.click()  # and a click then keeps it open
    page.mouse.move(5, 5)
    assert last_trick_shown(page) == (True, "true")
    button.click()  # the next click shuts it
    assert last_trick_shown(page) == (False, "false")
    page.mouse.move(5, 5)
    button.focus()  # the keyboard: Enter and Space open and shut it, Escape shuts it
    page.keyboard.press("Enter")
    assert last_trick_shown(page) == (True, "true")
    page.keyboard.press("Enter")
    assert last_trick_shown(page) == (False, "false")
    page.keyboard.press("Space")
    assert last_trick_shown(page) == (True, "true")
    page.keyboard.press("Escape")
    assert last_trick_shown(page) == (False, "false")

    phone = pages.new(**PHONE)
    open_table(phone, server, game["links"]["play"])
    ready(phone)
    phone.locator("#last-trick-button").tap()  # a tap opens it, and it stays open
    phone.wait_for_timeout(300)
    assert last_trick_shown(phone) == (True, "true")
    phone.locator("#last-trick-button").tap()  # the next tap shuts it
    phone.wait_for_timeout(300)
    assert last_trick_shown(phone) == (False, "false")


WATCH = """
window.__dealt = [];  // each moment a choice was offered while the deal was in the air
window.__covered = [];  // each moment a flying card lay over the hand's end panel
window.__dealing = 0;  // frames drawn while a deal was in the air (the watch saw one)
(() => {
  const meets = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  function look() {
    const dealing = document.getAnimations().some((a) => a.playState === "running"  // (a
      && a.effect?.getKeyframes?.()[0]?.opacity === "0.4");  // dealt card fades in as it flies)
    const bid = document.querySelector("#actions [data-action]");
    const said = document.getElementById("status").textContent;  // not "Your bid"
    window.__dealing += dealing;
    if (dealing && (bid || said.startsWith("Your"))) window.__dealt.push(said);
    const panel = document.getElementById("hand-end");
    if (panel && !panel.hidden) {
      const box = panel.getBoundingClientRect();
      for (const img of document.querySelectorAll("#flying img"))
        if (meets(img.getBoundingClientRect(), box)) window.__covered.push(img.dataset.card);
    }
    requestAnimationFrame(look);
  }
  requestAnimationFrame(look);
})();
"""


def test_the_bids_wait_for_the_deal_and_no_card_flies_over_the_hands_end(server, pages):
    """At the normal speed, with cards moving: no choice while the deal of the first hand
    and of the second is in the air, and the hand's end panel comes once its last trick
    has been gathered."""
    game = server.new_game(mode="computer", level="easy", name="Dee", seed=41,
                           rules={"target": 10})
    page = pages.new(fast=False, **DESKTOP)
    page.add_init_script(WATCH)
    open_table(page, server, game["links"]["play"])
    rng = random.Random(41)
    hands = 0
    while hands < 2:
        ready(page)
        if continue_shown(page):
            hands += 1
        step(page, rng)
    ready(page)
    assert page.evaluate("window.__dealing") > 0  # (a deal's look the watch no longer knew
    assert page.evaluate("window.__dealt") == []  # would pass this test unseen)
    assert page.evaluate("window.__covered") == []
    assert state_of(page)["view"]["hand_number"] == 2


def test_the_four_colour_deck_redraws_every_card_shown(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Col", seed=23,
                           rules={"target": 5})
    page = pages.new(**DESKTOP)
    open_table(page, server, game["links"]["play"])
    to_a_trick_played(page, 23)
    page.locator("#last-trick-button").click()  # its cards too
    faces = """() => [...document.querySelectorAll("img[data-card]")]  // (those in the air go)
        .filter((i) => i.dataset.card !== "back" && !i.closest("#flying"))
        .map((i) => i.getAttribute("src"))"""
    before = page.evaluate(faces)
    assert len(before) >= 6 and not any("colours=4" in src for src in before)
    page.locator("#settings summary").click()
    page.select_option("#set-colours", "4")
    after = page.evaluate(faces)
    assert len(after) == len(before) and all(src.endswith("?colours=4") for src in after)
    page.select_option("#set-colours", "2")
    assert not any("colours=4" in src for src in page.evaluate(faces))


OFF_THE_FELT = """() => {
  const felt = document.getElementById("felt").getBoundingClientRect();
  const out = [];
  const next = document.querySelector("[data-testid=replay-next]");
  for (;;) {
    for (const place of document.querySelectorAll("#place-w, #place-e, #place-n")) {
      const box = place.getBoundingClientRect();
      for (const img of place.querySelectorAll(".backs img")) {
        const r = img.getBoundingClientRect();
        if (r.left < Math.max(felt.left, box.left) - 1
            || r.right > Math.min(felt.right, box.right) + 1)
          out.push(`${document.body.dataset.at} ${place.id} ${img.dataset.card}`);
      }
    }
    if (next.disabled) return out;
    next.click();
  }
}"""


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_replays_side_hands_stay_on_the_felt(server, pages, players, screen):
    game_id, _, _ = finished_game(server, players, seed=7)
    page = pages.new(**(DESKTOP if screen == "desktop" else PHONE))
    page.goto(f"{server.base}/games/{game_id}")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    assert page.evaluate(OFF_THE_FELT) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_last_trick_cutthroats_end_and_a_replay(server, pages, scheme):
    _, link, _ = finished_game(server, 3, seed=31)
    game = server.new_game(mode="computer", level="easy", name="Axe", seed=23,
                           rules={"target": 5})
    page = pages.new(bypass_csp=True, color_scheme=scheme, **DESKTOP)
    open_table(page, server, game["links"]["play"])
    to_a_trick_played(page, 23)
    page.locator("#last-trick-button").click()
    assert axe_violations(page) == []
    open_table(page, server, link)
    expect(page.locator("#over svg.chart polyline")).to_have_count(3)
    assert axe_violations(page) == []
    game_id, _, _ = finished_game(server, 4, seed=7)
    page.goto(f"{server.base}/games/{game_id}?at=3")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    assert axe_violations(page) == []



@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_seven_choices_a_partner_sitting_out_and_a_used_invite(
        server, pages, scheme):
    """The states issue 48 changed at four on a phone: the bidding with seven choices (the
    lone calls under their suits, the turn marked at my place), a partner sitting out with
    the turn marked at another's place, and an invite already used (said, with the watch
    link)."""
    game = server.new_game(mode="computer", level="easy", name="Axe", seed=8,
                           rules={"players": 4, "target": 10})
    page = pages.new(bypass_csp=True, color_scheme=scheme, **PHONE)
    open_table(page, server, game["links"]["play"])
    still = "() => !document.getAnimations().some((a) => a.playState === 'running')"
    while True:
        ready(page)
        if len(offered(page)) == 7:
            break
        step(page, random.Random(0), lambda legal: "pass" if "pass" in legal else None)
    page.wait_for_function(still)
    expect(page.locator("#place-s.turn .turn-mark")).to_be_visible()
    assert axe_violations(page) == []
    page.locator('[data-action="call S alone"]').click()
    expect(page.locator("#place-n .bubble")).to_have_text("sits out this hand")
    page.wait_for_function("() => document.querySelector('.felt .place.turn:not(#place-s)')")
    page.wait_for_function(still)
    assert axe_violations(page) == []
    friends = server.new_game(mode="friend", name="Axe", rules={"players": 4})
    server.claim(friends["links"]["invites"]["1"], "Bea")
    page.goto(server.base + friends["links"]["invites"]["1"])
    expect(page.locator("[data-testid=taken]")).to_be_visible()
    assert axe_violations(page) == []
