"""A sentence at the terminal's width, its commands whole.

Somali's, Cebuano's and Arabic's sentences run longer than English's: a line that says how to
go on ("Saved as NAME. euchre play --resume NAME continues this match.") was printed as one
line, whatever its length, so that the command in it stayed whole to copy. Here the sentence
breaks between words at the console's width (``Console.width``: the terminal's, else
``COLUMNS``, else 80) in every language, and each piece that must be typed or copied as it is
(a command, a path, a link) stays on one line: it moves to the next line whole, and only a
piece longer than a whole line stands on a line of its own, longer than the width.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

WORD = re.compile(r"\S+")


def say(console: Console, markup: str, whole: Sequence[str] = ()) -> None:
    """Print ``markup`` wrapped at ``console``'s width, each of ``whole`` on one line."""
    for line in wrapped(Text.from_markup(markup), console.width, whole):
        console.print(line, soft_wrap=True, highlight=False)


def wrapped(text: Text, width: int, whole: Sequence[str] = ()) -> list[Text]:
    """``text``'s lines broken between words to fit ``width`` cells (a line's indent kept
    under it), never inside one of ``whole``.

    >>> [t.plain for t in wrapped(Text("Saved as x. euchre play --resume x goes on."), 24,
    ...                           ["euchre play --resume x"])]
    ['Saved as x.', 'euchre play --resume x', 'goes on.']
    >>> [t.plain for t in wrapped(Text("  a b c d"), 5)]
    ['  a b', '  c d']
    """
    lines: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        lines.extend(_broken(line, max(width, 1), whole))
    return lines


def _broken(line: Text, width: int, whole: Sequence[str]) -> list[Text]:
    plain = line.plain
    indent = len(plain) - len(plain.lstrip(" "))
    units = list(_units(plain, whole))
    if not units:
        return [line]
    spans, start, end = [], 0, units[0][1]
    for unit_start, unit_end in units[1:]:
        if cell_len(plain[start:unit_end]) + (indent if start else 0) <= width:
            end = unit_end
        else:
            spans.append((start, end))
            start, end = unit_start, unit_end
    spans.append((start, end))
    return [line[a:b] if not a else Text(" " * indent) + line[a:b] for a, b in spans]


def _units(plain: str, whole: Sequence[str]) -> Iterator[tuple[int, int]]:
    """The pieces a line may break between: its words, the words of each of ``whole`` that
    it holds taken together as one."""
    kept = [(m.start(), m.end()) for piece in whole if piece.strip()
            for m in re.finditer(re.escape(piece), plain)]
    last: tuple[int, int] | None = None
    for word in WORD.finditer(plain):
        start, end = word.span()
        for kept_start, kept_end in kept:
            if start < kept_end and kept_start < end:  # the word is in a piece kept whole
                start, end = min(start, kept_start), max(end, kept_end)
        if last and start < last[1]:
            last = (last[0], max(end, last[1]))
            continue
        if last:
            yield last
        last = (start, end)
    if last:
        yield last
