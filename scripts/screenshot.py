"""Regenerate docs/screens/: the pictures of the browser game in the README and docs/playing.md.

It starts a real ``euchre serve`` on a free port with a throwaway database, and in Debian's
Chromium (Playwright, headless) plays a friend game whose other seat it answers itself over
the game's socket, so that every moment comes on cue: the lobby, each bidding moment (round
1, the dealer's discard, round 2), a trick being won, the end of a hand, the score pad and the
end of the match, on a desktop (1280x800) and a phone (390x844), in both themes; then the
replay of a finished game against the computer, at a won trick and at a reviewed decision;
tables of four and three, a friend table of four waiting for its friends, the replays
of a game of four and of three, the bidding with seven choices at four (a desktop, a
phone and a small phone), and the tables of Railroad, Hasenpfeffer and Napoleon at five.

    python scripts/screenshot.py                 # writes docs/screens/*.png (make screens)
    python scripts/screenshot.py --out /tmp/shots
    python scripts/screenshot.py --list          # the names of the pictures it makes
    python scripts/screenshot.py --only 'phone-*' --only desktop-dark-lobby   # some of them
    python scripts/screenshot.py --languages     # the lobby, the table and a review in so, ceb, ar
    python scripts/screenshot.py --games         # only the tables of the other games
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import ARGS, CHROMIUM  # noqa: E402
from server_support import Server  # noqa: E402

SEED = 1
"""A deal the friend deals, so that you bid first; the next hand is yours to deal."""
SCREENS = {"desktop": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                     "has_touch": True, "device_scale_factor": 1},
           "small-phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                           "has_touch": True, "device_scale_factor": 1}}


EVERY = {"bid-round-1", "bid-round-2", "discard", "trick-won", "hand-end", "score-pad",
         "match-end"}
ORDER = ("bid-round-1", "bid-round-2", "trick-won", "hand-end", "discard", "score-pad",
         "match-end")
"""The moments in the order a match brings them."""
RUNS = [("desktop", "dark", EVERY),
        ("phone", "light", EVERY - {"bid-round-2", "match-end"}),
        ("desktop", "light", {"bid-round-1", "trick-won"})]
"""The matches played, and the moments photographed in each."""
PAIRS = (("desktop", "dark"), ("phone", "light"))
"""The screen and theme of most pictures: a desktop in the dark, a phone in the light."""
REPLAY_VIEWS = tuple((screen, theme) for screen in ("desktop", "phone")
                     for theme in ("dark", "light"))
"""The replay at a won trick: each screen in each theme."""
SEVEN_SCREENS = (("desktop", "dark"), ("phone", "light"), ("small-phone", "dark"))
"""The bidding with seven choices: a desktop, a phone and a small phone."""
FAMILY_REPLAYS = ((4, "four-handed", "desktop", "dark"), (3, "three-handed", "phone", "light"))
"""The replays of a game of four and of three."""

Wanted = Callable[[str], bool]
"""Whether a picture (by its name, without ``.png``) is to be made this run."""


class Table:
    """The page at seat 0 and the friend at seat 1, answered over the socket."""

    def __init__(self, server: Server, browser, screen: str, theme: str, out: Path,
                 moments: set[str]) -> None:
        self.server, self.out, self.name = server, out, f"{screen}-{theme}"
        self.moments, self.taken = moments, set()
        self.game = server.new_game(mode="friend", name="Ann", seed=SEED, rules={"target": 5})
        context = browser.new_context(color_scheme=theme, **SCREENS[screen])
        context.add_init_script(
            'localStorage.setItem("euchre.settings", JSON.stringify({speed: "normal"}));')
        self.page = context.new_page()
        self.friend = server.seat(server.claim(self.game["links"]["invite"], "Sam"))
        self.page.goto(server.base + self.game["links"]["play"])
        self.rng = random.Random(3)
        self.state = self.friend.state_at_least(0)

    def newest(self) -> dict:
        seq = int(self.page.evaluate("document.body.dataset.seq"))
        while self.state["seq"] < seq:
            self.state = self.friend.until(lambda m: m["type"] == "state")
        return self.state

    def friend_moves(self, choose) -> bool:
        """The friend's move, if it is his turn: ``choose(legal)`` picks it."""
        state = self.newest()
        view = state["view"]
        if state["game"]["finished"] or view["to_move"] != 1 or not view["legal"]:
            return False
        seq = self.page.evaluate("document.body.dataset.seq")
        self.friend.send({"type": "action", "action": choose(view["legal"]), "seq": state["seq"]})
        self.page.wait_for_function("(n) => document.body.dataset.seq !== n", arg=seq)
        return True

    def my_move(self, choose) -> None:
        tokens = self.page.locator("[data-action]").evaluate_all(
            "n => n.filter(e => !e.disabled).map(e => e.dataset.action)")
        seq = self.page.evaluate("document.body.dataset.seq")
        self.page.locator(f'[data-action="{choose(tokens)}"]').click()
        self.page.wait_for_function("(n) => document.body.dataset.seq !== n", arg=seq)

    def until(self, ready, mine=None, theirs=None) -> None:
        """Play on (both seats; at random unless told) until ``ready()`` is true."""
        for _ in range(400):
            if ready():  # a won trick is on show before the table is idle again
                return
            self.page.wait_for_function("() => document.body.dataset.idle === '1'")
            if ready():
                return
            if self.page.locator("[data-testid=continue]").is_visible():
                self.page.click("[data-testid=continue]")
                continue
            if self.friend_moves(theirs or self.rng.choice):
                continue
            if self.page.locator("[data-action]").count():
                self.my_move(mine or self.rng.choice)
        raise RuntimeError(f"{self.name}: the moment never came")

    def shot(self, what: str) -> Path | None:
        if what not in self.moments:
            return None
        self.page.wait_for_function("() => !document.getAnimations().some("
                                    "(a) => a.playState === 'running')")  # the cards landed
        self.taken.add(what)
        return save(self.page, self.out / f"{self.name}-{what}.png")

    def done(self) -> bool:
        """Every moment wanted of this match is photographed: the rest need not be played."""
        return self.moments <= self.taken

    def view(self) -> dict:
        return self.newest()["view"]


