"""Friend tables of four and three in the browser (issue 40): the lobby makes one, the host
sees a link for each empty seat and a Start button, each friend takes a seat through its
invite page, the computer fills the seats nobody took, and every person plays the whole
match from his own page, finding at each decision the offered ``data-action`` tokens equal
to ``view.legal``. A player who leaves is played by the computer after ``--seat-wait``, said
at the table."""

from __future__ import annotations

import random
import re

import pytest
from browser_support import (
    AXE,
    CHROMIUM,
    READY,
    browser,
    continue_shown,
    finished,
    offered,
    pages,
    record_of,
    state_of,
    take_seat,
)
from test_server_friends_family import server

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

from playwright.sync_api import expect

__all__ = ["browser", "pages", "server"]  # fixtures (the server's --seat-wait is 1 s)


def host_from_lobby(page, server, players: int, partner: str | None = None) -> str:
    """Ann makes a friend table of ``players`` in the lobby (computers at easy, to 3; at
    four a computer partner at ``partner``)."""
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    page.fill("#name", "Ann")
    page.check(f"input[name=players][value='{players}']")
    page.check("input[name=level][value=easy]")
    if partner:
        page.select_option("#partner", partner)
    page.check("input[name=preset][value=custom]")
    page.fill("#target", "3")
    friend = page.locator("[data-testid=friend]")
    expect(friend).to_be_enabled()
    expect(friend).to_contain_text("a link for each seat")
    friend.click()
    page.wait_for_url("**/play/**token=**")
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    return page.url.split("/play/")[1].split("?")[0]


def invite_links(page) -> dict[str, str]:
    """The host's invite panel: seat -> link, as shown."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#invite-seats input')].map((i) => [i.dataset.seat, i.value]))""")


def play_all(people: dict[int, object], rng: random.Random) -> int:
    """Every person's page plays its turns at random (and moves its own table on after a
    hand) until every page shows the match's end; at each decision the page's offered
    tokens are the state's legal moves. Returns the decisions checked."""
    decisions = 0
    done: set[int] = set()
    while len(done) < len(people):
        moved = False
        for seat, page in people.items():
            if seat in done or not page.evaluate(READY):
                continue
            if finished(page):
                done.add(seat)
                continue
            if continue_shown(page):
                page.click("[data-testid=continue]")
                moved = True
                continue
            tokens = offered(page)
            if not tokens:
                continue
            state = state_of(page)
            assert sorted(tokens) == sorted(state["view"]["legal"]), (seat, state["seq"])
            assert state["view"]["to_move"] == seat
            decisions += 1
            before = state["seq"]
            page.locator(f'[data-action="{rng.choice(tokens)}"]').click()
            page.wait_for_function(
                "(n) => Number(document.body.dataset.seq) > n || "
                "document.getElementById('error').textContent !== ''", arg=before)
            assert page.locator("#error").text_content() == ""
            moved = True
        if not moved:
            people[next(iter(people))].wait_for_timeout(50)
    return decisions


SEATS = {4: ["West's seat", "North's seat (your partner)", "East's seat"],
         3: ["West's seat", "East's seat"]}


@pytest.mark.parametrize("players", [4, 3])
def test_friends_take_every_seat_and_play_a_whole_match(server, pages, players):
    ann = pages.new()
    game_id = host_from_lobby(ann, server, players)
    expect(ann.locator("[data-testid=invite]")).to_be_visible()
    expect(ann.locator("#invite-seats label")).to_have_text(SEATS[players])
    links = invite_links(ann)
    assert sorted(links) == [str(s) for s in range(1, players)]
    assert len(set(links.values())) == players - 1
    people = {0: ann}
    friends = (("Bea", "Cy", "Di")[:players - 1])
    for seat, name in enumerate(friends, 1):
        page = pages.new()
        take_seat(page, server, links[str(seat)], name)
        assert state_of(page)["game"]["seat"] == seat
        people[seat] = page
        if seat == 1:
            expect(ann.locator("[data-testid=notice]")).to_have_text("Bea has taken a seat.")
            expect(ann.locator("#invite-seats label")).to_have_count(players - 2)
            expect(ann.locator("[data-testid=start]")).to_be_visible()
    expect(ann.locator("[data-testid=invite]")).to_be_hidden()  # all here: the game is on
    reused = pages.new()  # an invite works once: opened again it offers to watch
    reused.goto(links["1"])
    expect(reused.locator("[data-testid=taken]")).to_be_visible()
    assert play_all(people, random.Random(players)) >= 10
    record = record_of(server, game_id)
    assert record["players"]["names"] == ["Ann", *friends]
    assert record["winner"] in range(2 if players == 4 else 3)


