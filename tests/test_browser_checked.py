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


SCRIPT = ROOT / "scripts" / "screenshot.py"
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "small-phone": (360, 740)}
"""The screens pictured (width, height): a picture's name starts with its screen."""
SAMPLE = ("desktop-dark-lobby", "phone-light-bid-round-1", "small-phone-dark-bid-seven-choices")
"""Pictures made in the test, one of each screen and both themes, through the script's three
ways to a table: the lobby, a friend table answered over the socket, a table of four
against the computer. The whole set: ``make screens``."""


def screen_of(name: str) -> str:
    return max((s for s in SIZES if name.startswith(s + "-")), key=len)


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_the_screenshot_script_makes_the_readmes_pictures(tmp_path):
    listed = subprocess.run([sys.executable, str(SCRIPT), "--list"], check=True, timeout=60,
                            capture_output=True, text=True).stdout.split()
    assert len(listed) >= 12 and len(set(listed)) == len(listed), listed
    for moment in ("lobby", "bid-round-1", "bid-round-2", "discard", "trick-won", "hand-end",
                   "score-pad", "match-end", "four-handed", "three-handed",
                   "bid-seven-choices"):
        assert any(moment in name for name in listed), moment
    assert {screen_of(name) for name in listed} == set(SIZES), listed
    assert {name.removeprefix(screen_of(name) + "-").split("-")[0] for name in listed} == {
        "dark", "light"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"docs/screens/([\w-]+)\.png", readme)  # the README shows them
    assert shown and set(shown) <= set(listed), shown
    for name in shown:  # there, and of its screen's size
        path = ROOT / "docs" / "screens" / f"{name}.png"
        assert path.exists(), name
        assert png_size(path) == SIZES[screen_of(name)], name
    made = subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path),
                           *(f"--only={name}" for name in SAMPLE)], timeout=300,
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr[-2000:]
    assert sorted(p.stem for p in tmp_path.glob("*.png")) == sorted(SAMPLE)
    for name in SAMPLE:
        path = tmp_path / f"{name}.png"
        assert png_size(path) == SIZES[screen_of(name)] and path.stat().st_size > 10_000, name
