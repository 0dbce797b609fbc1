"""``euchre daily``: the deal of the day at the terminal, against the expert.

The day's match (``euchre.daily``: its six deals, its rules, its end) is dealt from the UTC
date alone (``daily.day_seed(day)``), so everyone who plays at a terminal that day gets the
same cards; the computer is the day's opponent, seeded as ``daily.expert_game`` seeds it.
The match is played at ``euchre play``'s table (``Table``), ended by ``daily.done``, saved
after every action in the day's file (``daily_board``) and finished by ``--resume``. The
day's par, the expert's own play of the person's seat (``daily.expert_game``), is worked out
in a thread while he plays (a few seconds of the computer's time, most of it while he
thinks), once a day on this computer. At the end: his points (his margin), the expert's,
the hands where they differed most (each a ``euchre replay`` away) and the day's board.
"""

from __future__ import annotations

import threading
from shlex import quote
from typing import Any

from rich.console import Console
from rich.markup import escape

from .. import daily
from ..engine.messages import _, ngettext
from ..game import Game
from . import daily_board as board
from . import saves as store
from .table import Table

MOST = 3
"""Hands shown where the person and the expert differed most (as the server's page)."""


def heading(day: str) -> str:
    return ngettext("The deal of the day, {day} (UTC): {n} hand against the expert, the same "
                    "cards for everyone who plays them today.",
                    "The deal of the day, {day} (UTC): {n} hands against the expert, the same "
                    "cards for everyone who plays them today.", daily.HANDS, day=day)