def test_three_handed_the_computer_fills_a_seat_and_plays_for_a_player_who_left(server, pages):
    ann, bea = pages.new(), pages.new()
    host_from_lobby(ann, server, 3)
    links = invite_links(ann)
    assert sorted(links) == ["1", "2"]
    take_seat(bea, server, links["1"], "Bea")
    expect(bea.locator("#status")).to_have_text(
        "Waiting for your friends, or for the host to start")
    expect(ann.locator("[data-testid=start]")).to_contain_text("the computer in the empty seats")
    ann.click("[data-testid=start]")
    expect(ann.locator("[data-testid=notice]")).to_have_text(
        "The game starts: the computer (easy) plays East.")
    ann.click("#menu summary")  # East's seat can still be taken over by a person
    expect(ann.locator("[data-testid=menu-invites]")).to_be_visible()
    expect(ann.locator("#menu-invite-seats label")).to_have_text(["East's seat"])
    cy_link = ann.locator("#menu-invite-seats input").input_value()
    ann.click("#menu summary")
    cy = pages.new()  # Cy takes East's seat over: the computer finishes this hand
    take_seat(cy, server, cy_link, "Cy")
    expect(ann.locator("[data-testid=notice]")).to_have_text(
        "Cy takes over East's seat from the next hand.")
    expect(ann.locator("#place-e .name")).to_have_text("Cy (easy)")
    cy.close()  # Cy leaves again: each departure has its own notice, Cy's first
    expect(ann.locator("[data-testid=notice]")).to_have_text(
        "The computer plays for Cy until Cy is back.", timeout=15_000)
    bea.goto(server.base + "/")  # Bea leaves: after a second the computer plays for her
    expect(ann.locator("[data-testid=notice]")).to_have_text(
        "The computer plays for Bea until Bea is back.", timeout=15_000)
    expect(ann.locator("#place-w .name")).to_contain_text("Bea")
    assert play_all({0: ann}, random.Random(3)) >= 3


def test_started_alone_the_host_gets_computers_and_a_partner_of_the_chosen_level(server, pages):
    ann = pages.new()
    host_from_lobby(ann, server, 4, partner="medium")
    ann.click("[data-testid=start]")
    expect(ann.locator("[data-testid=notice]")).to_have_text(
        "The game starts: the computer (easy) plays West and North and East.")
    ann.wait_for_function("() => window.__states[document.body.dataset.seq].game.arrived"
                          ".every(Boolean)")
    assert state_of(ann)["game"]["levels"] == [None, "easy", "medium", "easy"]
    expect(ann.locator("#place-n .name")).to_have_text("North (medium)")


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is installed by make test (npm)")
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_on_the_familys_friend_table_join_replay_and_record(
        server, pages, scheme):
    """The host's invites, the invite page, a finished four-handed game's replay and the
    player's record by game: no violation of any impact, in either theme."""
    page = pages.new(bypass_csp=True, color_scheme=scheme)
    found = {}

    def check(where: str) -> None:
        page.add_script_tag(path=str(AXE))
        found[where] = [v["id"] for v in page.evaluate(
            "async () => (await axe.run(document)).violations")]

    made = server.new_game(mode="friend", level="easy", seed=2, name="Axe",
                           rules={"players": 4, "target": 1})
    page.goto(server.base + made["links"]["play"])
    expect(page.locator("[data-testid=invite]")).to_be_visible()
    check("invites")
    page.goto(server.base + made["links"]["invites"]["2"])
    expect(page.locator("[data-testid=join]")).to_be_visible()
    check("join")
    done = server.new_game(mode="computer", level="easy", seed=3, name="Axe",
                           rules={"players": 4, "target": 1})
    server.resign(done["links"]["play"])
    page.goto(f"{server.base}/games/{done['id']}")
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    check("replay")
    page.goto(f"{server.base}/players/Axe")
    expect(page.locator("[data-testid=stats-4]")).to_be_visible()
    check("record")
    assert {where: ids for where, ids in found.items() if ids} == {}


