"""`euchre play --coach`: after a choice that lost more than the threshold, one line says what
the expert preferred and by how much; off by default, silent after a good choice."""

from __future__ import annotations

import io
import re

from rich.console import Console

from euchre import Game, Rules
from euchre.cards import card_token, deck_cards
from euchre.cli import build_parser
from euchre.cli.options import rules
from euchre.cli.play import new_table
from euchre.coach import THRESHOLD
from euchre.terminal.table import Table

NOTE = re.compile(r"Coach: the expert preferred (.+?) \(([+-]\d+\.\d\d)\) to (.+?) "
                  r"\(([+-]\d+\.\d\d)\): (\d+\.\d\d) points lost\.")


def junk_against_a_monster() -> Game:
    """Player 0 (the human, not dealing) holds no trump and nothing high; the dealer holds
    both bowers and the ace of diamonds, and Q♦ is turned up: ordering it up is a euchre."""
    head = "9C TC 9H TH 9S JD JH AD KD QH QD".split()
    deck = head + [card_token(c) for c in deck_cards(24) if card_token(c) not in head]
    return Game(Rules(), first_dealer=1, decks=[deck])


def take_turn(coaching: bool, *typed: str) -> str:
    """The human's first turn at a table, typing ``typed``; what the table printed."""
    game = junk_against_a_monster()
    out = io.StringIO()
    console = Console(file=out, width=100)
    answers = iter(typed)
    console.input = lambda prompt="": next(answers)  # type: ignore[method-assign]
    table = Table(game, "medium", "You", 1, console, coaching=coaching)
    table.human_turn(game.view(0))
    assert game.hand_number == 0 and len(game.view(0).bids) == 1  # the choice was made
    return out.getvalue()


def test_a_costly_choice_is_noted_with_the_experts_preference_and_the_loss():
    screen = take_turn(True, "order")
    (line,) = [ln for ln in screen.splitlines() if ln.startswith("Coach:")]
    best, best_value, chosen, chosen_value, loss = NOTE.fullmatch(line).groups()
    assert (best, chosen) == ("pass", "order up Q♦")
    assert float(loss) > THRESHOLD
    assert abs(float(best_value) - float(chosen_value) - float(loss)) <= 0.011


def test_a_good_choice_gets_no_note_and_the_coach_is_off_by_default():
    assert "Coach:" not in take_turn(True, "pass")
    assert "Coach:" not in take_turn(False, "order")
    args = build_parser().parse_args(["play"])
    assert args.coach is False


def test_the_note_uses_the_hints_values():
    """Asked for a hint first, the note quotes the very numbers the hint showed."""
    screen = take_turn(True, "?", "order")
    hint = screen.split("Expert's estimate")[1].split("Coach:")[0]
    shown = dict(re.findall(r"\d\) (pass|order up Q♦) ([+-]\d+\.\d\d)", hint))
    best, best_value, chosen, chosen_value, _ = NOTE.search(screen).groups()
    assert shown == {best: best_value, chosen: chosen_value}


def test_play_coach_turns_it_on(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    args = build_parser().parse_args(["play", "--coach", "--new", "--seed", "3"])
    table = new_table(args, rules(args), Console(file=io.StringIO()))
    assert table.coaching is True
