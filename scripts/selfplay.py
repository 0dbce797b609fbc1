"""What the scripts that rebuild the expert's data files share: their command line (hands
per deck, workers, the output file) and self-play of one job per hand and deck on worker
processes."""

from __future__ import annotations

import argparse
import multiprocessing
import pathlib
from collections.abc import Callable, Iterator
from typing import Any

DECKS = (24, 25, 32)


def options(doc: str, hands: int, out: pathlib.Path,
            more: Callable[[argparse.ArgumentParser], None] | None = None
            ) -> argparse.Namespace:
    """The command line: ``--hands``, ``--workers``, ``--out``, and what ``more`` adds."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--hands", type=int, default=hands, help="hands per deck")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=pathlib.Path, default=out)
    if more:
        more(parser)
    return parser.parse_args()


def play(work: Callable[[tuple[int, int]], Any], hands: int, workers: int,
         chunksize: int) -> Iterator[Any]:
    """``work((deck, index))`` for every hand of every deck, in any order."""
    jobs = [(deck, i) for deck in DECKS for i in range(hands)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(work, jobs, chunksize=chunksize)
