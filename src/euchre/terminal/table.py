"""``euchre play``: a match against the computer in the terminal.

The table is drawn with ``rich`` (colours and suit symbols on a terminal, plain text when the
output is not one) and fits an 80x24 screen. Every word of a choice, a bid or a refusal comes
from ``euchre.words``, so the terminal says what the browser says. Choices are numbered in
the order the hand is shown and also accept tokens (``JH``, ``10h``, ``pass``, ``order``,
``call s``); an illegal choice is refused with its reason. At the prompt: ``?`` (the expert's
value of every choice), ``undo``, ``rules``, ``help``, ``q`` (save and quit). The match in
progress is saved after every action, so even a closed terminal loses nothing. With the
coach on (``euchre play --coach``), a choice that lost more than ``coach.THRESHOLD`` points
is followed by one line saying what the expert preferred and by how much.

``Seat`` is what a person at a terminal table sees and says, from views alone (the table
drawn, the computer's moves announced, a trick and a hand told, a choice asked): ``Table``
plays a match of the engine's on it, and ``euchre daily --server`` a server's game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from .. import agents
from ..actions import CALL, DISCARD, PASS, action_token, parse_action
from ..agents.stand_in import play_on
from ..cards import parse_suit
from ..coach import coach_seed, decision_place, decision_values, note
from ..game import Game, IllegalAction
from ..i18n import N_, _
from ..scoring import partner
from ..view import View
from ..words import (
    bid_words,
    card_text,
    choice_words,
    ordered_choices,
    plays_said,
    printed_as_tokens,
    result_words,
    side_name,
    trick_reason,
    why_not,
)
from . import prose
from . import saves as store
from .help import QUITTING, StyledPager, help_text, rules_text
from .screen import SEAT_NAMES, coloured, in_turn, standing, table_lines

HUMAN = 0
COMMANDS = N_("? hint   undo   rules   help   q save and quit")
"""The commands under a table's choices (the words typed stay as the program reads them)."""
COMPUTER = 1
"""The computer's seat at a two-handed table."""
QUIT = "q"
"""What ``ask`` returns to save and quit (never a token: tokens are checked by the engine)."""
UNDO = "undo"
HIDDEN_DISCARD = "discard"
"""The computer's discard as a server tells it to the other seat (the card face down)."""

HEADINGS = {
    (True, "you"): N_("-- Hand {number} of {hands} -- {score} ({level}) -- You deal"),
    (True, "computer"): N_("-- Hand {number} of {hands} -- {score} ({level}) -- "
                           "The computer deals"),
    (True, "name"): N_("-- Hand {number} of {hands} -- {score} ({level}) -- {name} deals"),
    (False, "you"): N_("-- Hand {number} -- {score} ({level}) -- to {target} -- You deal"),
    (False, "computer"): N_("-- Hand {number} -- {score} ({level}) -- to {target} -- "
                            "The computer deals"),
    (False, "name"): N_("-- Hand {number} -- {score} ({level}) -- to {target} -- {name} deals"),
}
"""The table's heading by (a day's number of hands rather than a match's points, who deals:
you, the computer of a two-handed game, a named seat): each a whole message, so a
translator orders the hand, the score, the goal and the dealer as his language does."""


class Choosing(Protocol):
    """What ``plays_itself`` reads of a view: any game's view has it (``View``,
    ``TableView``)."""

    @property
    def phase(self) -> str: ...
    @property
    def legal(self) -> tuple[str, ...]: ...


