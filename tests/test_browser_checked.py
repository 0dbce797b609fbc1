"""Checked as a person sees it (issue 36): axe-core finds no violation on any page in either
theme, a whole match logs no console error or warning, and the screenshot script makes the
README's pictures."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from browser_support import (
    AXE,
    CHROMIUM,
    browser,
    finished,
    pages,
    ready,
    server,
    step,
)

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures
ROOT = Path(__file__).resolve().parents[1]


def violations(page) -> list[dict]:
    """Every violation axe-core finds in the page, whatever its impact."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [{"id": v["id"], "impact": v["impact"],
             "nodes": [n["html"][:120] for n in v["nodes"][:3]]} for v in found]


def at_table(page, server, link: str) -> None:
    page.goto(server.base + link)
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is installed by make test (npm)")
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_on_any_page_in_either_theme(server, pages, scheme):
    page = pages.new(bypass_csp=True, color_scheme=scheme)
    seen: dict[str, list] = {}

    def check(name: str) -> None:
        page.wait_for_function("() => !document.getAnimations().some("
                               "(a) => a.playState === 'running')")
        seen[name] = violations(page)

    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    check("lobby")
    game = server.new_game(mode="computer", level="easy", name="Axe", seed=2, rules={"target": 3})
    at_table(page, server, game["links"]["play"])
    rng = random.Random(2)
    while not page.locator("#hand [data-action]").count():  # mid-hand: cards to play
        step(page, rng)
    ready(page)
    check("table mid-hand")
    page.click("#hint")
    page.wait_for_function("() => document.querySelector('.best')", timeout=60_000)
    check("table with a hint")
    while True:
        ready(page)
        if page.locator("[data-testid=continue]").is_visible():
            break
        assert step(page, rng) is not None
    check("hand end")
    while step(page, rng) is not None:
        pass
    assert finished(page)
    check("match over")
    for name, path in (("rules", "/rules"), ("record", f"/games/{game['id']}"),
                       ("stats", "/players/Axe"), ("review", f"/games/{game['id']}/review/0"),
                       ("error page", "/no/such/page")):
        page.goto(server.base + path)
        check(name)
    friend = server.new_game(mode="friend", name="Axe", seed=3)
    at_table(page, server, friend["links"]["play"])
    expect(page.locator("#invite")).to_be_visible()
    check("a friend table waiting")
    at_table(page, server, friend["links"]["watch"])
    check("a spectator")
    page.set_viewport_size({"width": 390, "height": 844})
    at_table(page, server, game["links"]["play"])
    check("match over on a phone")
    problems = {name: found for name, found in seen.items() if found}
    for name, found in problems.items():
        print(name, found)
    assert problems == {}
    assert len(seen) == 13


def test_a_whole_match_logs_no_console_error_or_warning(server, pages):
    page = pages.new()
    logged: list[str] = []
    page.on("console", lambda m: logged.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    game = server.new_game(mode="computer", level="easy", name="Quiet", seed=21,
                           rules={"target": 5})
    at_table(page, server, game["links"]["play"])
    rng = random.Random(21)
    page.click("#hint")
    while step(page, rng) is not None:
        pass
    page.click("[data-testid=record-link]")
    page.wait_for_url(f"**/games/{game['id']}")
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.games === '1'")
    assert logged == []


def test_the_screenshot_script_makes_the_readmes_pictures(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "scripts" / "screenshot.py"), "--out",
                    str(tmp_path)], check=True, timeout=600, capture_output=True)
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(made) >= 12, made
    for moment in ("lobby", "bid-round-1", "bid-round-2", "discard", "trick-won", "hand-end",
                   "score-pad", "match-end", "four-handed", "three-handed"):
        assert any(moment in name for name in made), moment
    screens = {"desktop", "phone", "small-phone"}  # (1280x800, 390x844, 360x740)
    kinds = {next(s for s in sorted(screens, key=len, reverse=True) if name.startswith(s))
             for name in made}
    assert kinds == screens, made
    assert {name.removeprefix(next(s for s in sorted(screens, key=len, reverse=True)
                                   if name.startswith(s))).split("-")[1]
            for name in made} == {"dark", "light"}
    for path in tmp_path.glob("*.png"):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10_000
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"docs/screens/([\w-]+\.png)", readme)  # the README shows them
    assert shown and set(shown) <= set(made), shown
    for name in shown:
        assert (ROOT / "docs" / "screens" / name).exists(), name