@pytest.mark.parametrize("players", [3, 4])
def test_a_used_or_wrong_invite_offers_to_watch_at_once_at_three_and_four(server, pages,
                                                                          players):
    """Issue 48, defect 8: with other seats still open, a used or wrong invite never offers
    "Take your seat": it says why in a sentence, with the watch link, as at two; one taken
    while the page was open says so the same way."""
    made = server.new_game(mode="friend", name="Ann", rules={"players": players})
    invites = made["links"]["invites"]
    server.claim(invites["1"], "Bea")
    for link in (invites["1"], f"/join/{made['id']}?invite=wrong"):
        page = pages.new()
        page.goto(server.base + link)
        expect(page.locator("[data-testid=taken]")).to_be_visible()
        expect(page.locator("[data-testid=join]")).to_be_hidden()
        expect(page.locator("#taken-why")).to_have_text(re.compile(r"^This invite has been "
                                                                   r"used already.*watch"))
        expect(page.locator("#watch")).to_have_attribute("href", f"/play/{made['id']}")
    late = pages.new()
    late.goto(server.base + invites["2"])
    expect(late.locator("[data-testid=take-seat]")).to_be_visible()
    server.claim(invites["2"], "Cy")  # someone else first
    late.fill("#name", "Dee")
    late.click("[data-testid=take-seat]")
    expect(late.locator("[data-testid=taken]")).to_be_visible()
    expect(late.locator("#taken-why")).to_have_text(re.compile(r"^(This|That) .*taken "
                                                               r"already.*watch the game\.$"))


def open_link(page, server, link: str) -> None:
    page.goto(server.base + link)
    page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")


def resigned_by(page) -> None:
    page.click("[data-testid=resign]")
    page.click("[data-testid=resign-confirm]")


def offer(page):
    return page.locator("[data-testid=rematch-offer]")


def in_the_rematch(pages_: list, old: str) -> dict:
    """Every page goes to the rematch; its game, as the first page reads it."""
    for page in pages_:
        page.wait_for_url(lambda url: old not in url)
        page.wait_for_function("() => document.body && document.body.dataset.seq !== undefined")
    assert len({state_of(page)["game"]["id"] for page in pages_}) == 1
    return state_of(pages_[0])["game"]


def test_a_rematch_at_three_names_the_people_and_goes_on_without_one_who_left(server, pages):
    made = server.new_game(mode="friend", level="easy", seed=61, name="Ann",
                           rules={"players": 3, "target": 5})
    bea_link = server.claim(made["links"]["invites"]["1"], "Bea")
    cy_link = server.claim(made["links"]["invites"]["2"], "Cy")
    ann, bea, cy = pages.new(), pages.new(), pages.new()
    for page, link in ((ann, made["links"]["play"]), (bea, bea_link), (cy, cy_link)):
        open_link(page, server, link)
    resigned_by(ann)
    for page in (ann, bea, cy):
        expect(page.locator("#over")).to_be_visible()
    ann.click("[data-testid=rematch]")  # everyone is told who asked, and whom it waits for
    expect(offer(ann)).to_have_text(
        "You asked for a rematch. Waiting for Bea and Cy to accept.")
    expect(offer(bea)).to_have_text(
        "Ann asked for a rematch. Waiting for you and Cy to accept.")
    expect(offer(cy)).to_have_text(
        "Ann asked for a rematch. Waiting for you and Bea to accept.")
    expect(bea.locator("[data-testid=rematch]")).to_have_text("Accept the rematch")
    expect(ann.locator("[data-testid=rematch]")).to_be_disabled()
    cy.close()  # gone longer than the seat wait (1 s): the rematch no longer waits for him
    expect(offer(ann)).to_have_text(
        "You asked for a rematch. Waiting for Bea to accept. Cy left the table: in the "
        "rematch the computer plays for Cy until Cy is back.", timeout=15_000)
    bea.click("[data-testid=rematch]")
    game = in_the_rematch([ann, bea], made["id"])
    assert game["names"] == ["Ann", "Bea", "Cy"] and game["away"] == [2]
    assert game["levels"] == [None, None, "easy"]
    assert (state_of(ann)["game"]["seat"], state_of(bea)["game"]["seat"]) == (0, 1)


def test_a_rematch_at_four_waits_for_the_partner_by_name_never_for_a_computer(server, pages):
    made = server.new_game(mode="friend", level="easy", seed=62, name="Ann",
                           rules={"players": 4, "target": 5})
    cy_link = server.claim(made["links"]["invites"]["2"], "Cy")  # the partner; West and
    ann, cy = pages.new(), pages.new()                               # East: the computer
    open_link(ann, server, made["links"]["play"])
    open_link(cy, server, cy_link)
    ann.click("[data-testid=start]")
    ann.wait_for_function("() => window.__states[document.body.dataset.seq].game.arrived"
                          ".every(Boolean)")
    resigned_by(ann)
    for page in (ann, cy):
        expect(page.locator("#over")).to_be_visible()
    cy.click("[data-testid=rematch]")
    expect(offer(cy)).to_have_text("You asked for a rematch. Waiting for Ann to accept.")
    expect(offer(ann)).to_have_text("Cy asked for a rematch. Waiting for you to accept.")
    ann.click("[data-testid=rematch]")
    game = in_the_rematch([ann, cy], made["id"])
    assert game["names"][0] == "Ann" and game["names"][2] == "Cy" and game["away"] == []
    assert state_of(cy)["game"]["seat"] == 2
