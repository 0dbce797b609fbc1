"""``euchre play --game railroad|hasenpfeffer|napoleon``: Railroad Euchre, Hasenpfeffer and
Napoleon against the computer in the terminal.

The person sits at seat 0 ("You"); a computer of the chosen level in every other seat (at
Railroad and Hasenpfeffer the one opposite is his partner, at Napoleon each plays for
himself). The table is drawn from the person's view alone (``TableView``): his hand, the
game's own public state (the upcard, the highest bid), the bids in words
(``engine.words``), the tricks and the trick in play. Choices are numbered in the order the
hand is shown and also accept tokens (``JH``, ``10h``, ``pass``, ``bid 4``, ``bid nap``,
``call s``, ``give AS``) and cards as printed (``J♥``). At the prompt: ``?`` (the expert's
value of every choice), ``undo``, ``rules`` (this game's rules), ``help``, ``q`` (save and
quit). The match is saved after every action, as ``euchre play`` saves a game of Euchre.
"""

from __future__ import annotations

import contextlib

from rich.console import Console
from rich.markup import escape

from ..agents.rule_games.reading import trick_seats
from ..engine.actions import action_token, parse_action
from ..engine.cards import SUITS, parse_suit
from ..engine.seeds import mix64
from ..engine.view import TableView
from ..engine.words import result_words, score_words
from ..game import Game
from ..scoring import partner
from ..words import suit_text
from . import saves as store
from .help import StyledPager, game_rules_text
from .rule_words import NAMES, TITLES, card_text, choice_text, done_by, ordered, printed
from .screen import coloured
from .table import HUMAN, QUIT, UNDO, Table


