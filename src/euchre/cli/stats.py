"""``euchre stats``: a player's record over finished matches."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..terminal import saves as store


def add(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    return commands.add_parser(
        "stats", help="your record over saved matches",
        description="Matches and hands won, make / march / euchred rates as maker, euchres "
                    "scored as defender.")


def run(args: argparse.Namespace) -> int:
    return run_stats(args)


def run_stats(args: argparse.Namespace) -> int:
    stats = store.player_stats()
    console = Console(highlight=False)
    if not stats.matches:
        console.print("No finished matches yet: play one with  euchre play")
        return 0

    lines = stats.lines()
    if stats.unreadable:
        lines.append(f"({len(stats.unreadable)} unreadable file(s) skipped: "
                     f"{', '.join(stats.unreadable[:3])})")
    for line in lines:
        console.print(line, highlight=False)
    return 0