class Par:
    """The day's par: read from the day's file, or worked out in a thread (and kept there)."""

    def __init__(self, day: str, seed: int) -> None:
        self.day = day
        self.known = board.par(day)
        self.failed: BaseException | None = None
        self.thread: threading.Thread | None = None
        if self.known is None:
            self.thread = threading.Thread(target=self._work, args=(seed,), daemon=True,
                                           name="daily-par")
            self.thread.start()

    def _work(self, seed: int) -> None:
        try:
            game = daily.expert_game(seed)
            record = game.record()
            record["players"] = {"names": ["Expert", "Computer"], "daily": self.day,
                                 "hands": daily.HANDS}
            board.set_par(self.day, record, daily.margin(game))
            self.known = board.par(self.day)
        except BaseException as err:  # told when the par is wanted, not lost in a thread
            self.failed = err

    def pending(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def result(self) -> tuple[int, dict[str, Any], Any]:
        """``(the expert's margin, its record, its file)``, waiting for the thread if need be."""
        if self.thread is not None:
            self.thread.join()
        if self.failed is not None:
            raise ValueError(_("the expert's par of {day} could not be worked out: {failed}",
                               day=self.day, failed=self.failed))
        assert self.known is not None
        return self.known


class DailyTable(Table):
    """A day's match at the terminal's table: ended by its deals, saved in the day's file,
    and recorded on the day's board once played to its end."""

    def __init__(self, game: Game, day: str, name: str, console: Console,
                 autoplay: bool = True, undo_used: bool = False) -> None:
        super().__init__(game, daily.LEVEL, name, game.seed + daily.OPPONENT_SEED, console,
                         save_name=name, autoplay=autoplay, undo_used=undo_used,
                         hands=daily.HANDS)
        self.day = day
        self.par: Par | None = None
        """Begun as the table is played (a game refused never works it out)."""

    def quitting_said(self) -> str:
        return _("save and quit (Ctrl-C and Ctrl-D too): {command} continues",
                 command=self.resume_command())

    def play(self) -> int:
        self.par = Par(self.day, self.game.seed)
        if self.par.pending():
            self.say("[dim]" + _("The expert plays your seat of the same deals meanwhile: "
                                 "the day's par, shown at the end.") + "[/]")
        return super().play()

    def over(self) -> bool:
        return daily.done(self.game)

    def resume_command(self) -> str:
        return board.resume_command(self.name)

    def quit(self) -> None:
        self.save()
        command = self.resume_command()
        self.say(_("Saved. [bold]{command}[/] continues your game of the deals of {day} (one "
                   "game a day: it is this one).", command=escape(command), day=self.day),
                 whole=[command])

    def record(self) -> dict[str, Any]:
        record = super().record()
        record["players"].update({"daily": self.day, "hands": daily.HANDS})
        return record

    def saved(self) -> dict[str, Any]:
        return {**super().saved(), "daily": self.day}

    def save(self) -> None:
        board.save(self.day, self.name, self.saved())

    def finish(self) -> int:
        game = self.game
        record = self.record()
        path = store.save_finished(record)
        points = daily.margin(game)
        board.finish(self.day, self.name, {"points": points, "record": str(path),
                                           "undo_used": self.undo_used})
        self.say("")
        self.say("[bold]" + _("The deals of {day} are played: you {mine}, computer {theirs}.",
                              day=self.day, mine=game.score[0], theirs=game.score[1]) + "[/]")
        self.say(_("Your game: {path}", path=escape(str(path))), whole=[str(path)])
        assert self.par is not None
        if self.par.pending():
            self.say("[dim]" + _("The expert is finishing its own play of your seat...") + "[/]")
        expert, par_record, par_file = self.par.result()
        differed = [(n, a, b, [_("yours: {command}",
                                 command=f"euchre replay {quote(str(path))} --hand {n}"),
                               _("the expert's: {command}",
                                 command=f"euchre replay {quote(str(par_file))} --hand {n}")])
                    for n, a, b in daily.differences(record, par_record)[:MOST]]
        show_result(self.console, points, expert, differed)
        show_board(self.console, self.day, board.board(self.day), self.name,
                   _("this computer"))
        return 0


def show_result(console: Console, points: int, expert: int,
                differed: list[tuple[int, int, int, list[str]]] | None) -> None:
    """His points beside the expert's, and the hands where they differed most (each with
    where to see both plays; None: they are not known here)."""
    said = (_("the same as the expert") if points == expert else
            ngettext("{n} more than the expert", "{n} more than the expert", points - expert)
            if points > expert else
            ngettext("{n} fewer than the expert", "{n} fewer than the expert", expert - points))
    told = escape(_("Your points: {points} (yours less the computer's). The expert's, from "
                    "your seat on the same cards: {expert}: {compared}.",
                    points=f"{points:+d}", expert=f"{expert:+d}", compared=said))
    console.print(f"[bold]{told}", highlight=False)
    if differed is None:
        return
    if not differed:
        console.print(_("You matched the expert hand for hand."), highlight=False)
        return
    console.print(_("Where you and the expert differed most:"), highlight=False)
    for n, mine, theirs, where in differed:
        console.print("  " + _("Hand {number}: you {mine}, the expert {theirs}", number=n,
                               mine=f"{mine:+d}", theirs=f"{theirs:+d}"), highlight=False)
        for line in where:
            console.print(f"    {escape(line)}", highlight=False, soft_wrap=True)


def show_board(console: Console, day: str, rows: list[dict[str, Any]], mine: str | None,
               where: str) -> None:
    """A day's board, best first: place, name, points, the expert's and the difference
    (``mine`` marked)."""
    console.print(f"[bold]{escape(_('The board of {day}', day=day))}[/] ({escape(where)}):",
                  highlight=False)
    if not rows:
        console.print("  " + _("Nobody has finished the day's deals yet."), highlight=False)
        return
    width = max(6, *(len(row["name"]) for row in rows))
    player, points, expert = _("Player"), _("Points"), _("Expert")
    console.print(f"  {'#':>3}  {player:<{width}}  {points:>6}  {expert:>6}  {_('Difference')}",
                  highlight=False)
    for n, row in enumerate(rows, 1):
        expert = "" if row.get("par") is None else f"{row['par']:+d}"
        difference = "" if row.get("difference") is None else f"{row['difference']:+d}"
        mark = "  <- " + _("you") if row["name"] == mine else ""
        console.print(f"  {n:>3}  {escape(row['name']):<{width}}  {row['points']:>+6d}  "
                      f"{expert:>6}  {difference:>10}{mark}", highlight=False, soft_wrap=True)


def new_table(name: str, console: Console, autoplay: bool = True) -> DailyTable:
    """Today's game for ``name``, saved from its start; ``ValueError`` in one line, before
    anything is shown, if the name has one today already (finished or not)."""
    day = daily.today()
    table = DailyTable(Game(daily.rules(), seed=daily.day_seed(day)), day, name, console,
                       autoplay)
    board.begin(day, name, table.saved())
    console.print(heading(day), highlight=False)
    console.print(_("Type help for the commands."), highlight=False)
    return table


def resume_table(name: str | None, console: Console, autoplay: bool = True) -> DailyTable:
    """The game of a day's deals in progress (``name``'s, or the one saved last), as it was
    left; ``ValueError`` in one line if there is none."""
    found = board.unfinished(name)
    if not found:
        raise ValueError(_("no game of a day's deals in progress of {name} to resume: euchre "
                           "daily starts today's", name=name) if name else
                         _("no game of a day's deals in progress to resume: euchre daily "
                           "starts today's"))
    day, who, saved = found[0]
    try:
        game = Game.from_record(saved["record"])
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(_("the saved game of {day} of {who} cannot be resumed: {err}",
                           day=day, who=who, err=err)) from None
    console.print(escape(_("Resuming {name}'s game of the deals of {day}, hand {number} of "
                           "{hands}: you {mine}, computer {theirs}.", name=who, day=day,
                           number=game.hand_number + 1, hands=daily.HANDS,
                           mine=game.score[0], theirs=game.score[1])), highlight=False)
    players = saved["record"].get("players") or {}
    return DailyTable(game, day, who, console, autoplay, bool(players.get("undo_used")))