class Seat:
    """A person (player 0) at a table against the computer (one, or two or three at a
    table of three or four), seen through views alone."""

    quitting = QUITTING
    """What ``q`` does, as ``help`` says it (a message: ``quitting_said`` says it)."""
    commands = COMMANDS
    """The line of commands under the choices (a message)."""

    def __init__(self, console: Console, level: str, autoplay: bool = True,
                 hands: int | None = None, players: int = 2,
                 names: tuple[str, ...] | None = None) -> None:
        self.console = console
        self.players = players
        self.names = names or tuple(_(name) for name in SEAT_NAMES[players])  # (the reader's
        # words for the places; a game of the rule-module engine names its own)
        self.level = level
        self.autoplay = autoplay
        self.hands = hands
        """A match of so many deals (the deal of the day), not one to a target."""

    # --- the hooks of a table -------------------------------------------------------------

    def hint_values(self, view: View) -> dict[str, float]:
        """The expert's value of each choice of ``view``, in points this hand."""
        raise NotImplementedError

    def undo(self) -> bool:
        """Take back the person's last choice; False when there is nothing to take back."""
        raise NotImplementedError

    # --- telling what happened ------------------------------------------------------------

    def plays_itself(self, view: Choosing) -> bool:
        """Whether the person's move at ``view`` is a card that plays itself (autoplay)."""
        return self.autoplay and view.phase == "play" and len(view.legal) == 1

    def forced(self, view: View) -> str | None:
        """The person's only playable card, said, when it plays itself (autoplay); else
        None: the person chooses."""
        legal = view.legal
        if not self.plays_itself(view):
            return None
        card = coloured(card_text(legal[0]))
        self.say(_("You play {card}: your only card.", card=card) if len(view.hand) == 1
                 else _("You play {card}: your only card that may be played.", card=card))
        return legal[0]

    def report(self, before: View, after: View, token: str) -> None:
        """After the move ``token`` (from ``before`` to ``after``, the person's views): the
        trick it completed, and the hand's result once the hand is over."""
        finished = after.hand_number != before.hand_number or after.phase == "over"
        last = after.last_hand
        in_play = self.players - len(before.out)
        if before.phase == "play" and len(before.trick) == in_play - 1:  # a trick completed
            number = len(before.tricks) + 1
            cards = [*before.trick, token]
            seats = in_turn(before.leader, self.players, before.out)
            winner = (last["tricks"][-1]["winner"] if finished and last is not None
                      else after.tricks[-1].winner)
            played = plays_said((self.who(seat), coloured(card_text(card)))
                                for seat, card in zip(seats, cards, strict=False))
            reason = trick_reason(cards, before.trump or "C")
            self.say("  " + (_("Trick {number}: {plays} - You won it: {reason}.",
                               number=number, plays=played, reason=reason)
                             if winner == HUMAN else
                             _("Trick {number}: {plays} - {name} won it: {reason}.",
                               number=number, plays=played, reason=reason,
                               name=self.who(winner))))
        if finished:
            self.summary(last, after.score)

    def summary(self, last: dict[str, Any] | None, score: tuple[int, ...]) -> None:
        """The finished hand as the engine scored it (``View.last_hand``)."""
        if last is None:
            return
        said = result_words(last, self.names, self.players, you=HUMAN)
        if last["outcome"] == "thrown_in":
            result = said[0].upper() + said[1:]
            self.say("[bold]" + _("{result}.", result=result) + "[/] "
                     + _("The deal passes."))
            return
        self.say(_("[bold]Hand over:[/] {result}.", result=said))
        self.say(_("Score: {score}.", score=self.standing(score)))
        if last.get("discard"):  # the dealer's own discard, in his own view only
            self.say("  " + _("(You had discarded {card}.)",
                              card=coloured(card_text(last['discard']))))

    # --- showing --------------------------------------------------------------------------

    def who(self, player: int) -> str:
        return self.names[player]

    def named(self, player: int) -> str:
        """A seat named within a sentence: "you", "computer", "West"."""
        return self.names[player] if self.players > 2 and player != HUMAN else \
            self.names[player].lower()

    def standing(self, score: tuple[int, ...]) -> str:
        """The score by side, as a sentence goes on (``screen.standing``)."""
        return standing(score, self.players)

    def say(self, text: str, soft_wrap: bool = False, whole: Sequence[str] = ()) -> None:
        """Print a line of markup: wrapped by words at the console's width, each of
        ``whole`` (a command, a path) kept on one line (``prose``); ``soft_wrap``: as it is,
        however long."""
        if whole:
            prose.say(self.console, text, whole)
        else:
            self.console.print(text, highlight=False, soft_wrap=soft_wrap)

    def show(self, view: View) -> None:
        score = (_("You {mine} - Computer {theirs}", mine=view.score[0], theirs=view.score[1])
                 if self.players == 2 else self.standing(view.score))
        heading = self.heading(view, score)
        for line in table_lines(view, self.who, heading, [(None, view)], self.named):
            self.say(line)

    def heading(self, view: View, score: str) -> str:
        """The table's heading, one message for each way it reads (``HEADINGS``)."""
        dealer = "you" if view.dealer == HUMAN else "computer" if self.players == 2 else "name"
        return _(HEADINGS[bool(self.hands), dealer], number=view.hand_number + 1,
                 hands=self.hands, score=score, level=_(self.level), target=view.target,
                 name=self.who(view.dealer))

    def lines_of(self, items: list[str]) -> list[str]:
        """Items (markup) joined three spaces apart into lines that fit the console: a line
        breaks only between items, so an option is never split from its number."""
        width = max(self.console.width, 20)
        lines: list[str] = []
        for item in items:
            if lines and Text.from_markup(lines[-1] + "   " + item).cell_len <= width:
                lines[-1] += "   " + item
            else:
                lines.append(item)
        return lines

    def announce(self, view: View, token: str) -> None:
        """A computer's move ``token``, from its view before it (a server tells the
        computer's discard as ``discard``: the card stays face down)."""
        action = DISCARD if token == HIDDEN_DISCARD else parse_action(token)
        seat = view.player if view.player is not None else COMPUTER
        name = _("The computer") if self.players == 2 else self.who(seat)
        up = coloured(card_text(view.upcard)) if view.upcard else ""
        if action < DISCARD:
            self.say(_("{name} played {card}.", name=name, card=coloured(card_text(token))))
        elif action < PASS:  # its discard: its pick-up was told already if it was its bid
            took = bool(view.bids) and tuple(view.bids[-1]) == (seat, "order")
            self.say(_("{name} discarded a card.", name=name) if took else
                     _("{name} picked up {card} and discarded a card.", name=name, card=up))
        elif action == PASS:
            self.say(_("{name} left {card}.", name=name, card=up)
                     if view.phase == "discard" else _("{name} passed.", name=name))
        else:  # naming a suit, ordering up, and the lone bids of the family
            self.say(_("{name} {bid}.", name=name, bid=coloured(bid_words(view, seat, token))))

    # --- asking ---------------------------------------------------------------------------

    def ask(self, view: View) -> str:
        """The human's choice (a legal token), ``QUIT`` to save and quit, ``UNDO`` once a
        choice was taken back."""
        choices = self.choices(view)
        self.offer(view, choices)
        while True:
            try:
                text = self.console.input(_("Your choice> ")).strip()
            except EOFError:
                return QUIT
            command = text.lower()
            if command in ("q", "quit", "exit"):
                return QUIT
            if command in ("?", "h", "hint"):
                self.hint(view, choices)
            elif command in ("help", "commands"):
                self.say(self.help())
            elif command == "rules":
                self.rules()
                self.show(view)  # the rules scrolled the table away: it is drawn again
                self.offer(view, choices)
            elif command == "undo":
                if self.undo():
                    self.say(_("Taken back: your last choice and the computer's reply.")
                             if self.players == 2 else
                             _("Taken back: your last choice and the computers' replies."))
                    return UNDO
                self.say("[yellow]" + _("Nothing to take back yet.") + "[/]")
            elif text:
                token, problem = self.understand(text, view, choices)
                if not problem:
                    return token
                self.refuse(problem)

    def choices(self, view: View) -> list[str]:
        """The legal choices, numbered in this order."""
        return ordered_choices(view)

    def help(self) -> str:
        """What ``help`` prints."""
        return help_text(self.quitting_said())

    def quitting_said(self) -> str:
        """What ``q`` does, in the reader's words."""
        return _(self.quitting)

    def refuse(self, problem: str) -> None:
        """Say why a choice typed was refused."""
        self.say(f"[yellow]{coloured(problem)}[/]")

    def offer(self, view: View, choices: list[str]) -> None:
        """The numbered choices and the commands, under the table."""
        options = [f"{i}) {coloured(choice_words(view, t))}" for i, t in enumerate(choices, 1)]
        for line in self.lines_of(options):
            self.say(line)
        self.say("[dim]" + _(self.commands) + "[/]")

    def rules(self) -> None:
        """The rules page, a screen at a time in a terminal (the system's pager: q leaves
        it), printed whole elsewhere."""
        if self.console.is_terminal:
            with self.console.pager(StyledPager(), styles=True):
                self.console.print(rules_text())
        else:
            self.console.print(rules_text())

    def understand(self, text: str, view: View,
                   choices: list[str] | None = None) -> tuple[str, str | None]:
        """(token, None) for a legal choice, else ("", why not)."""
        choices = ordered_choices(view) if choices is None else choices
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(choices):
                return choices[n - 1], None
            return "", _("choose a number from 1 to {n}", n=len(choices))
        typed = printed_as_tokens(text)  # "J♥" as printed means JH
        action: int | None = None
        try:
            action = parse_action(typed)
        except ValueError:
            with contextlib.suppress(ValueError):
                words = typed.lower().split()
                if view.phase in ("bid2", "joker") or words[0] == "name":
                    action = CALL + parse_suit(words[-1])
        if action is None:
            return "", _("{text} is not a choice: type a number, a card such as JH, J♥ or "
                         "10h, pass, order, or call S", text=repr(text))
        if view.phase == "discard" and action < DISCARD:
            action += DISCARD  # a bare card means "discard it"
        token = action_token(action)
        if token in view.legal:
            return token, None
        return "", why_not(view, action)

    def hint(self, view: View, choices: list[str]) -> None:
        values = self.hint_values(view)
        if not values:
            return
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        items = [f"{choices.index(t) + 1}) {coloured(choice_words(view, t))} {v:+.2f}"
                 for t, v in ranked]
        self.say("[cyan]" + _("Expert's estimate, in points this hand (the review's values):")
                 + "[/]")
        for line in self.lines_of(items):
            self.say(line)