def play_and_shoot(server: Server, browser, screen: str, theme: str, out: Path,
                   moments: set[str]) -> list[Path]:
    """Play one match, photographing ``moments`` of it as they come."""
    table = Table(server, browser, screen, theme, out, moments)
    page, shots = table.page, []
    table.until(lambda: bool(page.locator('[data-action="order"]').count()))
    shots.append(table.shot("bid-round-1"))
    if table.done():
        return close(table, shots)
    table.until(lambda: table.view()["phase"] == "bid2" and table.view()["to_move"] == 0,
                mine=lambda t: "pass", theirs=lambda t: "pass")
    shots.append(table.shot("bid-round-2"))
    table.until(lambda: bool(page.locator("#trick .slot.won").count()),
                mine=lambda t: next((x for x in t if x.startswith("call")), t[0]))
    shots.append(table.shot("trick-won"))
    if table.done():
        return close(table, shots)
    table.until(lambda: page.locator("[data-testid=continue]").is_visible())
    shots.append(table.shot("hand-end"))
    if table.done():
        return close(table, shots)
    page.click("[data-testid=continue]")  # the next hand is mine to deal: the friend orders
    table.until(lambda: table.view()["phase"] == "discard" and table.view()["to_move"] == 0,
                theirs=lambda t: "order" if "order" in t else t[0])
    shots.append(table.shot("discard"))
    table.until(lambda: len(table.newest()["scorepad"]) >= 2 and page.evaluate(
        "document.body.dataset.idle === '1' && !document.querySelector('#trick .won')")
        and not page.locator("[data-testid=continue]").is_visible())
    if screen == "phone":
        page.click("[data-testid=pad-toggle]")
    shots.append(table.shot("score-pad"))
    if screen == "phone":
        page.click("#side-close")
    if not table.done():
        table.until(lambda: page.locator("#over").is_visible())
        shots.append(table.shot("match-end"))
    return close(table, shots)


