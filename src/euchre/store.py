"""Where the terminal game keeps things: the match in progress and every finished match.

Files live in the user's data folder (``platformdirs``), or in ``$EUCHRE_DATA_DIR`` when it is
set (tests use it). Every write goes to a temporary file first and is renamed into place, so a
crash never leaves half a file; a file that cannot be read is reported and skipped, never
deleted.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def data_dir() -> Path:
    """The folder the game writes to (created when needed)."""
    override = os.environ.get("EUCHRE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("euchre", appauthor=False))


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.replace(temporary, path)


def current_path() -> Path:
    return data_dir() / "current.json"


def save_current(saved: dict[str, Any]) -> Path:
    """Save the match in progress (its record and the table's settings)."""
    path = current_path()
    _write(path, saved)
    return path


def load_current() -> dict[str, Any]:
    """The saved match in progress; ``ValueError`` naming the problem if there is none or it
    cannot be read."""
    path = current_path()
    if not path.exists():
        raise ValueError(f"no saved match to resume (looked for {path})")
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"the saved match {path} cannot be read: {err}") from None
    if not isinstance(saved, dict) or "record" not in saved:
        raise ValueError(f"the saved match {path} is not a saved match")
    return saved


def clear_current() -> None:
    path = current_path()
    if path.exists():
        path.unlink()


def save_finished(record: dict[str, Any]) -> Path:
    """Keep a finished match under ``matches/``; returns its path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = data_dir() / "matches"
    path = folder / f"{stamp}-{record['seed']}.json"
    n = 1
    while path.exists():
        path = folder / f"{stamp}-{record['seed']}-{n}.json"
        n += 1
    _write(path, record)
    return path


@dataclass
class Stats:
    """A player's record over saved matches (see ``player_stats``)."""

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    made_trump: int = 0
    made: int = 0
    marched: int = 0
    euchred: int = 0
    defended: int = 0
    euchres_scored: int = 0
    unreadable: list[str] = field(default_factory=list)

    def add(self, record: dict[str, Any], seat: int) -> None:
        """Count one finished match (a checked record) from ``seat``'s side. A hand is won
        by the player who scores in it; as maker a hand is made (3-4 tricks), marched (5) or
        euchred."""
        self.matches += 1
        self.matches_won += record["winner"] == seat
        for hand in record["hands"]:
            result = hand.get("result")
            if not result or result["thrown_in"]:
                continue
            self.hands += 1
            self.hands_won += result["points"][seat] > 0
            won = result["tricks_won"][result["maker"]]
            if result["maker"] == seat:
                self.made_trump += 1
                self.made += won in (3, 4)
                self.marched += won == 5
                self.euchred += won < 3
            else:
                self.defended += 1
                self.euchres_scored += won < 3

    def lines(self) -> list[str]:
        """The record in a few sentences (the terminal and the web page both show them)."""

        def share(part: int, whole: int) -> str:
            return f"{100 * part / whole:.0f}%" if whole else "-"

        return [
            f"Matches: {self.matches} played, {self.matches_won} won "
            f"({share(self.matches_won, self.matches)})",
            f"Hands: {self.hands} played, {self.hands_won} won "
            f"({share(self.hands_won, self.hands)})",
            f"As maker: {self.made_trump} hands; made {share(self.made, self.made_trump)}, "
            f"marched {share(self.marched, self.made_trump)}, "
            f"euchred {share(self.euchred, self.made_trump)}",
            f"As defender: {self.defended} hands; euchres scored {self.euchres_scored} "
            f"({share(self.euchres_scored, self.defended)})",
        ]


def player_stats() -> Stats:
    """The human's record over every finished match in the data folder."""
    from .record import from_record

    stats = Stats()
    folder = data_dir() / "matches"
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            from_record(data)  # only sound records count
            seat = int(data.get("players", {}).get("human_seat", 0))
        except (OSError, UnicodeDecodeError, ValueError, TypeError, AttributeError):
            stats.unreadable.append(path.name)
            continue
        stats.add(data, seat)
    return stats