class Table(Seat):
    """One human (player 0) against the computer on the engine: one bot at a chosen level
    (player 1), or at a table of three or four a bot in every other seat (``partner``: the
    level of the one opposite, at four)."""

    def __init__(self, game: Game, level: str, name: str, bot_seed: int, console: Console,
                 save_name: str = "match", autoplay: bool = True,
                 undo_used: bool = False, coaching: bool = False,
                 hands: int | None = None, partner: str | None = None,
                 names: tuple[str, ...] | None = None) -> None:
        super().__init__(console, level, autoplay, hands, game.players, names)
        self.game = game
        self.name = name
        self.bot_seed = bot_seed
        self.partner = partner or level
        self.save_name = save_name
        self.undo_used = undo_used
        self.bots = self._bots()
        self.bot_told = dict.fromkeys(self.bots, 0)
        """Hands each bot was told of (``agents.tell_past_hands``): a bot made anew (a
        resumed match, a take-back) hears of every hand so far before it moves."""
        self.coaching = coaching
        """``--coach``: a note after a choice that lost more than ``coach.THRESHOLD``."""
        self.hinted: tuple[View, dict[str, float]] | None = None
        """The last ``?`` hint's view and values: the coach's note reuses them."""

    def level_of(self, seat: int) -> str:
        """The level of the computer in ``seat``."""
        return self.partner if seat == partner(self.game.sides, HUMAN) else self.level

    def _bots(self) -> dict[int, Any]:
        """The computers by seat, seeded by how far the match has gone: a resumed (or taken
        back) match goes on exactly as an uninterrupted one would."""
        actions_so_far = len(self.game.actions())
        return {seat: agents.load(self.level_of(seat),
                                  seed=self.bot_seed + actions_so_far + 7919 * (seat - 1))
                for seat in range(1, self.players)}

    # --- the loop -------------------------------------------------------------------------

    def over(self) -> bool:
        """Whether the match is over (won on points; a day's match ends after its deals)."""
        return self.game.is_over

    def resume_command(self) -> str:
        """What the person types to continue this match once he quits."""
        return f"euchre play --resume {self.save_name}"

    def quit(self) -> None:
        """Save the match and say how to continue it (``q``, the end of input, Ctrl-C)."""
        self.save()
        command = self.resume_command()
        self.say(_("Saved as {name}. [bold]{command}[/] continues this match.",
                   name=escape(self.save_name), command=escape(command)), whole=[command])

    def play(self) -> int:
        while not self.over():
            game = self.game
            before = game.view(HUMAN)
            if game.to_move == HUMAN:
                token = self.human_turn(before)
                if token == QUIT:
                    self.quit()
                    return 0
                if token == UNDO:
                    continue
            else:
                seat = game.to_move
                assert seat is not None  # (the loop runs while the match is not over)
                bot = self.bots[seat]
                self.bot_told[seat] = agents.tell_past_hands(bot, game, seat,
                                                             self.bot_told[seat])
                view = game.view(seat)
                token = play_on(bot, view, self.level_of(seat),
                                lambda line: self.say(escape(line)))
                self.announce(view, token)
                game.apply(token)
            self.report(before, self.game.view(HUMAN), token)
            self.save()
        return self.finish()

    def human_turn(self, view: View) -> str:
        """Show the table and apply the human's choice; returns it (or ``QUIT``/``UNDO``)."""
        token = self.forced(view)
        if token is not None:
            self.game.apply(token)
            return token
        self.show(view)
        place = decision_place(self.game)
        token = self.ask(view)
        if token not in (QUIT, UNDO):
            self.game.apply(token)
            if self.coaching:
                self.coach_note(view, token, place)
        return token

    def values(self, view: View, place: tuple[int, int]) -> dict[str, float]:
        """The expert's estimate of each choice of ``view``: the values the match's review
        will give this decision (``coach.decision_values``, the match's own seed)."""
        hinted = self.hinted
        if hinted and hinted[0] is view:
            return hinted[1]
        return decision_values(view, coach_seed(self.game.seed), place)

    def coach_note(self, view: View, token: str, place: tuple[int, int]) -> None:
        """The coach's one line after a real choice that lost more than the threshold: what
        the expert preferred and by how much (``coach.note``), valued from the same view as
        the ``?`` hint and the match's review (the same values)."""
        if len(view.legal) < 2:
            return
        said = note(self.values(view, place), token,
                    {t: choice_words(view, t) for t in view.legal})
        if said:
            self.say(f"[cyan]{coloured(said)}[/]")

    def hint_values(self, view: View) -> dict[str, float]:
        values = self.values(view, decision_place(self.game))
        self.hinted = (view, values)
        return values

    def finish(self) -> int:
        game = self.game
        self.say("")
        if self.players == 2:
            won = game.winner == HUMAN
            self.say("[bold green]" + _("You win the match {mine}-{theirs}!",
                                        mine=game.score[0], theirs=game.score[1]) + "[/]"
                     if won else "[bold]" + _("The computer wins the match {theirs}-{mine}.",
                                              mine=game.score[0], theirs=game.score[1]) + "[/]")
        else:
            assert game.winner is not None  # (a match over has its winner)
            self.say(f"[bold{' green' if game.winner == HUMAN else ''}]"
                     f"{self.match_won(game.winner, self.standing(game.score))}[/]")
        path = store.save_finished(self.record())
        store.remove(self.save_name)
        shown = escape(str(path))  # (a path, and the command, each on one line)
        self.say(_("Match saved: {path}", path=shown), whole=[str(path)])
        self.say(_("Replay it with: {command}", command=f"euchre replay {shown}"),
                 whole=[f"euchre replay {path}"])
        return 0

    def match_won(self, side: int, score: str) -> str:
        """Who won the match (``side``, at three or four), with the score: "You" and a name
        are separate messages, as are a player and partners."""
        if side == HUMAN:
            mate = partner(self.game.sides, HUMAN)
            return (_("You win the match: {score}.", score=score) if mate is None else
                    _("You and {partner} win the match: {score}.", score=score,
                      partner=self.names[mate]))
        winners = side_name(self.names, self.players, side)
        return (_("{name} wins the match: {score}.", name=winners, score=score)
                if self.players == 3 else
                _("{side} win the match: {score}.", side=winners, score=score))

    # --- saving and taking back -----------------------------------------------------------

    def record(self) -> dict[str, Any]:
        record = self.game.record()
        names = [self.name] + [f"computer ({self.level})" if self.players == 2 else
                               f"{self.names[seat]} ({self.level_of(seat)})"
                               for seat in range(1, self.players)]
        record["players"] = {"names": names, "human_seat": HUMAN, "level": self.level,
                             "undo_used": self.undo_used}
        if self.players == 4:
            record["players"]["partner"] = self.partner
        return record

    def saved(self) -> dict[str, Any]:
        """What a save file holds: the record so far and the table's settings."""
        return {"record": self.record(), "level": self.level, "name": self.name,
                "bot_seed": self.bot_seed, "partner": self.partner}

    def save(self) -> None:
        store.save(self.save_name, self.saved())

    def undo(self) -> bool:
        """Take back the human's last real choice and everything the computer did after it
        (a card that played itself is not a choice: it goes back too). False, with the game
        unchanged, when there is nothing to take back."""
        try:  # the engine's undo, which the browser's uses too
            self.game.take_back_to(HUMAN, skip_forced=self.autoplay)
        except IllegalAction:
            return False
        self.undo_used = True
        self.bots = self._bots()
        self.bot_told = dict.fromkeys(self.bots, 0)
        self.save()
        return True