def close(table: Table, shots: list[Path | None]) -> list[Path]:
    table.friend.close()
    table.page.context.close()
    return [shot for shot in shots if shot is not None]


def save(page, path: Path) -> Path:
    """A screenshot, in 256 colours when Pillow is there (a quarter of the size, and the
    same to the eye for a page of flat colours). Taken once every card's picture is loaded
    and no card is still moving, so a busy machine gives the same picture as an idle one."""
    page.wait_for_function("() => [...document.images].every((i) => i.complete) && "
                           "!document.getAnimations().some((a) => a.playState === 'running')")
    page.screenshot(path=str(path))
    try:
        from PIL import Image
    except ImportError:
        return path
    with Image.open(path) as image:
        flat = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE,
                                             dither=Image.Dither.NONE)
    flat.save(path, optimize=True)
    return path


def lobby(server: Server, browser, screen: str, theme: str, out: Path) -> Path:
    context = browser.new_context(color_scheme=theme, **SCREENS[screen])
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    path = save(page, out / f"{screen}-{theme}-lobby.png")
    context.close()
    return path


OPEN_TABLES = ({"game": "two"}, {"game": "railroad", "preset": "nobest"},
               {"game": "napoleon", "players": 5, "preset": "short", "target": 7})
"""The tables waiting in the lobby's picture of open tables: Euchre's and two other games'."""


def open_tables(server: Server, browser, out: Path, want: Wanted) -> list[Path]:
    """The lobby's people panel with three tables waiting (each screen, each theme)."""
    shots: list[Path] = []
    pairs = [(screen, theme) for screen, theme in PAIRS if want(f"{screen}-{theme}-open-tables")]
    for table in OPEN_TABLES if pairs else ():
        status, made = server.post("/api/tables", {**table, "name": "Bea"})
        assert status == 201, made
    for screen, theme in pairs:
        context = browser.new_context(color_scheme=theme, **SCREENS[screen])
        page = context.new_page()
        page.goto(server.base + "/")
        page.wait_for_function("() => document.body.dataset.ready === '1'")
        page.locator("[data-testid=open-tables] li").nth(len(OPEN_TABLES) - 1).wait_for()
        page.locator("section.people").scroll_into_view_if_needed()
        shots.append(save(page, out / f"{screen}-{theme}-open-tables.png"))
        context.close()
    return shots


def finished_game(server: Server, players: int = 2) -> str:
    """A match against the computer played to its end at random (seat 0 over the socket)."""
    game = server.new_game(mode="computer", level="easy", name="Ann", seed=SEED,
                           rules={"target": 5, **({"players": players} if players > 2 else {})})
    seat, rng = server.seat(game["links"]["play"]), random.Random(5)
    state = seat.state_at_least(0)
    while not state["game"]["finished"]:
        if state["view"]["to_move"] == 0 and state["view"]["legal"]:
            seat.send({"type": "action", "action": rng.choice(state["view"]["legal"]),
                       "seq": state["seq"]})
        seq = state["seq"]
        state = seat.until(lambda m, seq=seq: m["type"] == "state" and m["seq"] > seq)
    seat.close()
    return game["id"]


