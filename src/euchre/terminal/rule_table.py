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
from ..engine.words import result_words, score_words, side_words
from ..game import Game
from ..i18n import N_, _, listed
from ..scoring import partner
from ..table_words import choice_words
from ..words import GAME_NAMES, LEVEL_WORDS, plays_said, suit_text
from . import saves as store
from .help import StyledPager, game_rules_text
from .rule_words import card_text, done_by, ordered, printed, seat_names
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
                         undo_used, names=seat_names(game.players))

    def level_of(self, seat: int) -> str:
        return self.level  # every computer at the chosen level (no partner's own)

    def forced(self, view: TableView) -> str | None:  # type: ignore[override]
        if not self.plays_itself(view):
            return None
        self.say(_("You play {card}: your only card that may be played.",
                   card=coloured(card_text(view.legal[0]))))
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
            self.say(_("{name} played {card}.", name=self.names[seat],
                       card=coloured(card_text(token))))
            return
        if words[0] == "discard" or (words[0] == "give" and partner(view.sides, seat) != HUMAN):
            token = words[0]  # face down
        dealer = seat == view.dealer
        said = done_by(seat, self.names[seat], token, view.game, dealer)
        self.say(_("{result}.", result=coloured(said)))

    def report(self, before: TableView, after: TableView,  # type: ignore[override]
               token: str = "") -> None:
        """The trick the last move completed, and the hand's result once it is over."""
        finished = after.hand_number != before.hand_number or after.phase == "over"
        tricks = (after.last_hand or {}).get("tricks", []) if finished else after.tricks
        if len(tricks) > len(before.tricks):
            trick = tricks[len(before.tricks)]
            plays = self.plays(trick["seats"], trick["cards"])
            number, winner = len(before.tricks) + 1, trick["winner"]
            self.say("  " + (_("Trick {number}: {plays} - You won it.", number=number,
                                plays=plays) if winner == HUMAN else
                              _("Trick {number}: {plays} - {name} won it.", number=number,
                                plays=plays, name=self.names[winner])))
        if finished and after.last_hand is not None:
            said = result_words(after.last_hand, self.names, after.game, after.sides,
                                you=HUMAN)
            self.say(_("[bold]Hand over:[/] {result}.", result=coloured(said)))
            self.say(_("Score: {score}.",
                       score=score_words(after.score, self.names, after.sides)))

    def plays(self, seats: list[int], cards: list[str]) -> str:
        """A trick's cards with who played each, "West 9♣, You J♣" (``plays_said``)."""
        return plays_said((self.names[s], coloured(card_text(c)))
                          for s, c in zip(seats, cards, strict=True))

    def show(self, view: TableView) -> None:  # type: ignore[override]
        score = score_words(view.score, self.names, view.sides)
        game, number = _(GAME_NAMES[view.game]), view.hand_number + 1
        heading = (_("-- {game} -- Hand {number} -- You deal --", game=game, number=number)
                   if view.dealer == HUMAN else
                   _("-- {game} -- Hand {number} -- {name} deals --", game=game, number=number,
                     name=self.names[view.dealer]))
        self.say("")
        self.say(f"[bold]{escape(heading)}[/]")
        self.say(_("Score: {score} (to {target}; the computer: {level}).", score=score,
                   target=view.target, level=_(LEVEL_WORDS.get(self.level, self.level))))
        up = view.details.get("upcard")
        if up and view.game == "railroad":
            state = _("taken by the dealer") if view.details.get("upcard_taken") else (
                _("turned down") if view.details.get("turned", -1) >= 0 else _("on the kitty"))
            self.say(_("Upcard {card} ({state}).", card=coloured(card_text(up)), state=state))
        self.say(self.trump_line(view))
        if view.bids:
            said = listed(done_by(s, self.names[s], t, view.game, s == view.dealer)
                          for s, t in view.bids)
            self.say(_("Bidding: {bids}.", bids=coloured(said)))
        if view.out:
            self.say(_("Sitting out: {names}.",
                       names=listed(self.names[s] for s in view.out)))
        if view.phase == "play" or view.tricks:
            won = listed(_("{name} {n}", name=self.names[s], n=view.tricks_won[s])
                         for s in range(self.players) if s not in view.out)
            self.say(_("Tricks won: {tricks}.", tricks=won))
        if view.trick:
            self.say(_("Trick {number}: {plays}", number=len(view.tricks) + 1,
                       plays=self.plays(list(trick_seats(view)), list(view.trick))))
        hand_shown = "  ".join(coloured(card_text(c)) for c in view.hand)
        self.say(_("Your hand: {cards}", cards=hand_shown) if hand_shown
                 else _("Your hand: (not looked at yet)"))

    def trump_line(self, view: TableView) -> str:
        """Trump, and the bid that made it once one did."""
        if view.maker is None or not view.bid:
            return (_("Trump {suit}.", suit=coloured(suit_text(view.trump))) if view.trump
                    else _("No trump yet."))
        bid = escape(done_by(view.maker, self.names[view.maker], view.bid, view.game))
        if view.trump:
            return _("Trump {suit}; {bid}.", suit=coloured(suit_text(view.trump)), bid=bid)
        return _("No trump yet; {bid}.", bid=bid)

    # --- asking ---------------------------------------------------------------------------

    def choices(self, view: TableView) -> list[str]:  # type: ignore[override]
        return ordered(view)

    def help(self) -> str:
        return _(HELP, quitting=_(self.quitting))

    def refuse(self, problem: str) -> None:
        self.say(f"[yellow]{escape(problem)}[/]", soft_wrap=True)  # one line, however long

    def offer(self, view: TableView, choices: list[str]) -> None:  # type: ignore[override]
        items = [f"{i}) {coloured(choice_words(view, t))}" for i, t in enumerate(choices, 1)]
        for line in self.lines_of(items):
            self.say(line)
        self.say("[dim]" + _(self.commands) + "[/]")

    def understand(self, text: str, view: TableView,  # type: ignore[override]
                   choices: list[str] | None = None) -> tuple[str, str | None]:
        """(token, None) for a legal choice, else ("", one line saying why not)."""
        choices = ordered(view) if choices is None else choices
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(choices):
                return choices[n - 1], None
            return "", _("choose a number from 1 to {n}", n=len(choices))
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
            return "", _("{text} is not a choice: type a number, a card (JH, J♥, 10h) or an "
                         "action (pass, bid 4, call S)", text=repr(text))
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
        self.say("[cyan]" + _("Expert's estimate, in points this hand:") + "[/]")
        for line in self.lines_of([f"{choices.index(t) + 1}) "
                                   f"{coloured(choice_words(view, t))} {v:+.2f}"
                                   for t, v in ranked]):
            self.say(line)

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
        sides = game.view(None).sides
        score = score_words(game.score, self.names, sides)
        members = [s for s in range(self.players) if sides[s] == game.winner]
        if members == [HUMAN]:
            said = _("You win the match: {score}.", score=score)
        elif len(members) == 1:
            said = _("{name} wins the match: {score}.", name=self.names[members[0]],
                     score=score)
        else:
            said = _("{side} win the match: {score}.", score=score,
                     side=side_words(self.names, sides, sides[members[0]]))
        self.say("")
        self.say(f"[bold]{said}[/]")
        path = store.save_finished(self.record())
        store.remove(self.save_name)
        self.say(_("Match saved: {path}", path=escape(str(path))), whole=[str(path)])
        return 0


