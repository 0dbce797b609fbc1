"""The terminal's screen and prompt, through a real pseudo-terminal: the upcard as it lies,
options in the order of the hand and never split from their number, the dealer's discard in
words, a forced card that plays itself, and help, rules and undo at the prompt."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

import pexpect
import pytest

from euchre import Game
from euchre.words import card_text, choice_words, ordered_choices

PROMPT = "Your choice> "
ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SEED_COMPUTER_ORDERS_UP = "28"
"""With this seed (medium, target 3) the person deals and the computer orders the upcard up:
the person's first choice is to pick it up and discard, or leave it."""


def spawn(tmp_path, *args: str, width: int = 80, command: str = "play",
          **extra: str) -> pexpect.spawn:
    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path), COLUMNS=str(width), LINES="24",
               **extra)
    return pexpect.spawn(sys.executable, ["-m", "euchre.cli", command, *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(24, width))


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def saved_game(tmp_path) -> tuple[Game, dict]:
    (path,) = (tmp_path / "saves").glob("*.json")
    record = json.loads(path.read_text())["record"]
    return Game.from_record(record), record


def screen_then_quit(child: pexpect.spawn) -> str:
    child.expect(PROMPT)
    screen = plain(child.before)
    child.sendline("q")
    child.expect(pexpect.EOF)
    return screen[screen.rindex("-- Hand"):]


@pytest.mark.parametrize("width", [60, 72, 100])
@pytest.mark.parametrize("seed", ["5", SEED_COMPUTER_ORDERS_UP, "40"])
def test_options_follow_the_hand_and_are_never_split(tmp_path, seed, width):
    child = spawn(tmp_path, "--seed", seed, "--target", "3", "--level", "medium", width=width)
    screen = screen_then_quit(child)
    lines = screen.split("\n")
    assert all(len(line) <= width for line in lines)
    game, _ = saved_game(tmp_path)
    view = game.view(0)
    choices = ordered_choices(view)
    for number, token in enumerate(choices, 1):
        option = f"{number}) {choice_words(view, token)}"
        assert any(option in line for line in lines), (option, screen)
    shown = screen.split("Your hand: ")[1].split("\n")[0].split()
    labels = [card_text(t[-2:]) for t in choices if t[-2:] in view.hand]
    assert labels == [c for c in shown if c in labels]  # 1) is the leftmost card


def test_the_upcard_taken_is_numbered_where_the_hand_shows_it(tmp_path):
    """After picking up, the upcard is in the hand: its number follows the hand's order."""
    child = spawn(tmp_path, "--seed", SEED_COMPUTER_ORDERS_UP, "--target", "3", "--level",
                  "medium")
    child.expect(PROMPT)
    child.sendline("1")  # pick up and discard the first card
    screen = screen_then_quit(child)
    game, _ = saved_game(tmp_path)
    view = game.view(0)
    assert view.upcard_taken and view.upcard in view.hand and view.phase == "play"
    shown = screen.split("Your hand: ")[1].split("\n")[0].split()
    numbered = re.findall(r"(\d+)\) (\S+)", screen.split("Your hand: ")[1])
    assert [n for n, _ in numbered] == [str(i) for i in range(1, len(numbered) + 1)]
    labels = [label for _, label in numbered]
    assert len(labels) == len(view.legal) >= 2
    assert labels == [c for c in shown if c in labels]  # 1) is the leftmost playable card
    assert card_text(view.upcard) in shown


def test_the_dealers_choice_after_an_order_up(tmp_path):
    """RULES: "The dealer then may pick up the upcard and discard one card face down, or
    leave it" - offered in those words, with the upcard still face up."""
    child = spawn(tmp_path, "--seed", SEED_COMPUTER_ORDERS_UP, "--target", "3", "--level",
                  "medium")
    screen = screen_then_quit(child)
    game, _ = saved_game(tmp_path)
    view = game.view(0)
    assert view.phase == "discard"
    up = screen.split("Upcard ")[1].split(" ")[0]
    assert f"Upcard {up} (face up)." in screen and "turned down" not in screen
    assert "Bidding: computer ordered up " + up in screen
    assert screen.count("pick up and discard ") == 6  # five cards and the upcard itself
    assert f"pick up and discard {up}" in screen and "7) leave it" in screen


def test_the_dealer_discarding_sees_all_six_cards_and_types_a_card_as_printed(tmp_path):
    """Issue 48, defect 24: while discarding, "Your hand" shows the upcard beside the five
    cards (the six to discard from), and a card typed as the table prints it ("J♥",
    "10♠") is understood."""
    child = spawn(tmp_path, "--seed", SEED_COMPUTER_ORDERS_UP, "--target", "3", "--level",
                  "medium")
    child.expect(PROMPT)
    screen = plain(child.before)
    game, _ = saved_game(tmp_path)
    view = game.view(0)
    assert view.phase == "discard" and view.player == view.dealer
    hand_line = screen.split("Your hand: ")[1].split("\n")[0]
    for card in (*view.hand, view.upcard):
        assert card_text(card) in hand_line, (card, hand_line)
    printed = card_text(view.hand[0])  # e.g. 9♦, as the table prints it
    child.sendline(f"discard {printed}")
    child.expect(PROMPT)
    assert "is not a choice" not in plain(child.before)
    game, _ = saved_game(tmp_path)
    assert game.view(0).upcard_taken and view.hand[0] not in game.view(0).hand
    hand = game.view(0).hand
    child.sendline(card_text(hand[-1]) if game.to_move == 0 else "q")
    child.expect([PROMPT, pexpect.EOF])
    assert "is not a choice" not in plain(child.before)
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_euchre_play_starts_against_medium_as_the_browser_does(tmp_path):
    """Issue 48, defect 24: the first game is the same everywhere (``FIRST_LEVEL``)."""
    child = spawn(tmp_path, "--seed", "5", "--target", "3")
    child.expect(PROMPT)
    screen = plain(child.before)
    assert "against the computer (medium)" in screen and "(medium) --" in screen
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "play --level expert" not in (ROOT / "Makefile").read_text()


def test_the_upcard_is_picked_up_or_turned_down_as_it_is(tmp_path):
    child = spawn(tmp_path, "--seed", SEED_COMPUTER_ORDERS_UP, "--target", "3", "--level",
                  "medium")
    child.expect(PROMPT)
    child.sendline("1")  # pick up and discard
    child.expect(PROMPT)
    assert "(picked up by you)" in plain(child.before)
    child.sendline("q")
    child.expect(pexpect.EOF)

    child = spawn(tmp_path, "--new", "--seed", "0", "--target", "3", "--level", "medium")
    child.expect(PROMPT)  # the computer passed: the person deals and may pick up
    assert "(face up)" in plain(child.before)
    child.sendline("pass")
    child.expect(PROMPT)
    assert "(turned down)" in plain(child.before) and "1) pass" in plain(child.before)
    assert "name " in plain(child.before)
    child.sendline("q")
    child.expect(pexpect.EOF)


def play_out(child: pexpect.spawn, first: str | None = None) -> tuple[str, int]:
    """Answer 1 to every prompt (``first`` to the first); the screen and the prompts seen."""
    seen, prompts = [], 0
    while True:
        found = child.expect([PROMPT, "Replay it with", pexpect.EOF])
        seen.append(plain(child.before))
        if found:
            child.expect(pexpect.EOF)
            return "".join(seen), prompts
        child.sendline(first if first and not prompts else "1")
        prompts += 1


def test_a_forced_card_plays_itself_unless_asked_not_to(tmp_path):
    auto, asked = tmp_path / "auto", tmp_path / "asked"
    screen, prompts = play_out(spawn(auto, "--seed", "3", "--target", "2", "--level", "easy"))
    forced = re.findall(r"You play (\S+): your only card", screen)
    assert forced
    screen2, prompts2 = play_out(spawn(asked, "--seed", "3", "--target", "2", "--level",
                                       "easy", "--no-autoplay"))
    assert "You play" not in screen2
    assert prompts2 == prompts + len(forced)  # the same match, one prompt per forced card


def test_help_and_rules_at_the_prompt(tmp_path):
    paged = tmp_path / "paged.txt"  # the pager: what it was given is kept here
    child = spawn(tmp_path, "--seed", "5", "--target", "3", PAGER=f"cat > {paged}")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect(PROMPT)
    shown = plain(child.before)
    for command in ("?", "undo", "rules", "help", "q"):
        assert re.search(rf"^  {re.escape(command)} +\S", shown, re.M), command
    assert "Ctrl-C" in shown
    child.sendline("rules")
    child.expect(PROMPT)
    shown = plain(child.before)
    rules = plain(paged.read_text())  # a screen at a time, in the pager
    for heading in ("Card order", "Bidding, round 1", "Scoring", "Joker (25-card deck)"):
        assert heading in rules and heading not in shown, heading
    assert "-- Hand 1 --" in shown and "1) " in shown  # then the table is drawn again
    child.sendline("q")
    child.expect(pexpect.EOF)


@pytest.mark.skipif(not shutil.which("less"), reason="the system pager less is not installed")
def test_rules_in_less_show_styles_not_escape_codes(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PAGER", "MANPAGER", "LESS")}
    child = pexpect.spawn(sys.executable, ["-m", "euchre.cli", "play", "--seed", "5",
                                           "--target", "3"],
                          env={**env, "EUCHRE_DATA_DIR": str(tmp_path), "COLUMNS": "80",
                               "LINES": "24", "TERM": "xterm"},
                          encoding="utf-8", timeout=60, dimensions=(24, 80))
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect(r"\n:\x1b\[K|\(END\)")  # less shows a screen and its prompt
    shown = child.before
    assert "How to play Euchre" in shown and "Quick start" in shown
    assert "ESC[" not in shown, shown  # less -R passes the styles to the terminal
    assert "\x1b[1m" in shown or "\x1b[1;" in shown  # the headings arrive bold
    child.send("q")
    child.expect(PROMPT)  # out of the pager, back at the table
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_undo_takes_back_a_choice_and_is_recorded(tmp_path):
    child = spawn(tmp_path, "--seed", "11", "--target", "5", "--level", "medium")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Nothing to take back yet" in plain(child.before)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    before = plain(child.before)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(PROMPT)
    after = plain(child.before)
    assert "Taken back: your last choice and the computer's reply." in after
    assert after[after.rindex("-- Hand"):] == before[before.rindex("-- Hand"):]
    child.sendline("q")
    child.expect(pexpect.EOF)
    _, record = saved_game(tmp_path)
    assert record["players"]["undo_used"] is True
    assert sum(p == 0 for h in record["hands"] for p, _ in h["actions"]) == 2


def test_stats_can_leave_out_matches_with_undo(tmp_path):
    child = spawn(tmp_path, "--seed", "5", "--target", "2", "--level", "easy")
    child.expect(PROMPT)
    child.sendline("1")
    play_out(child, first="undo")
    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path))
    (path,) = (tmp_path / "matches").glob("*.json")
    assert json.loads(path.read_text())["players"]["undo_used"] is True
    every = pexpect.run(f"{sys.executable} -m euchre.cli stats", env=env, encoding="utf-8")
    assert "Matches: 1 played" in every
    honest = pexpect.run(f"{sys.executable} -m euchre.cli stats --no-undo", env=env,
                         encoding="utf-8")
    assert "No finished matches yet" in honest and "(1 match with undo left out)" in honest