def replays(server: Server, browser, out: Path, want: Wanted) -> list[Path]:
    """The replay at a trick won in the second hand (each screen, each theme), and at the
    largest mistake of the review of seat 0, with its options and their values."""
    views = [(screen, theme, "replay") for screen, theme in REPLAY_VIEWS]
    views = [view for view in (*views, ("desktop", "dark", "replay-review"))
             if want("-".join(view))]
    if not views:
        return []
    game_id = finished_game(server)
    frames = json.loads(server.get(f"/api/games/{game_id}/positions")[1])["frames"]
    won = next(f["at"] for f in frames if f["held"] and f["kind"] == "move"
               and f["view"]["hand_number"] == 1 and len(f["view"]["tricks"]) == 3)
    review = json.loads(server.get(f"/api/games/{game_id}/review/0")[1])
    while review["status"] != "done":
        review = json.loads(server.get(f"/api/games/{game_id}/review/0")[1])
    decisions = review["review"]["decisions"]
    worst = max(decisions, key=lambda d: (d["loss"], d["phase"] == "play"))
    record = json.loads(server.get(f"/api/games/{game_id}/record")[1])
    places = [(h["number"] + 1, j) for h in record["hands"] for j in range(len(h["actions"]))]
    mistake = places.index((worst["hand"], worst["index"]))
    shots = []
    for screen, theme, name in views:
        query = f"?at={won}" if name == "replay" else f"?at={mistake}&seat=0"
        context = browser.new_context(color_scheme=theme, **SCREENS[screen])
        page = context.new_page()
        page.goto(f"{server.base}/games/{game_id}{query}")
        page.wait_for_function("() => document.body.dataset.ready === '1'")
        if "seat" in query:
            page.locator("[data-testid=replay-option]").first.wait_for(timeout=120_000)
        shots.append(save(page, out / f"{screen}-{theme}-{name}.png"))
        context.close()
    return shots


FAMILY = (({"players": 4}, "four-handed"), ({"players": 3}, "three-handed"))
MORE_GAMES = (({"game": "railroad"}, "railroad"), ({"game": "hasenpfeffer"}, "hasenpfeffer"),
              ({"game": "napoleon", "players": 5}, "napoleon-five"))
"""The tables photographed at the person's first card: the family's, and (issue 51) the
other games', Napoleon at five seats."""


def family_tables(server: Server, browser, out: Path, want: Wanted,
                  tables=FAMILY) -> list[Path]:
    """A table of four (you and North against West and East) and of three (cutthroat), or
    of each of ``tables``, each at the person's first card of a hand, on a desktop (dark)
    and a phone (light)."""
    shots = []
    for rules, name in tables:
        for screen, theme in PAIRS:
            if not want(f"{screen}-{theme}-{name}"):
                continue
            partnered = rules.get("players", 4) == 4 and rules.get("game") != "napoleon"
            game = server.new_game(mode="computer", level="hard", name="Ann", seed=SEED + 3,
                                   rules=rules, **({"partner": "expert"} if partnered else {}))
            context = browser.new_context(color_scheme=theme, **SCREENS[screen])
            page = context.new_page()
            page.goto(server.base + game["links"]["play"])
            rng = random.Random(len(name))
            while True:  # bid until the person has a card to play
                page.wait_for_function("() => document.body.dataset.idle === '1'")
                if page.locator("#hand [data-action]:not([disabled])").count():
                    break
                shown = page.locator("[data-testid=continue]")
                tokens = page.evaluate("() => [...document.querySelectorAll('[data-action]')]"
                                       ".filter(e => e.offsetParent && !e.disabled)"
                                       ".map(e => e.dataset.action)")
                if shown.is_visible():
                    shown.click()
                elif tokens:
                    page.locator(f'[data-action="{rng.choice(tokens)}"]').click()
                page.wait_for_timeout(300)
            page.wait_for_function("() => !document.getAnimations().some("
                                   "(a) => a.playState === 'running')")
            shots.append(save(page, out / f"{screen}-{theme}-{name}.png"))
            context.close()
    return shots


SEVEN_CHOICES = 8
"""A deal of four where, everybody passing, round 2 comes to the person with seven choices
(pass, three suits, each alone too): the most a bid offers but the Joker's."""


