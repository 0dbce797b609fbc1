"""`euchre play --coach`: after a choice that lost more than the threshold, one line says what
the expert preferred and by how much; off by default, silent after a good choice."""

from __future__ import annotations

import io
import re

from rich.console import Console

from euchre import Game, Rules, words
from euchre.cards import card_token, deck_cards
from euchre.cli import build_parser
from euchre.cli.options import game_rules
from euchre.cli.play import new_table
from euchre.coach import THRESHOLD
from euchre.terminal.table import Table

NOTE = re.compile(r"Coach: the expert preferred (.+?) \(([+-]\d+\.\d\d)\) to (.+?) "
                  r"\(([+-]\d+\.\d\d)\): (\d+\.\d\d) points lost "
                  r"\(estimated points this hand\)\.")


def a_march_in_hand() -> Game:
    """Player 0 (the human) deals and holds both bowers, A♥ K♥ and 9♦ with Q♥ turned up;
    the computer has passed. Taking Q♥ marches nearly always; turning it down throws that
    away (hearts cannot be named in round 2), whatever the computer holds or does next."""
    head = "9C TC 9S TS QC JH JD AH KH 9D QH".split()
    deck = head + [card_token(c) for c in deck_cards(24) if card_token(c) not in head]
    game = Game(Rules(), first_dealer=0, decks=[deck])
    game.apply("pass")
    return game


def take_turn(coaching: bool, *typed: str) -> str:
    """The human's first turn at a table, typing ``typed``; what the table printed."""
    game = a_march_in_hand()
    out = io.StringIO()
    console = Console(file=out, width=200)  # (a note on one line, to read it whole)
    answers = iter(typed)
    console.input = lambda prompt="": next(answers)  # type: ignore[method-assign]
    table = Table(game, "medium", "You", 1, console, coaching=coaching)
    table.human_turn(game.view(0))
    assert game.hand_number == 0 and len(game.view(0).bids) == 2  # the choice was made
    return out.getvalue()


PICK_UP, LEAVE = (words.choice_words(a_march_in_hand().view(0), token)
                  for token in ("order", "pass"))


def test_a_costly_choice_is_noted_with_the_experts_preference_and_the_loss():
    screen = take_turn(True, "pass")
    (line,) = [ln for ln in screen.splitlines() if ln.startswith("Coach:")]
    best, best_value, chosen, chosen_value, loss = NOTE.fullmatch(line).groups()
    assert (best, chosen) == (PICK_UP, LEAVE)
    assert float(loss) > THRESHOLD
    assert abs(float(best_value) - float(chosen_value) - float(loss)) <= 0.011


def test_a_good_choice_gets_no_note_and_the_coach_is_off_by_default():
    assert "Coach:" not in take_turn(True, "order")
    assert "Coach:" not in take_turn(False, "pass")
    args = build_parser().parse_args(["play"])
    assert args.coach is False


def test_the_note_uses_the_hints_values():
    """Asked for a hint first, the note quotes the very numbers the hint showed."""
    screen = take_turn(True, "?", "pass")
    hint = screen.split("Expert's estimate")[1].split("Coach:")[0]
    shown = dict(re.findall(r"\d\) (.+?) ([+-]\d+\.\d\d)", hint))
    best, best_value, chosen, chosen_value, _ = NOTE.search(screen).groups()
    assert shown == {best: best_value, chosen: chosen_value}


def test_play_coach_turns_it_on(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    args = build_parser().parse_args(["play", "--coach", "--new", "--seed", "3"])
    table = new_table(args, game_rules(args), Console(file=io.StringIO()))
    assert table.coaching is True


def test_the_computer_picking_up_as_its_bid_is_told_once():
    """Issue 36: the computer, dealing, takes the upcard as its bid and then discards: the
    table says it picked up the card once, then that it discarded a card."""
    game = Game(Rules(), seed=3, first_dealer=1)
    out = io.StringIO()
    table = Table(game, "medium", "You", 1, Console(file=out, width=200))
    game.apply("pass")
    table.announce(game.view(1), "order")
    game.apply("order")
    view = game.view(1)
    table.announce(view, view.legal[0])
    said = out.getvalue()
    assert said.count("pick") == 1 and "The computer picked up" in said
    assert said.strip().endswith("The computer discarded a card.")
