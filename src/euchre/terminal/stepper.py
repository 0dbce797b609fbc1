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
from ..history import seat_of
from ..record import opening
from ..view import View
from ..words import YOU, score_words
from .screen import coloured, move_words, table_lines

HELP = N_("Enter: next move   b: back   a number: that hand   q: quit")
"""The keys, under the table (the keys stay as typed: the program reads no other)."""


def reader_seat(record: dict[str, Any]) -> int | None:
    """The seat of the person reading the record, from what the record says of its seats
    (language-free, as records are: ``history.seat_of``): the terminal's own record marks
    his seat (``players.human_seat``, whatever name or language it was played under), a
    browser's game against the computer seats him at 0; a friends' game, or a bare engine
    record, has no reader's seat.

    >>> reader_seat({"players": {"names": ["Guest", "computer (easy)"], "human_seat": 0}})
    0
    >>> reader_seat({"players": {"names": ["Ann", "Bo"], "mode": "friend"}}) is None
    True
    """
    try:
        seat = seat_of(record, None)
    except (TypeError, ValueError):  # (a record's players written by hand)
        return None
    return seat if seat in (0, 1) else None


class Stepper:
    """A record's match and a position in it: how many of its moves are made."""

    def __init__(self, record: dict[str, Any], names: tuple[str, ...]) -> None:
        self.names = names
        self.reader = reader_seat(record)
        """The reader's own seat (named "You", his hand "Your hand"), or None."""
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
        """A seat as the table names it: "You" for the reader's own, else its name."""
        return _(YOU) if seat == self.reader else self.names[seat]

    def lines(self) -> list[str]:
        """The table at this position, the move that led to it first."""
        game, names = self.game, self.names
        views = [game.view(seat) for seat in (0, 1)]
        view = views[0]
        score = view.score
        heading = self.heading(view)
        shown = [(None if seat == self.reader else names[seat], seen)
                 for seat, seen in enumerate(views)]
        lines = table_lines(views[0], self.who, heading, shown, self.named)
        if self.position:
            lines.insert(1, f"[cyan]{coloured(self.last_move())}[/]")
        if game.is_over:
            winner = game.winner
            assert winner is not None  # (a match over has its winner)
            mine, theirs = score[winner], score[1 - winner]
            lines.append("[bold]" + (
                _("You win the match {mine}-{theirs}!", mine=mine, theirs=theirs)
                if winner == self.reader else
                _("{name} wins the match {points}-{other}.", name=names[winner],
                  points=mine, other=theirs)) + "[/]")
        elif self.position == len(self.moves):
            lines.append("[bold]" + _("The record ends here.") + "[/]")
        return lines

    def named(self, seat: int) -> str:
        """A seat named within a sentence: "you" for the reader's own, else its name."""
        return _("you") if seat == self.reader else self.names[seat]

    def heading(self, view: View) -> str:
        """The table's heading, one message whoever deals: the hand, the score, the goal,
        who deals (the reader or a name: separate messages) and the move reached."""
        said = {"number": view.hand_number + 1, "target": view.target, "at": self.position,
                "moves": len(self.moves),
                "score": score_words(view.score, [self.who(seat) for seat in (0, 1)])}
        if view.dealer == self.reader:
            return _("-- Hand {number} -- {score} -- to {target} -- You deal -- "
                     "move {at} of {moves}", **said)
        return _("-- Hand {number} -- {score} -- to {target} -- {name} deals -- "
                 "move {at} of {moves}", name=self.names[view.dealer], **said)

    def last_move(self) -> str:
        """The newest move in words, from the view before it."""
        _, player, token = self.moves[self.position - 1]
        self.game.pop()
        try:
            return move_words(self.game.view(player), self.who(player), token)
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
