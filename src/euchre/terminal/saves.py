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
from pathlib import Path
from typing import Any

from ..datadir import data_dir
from ..history import Stats


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


def player_stats() -> Stats:
    """The human's record over every finished match in the data folder."""
    from ..record import from_record

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
