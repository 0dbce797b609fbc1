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
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from .. import agents
from ..actions import CALL, DISCARD, ORDER, PASS, action_token, parse_action
from ..cards import EFFECTIVE_SUIT, JOKER, SUITS, parse_card, parse_suit
from ..coach import coach_seed, decision_place, decision_values, note
from ..game import Game, IllegalAction
from ..view import View
from ..words import (
    bid_words,
    card_text,
    choice_words,
    count,
    ordered_choices,
    result_words,
    suit_text,
    upcard_state,
    why_not,
)
from . import saves as store
from .help import HELP, rules_text

HUMAN = 0
COMPUTER = 1
QUIT = "q"
"""What ``ask`` returns to save and quit (never a token: tokens are checked by the engine)."""
UNDO = "undo"
CARD_LABEL = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")


def coloured(text: str) -> str:
    """``euchre.words`` text as markup with its cards coloured: red suits red, the Joker
    magenta (the words stay those of ``euchre.words``; only the colour is the terminal's)."""
    out = CARD_LABEL.sub(lambda m: f"[bold red]{m[0]}[/]" if m[2] in "♦♥" else f"[bold]{m[0]}[/]",
                         escape(text))
    return out.replace("Joker", "[bold magenta]Joker[/]")


class Table:
    """One human (player 0) against one bot (player 1) at a chosen level."""

    def __init__(self, game: Game, level: str, name: str, bot_seed: int, console: Console,
                 save_name: str = "match", autoplay: bool = True,
                 undo_used: bool = False, coaching: bool = False) -> None:
        self.game = game
        self.level = level
        self.name = name
        self.bot_seed = bot_seed
        self.console = console
        self.save_name = save_name
        self.autoplay = autoplay
        self.undo_used = undo_used
        self.bot = self._bot()
        self.bot_told = 0
        """Hands the bot was told of (``agents.tell_past_hands``): a bot made anew (a
        resumed match, a take-back) hears of every hand so far before it moves."""
        self.coaching = coaching
        """``--coach``: a note after a choice that lost more than ``coach.THRESHOLD``."""
        self.hinted: tuple[View, dict[str, float]] | None = None
        """The last ``?`` hint's view and values: the coach's note reuses them."""

    def _bot(self) -> Any:
        """The computer, seeded by how far the match has gone: a resumed (or taken back)
        match goes on exactly as an uninterrupted one would."""
        actions_so_far = sum(len(h["actions"]) for h in self.game.record()["hands"])
        return agents.load(self.level, seed=self.bot_seed + actions_so_far)

    # --- the loop -------------------------------------------------------------------------

    def play(self) -> int:
        while not self.game.is_over:
            game = self.game
            hand_before = game.hand_number
            before = game.view(HUMAN)
            if game.to_move == HUMAN:
                token = self.human_turn(before)
                if token == QUIT:
                    self.save()
                    self.say(f"Saved as {escape(self.save_name)}. [bold]euchre play --resume "
                             f"{escape(self.save_name)}[/] continues this match.",
                             soft_wrap=True)
                    return 0
                if token == UNDO:
                    continue
            else:
                self.bot_told = agents.tell_past_hands(self.bot, game, COMPUTER, self.bot_told)
                view = game.view(COMPUTER)
                token = self.bot.act(view)
                self.announce(view, token)
                game.apply(token)
            self.after_action(hand_before, before, token)
            self.save()
        return self.finish()

    def human_turn(self, view: View) -> str:
        """Show the table and apply the human's choice; returns it (or ``QUIT``/``UNDO``)."""
        legal = view.legal
        if self.autoplay and view.phase == "play" and len(legal) == 1:
            self.say(f"You play {coloured(card_text(legal[0]))}: your only "
                     f"{'card' if len(view.hand) == 1 else 'card that may be played'}.")
            self.game.apply(legal[0])
            return legal[0]
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

    def after_action(self, hand_before: int, before: View, token: str) -> None:
        """Show a trick once it is complete, and the hand's result once it is over."""
        game = self.game
        view = game.view(HUMAN)
        finished = game.hand_number != hand_before or game.is_over
        last = view.last_hand
        if before.phase == "play" and before.trick:  # this card completed a trick
            number = len(before.tricks) + 1
            leader = before.leader
            winner = view.tricks[-1].winner if not finished else last["tricks"][-1]["winner"]
            self.say(f"  Trick {number}: {self.who(leader)} "
                     f"{coloured(card_text(before.trick[0]))}, {self.who(1 - leader)} "
                     f"{coloured(card_text(token))} - "
                     f"{self.who(winner)} {'win' if winner == HUMAN else 'wins'}.")
        if finished:
            self.summary(last)

    def summary(self, last: dict[str, Any] | None) -> None:
        """The finished hand as the engine scored it (``View.last_hand``)."""
        if last is None:
            return
        said = result_words(last, (self.who(0), self.who(1)), you=HUMAN)
        if last["outcome"] == "thrown_in":
            self.say(f"[bold]{said[0].upper()}{said[1:]}.[/] The deal passes.")
            return
        self.say(f"[bold]Hand over:[/] {said}.")
        self.say(f"Score: you {self.game.score[HUMAN]}, computer {self.game.score[COMPUTER]}.")
        if last.get("discard"):  # the dealer's own discard, in his own view only
            self.say(f"  (You had discarded {coloured(card_text(last['discard']))}.)")

    def finish(self) -> int:
        game = self.game
        won = game.winner == HUMAN
        self.say("")
        self.say(f"[bold green]You win the match {game.score[0]}-{game.score[1]}![/]" if won
                 else f"[bold]The computer wins the match {game.score[1]}-{game.score[0]}.[/]")
        path = store.save_finished(self.record())
        store.remove(self.save_name)
        self.say(f"Match saved: {escape(str(path))}", soft_wrap=True)  # a path stays whole
        self.say(f"Replay it with: euchre replay {escape(str(path))}", soft_wrap=True)
        return 0

    # --- saving and taking back -----------------------------------------------------------

    def record(self) -> dict[str, Any]:
        record = self.game.record()
        record["players"] = {"names": [self.name, f"computer ({self.level})"],
                             "human_seat": HUMAN, "level": self.level,
                             "undo_used": self.undo_used}
        return record

    def saved(self) -> dict[str, Any]:
        """What a save file holds: the record so far and the table's settings."""
        return {"record": self.record(), "level": self.level, "name": self.name,
                "bot_seed": self.bot_seed}

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
        self.bot = self._bot()
        self.bot_told = 0
        self.save()
        return True

    # --- showing --------------------------------------------------------------------------

    def who(self, player: int) -> str:
        return "You" if player == HUMAN else "Computer"

    def say(self, text: str, soft_wrap: bool = False) -> None:
        self.console.print(text, highlight=False, soft_wrap=soft_wrap)

    def show(self, view: View) -> None:
        score = view.score
        dealer = "You deal" if view.dealer == HUMAN else "The computer deals"
        self.say("")
        self.say(f"[bold]-- Hand {view.hand_number + 1} -- You {score[0]} - Computer "
                 f"{score[1]} ({self.level}) -- to {view.target} -- {dealer}[/]")
        state = upcard_state(view)
        if state == "picked up":
            state += " by " + ("you" if view.dealer == HUMAN else "the computer")
        trump = (f"Trump {coloured(suit_text(view.trump))}, made by "
                 f"{self.who(view.maker).lower()}" if view.trump else "No trump yet")
        self.say(f"Upcard {coloured(card_text(view.upcard))} ({state}).  {trump}.")
        if view.bids:
            bids = ", ".join(f"{self.who(p).lower()} {coloured(bid_words(view, p, t))}"
                             for p, t in view.bids)
            self.say(f"Bidding: {bids}.")
        if view.phase == "play" or view.tricks:
            held = 5 - len(view.tricks) - (1 if view.trick and view.leader == COMPUTER else 0)
            self.say(f"Tricks: you {view.tricks_won[0]}, computer {view.tricks_won[1]}.  "
                     f"The computer holds {count(held, 'card')}.")
        if view.trick:
            self.say(f"Trick: {self.who(view.leader).lower()} led "
                     f"{coloured(card_text(view.trick[0]))}.")
        if view.hand:
            self.say("Your hand: " + self.hand_text(view))
        elif view.phase == "joker":
            self.say("Your hand: (face down: you name trump before looking)")

    def hand_text(self, view: View) -> str:
        """``view.hand`` in its order (the order the options are numbered in), a wider gap
        between suits (the left bower and the Joker with trump)."""
        trump = SUITS.index(view.trump) if view.trump else -1
        groups: list[list[str]] = []
        last_suit = None
        for token in view.hand:
            card = parse_card(token)
            suit = EFFECTIVE_SUIT[trump][card] if trump >= 0 else (
                card >> 3 if card != JOKER else -1)
            if suit != last_suit:
                groups.append([])
                last_suit = suit
            groups[-1].append(coloured(card_text(token)))
        return "  ".join(" ".join(g) for g in groups)

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
        action = parse_action(token)
        if action < DISCARD:
            self.say(f"The computer plays {coloured(card_text(token))}.")
        elif action < PASS:  # its discard: its pick-up was told already if it was its bid
            took = bool(view.bids) and tuple(view.bids[-1]) == (COMPUTER, "order")
            self.say("The computer discards a card." if took else
                     f"The computer picks up {coloured(card_text(view.upcard))} and discards "
                     "a card.")
        elif action == PASS:
            self.say(f"The computer leaves {coloured(card_text(view.upcard))}."
                     if view.phase == "discard" else "The computer passes.")
        elif action == ORDER:
            self.say(f"The computer {coloured(bid_words(view, COMPUTER, token))}.")
        else:
            self.say(f"The computer names {coloured(suit_text(SUITS[action - CALL]))}.")

    # --- asking ---------------------------------------------------------------------------

    def ask(self, view: View) -> str:
        """The human's choice (a legal token), ``QUIT`` to save and quit, ``UNDO`` once a
        choice was taken back."""
        choices = ordered_choices(view)
        self.offer(view, choices)
        while True:
            try:
                text = self.console.input("Your choice> ").strip()
            except EOFError:
                return QUIT
            command = text.lower()
            if command in ("q", "quit", "exit"):
                return QUIT
            if command in ("?", "h", "hint"):
                self.hint(view, choices)
            elif command in ("help", "commands"):
                self.say(HELP)
            elif command == "rules":
                self.rules()
                self.show(view)  # the rules scrolled the table away: it is drawn again
                self.offer(view, choices)
            elif command == "undo":
                if self.undo():
                    self.say("Taken back: your last choice and the computer's reply.")
                    return UNDO
                self.say("[yellow]Nothing to take back yet.[/]")
            elif text:
                token, problem = self.understand(text, view, choices)
                if not problem:
                    return token
                self.say(f"[yellow]{coloured(problem)}[/]")

    def offer(self, view: View, choices: list[str]) -> None:
        """The numbered choices and the commands, under the table."""
        options = [f"{i}) {coloured(choice_words(view, t))}" for i, t in enumerate(choices, 1)]
        for line in self.lines_of(options):
            self.say(line)
        self.say("[dim]? hint   undo   rules   help   q save and quit[/]")

    def rules(self) -> None:
        """The rules page, a screen at a time in a terminal (the system's pager: q leaves
        it), printed whole elsewhere."""
        if self.console.is_terminal:
            with self.console.pager(styles=True):
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
            return "", f"choose a number from 1 to {len(choices)}"
        try:
            action = parse_action(text)
        except ValueError:
            action = None
            with contextlib.suppress(ValueError):
                words = text.lower().split()
                if view.phase in ("bid2", "joker") or words[0] == "name":
                    action = CALL + parse_suit(words[-1])
            if action is None:
                return "", (f"{text!r} is not a choice: type a number, a card such as JH or "
                            "10h, pass, order, or call S")
        if view.phase == "discard" and action < DISCARD:
            action += DISCARD  # a bare card means "discard it"
        token = action_token(action)
        if token in view.legal:
            return token, None
        return "", why_not(view, action)

    def hint(self, view: View, choices: list[str]) -> None:
        values = self.values(view, decision_place(self.game))
        self.hinted = (view, values)
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        items = [f"{choices.index(t) + 1}) {coloured(choice_words(view, t))} {v:+.2f}"
                 for t, v in ranked]
        self.say("[cyan]Expert's estimate, in points this hand (the review's values):[/]")
        for line in self.lines_of(items):
            self.say(line)