def seven_choices(server: Server, browser, out: Path, want: Wanted) -> list[Path]:
    """The bidding with seven choices at four (issue 48): a desktop (dark), a phone (light)
    and a small phone (dark), each choice a whole button with the lone calls under theirs."""
    shots = []
    for screen, theme in SEVEN_SCREENS:
        if not want(f"{screen}-{theme}-bid-seven-choices"):
            continue
        game = server.new_game(mode="computer", level="easy", name="Ann", seed=SEVEN_CHOICES,
                               rules={"players": 4, "target": 10})
        context = browser.new_context(color_scheme=theme, **SCREENS[screen])
        page = context.new_page()
        page.goto(server.base + game["links"]["play"])
        while True:
            page.wait_for_function("() => document.body.dataset.idle === '1' && "
                                   "document.querySelector('[data-action]')")
            if page.locator(".actions [data-action]").count() == 7:
                break
            seq = page.evaluate("document.body.dataset.seq")
            page.click('[data-action="pass"]')
            page.wait_for_function("(n) => document.body.dataset.seq !== n", arg=seq)
        shots.append(save(page, out / f"{screen}-{theme}-bid-seven-choices.png"))
        context.close()
    return shots


def family_friends_and_replays(server: Server, browser, out: Path,
                               want: Wanted) -> list[Path]:
    """The host of a friend table of four with West taken and two invites left, and the
    replay of a finished game of four and of three, on a desktop (dark) and a phone
    (light)."""
    shots = []
    for screen, theme in PAIRS:
        if not want(f"{screen}-{theme}-friends-four-invites"):
            continue
        game = server.new_game(mode="friend", level="medium", name="Ann", seed=SEED,
                               rules={"players": 4, "target": 10})
        server.claim(game["links"]["invites"]["1"], "Bea")
        context = browser.new_context(color_scheme=theme, **SCREENS[screen])
        page = context.new_page()
        page.goto(server.base + game["links"]["play"])
        page.locator("[data-testid=start]").wait_for()
        shots.append(save(page, out / f"{screen}-{theme}-friends-four-invites.png"))
        context.close()
    for players, name, screen, theme in FAMILY_REPLAYS:
        if not want(f"{screen}-{theme}-replay-{name}"):
            continue
        game_id = finished_game(server, players)
        context = browser.new_context(color_scheme=theme, **SCREENS[screen])
        page = context.new_page()
        page.goto(f"{server.base}/games/{game_id}?at=9")
        page.wait_for_function("() => document.body.dataset.ready === '1'")
        shots.append(save(page, out / f"{screen}-{theme}-replay-{name}.png"))
        context.close()
    return shots


LANGUAGES = ("so", "ceb", "ar")
"""The languages photographed besides English (``--languages``)."""


def in_languages(server: Server, browser, out: Path) -> list[Path]:
    """The lobby and the table at its first bid, on a desktop (dark) and a phone (light), in
    each language the browser asks for (``Accept-Language``)."""
    shots = []
    for code in LANGUAGES:
        for screen, theme in (("desktop", "dark"), ("phone", "light")):
            context = browser.new_context(color_scheme=theme, **SCREENS[screen],
                                          extra_http_headers={"Accept-Language": code})
            page = context.new_page()
            page.goto(server.base + "/")
            page.wait_for_function("() => document.body.dataset.ready === '1'")
            shots.append(save(page, out / f"{screen}-{theme}-{code}-lobby.png"))
            game = server.new_game(mode="computer", level="easy", name="Ann", seed=SEED)
            page.goto(server.base + game["links"]["play"])
            page.wait_for_function("() => document.querySelector('[data-action]') && "
                                   "document.body.dataset.idle === '1'")
            shots.append(save(page, out / f"{screen}-{theme}-{code}-table.png"))
            context.close()
    return shots + reviews_in_languages(server, browser, out)


def reviews_in_languages(server: Server, browser, out: Path) -> list[Path]:
    """The review of a finished game (desktop, dark) in each language: the coach's words,
    worded again from the record in the reader's language, and the chart's labels."""
    game_id = finished_game(server)
    review = json.loads(server.get(f"/api/games/{game_id}/review/0")[1])
    while review["status"] != "done":
        review = json.loads(server.get(f"/api/games/{game_id}/review/0")[1])
    shots = []
    for code in LANGUAGES:
        context = browser.new_context(color_scheme="dark", **SCREENS["desktop"],
                                      extra_http_headers={"Accept-Language": code})
        page = context.new_page()
        page.goto(f"{server.base}/games/{game_id}/review/0")
        page.locator("[data-testid=review-summary]").wait_for()
        shots.append(save(page, out / f"desktop-dark-{code}-review.png"))
        context.close()
    return shots


