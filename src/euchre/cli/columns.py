"""Fixed-width tables of the terminal whose headings are messages in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

_UNSEEN = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))
"""The Unicode isolates the lookup puts around a name written in the other direction: they
take no column on the screen."""


def shown(text: str) -> int:
    """The columns ``text`` takes on the terminal (without the invisible isolates)."""
    return len(text.translate(_UNSEEN))


def widths(headings: Sequence[str], least: Sequence[int]) -> list[int]:
    """Each column's width: its ``least`` width, or its (translated) heading and a space when
    that is wider, so a longer translation widens its own column instead of pushing the rows
    out of line under the headings."""
    return [max(width, shown(heading) + 1)
            for heading, width in zip(headings, least, strict=True)]


def row(cells: Sequence[str], sizes: Sequence[int]) -> str:
    """One line: the first cell left-aligned (cut to fit), the others right-aligned."""
    first, *rest = cells
    if shown(first) >= sizes[0]:
        first = first.translate(_UNSEEN)[:sizes[0] - 1]
    return first + " " * (sizes[0] - shown(first)) + "".join(
        " " * (size - shown(cell)) + cell for cell, size in zip(rest, sizes[1:], strict=True))
