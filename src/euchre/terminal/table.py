"""``euchre play``: a match against the computer in the terminal.

The table is drawn with ``rich`` (colours and suit symbols on a terminal, plain text when the
output is not one) and fits an 80x24 screen. Choices are numbered and also accept tokens
(``JH``, ``10h``, ``pass``, ``order``, ``call s``); an illegal choice is refused with its
reason. ``?`` shows the expert's value of every choice; ``q`` saves and quits, and
``euchre play --resume`` continues. The match in progress is saved after every action, so
even a closed terminal loses nothing.
"""

from __future__ import annotations

import contextlib
from typing import Any

from rich.console import Console
from rich.markup import escape

from .. import agents
from ..actions import CALL, DISCARD, ORDER, PASS, action_token, parse_action
from ..cards import (
    EFFECTIVE_SUIT,
    JOKER,
    RANK_NAMES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    parse_card,
    parse_suit,
    sort_key,
)
from ..game import Game
from ..view import View
from . import saves as store

HUMAN = 0
COMPUTER = 1


def card_text(token: str, plain: bool = False) -> str:
    """A card as people write it, coloured: ``10♥`` in red, ``Joker``."""
    card = parse_card(token)
    if card == JOKER:
        return "Joker" if plain else "[bold magenta]Joker[/]"
    label = RANK_NAMES[card & 7] + SUIT_SYMBOLS[card >> 3]
    if plain:
        return label
    return f"[bold red]{label}[/]" if card >> 3 in (1, 2) else f"[bold]{label}[/]"


def suit_text(letter: str) -> str:
    suit = SUITS.index(letter)
    symbol = f"[red]{SUIT_SYMBOLS[suit]}[/]" if suit in (1, 2) else SUIT_SYMBOLS[suit]
    return f"{symbol} {SUIT_NAMES[suit]}"


