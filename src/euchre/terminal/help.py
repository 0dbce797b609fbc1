"""What the terminal game says when asked: ``help`` (the commands and keys) and ``rules``.

The rules page is ``docs/rules.md``, the project's one copy of the rules for its users; the
package reaches it through ``rules.md`` beside this module (a link to it), so the same file
is read from the source tree, an editable install or a built wheel.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from rich.markdown import Markdown

QUITTING = "save and quit (Ctrl-C and Ctrl-D too): euchre play --resume continues"
"""What ``q`` does at ``euchre play``'s table."""


def help_text(quitting: str = QUITTING) -> str:
    """The commands and keys of a table at which ``q`` does ``quitting``."""
    return f"""\
[bold]Choosing[/]: type the number of a choice, or a card (JH, 10h), pass, order,
a suit (call s, or just s in round 2), or discard 9c when you pick up.
[bold]Commands[/]:
  ?      the expert's estimate of every choice, in points for this hand
  undo   take back your last choice and the computer's reply (the match is
         then marked as played with undo: euchre stats --no-undo leaves it out)
  rules  the rules of two-handed Euchre as this game plays them
  help   this list
  q      {quitting}
Your only legal card plays itself (--no-autoplay to choose it)."""


_SOURCE_TREE = Path(__file__).resolve().parents[3] / "docs" / "rules.md"


def rules_text() -> Markdown | str:
    """The rules page, ready to print; one line saying where it is if it cannot be found."""
    try:
        return Markdown(resources.files(__package__).joinpath("rules.md").read_text("utf-8"))
    except OSError:
        pass
    try:
        return Markdown(_SOURCE_TREE.read_text(encoding="utf-8"))
    except OSError:
        return ("The rules page is not installed with this copy of euchre: it is "
                "docs/rules.md in the project's source.")
