"""Every place at the table fits (issue 40, criterion 2): at two, three and four seats, on a
phone (390x844) and a desktop (1280x800), at every state of a whole match, no seat's name,
cards or bid covers another place or the upcard's corner, no part leaves its place, and no
words are cut: the name, the dealer's chip, the tricks, a bid and the bar's score."""

from __future__ import annotations

import random

import pytest
from browser_support import CHROMIUM, browser, finished, pages, ready, server, step

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

__all__ = ["browser", "pages", "server"]  # fixtures

SCREENS = {"phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                     "has_touch": True},
           "desktop": {"viewport": {"width": 1280, "height": 800}}}

MISFITS = """() => {
  const shown = (e) => e && e.offsetParent !== null && e.getBoundingClientRect().width > 1
    && getComputedStyle(e).visibility !== "hidden" && getComputedStyle(e).clip === "auto";
  const parts = [];
  for (const place of document.querySelectorAll(".felt .place:not(.empty)"))
    for (const part of place.children) if (shown(part)) parts.push([place.id, part]);
  const zone = document.getElementById("upcard-zone");
  for (const part of zone.querySelectorAll(".kitty, .caption"))
    if (shown(part)) parts.push(["upcard", part]);
  const box = (e) => e.getBoundingClientRect(), found = [];
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
    const [p, a] = parts[i], [q, b] = parts[j];
    if (p === q) continue;
    const r = box(a), s = box(b);
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 3 && h > 3) found.push(`${p} .${a.className} covers ${q} .${b.className}`);
  }
  for (const holder of [...document.querySelectorAll(".felt .place:not(.empty)"), zone]) {
    const r = box(holder);
    for (const part of holder.children) {
      if (!shown(part) || part.classList.contains("upcard")) continue;
      const s = box(part);
      if (s.top < r.top - 2 || s.bottom > r.bottom + 2)
        found.push(`.${part.className} leaves ${holder.id}`);
    }
  }
  const words = document.querySelectorAll("#score, .felt .place .bubble, .felt .place .who, "
    + ".felt .place .who > *, .upcard-zone .caption");
  for (const e of words)
    if (shown(e) && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
      found.push(`cut: ${e.id || e.className} "${e.textContent}"`);
  return found;
}"""
"""What does not fit on the page as drawn: places that cover one another, parts that leave
their place, and words cut by their box (the visually hidden words of a screen reader are
not on show, so not counted)."""


@pytest.mark.parametrize("players,screen", [(4, "phone"), (3, "phone"), (2, "phone"),
                                            (4, "desktop"), (3, "desktop")])
def test_every_place_fits_at_every_state_of_a_match(server, pages, players, screen):
    game = server.new_game(mode="computer", level="easy", name="Ann", seed=40 + players,
                           rules={"players": players, "target": 3})
    page = pages.new(**SCREENS[screen])
    page.goto(server.base + game["links"]["play"])
    rng, misfits, states = random.Random(players), {}, 0
    while True:
        ready(page)
        states += 1
        for misfit in page.evaluate(MISFITS):
            misfits.setdefault(misfit, page.locator("#hand-no").text_content())
        if finished(page):
            break
        step(page, rng)
    assert states > 10 and misfits == {}, misfits
