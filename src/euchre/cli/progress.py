"""A progress bar on the terminal's stderr (none in a pipe), for long runs."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

from ..i18n import _


@contextlib.contextmanager
def progress_bar(description: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """A rich progress bar with an ETA on stderr; yields ``update(done, total)``."""
    from rich.markup import escape
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn(escape(_("eta"))), TimeRemainingColumn())
    console = _stderr_console()
    with Progress(*columns, transient=True, console=console,
                  disable=not console.is_terminal) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(file=sys.stderr)
