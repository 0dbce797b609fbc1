"""What the terminal game says when asked: ``help`` (the commands and keys) and ``rules``.

The rules page is ``docs/rules.md``, the project's one copy of the rules for its users; the
package reaches it through ``rules.md`` beside this module (a link to it), so the same file
is read from the source tree, an editable install or a built wheel.
"""

from __future__ import annotations

import os
import pydoc
import shutil
import subprocess
from importlib import resources
from pathlib import Path

from rich.markdown import Markdown
from rich.pager import Pager

from ..i18n import N_, _, language

QUITTING = N_("save and quit (Ctrl-C and Ctrl-D too): euchre play --resume continues")
"""What ``q`` does at ``euchre play``'s table."""


HELP = N_("""\
[bold]Choosing[/]: type the number of a choice, or a card (JH, 10h, or as printed: J♥),
pass, order, a suit (call s, or just s in round 2), or discard 9c when you pick up.
[bold]Commands[/]:
  ?      the expert's estimate of every choice, in points for this hand
  undo   take back your last choice and the computer's reply (the match is
         then marked as played with undo: euchre stats --no-undo leaves it out)
  rules  the rules as this game plays them, at two, three and four
  help   this list
  q      {quitting}
Your only legal card plays itself (--no-autoplay to choose it).""")
"""What ``help`` prints at a Euchre table (one message: a translator lays out its lines;
the command words and the tokens stay as typed, the program reads no other)."""


def help_text(quitting: str) -> str:
    """The commands and keys of a table at which ``q`` does ``quitting`` (said already)."""
    return _(HELP, quitting=quitting)


_SOURCE_TREE = Path(__file__).resolve().parents[3] / "docs" / "rules.md"


def rules_text() -> Markdown | str:
    """The rules page, ready to print; one line saying where it is if it cannot be found."""
    try:  # the rules written in the reader's language, else the English page
        written = resources.files("euchre").joinpath("locale", language(), "rules.md")
        return Markdown(written.read_text("utf-8"))
    except OSError:
        pass
    try:
        return Markdown(resources.files(__package__).joinpath("rules.md").read_text("utf-8"))
    except OSError:
        pass
    try:
        return Markdown(_SOURCE_TREE.read_text(encoding="utf-8"))
    except OSError:
        return _("The rules page is not installed with this copy of euchre: it is "
                 "docs/rules.md in the project's source.")


GAME_SECTIONS = {"railroad": "## Railroad Euchre", "hasenpfeffer": "## Hasenpfeffer",
                 "napoleon": "## Napoleon"}
"""Each game's section of the rules page, by its heading."""


def game_rules_text(game: str) -> Markdown | str:
    """The rules page's section of one game (``railroad``, ``hasenpfeffer``, ``napoleon``),
    ready to print: the rules as that game plays them."""
    page = rules_text()
    if not isinstance(page, Markdown):
        return page
    text = page.markup
    start = text.find(GAME_SECTIONS[game])
    if start < 0:
        return page
    end = text.find("\n## ", start + 1)
    return Markdown(text[start:] if end < 0 else text[start:end])


class StyledPager(Pager):
    """The system's pager (``$MANPAGER``, ``$PAGER``, else ``less``), told to show styles.

    Rich's own pager goes through ``pydoc``, which runs ``less`` without ``-R``, so the bold
    headings of the rules arrive as raw escape codes ("ESC[1m"). Here ``less`` gets ``-R``
    through its ``LESS`` variable (after any options the person set there); another pager
    is run as named."""

    def show(self, content: str) -> None:
        command = os.environ.get("MANPAGER") or os.environ.get("PAGER") or shutil.which("less")
        if not command:
            pydoc.pager(content)
            return
        env = {**os.environ, "LESS": f"{os.environ.get('LESS', '')} -R".strip()}
        pager = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, env=env,
                                 text=True, errors="backslashreplace")
        try:
            with pager.stdin as pipe:  # type: ignore[union-attr]
                pipe.write(content)
        except (OSError, KeyboardInterrupt):
            pass  # the pager was left early: what it was not given is not needed
        while True:
            try:
                pager.wait()
                return
            except KeyboardInterrupt:
                pass  # Ctrl-C belongs to the pager while it runs