def planned() -> list[str]:
    """The name of every picture a whole run makes (without ``--languages``), from the same
    tables the run is played by: the README's pictures are among them."""
    names = [f"{screen}-{theme}-lobby" for screen, theme in PAIRS]
    names += [f"{screen}-{theme}-open-tables" for screen, theme in PAIRS]
    names += [f"{screen}-{theme}-{moment}" for screen, theme, moments in RUNS
              for moment in ORDER if moment in moments]
    names += [f"{screen}-{theme}-replay" for screen, theme in REPLAY_VIEWS]
    names.append("desktop-dark-replay-review")
    names += [f"{screen}-{theme}-{name}" for _, name in (*FAMILY, *MORE_GAMES)
              for screen, theme in PAIRS]
    names += [f"{screen}-{theme}-bid-seven-choices" for screen, theme in SEVEN_SCREENS]
    names += [f"{screen}-{theme}-friends-four-invites" for screen, theme in PAIRS]
    names += [f"{screen}-{theme}-replay-{name}" for _, name, screen, theme in FAMILY_REPLAYS]
    return names


def wanted_by(patterns: list[str] | None) -> Wanted:
    """Every picture, or those whose name matches one of ``patterns`` (shell-style)."""
    return lambda name: not patterns or any(fnmatch.fnmatchcase(name, p) for p in patterns)


def shoot(server: Server, browser, out: Path, want: Wanted) -> list[Path]:
    """Every picture of ``planned()`` that is wanted, each part played only if one of its
    pictures is."""
    shots = [lobby(server, browser, screen, theme, out) for screen, theme in PAIRS
             if want(f"{screen}-{theme}-lobby")]
    shots += open_tables(server, browser, out, want)
    for screen, theme, moments in RUNS:
        chosen = {moment for moment in moments if want(f"{screen}-{theme}-{moment}")}
        if chosen:
            shots += play_and_shoot(server, browser, screen, theme, out, chosen)
    shots += replays(server, browser, out, want)
    shots += family_tables(server, browser, out, want)
    shots += family_tables(server, browser, out, want, MORE_GAMES)
    shots += seven_choices(server, browser, out, want)
    shots += family_friends_and_replays(server, browser, out, want)
    return shots


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Regenerate docs/screens/*.png.")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    parser.add_argument("--only", action="append", metavar="NAME",
                        help="only the pictures of this name (shell patterns: 'phone-*'); "
                             "may be given more than once")
    parser.add_argument("--list", action="store_true",
                        help="print the name of every picture a whole run makes, and stop")
    parser.add_argument("--languages", action="store_true",
                        help="only the lobby, the table and a review in each language besides "
                             "English")
    parser.add_argument("--games", action="store_true",
                        help="only the tables of Railroad, Hasenpfeffer and Napoleon")
    return parser.parse_args()


def main() -> int:
    args = arguments()
    if args.list:
        print("\n".join(planned()))
        return 0
    if not CHROMIUM.exists():
        print(f"screenshot: Chromium is needed at {CHROMIUM}", file=sys.stderr)
        return 2
    want = wanted_by(args.only or ([f"*-{name}" for _, name in MORE_GAMES] if args.games
                                   else None))
    if not args.languages and not any(want(name) for name in planned()):
        print(f"screenshot: no picture is named {' or '.join(args.only)} "
              "(--list names them)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder) / "games.db", bot_delay=0.0).start()
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            if args.languages:
                return _told(in_languages(server, browser, args.out), [])
            shots = shoot(server, browser, args.out, want)
        finally:
            browser.close()
            server.stop()
    return _told(shots, [name for name in planned() if want(name)])


def _told(shots: list[Path], expected: list[str]) -> int:
    """Say what was written; fail (status 1) if a picture expected was not made."""
    for shot in shots:
        print(f"wrote {shot}")
    missing = sorted(set(expected) - {shot.stem for shot in shots})
    if missing:
        print(f"screenshot: not made: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