class RuleTable(Table):
    """A match of a game on the rule-module core against the computer (see the module).
    The loop, the prompt (``Seat.ask``: numbers, tokens, ``?``, ``undo``, ``rules``,
    ``help``, ``q``), saving and taking back are the Euchre table's; what is shown, told and
    understood is this game's.

    Its game is a ``TableGame``, whose views are ``TableView``s: the methods that read a
    view take one, where ``Seat``'s take a ``View`` (a narrower parameter than the base's,
    which the checker refuses in general: ``type: ignore[override]`` says it holds here, as
    ``ask`` and the expert's ``analyse`` are handed this table's own views)."""

    def __init__(self, game: Game, level: str, name: str, bot_seed: int, console: Console,
                 save_name: str = "match", autoplay: bool = True,
                 undo_used: bool = False) -> None:
        super().__init__(game, level, name, bot_seed, console, save_name, autoplay,
                         undo_used, names=NAMES[game.players])

    def level_of(self, seat: int) -> str:
        return self.level  # every computer at the chosen level (no partner's own)

    def forced(self, view: TableView) -> str | None:  # type: ignore[override]
        if not self.plays_itself(view):
            return None
        self.say(f"You play {coloured(card_text(view.legal[0]))}: your only card that may "
                 "be played.")
        return view.legal[0]

    def human_turn(self, view: TableView) -> str:  # type: ignore[override]
        token = self.forced(view)
        if token is not None:
            self.game.apply(token)
            return token
        self.show(view)
        token = self.ask(view)  # type: ignore[arg-type]  # (this table's views: see the class)
        if token not in (QUIT, UNDO):
            self.game.apply(token)
        return token

    # --- telling --------------------------------------------------------------------------

    def announce(self, view: TableView, token: str) -> None:  # type: ignore[override]
        """A computer's move from its view before it, as the person may know it: nobody's
        discard but his own, a gift only to its receiver."""
        seat = view.player
        assert seat is not None, "a computer's move is made from its own view"
        words = token.split()
        if len(words) == 1 and token not in ("pass", "order"):
            self.say(f"{self.names[seat]} played {coloured(card_text(token))}.")
            return
        if words[0] == "discard" or (words[0] == "give" and partner(view.sides, seat) != HUMAN):
            token = words[0]  # face down
        dealer = seat == view.dealer
        self.say(coloured(done_by(self.names[seat], token, view.game, dealer)) + ".")

    def report(self, before: TableView, after: TableView,  # type: ignore[override]
               token: str = "") -> None:
        """The trick the last move completed, and the hand's result once it is over."""
        finished = after.hand_number != before.hand_number or after.phase == "over"
        tricks = (after.last_hand or {}).get("tricks", []) if finished else after.tricks
        if len(tricks) > len(before.tricks):
            trick = tricks[len(before.tricks)]
            played = ", ".join(f"{self.names[s]} {coloured(card_text(c))}"
                               for s, c in zip(trick["seats"], trick["cards"], strict=True))
            self.say(f"  Trick {len(before.tricks) + 1}: {played} - "
                     f"{self.names[trick['winner']]} won it.")
        if finished and after.last_hand is not None:
            said = result_words(after.last_hand, self.names, after.game, after.sides)
            self.say(f"[bold]Hand over:[/] {coloured(said)}.")
            self.say(f"Score: {score_words(after.score, self.names, after.sides)}.")

    def show(self, view: TableView) -> None:  # type: ignore[override]
        score = score_words(view.score, self.names, view.sides)
        self.say("")
        self.say(f"[bold]-- {TITLES[view.game]}, hand {view.hand_number + 1} -- "
                 f"{self.names[view.dealer]} deal{'' if view.dealer == HUMAN else 's'} --[/]")
        self.say(f"Score: {score} (to {view.target}; the computer: {self.level}).")
        up = view.details.get("upcard")
        if up and view.game == "railroad":
            state = "taken by the dealer" if view.details.get("upcard_taken") else (
                "turned down" if view.details.get("turned", -1) >= 0 else "on the kitty")
            self.say(f"Upcard {coloured(card_text(up))} ({state}).")
        trump = f"Trump {coloured(suit_text(view.trump))}" if view.trump else "No trump yet"
        maker = f", {done_by(self.names[view.maker], view.bid, view.game)}" \
            if view.maker is not None and view.bid else ""
        self.say(f"{trump}{escape(maker)}.")
        if view.bids:
            said = ", ".join(done_by(self.names[s], t, view.game, s == view.dealer)
                             for s, t in view.bids)
            self.say(f"Bidding: {coloured(said)}.")
        if view.out:
            self.say("Sitting out: " + ", ".join(self.names[s] for s in view.out) + ".")
        if view.phase == "play" or view.tricks:
            won = ", ".join(f"{self.names[s]} {view.tricks_won[s]}" for s in range(self.players)
                            if s not in view.out)
            self.say(f"Tricks: {won}.")
        if view.trick:
            seats = trick_seats(view)
            self.say("Trick: " + ", ".join(f"{self.names[s]} {coloured(card_text(c))}"
                                           for s, c in zip(seats, view.trick, strict=True)))
        hand = "  ".join(coloured(card_text(c)) for c in view.hand) or "(not looked at yet)"
        self.say(f"Your hand: {hand}")

    # --- asking ---------------------------------------------------------------------------

    def choices(self, view: TableView) -> list[str]:  # type: ignore[override]
        return ordered(view)

    def help(self) -> str:
        return HELP.format(quitting=self.quitting)

    def refuse(self, problem: str) -> None:
        self.say(f"[yellow]{escape(problem)}[/]", soft_wrap=True)  # one line, however long

    def offer(self, view: TableView, choices: list[str]) -> None:  # type: ignore[override]
        items = [f"{i}) {coloured(choice_text(view, t))}" for i, t in enumerate(choices, 1)]
        self.say("   ".join(items))
        self.say(f"[dim]? hint   undo   rules   help   q {self.quitting.split(' (')[0]}[/]")

    def understand(self, text: str, view: TableView,  # type: ignore[override]
                   choices: list[str] | None = None) -> tuple[str, str | None]:
        """(token, None) for a legal choice, else ("", one line saying why not)."""
        choices = ordered(view) if choices is None else choices
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(choices):
                return choices[n - 1], None
            return "", f"choose a number from 1 to {len(choices)}"
        typed = printed(text)
        words = typed.lower().split()
        if words and words[0] in ("nap", "misere", "misère", "wellington", "blucher", "blücher"):
            typed = "bid " + typed
        try:
            token = action_token(parse_action(typed))
        except ValueError:
            with contextlib.suppress(ValueError):
                suit = SUITS[parse_suit(words[-1])]
                if f"call {suit}" in choices:
                    return f"call {suit}", None
            return "", (f"{text!r} is not a choice: type a number, a card (JH, J♥, 10h) or "
                        "an action (pass, bid 4, call S)")
        if token in choices:
            return token, None
        if view.phase in ("discard", "exchange", "give") and len(token) == 2 and \
                f"{view.phase if view.phase == 'give' else 'discard'} {token}" in choices:
            return f"{'give' if view.phase == 'give' else 'discard'} {token}", None
        return "", why_not(view, token, choices)

    def hint(self, view: TableView, choices: list[str]) -> None:  # type: ignore[override]
        """The expert's value of every choice (the same for the same position)."""
        place = mix64(self.game.seed + len(self.game.actions()))
        from ..agents.expert import ExpertAgent  # (what ``agents.load("expert")`` makes)

        # its ``analyse`` reads a rule game's view too (its ``_family_player`` is the game's
        # searcher), though it is typed for Euchre's ``View``
        values = ExpertAgent(seed=place).analyse(view)  # type: ignore[arg-type]
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        self.say("[cyan]Expert's estimate, in points this hand:[/]")
        self.say("   ".join(f"{choices.index(t) + 1}) {coloured(choice_text(view, t))} {v:+.2f}"
                           for t, v in ranked))

    def rules(self) -> None:
        text = game_rules_text(self.game.rules.game)
        if self.console.is_terminal:
            with self.console.pager(StyledPager(), styles=True):
                self.console.print(text)
        else:
            self.console.print(text)

    # --- the end ------------------------------------------------------------------------

    def finish(self) -> int:
        game = self.game
        winner = game.winner
        sides = game.view(None).sides
        who = " and ".join(self.names[s] for s in range(self.players) if sides[s] == winner)
        verb = "win" if who.startswith("You") or " and " in who else "wins"
        self.say("")
        self.say(f"[bold]{who} {verb} the match: "
                 f"{score_words(game.score, self.names, sides)}.[/]")
        path = store.save_finished(self.record())
        store.remove(self.save_name)
        self.say(f"Match saved: {escape(str(path))}", soft_wrap=True)
        return 0


