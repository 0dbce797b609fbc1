"""``euchre replay FILE --step``: a finished match walked one move at a time at the table.

The match is rebuilt from the record's own setup and replayed move by move through the
engine (a step back is ``Game.pop``), and drawn as ``euchre play`` draws its table
(``screen.table_lines``), with every hand face up: the match is over. Enter steps forward,
``b`` back, a number jumps to the start of that hand, ``q`` quits.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

from ..engine.messages import N_, _
from ..game import Game
from ..record import opening
from ..words import YOU, score_words
from .screen import coloured, move_words, table_lines

HELP = N_("Enter: next move   b: back   a number: that hand   q: quit")
"""The keys, under the table (the keys stay as typed: the program reads no other)."""


def yours(name: str) -> bool:
    """Whether a record's player ``name`` is the reader ("You": said as "your hand")."""
    return name.casefold() == YOU.casefold()


class Stepper:
    """A record's match and a position in it: how many of its moves are made."""

    def __init__(self, record: dict[str, Any], names: tuple[str, ...]) -> None:
        self.names = names
        self.game = Game.from_record(opening(record))
        self.first_hand = record["hands"][0].get("number", 0) + 1 if record["hands"] else 1
        self.moves = [(hand, player, token) for hand, played in enumerate(record["hands"])
                      for player, token in played["actions"]]
        self.position = 0

    def forward(self) -> bool:
        """Make the next move; False at the end."""
        if self.position == len(self.moves):
            return False
        self.game.apply(self.moves[self.position][2])
        self.position += 1
        return True

    def back(self) -> bool:
        """Take the last move back; False at the start."""
        if self.position == 0:
            return False
        self.game.pop()
        self.position -= 1
        return True

    def to_hand(self, number: int) -> None:
        """Go to the start of hand ``number`` (as the transcript numbers hands);
        ``ValueError`` naming the hands there are."""
        hands = sorted({hand for hand, _, _ in self.moves})
        index = number - self.first_hand
        if index not in hands:
            raise ValueError(_("the match has hands {first} to {last}", first=self.first_hand,
                               last=self.first_hand + (hands[-1] if hands else 0)))
        target = next(i for i, (hand, _seat, _token) in enumerate(self.moves) if hand == index)
        while self.position > target:
            self.back()
        while self.position < target:
            self.forward()

    def who(self, seat: int) -> str:
        return self.names[seat]

    def lines(self) -> list[str]:
        """The table at this position, the move that led to it first."""
        game, names = self.game, self.names
        views = [game.view(seat) for seat in (0, 1)]
        view = views[0]
        score = view.score
        dealer = names[view.dealer]
        heading = " -- ".join((
            "-- " + _("Hand {number}", number=view.hand_number + 1),
            score_words(score, names), _("to {target}", target=view.target),
            _("You deal") if yours(dealer) else _("{name} deals", name=dealer),
            _("move {at} of {moves}", at=self.position, moves=len(self.moves))))
        shown = [(_("Your hand") if yours(names[seat]) else
                  _("{name}'s hand", name=names[seat]), seen)
                 for seat, seen in enumerate(views)]
        lines = table_lines(views[0], self.who, heading, shown, self.who)
        if self.position:
            lines.insert(1, f"[cyan]{coloured(self.last_move())}[/]")
        if game.is_over:
            winner = game.winner
            lines.append("[bold]" + _("{name} wins the match {points}-{other}.",
                                      name=names[winner], points=score[winner],
                                      other=score[1 - winner]) + "[/]")
        elif self.position == len(self.moves):
            lines.append("[bold]" + _("The record ends here.") + "[/]")
        return lines

    def last_move(self) -> str:
        """The newest move in words, from the view before it."""
        _, player, token = self.moves[self.position - 1]
        self.game.pop()
        try:
            return move_words(self.game.view(player), self.names[player], token)
        finally:
            self.game.apply(token)


def step_through(record: dict[str, Any], names: tuple[str, ...], console: Console,
                 hand: int | None = None) -> int:
    """The stepping loop at the terminal, from the start of the match (or of ``hand``); the
    exit status."""
    stepper = Stepper(record, names)
    if hand is not None:
        stepper.to_hand(hand)
    note = ""
    while True:
        for line in stepper.lines():
            console.print(line, highlight=False)
        console.print(f"[dim]{_(HELP)}[/]" + (f"  [yellow]{note}[/]" if note else ""),
                      highlight=False)
        note = ""
        try:
            typed = console.input("> ").strip().lower()
        except EOFError:
            return 0
        if typed in ("q", "quit", "exit"):
            return 0
        if typed == "":
            if not stepper.forward():
                note = _("that was the last move (b goes back, q quits)")
        elif typed in ("b", "back"):
            if not stepper.back():
                note = _("this is the start of the match")
        elif typed.isdigit():
            try:
                stepper.to_hand(int(typed))
            except ValueError as err:
                note = str(err)
        else:
            note = escape(_("{text} is not a command", text=repr(typed[:20])))