def test_the_hand_result_is_the_engines_and_names_your_discard(tmp_path):
    screen, _ = play_out(spawn(tmp_path, "--seed", SEED_COMPUTER_ORDERS_UP, "--target", "3",
                               "--level", "medium"))
    (path,) = (tmp_path / "matches").glob("*.json")
    record = json.loads(path.read_text())
    first = record["hands"][0]
    (discard,) = [t.split()[1] for p, t in first["actions"] if p == 0 and t.startswith("disc")]
    assert f"(You had discarded {card_text(discard)}.)" in screen
    result = first["result"]
    maker = "You" if result["maker"] == 0 else "Computer"
    assert f"Hand over: {maker} made " in screen.split("(You had discarded")[0]
    assert screen.count("Hand over:") == sum(
        1 for h in record["hands"] if h["result"] and not h["result"]["thrown_in"])


def test_a_review_in_a_terminal_folds_its_lines_between_words(tmp_path):
    """Issue 36: at 120 columns `euchre review` broke words across lines; it folds between
    them now, each folded line indented, and a pipe still gets the lines whole."""
    import random
    import subprocess

    from euchre import Rules

    game, rng = Game(Rules(target=3), seed=12), random.Random(12)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(game.record()))
    child = spawn(tmp_path, str(path), "--deals", "8", width=120, command="review")
    child.expect(pexpect.EOF)
    shown = [line for line in plain(child.before).rstrip("\n").split("\n")
             if not line.startswith("reviewing")]  # (the progress bar, on stderr)
    piped = subprocess.run([sys.executable, "-m", "euchre.cli", "review", str(path), "--deals",
                            "8"], capture_output=True, text=True, check=True).stdout
    assert max(len(line) for line in piped.splitlines()) > 120  # there is something to fold
    assert all(len(line) <= 120 for line in shown)
    assert " ".join(" ".join(shown).split()) == " ".join(piped.split())  # no word cut