class Table:
    """One human (player 0) against one bot (player 1) at a chosen level."""

    def __init__(self, game: Game, level: str, name: str, bot_seed: int,
                 console: Console) -> None:
        self.game = game
        self.level = level
        self.name = name
        self.bot_seed = bot_seed
        self.console = console
        actions_so_far = sum(len(h["actions"]) for h in game.record()["hands"])
        self.bot = agents.load(level, seed=bot_seed + actions_so_far)
        self.coach = agents.load("expert", seed=bot_seed + 1)
        self.my_discard: str | None = None

    # --- the loop -------------------------------------------------------------------------

    def play(self) -> int:
        game = self.game
        while not game.is_over:
            hand_before = game.hand_number
            before = game.view(HUMAN)
            if game.to_move == HUMAN:
                view = game.view(HUMAN)
                if view.discard:
                    self.my_discard = view.discard
                self.show(view)
                token = self.ask(view)
                if token is None:
                    self.save()
                    self.say("Saved. [bold]euchre play --resume[/] continues this match.")
                    return 0
                game.apply(token)
                if game.view(HUMAN).discard:
                    self.my_discard = game.view(HUMAN).discard
            else:
                view = game.view(COMPUTER)
                token = self.bot.act(view)
                self.announce(view, token)
                game.apply(token)
            self.after_action(hand_before, before, token)
            self.save()
        return self.finish()

    def after_action(self, hand_before: int, before: View, token: str) -> None:
        """Show a trick once it is complete, and the hand's result once it is over."""
        game = self.game
        view = game.view(HUMAN)
        finished = game.hand_number != hand_before or game.is_over
        if before.phase == "play" and before.trick:  # this card completed a trick
            number = len(before.tricks) + 1
            leader = before.leader
            winner = view.tricks[-1].winner if not finished else (
                leader if before.tricks_won[leader] < view.last_hand["tricks_won"][leader]
                else 1 - leader)
            self.say(f"  Trick {number}: {self.who(leader)} {card_text(before.trick[0])}, "
                     f"{self.who(1 - leader)} {card_text(token)} - "
                     f"{self.who(winner)} {'win' if winner == HUMAN else 'wins'}.")
        if finished:
            self.summary(view.last_hand)

    def summary(self, last: dict[str, Any] | None) -> None:
        if last is None:
            return
        if last["thrown_in"]:
            self.say("[bold]Both passed twice: the hand is thrown in.[/] The deal passes.")
            return
        maker = last["maker"]
        won = last["tricks_won"][maker]
        points = last["points"]
        scorer = HUMAN if points[HUMAN] else COMPUTER
        what = ("a march" if won == 5 else f"{won} tricks" if won >= 3
                else f"euchred with {won} trick{'s' if won != 1 else ''}")
        line = (f"[bold]Hand over:[/] {self.who(maker)} made {suit_text(last['trump'])}: {what}."
                f" {self.who(scorer)} {'score' if scorer == HUMAN else 'scores'} "
                f"{points[scorer]}. Score: you {self.game.score[HUMAN]}, computer "
                f"{self.game.score[COMPUTER]}.")
        self.say(line)
        if self.my_discard:
            self.say(f"  (You had discarded {card_text(self.my_discard)}.)")
        self.my_discard = None

    def finish(self) -> int:
        game = self.game
        won = game.winner == HUMAN
        self.say("")
        self.say(f"[bold green]You win the match {game.score[0]}-{game.score[1]}![/]" if won
                 else f"[bold]The computer wins the match {game.score[1]}-{game.score[0]}.[/]")
        record = self.record()
        path = store.save_finished(record)
        store.clear_current()
        self.say(f"Match saved: {escape(str(path))}", soft_wrap=True)  # a path stays whole
        self.say(f"Replay it with: euchre replay {escape(str(path))}", soft_wrap=True)
        return 0

    # --- saving ---------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        record = self.game.record()
        record["players"] = {"names": [self.name, f"computer ({self.level})"],
                             "human_seat": HUMAN, "level": self.level}
        return record

    def save(self) -> None:
        store.save_current({"record": self.record(), "level": self.level, "name": self.name,
                            "bot_seed": self.bot_seed})

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
        upcard = card_text(view.upcard)
        state = ("taken by the dealer" if view.upcard_taken
                 else "turned down" if view.phase in ("bid2",) or view.trump else "face up")
        trump = (f"Trump {suit_text(view.trump)}, made by {self.who(view.maker).lower()}"
                 if view.trump else "No trump yet")
        self.say(f"Upcard {upcard} ({state}).  {trump}.")
        if view.bids:
            bids = ", ".join(f"{self.who(p).lower()} {self.bid_words(t, p == view.dealer)}"
                             for p, t in view.bids)
            self.say(f"Bidding: {bids}.")
        if view.phase == "play" or view.tricks:
            held = 5 - len(view.tricks) - (1 if view.trick and view.leader == COMPUTER else 0)
            self.say(f"Tricks: you {view.tricks_won[0]}, computer {view.tricks_won[1]}.  "
                     f"The computer holds {held} card{'s' if held != 1 else ''}.")
        if view.trick:
            self.say(f"Trick: {self.who(view.leader).lower()} led {card_text(view.trick[0])}.")
        if view.hand:
            self.say("Your hand: " + self.hand_text(view))
        elif view.phase == "joker":
            self.say("Your hand: (face down: you name trump before looking)")

    def hand_text(self, view: View) -> str:
        trump = SUITS.index(view.trump) if view.trump else -1
        cards = sorted(view.hand, key=lambda t: sort_key(parse_card(t), trump))
        groups: list[list[str]] = []
        last_suit = None
        for token in cards:
            card = parse_card(token)
            suit = EFFECTIVE_SUIT[trump][card] if trump >= 0 else (card >> 3 if card != JOKER
                                                                   else -1)
            if suit != last_suit:
                groups.append([])
                last_suit = suit
            groups[-1].append(card_text(token))
        return "  ".join(" ".join(g) for g in groups)

    def bid_words(self, token: str, dealer: bool) -> str:
        if token == "pass":
            return "passed"
        if token == "order":
            return "took it" if dealer else "ordered it up"
        return "called " + suit_text(token[-1])

    def choice_words(self, token: str, view: View) -> str:
        action = parse_action(token)
        up = card_text(view.upcard)
        if action == PASS:
            return f"leave {up}" if view.phase == "discard" else "pass"
        if action == ORDER:
            return f"pick up {up}" if view.player == view.dealer else f"order up {up}"
        if action >= CALL:
            return "call " + suit_text(SUITS[action - CALL])
        if action >= DISCARD:
            return f"discard {card_text(action_token(action - DISCARD))}"
        return card_text(token)

    def announce(self, view: View, token: str) -> None:
        action = parse_action(token)
        if action < DISCARD:
            self.say(f"The computer plays {card_text(token)}.")
        elif action < PASS:
            self.say(f"The computer picks up {card_text(view.upcard)} and discards a card.")
        elif action == PASS:
            self.say(f"The computer leaves {card_text(view.upcard)}." if view.phase == "discard"
                     else "The computer passes.")
        elif action == ORDER:
            if view.player == view.dealer:
                self.say(f"The computer takes {card_text(view.upcard)}: "
                         f"{suit_text(view.upcard[1])} are trump.")
            else:
                self.say(f"The computer orders up {card_text(view.upcard)}.")
        else:
            self.say(f"The computer calls {suit_text(SUITS[action - CALL])}.")

    # --- asking ---------------------------------------------------------------------------

    def ask(self, view: View) -> str | None:
        """The human's choice (a legal token), or None to save and quit."""
        legal = list(view.legal)
        options = "   ".join(f"{i}) {self.choice_words(t, view)}" for i, t in enumerate(legal, 1))
        self.say(options + "   [dim]? hint  q quit[/]")
        while True:
            try:
                text = self.console.input("Your choice> ").strip()
            except EOFError:
                return None
            if text.lower() in ("q", "quit", "exit"):
                return None
            if text in ("?", "h", "hint"):
                self.hint(view)
                continue
            if not text:
                continue
            token, problem = self.understand(text, view)
            if problem:
                self.say(f"[yellow]{problem}[/]")
                continue
            return token

    def understand(self, text: str, view: View) -> tuple[str, str | None]:
        """(token, None) for a legal choice, else ("", why not)."""
        legal = list(view.legal)
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1], None
            return "", f"choose a number from 1 to {len(legal)}"
        try:
            action = parse_action(text)
        except ValueError:
            action = None
            if view.phase in ("bid2", "joker"):
                with contextlib.suppress(ValueError):
                    action = CALL + parse_suit(text)
            if action is None:
                return "", (f"{text!r} is not a choice: type a number, a card such as JH or "
                            "10h, pass, order, or call S")
        if view.phase == "discard" and action < DISCARD:
            action += DISCARD  # a bare card means "discard it"
        token = action_token(action)
        if token in legal:
            return token, None
        return "", self.why_not(action, view)

    def why_not(self, action: int, view: View) -> str:
        hand = [parse_card(t) for t in view.hand]
        if view.phase == "play":
            if action >= DISCARD:
                return "it is time to play a card"
            if action not in hand:
                return f"you do not hold {card_text(action_token(action))}"
            led = parse_card(view.trick[0])
            trump = SUITS.index(view.trump)
            suit = EFFECTIVE_SUIT[trump][led]
            follow = [c for c in hand if EFFECTIVE_SUIT[trump][c] == suit]
            cards = " ".join(card_text(action_token(c)) for c in follow)
            return f"you must follow {SUIT_NAMES[suit]}: you hold {cards}"
        if view.phase == "discard":
            if action == PASS:
                return f"you must pick up {card_text(view.upcard)}"
            if DISCARD <= action < PASS:
                card = action - DISCARD
                if card == JOKER and view.upcard == "JK":
                    return "you must keep the Joker: discard one of your own cards"
                return f"you do not hold {card_text(action_token(card))}"
            return f"pick up {card_text(view.upcard)} and discard a card (for example 'discard 9c')"
        if view.phase == "bid1":
            return "in the first round you may pass or order the upcard up"
        if view.phase == "bid2":
            if action == ORDER:
                return "the upcard was turned down: name another suit or pass"
            if action == PASS:
                return "stick the dealer: the dealer must name a suit"
            if action >= CALL:
                return (f"{SUIT_NAMES[action - CALL]} was turned down: it may not be named")
            return "name a suit (call S) or pass"
        if view.phase == "joker":
            return "name trump (call C, D, H or S) before looking at your hand"
        return "that is not a choice now"

    def hint(self, view: View) -> None:
        values = self.coach.analyse(view)
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        shown = "   ".join(f"{self.choice_words(t, view)} {v:+.2f}" for t, v in ranked)
        self.say(f"[cyan]Expert's estimate, points for this hand:[/] {shown}")
