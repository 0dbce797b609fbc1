"""Every page in the light and the dark theme, following the device until the player
chooses; error pages in a player's words; the rules page starting with how to play; the
four-colour deck's trump badge (issue 36)."""

from __future__ import annotations

import pytest
from browser_support import CHROMIUM, browser, pages, ready, server, state_of

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures

LIGHTNESS = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""


def every_page(server) -> list[str]:
    game = server.new_game(mode="computer", level="easy", name="Themed", seed=5,
                           rules={"target": 1})
    seat = server.seat(game["links"]["play"])
    seat.state_at_least(0)
    seat.send({"type": "resign"})
    seat.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    seat.close()
    playing = server.new_game(mode="computer", level="easy", name="Themed", seed=6)
    return ["/", playing["links"]["play"], "/rules", f"/games/{game['id']}",
            "/players/Themed", f"/games/{game['id']}/review/0", "/no/such/page",
            "/play/nosuchgame"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_follows_the_device_until_the_player_chooses(server, pages, scheme):
    page = pages.new(color_scheme=scheme)
    for path in every_page(server):
        page.goto(server.base + path)
        assert page.evaluate("document.documentElement.dataset.theme") == scheme, path
        lightness = page.evaluate(LIGHTNESS)
        assert (lightness > 0.6) if scheme == "light" else (lightness < 0.2), (path, lightness)
    # the player's choice wins over the device's, on every page
    other = "dark" if scheme == "light" else "light"
    page.evaluate(f"""localStorage.setItem("euchre.settings",
                       JSON.stringify({{theme: "{other}"}}))""")
    for path in every_page(server):
        page.goto(server.base + path)
        assert page.evaluate("document.documentElement.dataset.theme") == other, path


def test_the_tools_are_quiet_in_the_light_theme(server, pages):
    game = server.new_game(mode="computer", level="easy", name="Light", seed=5)
    page = pages.new(color_scheme="light")
    page.goto(server.base + game["links"]["play"])
    ready(page)
    gold = page.locator("[data-action]").first.evaluate("e => getComputedStyle(e).backgroundColor")
    for tool in ("#hint", "#resign"):
        look = page.locator(tool).evaluate("e => getComputedStyle(e).backgroundColor")
        assert look != gold and look == "rgba(0, 0, 0, 0)", (tool, look)


def test_error_pages_speak_to_people(server, pages):
    page = pages.new()
    for path, title in (("/no/such/page", "Nothing here"), ("/play/nosuchgame", "No such game"),
                        ("/static/nothing.js", "Nothing here")):
        reply = page.goto(server.base + path)
        assert reply.status == 404
        expect(page.locator("h1")).to_have_text(title)
        body = page.locator("body").text_content()
        assert "detail" not in body and "{" not in body, body
        expect(page.locator("main a[href='/']").last).to_be_visible()
    status, body = server.get("/api/nothing")
    assert status == 404 and body == '{"error":"no such address in the API"}'


def test_the_rules_page_starts_with_how_to_play(server, pages):
    page = pages.new()
    page.goto(server.base + "/rules")
    headings = page.locator("h1, h2").all_text_contents()
    assert headings[:3] == ["How to play Euchre", "Quick start (two players)",
                            "The full rules (two players)"]
    assert "Four-handed (partnership) Euchre" in headings
    assert "Three-handed (cutthroat) Euchre" in headings
    text = page.locator("article").text_content()
    # every table plays everywhere: the page never says the faces play only two-handed
    assert "two-handed Euchre" not in headings[0] and "play the two-handed game" not in text
    assert "two, three or four players" in text
    for kept_out in ("Somali", "Rules", "--deck", "stick_the_dealer", "option `"):
        assert kept_out not in text, kept_out


@pytest.mark.parametrize("colours,expected", [("2", "rgb(198, 40, 40)"),
                                              ("4", "rgb(31, 95, 191)")])
def test_the_trump_badge_follows_the_deck_colours(server, pages, colours, expected):
    game = server.new_game(mode="computer", level="easy", name="Blue", seed=1)  # QD turned
    page = pages.new()
    page.add_init_script(f"""localStorage.setItem("euchre.settings",
        JSON.stringify({{speed: "fast", colours: "{colours}"}}));""")
    page.goto(server.base + game["links"]["play"])
    ready(page)
    assert state_of(page)["view"]["upcard"] == "QD"
    page.click('[data-action="order"]')
    expect(page.locator("#trump")).to_have_text("Trump ♦ diamonds")
    assert page.locator("#trump").evaluate("e => getComputedStyle(e).color") == expected