def test_a_replay_steps_one_move_at_a_time_with_both_hands_shown(tmp_path):
    """Issue 41, criterion 3: `euchre replay FILE --step` walks the record (Enter forward,
    b back, a number to a hand, q quits), drawing the table with both hands."""
    import random

    from euchre import Rules

    game, rng = Game(Rules(target=2), seed=9), random.Random(9)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    record = {**game.record(), "players": {"names": ["Ann", "Bo"]}}
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    moves = [(p, t) for hand in record["hands"] for p, t in hand["actions"]]
    replay = Game.from_record({**record, "hands": [{"actions": []}], "score": [0, 0],
                               "winner": None})
    child = spawn(tmp_path, str(path), "--step", width=100, command="replay")

    def screen(send: str) -> str:
        child.sendline(send)
        child.expect("> ")
        return plain(child.before)

    child.expect("> ")
    assert f"move 0 of {len(moves)}" in plain(child.before)
    for n, (_, token) in enumerate(moves[:8], 1):
        shown = screen("")
        replay.apply(token)
        assert f"move {n} of {len(moves)}" in shown
        for seat, name in enumerate(("Ann", "Bo")):
            line = shown.split(f"{name}'s hand: ")[1].split("\n")[0]
            seen = replay.view(seat)
            cards, _, upcard = line.partition("  + ")  # a dealer discarding: the upcard too
            assert cards.split() == [card_text(c) for c in seen.hand]
            assert bool(upcard) == (seen.phase == "discard" and seat == seen.dealer)
    assert f"move 7 of {len(moves)}" in screen("b")
    assert "-- Hand 2 --" in screen("2")
    assert "the match has hands 1 to" in screen("99")
    for _ in range(len(moves)):
        last = screen("")
    assert "wins the match" in last and "that was the last move" in screen("")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_table_says_who_sits_out_for_a_lone_player_from_the_views_sides():
    """Issue 47: the terminal names a lone player's partner from the view (``out`` and
    ``sides``), not by restating where partners sit."""
    from euchre import Rules
    from euchre.terminal.screen import table_lines

    g = Game(Rules(players=4), seed=3, first_dealer=0)
    g.apply("order alone")  # seat 1 orders up alone: seat 3 sits out
    view = g.view(0)
    names = ("Ann", "Bo", "Cy", "Di")
    text = "\n".join(table_lines(view, lambda seat: names[seat], "Hand 1", []))
    assert view.out == (3,) and "Bo goes alone: Di sits out." in text