def why_not(view: TableView, token: str, choices: list[str]) -> str:
    """One line saying why a well-formed action is not a choice now."""
    words = token.split()
    if len(words) == 1 and token not in ("pass", "order"):
        if token not in view.hand:
            return f"you do not hold {card_text(token)}"
        if view.phase != "play":
            return f"it is not time to play a card: choose one of {_listed(view, choices)}"
        led = view.trick[0] if view.trick else None
        return (f"you must follow the suit led ({card_text(led)}): "
                f"{_listed(view, choices)}" if led else f"choose one of {_listed(view, choices)}")
    return f"{choice_text(view, token)} is not a choice now: choose one of " \
           f"{_listed(view, choices)}"


def _listed(view: TableView, choices: list[str]) -> str:
    return ", ".join(choice_text(view, t) for t in choices)


HELP = """\
[bold]Choosing[/]: type the number of a choice, a card (JH, 10h, or as printed: J♥), or an
action: pass, order, order alone, call s, bid 4, nap, misere, give AS, discard 9c.
[bold]Commands[/]:
  ?      the expert's estimate of every choice, in points for this hand
  undo   take back your last choice and the computers' replies
  rules  the rules of this game
  help   this list
  q      {quitting}
Your only legal card plays itself (--no-autoplay to choose it)."""