def why_not(view: TableView, token: str, choices: list[str]) -> str:
    """One line saying why a well-formed action is not a choice now."""
    words = token.split()
    shown = listed(choice_words(view, t) for t in choices)
    if len(words) == 1 and token not in ("pass", "order"):
        if token not in view.hand:
            return _("you do not hold {card}", card=card_text(token))
        if view.phase != "play":
            return _("it is not time to play a card: choose one of {choices}", choices=shown)
        if view.trick:
            return _("you must follow the suit led ({card}): {choices}",
                     card=card_text(view.trick[0]), choices=shown)
        return _("choose one of {choices}", choices=shown)
    return _("{choice} is not a choice now: choose one of {choices}",
             choice=choice_words(view, token), choices=shown)


HELP = N_("""\
[bold]Choosing[/]: type the number of a choice, a card (JH, 10h, or as printed: J♥), or an
action: pass, order, order alone, call s, bid 4, nap, misere, give AS, discard 9c.
[bold]Commands[/]:
  ?      the expert's estimate of every choice, in points for this hand
  undo   take back your last choice and the computers' replies
  rules  the rules of this game
  help   this list
  q      {quitting}
Your only legal card plays itself (--no-autoplay to choose it).""")
"""What ``help`` prints at this table (one message: a translator lays out its lines)."""
