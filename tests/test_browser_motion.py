"""Cards that move (issue 36): a played card travels to the trick, timed by the speed
setting, with no motion for a device that asks for less or a player who turns it off, and
a click during a move is acted on."""

from __future__ import annotations

import random

import pytest
from browser_support import CHROMIUM, browser, drawn, finished, pages, ready, sent, server, step

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

__all__ = ["browser", "pages", "server"]  # fixtures

MOVES_SEEN = """
window.__moves = [];
const watch = () => {
  for (const a of document.getAnimations())
    if (!window.__moves.includes(a)) window.__moves.push(a);
  requestAnimationFrame(watch);
};
requestAnimationFrame(watch);
document.addEventListener("click", () => {
  window.__clickedMoving = document.getAnimations().some((a) => a.playState === "running");
}, true);
"""
"""Every animation the page runs, caught frame by frame, and whether one was running when
the last click came."""

MOVING_AND_MY_TURN = """() => document.body && document.body.dataset.idle === "1"
  && document.querySelector("#hand [data-action]")
  && document.getAnimations().some((a) => a.playState === "running"
                                         && a.effect?.target?.closest?.("#trick"))"""


def with_settings(page, settings: str) -> None:
    page.add_init_script(f'localStorage.setItem("euchre.settings", JSON.stringify({settings}));')


def durations(page) -> list[float]:
    """How long each of the page's card moves took (a hover's CSS transition aside)."""
    return page.evaluate("""window.__moves.filter((a) => !(a instanceof CSSTransition))
        .map((a) => a.effect.getTiming().duration)""")


def test_a_click_during_a_move_is_acted_on(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Quick", seed=17,
                           rules={"target": 3})
    page = pages.new(fast=False)
    with_settings(page, '{"speed": "slow"}')  # a card takes 650 ms to cross the table
    page.add_init_script(MOVES_SEEN)
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(17)
    clicked = 0
    for _ in range(200):
        ready(page)
        if finished(page) or clicked >= 2:
            break
        moving = page.evaluate(MOVING_AND_MY_TURN)
        if moving:  # the computer's card is still on its way to the trick: play at once
            card = page.locator("#hand [data-action]").first
            token, before = card.get_attribute("data-action"), drawn(page)
            messages = len(sent(page))
            card.click(force=True)  # no waiting for the table to be still
            assert page.evaluate("window.__clickedMoving")
            assert sent(page)[messages:] == [{"type": "action", "action": token, "seq": before}]
            page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=before)
            clicked += 1
            continue
        step(page, rng)
    assert clicked >= 2
    assert 650 in durations(page)  # the slow speed's travel


@pytest.mark.parametrize("how", ["reduced-motion", "setting"])
def test_no_motion_for_a_device_that_asks_for_less_or_a_player_who_turns_it_off(
        server, pages, how):
    game = server.new_game(mode="computer", level="easy", name="Still", seed=17,
                           rules={"target": 3})
    if how == "reduced-motion":
        page = pages.new(reduced_motion="reduce")
    else:
        page = pages.new(fast=False)
        with_settings(page, '{"speed": "fast", "motion": false}')
    page.add_init_script(MOVES_SEEN)
    page.goto(server.base + game["links"]["play"])
    rng = random.Random(17)
    for _ in range(40):
        if step(page, rng) is None:
            break
    assert page.evaluate("window.__moves.length") == 0
    other = server.new_game(mode="computer", level="easy", name="Moving", seed=17,
                            rules={"target": 3})
    fast = pages.new()  # the same deal with motion, at the fast speed, for comparison
    fast.add_init_script(MOVES_SEEN)
    fast.goto(server.base + other["links"]["play"])
    for _ in range(12):
        if step(fast, rng) is None:
            break
    assert durations(fast) and set(durations(fast)) <= {160}, durations(fast)
