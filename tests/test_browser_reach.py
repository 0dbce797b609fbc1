"""Every choice reachable at every size (issue 48, criterion 1): at a desktop's 1280x800 and
phones of 390x844 and 360x740, at two, three and four seats, with each option that adds
choices (stick the dealer, going alone, defending alone, the dealer alone under a Joker), at
every decision of a hand each offered ``data-action`` element is in the viewport once
scrolled to, nothing covers it (the browser's hit test at its centre and at each edge's middle
finds the element itself), and on a phone it is at least 44x44 CSS px.

Each case's seed deals the richest decision of its rules in the first hand when the person
passes whenever he may (found once over the server's socket; the computers are seeded by the
game's seed, so the match repeats exactly): seven choices at four in round 2 (pass, three
suits, three lone calls), six for a dealer stuck at four, eight for the dealer under a
turned-up Joker who may go alone, the lone defender's answer; and the rest of the family
(issue 51) at the same sizes: Hasenpfeffer's first bid (pass and six numbers), Railroad's
partner's best card and its lone defence, Napoleon's first bid at five seats."""

from __future__ import annotations

import pytest
from browser_support import (
    CHROMIUM,
    browser,
    continue_shown,
    drawn,
    finished,
    offered,
    pages,
    ready,
    server,
    state_of,
)

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

__all__ = ["browser", "pages", "server"]  # fixtures

SCREENS = {"1280x800": {"viewport": {"width": 1280, "height": 800}},
           "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                       "has_touch": True},
           "360x740": {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                       "has_touch": True}}

CASES = {  # name: (rules, seed, the decision the hand must reach)
    "four, round 2 with lone calls": ({"players": 4}, 8,
                                      lambda legal: len(legal) == 7),
    "four, the dealer stuck": ({"players": 4, "stick_the_dealer": True}, 8,
                               lambda legal: len(legal) == 6 and "pass" not in legal
                               and all(t.startswith("call") for t in legal)),
    "four, defend alone": ({"players": 4, "defend_alone": True}, 1,
                           lambda legal: "defend alone" in legal),
    "four, the Joker's dealer alone": ({"players": 4, "deck": 25, "joker_dealer_alone": True},
                                       58, lambda legal: len(legal) == 8),
    "three, round 2": ({"players": 3}, 3,
                       lambda legal: len(legal) == 4 and "pass" in legal
                       and all(t == "pass" or t.startswith("call") for t in legal)),
    "three, the dealer stuck": ({"players": 3, "stick_the_dealer": True}, 17,
                                lambda legal: legal and all(t.startswith("call") for t in legal)),
    "two, round 2": ({}, 2, lambda legal: len(legal) == 4 and "call C" in legal),
    "two, the dealer stuck": ({"stick_the_dealer": True}, 2,
                              lambda legal: legal and all(t.startswith("call") for t in legal)),
    "Hasenpfeffer, the first bid": ({"game": "hasenpfeffer"}, 9,
                                    lambda legal: len(legal) == 7),
    "Railroad, the partner's best card": ({"game": "railroad"}, 42,
                                          lambda legal: any(t.startswith("give")
                                                            for t in legal)),
    "Railroad, defend alone": ({"game": "railroad"}, 1, lambda legal: "defend alone" in legal),
    "Napoleon at five, the first bid": ({"game": "napoleon", "players": 5}, 7,
                                        lambda legal: len(legal) == 6),
}

UNREACHABLE = """(phone) => {
  const found = [];
  const shown = [...document.querySelectorAll("[data-action]")]
    .filter((e) => e.offsetParent !== null && !e.disabled);
  if (document.documentElement.scrollWidth > innerWidth + 1)
    found.push("the page scrolls sideways");
  for (const e of shown) {
    // the page scrolled (as a finger would) to bring it to the middle; never a box the
    // person cannot scroll (scrollIntoView would scroll even a box that clips it)
    const was = e.getBoundingClientRect();
    scrollBy(0, was.top + was.height / 2 - innerHeight / 2);
    const r = e.getBoundingClientRect(), name = e.dataset.action;
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
      found.push(`${name}: outside the viewport once scrolled to `
                 + `(${[r.left, r.top, r.right, r.bottom].map(Math.round)})`);
    if (phone && (r.width < 44 || r.height < 44))
      found.push(`${name}: ${Math.round(r.width)}x${Math.round(r.height)} px, under 44x44`);
    // the centre, then each edge's middle
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const points = [[x, y], [x, r.top + 2], [x, r.bottom - 2], [r.left + 2, y], [r.right - 2, y]];
    for (const [px, py] of points) {
      const hit = document.elementFromPoint(px, py);
      if (!hit || (hit !== e && !e.contains(hit))) {
        const by = hit ? hit.id || hit.className || hit.tagName : "nothing";
        found.push(`${name}: covered at (${Math.round(px)}, ${Math.round(py)}) by ${by}`);
        break;
      }
    }
  }
  scrollTo(0, 0);
  return found;
}"""
"""What keeps an offered choice from a finger or a pointer: outside the page once scrolled
to, too small on a phone, or covered (clipped by its box, or under another element)."""

STILL = """() => !document.getAnimations().some((a) => a.playState === "running"
  && a.effect && a.effect.getComputedTiming().iterations !== Infinity)"""
"""No card is moving (an endless animation, were there one, not waited for)."""


def choice(legal: list[str], reached: bool) -> str:
    """The person's policy the seeds were found with: pass whenever he may, else the first
    choice in the order the page shows them; once the case's decision is reached, its last
    choice (a lone call where there is one), and the hand played on from there."""
    if reached:
        return legal[-1]
    return "pass" if "pass" in legal else legal[0]


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("case", list(CASES))
def test_every_offered_choice_can_be_reached_and_touched(server, pages, case, screen):
    reach_every_choice(server, pages, case, screen)


@pytest.mark.parametrize("language", ["ar", "so"])
@pytest.mark.parametrize("case", ["four, round 2 with lone calls",
                                  "four, the Joker's dealer alone"])
def test_every_choice_is_reached_in_arabic_and_somali_on_a_small_phone(server, pages, case,
                                                                       language):
    """Issue 56: right to left (Arabic) and longer words (Somali) at 360 px, the richest
    decisions (seven and eight choices)."""
    reach_every_choice(server, pages, case, "360x740", {"Accept-Language": language})


def reach_every_choice(server, pages, case: str, screen: str,
                       headers: dict[str, str] | None = None) -> None:
    rules, seed, richest = CASES[case]
    game = server.new_game(mode="computer", level="easy", name="Ann", seed=seed,
                           rules={**rules, "target": 10})
    page = pages.new(**SCREENS[screen], extra_http_headers=headers or {})
    page.goto(server.base + game["links"]["play"])
    phone = screen != "1280x800"
    problems: dict[str, list[str]] = {}
    reached, decisions = False, 0
    while True:
        ready(page)
        if finished(page) or continue_shown(page):
            break  # the first hand is over
        page.wait_for_function(STILL)
        legal = state_of(page)["view"]["legal"]
        assert sorted(offered(page)) == sorted(legal)
        decisions += 1
        reached = reached or bool(richest(legal))
        found = page.evaluate(UNREACHABLE, phone)
        if found:
            problems[" / ".join(legal)] = found
        before = drawn(page)
        page.locator(f'[data-action="{choice(legal, reached)}"]').click()
        page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=before)
    assert reached, f"the seed no longer deals the decision this case is about ({case})"
    assert decisions >= 3 and problems == {}, problems
