"""The deal of the day on this computer: one file a day, ``daily/DAY.json`` in the data folder.

The day's file holds the day's par once it is known (the expert's margin; its record is
``daily/DAY-expert.json`` beside it, to replay), the games of the day in progress (each
saved after every action, as ``euchre play`` saves, so a game quit is finished by
``euchre daily --resume``) and the results: one per name, and only from a game played to
its end. A name is taken when its game begins, so a second game under it the same day is
refused before anything is dealt. Every change is made under a lock and written whole by a
rename: two terminals playing at once lose nothing.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..datadir import data_dir, private_folder, replace_private

FOLDER = "daily"


def folder() -> Path:
    return data_dir() / FOLDER


def day_path(day: str) -> Path:
    return folder() / f"{day}.json"


def par_path(day: str) -> Path:
    """Where the expert's own play of a day is kept: a record ``euchre replay`` reads."""
    return folder() / f"{day}-expert.json"


def read(day: str) -> dict[str, Any]:
    """A day's file (empty if nobody played that day here); ``ValueError`` naming the file
    if it cannot be read (it is kept as it is)."""
    path = day_path(day)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"day": day, "par": None, "playing": {}, "results": []}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"the board of {day} ({path}) cannot be read: {err}") from None
    if not (isinstance(data, dict) and isinstance(data.get("playing"), dict)
            and isinstance(data.get("results"), list)):
        raise ValueError(f"{path} is not a board of the day")
    return data


@contextlib.contextmanager
def _lock() -> Iterator[None]:
    """Hold the daily folder's lock (a POSIX advisory lock; none where there is no such
    thing): one change of a day's file at a time, across processes."""
    private_folder(folder())
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not a POSIX system
        yield
        return
    with open(folder() / ".lock", "a", encoding="utf-8") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield


@contextlib.contextmanager
def changing(day: str) -> Iterator[dict[str, Any]]:
    """A day's file to change: read under the lock, written back whole when the block ends
    (and not at all if it raises)."""
    with _lock():
        data = read(day)
        yield data
        replace_private(day_path(day), json.dumps(data, indent=1, ensure_ascii=False))


def begin(day: str, name: str, saved: dict[str, Any]) -> None:
    """Take ``name``'s one game of ``day`` and save its start; ``ValueError`` in one line if
    the name has played the day's deals, or has a game of them in progress."""
    with changing(day) as data:
        if any(row["name"] == name for row in data["results"]):
            raise ValueError(f"{name} has played today's deals already: one game a day "
                             "(tomorrow brings new ones; euchre daily --board shows the board)")
        if name in data["playing"]:
            raise ValueError(f"{name} has a game of today's deals in progress: "
                             f"{resume_command(name)} continues it")
        data["playing"][name] = {**saved, "saved_at": time.time()}


def save(day: str, name: str, saved: dict[str, Any]) -> None:
    """Save ``name``'s game of ``day`` as it stands (after every action)."""
    with changing(day) as data:
        data["playing"][name] = {**saved, "saved_at": time.time()}


def finish(day: str, name: str, result: dict[str, Any]) -> None:
    """``name``'s game of ``day`` played to its end: its result (``points``, the margin;
    ``record``, where the finished record is kept) replaces the game in progress."""
    with changing(day) as data:
        data["playing"].pop(name, None)
        data["results"] = [r for r in data["results"] if r["name"] != name]
        data["results"].append({"name": name, **result})


def set_par(day: str, record: dict[str, Any], points: int) -> None:
    """The day's par: the expert's record kept to replay, and its margin."""
    with changing(day) as data:
        replace_private(par_path(day), json.dumps(record, indent=1))
        data["par"] = {"points": points, "file": f"{FOLDER}/{par_path(day).name}"}


def par(day: str) -> tuple[int, dict[str, Any], Path] | None:
    """The day's par if it is known here: the expert's margin, its record and its file."""
    known = read(day).get("par")
    if not known:
        return None
    path = data_dir() / known["file"]
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None  # worked out again
    return int(known["points"]), record, path


def board(day: str) -> list[dict[str, Any]]:
    """A day's results, best first (the most points, then by name, as a server's board):
    each ``name``, ``points``, and ``par`` and ``difference`` once the par is known."""
    data = read(day)
    expert = data["par"]["points"] if data.get("par") else None
    rows = sorted(data["results"], key=lambda row: (-row["points"], row["name"]))
    return [{**row, "par": expert,
             "difference": None if expert is None else row["points"] - expert} for row in rows]


def unfinished(name: str | None = None) -> list[tuple[str, str, dict[str, Any]]]:
    """Every game of a day in progress here (``name``'s alone if given), as ``(day, name,
    saved)``, the most recently saved first."""
    found = []
    for path in sorted(folder().glob("*.json")) if folder().is_dir() else []:
        if path.name.endswith("-expert.json"):
            continue
        for who, saved in read(path.stem)["playing"].items():
            if name is None or who == name:
                found.append((path.stem, who, saved))
    return sorted(found, key=lambda item: -item[2].get("saved_at", 0))


def resume_command(name: str) -> str:
    """What continues ``name``'s game of a day in progress."""
    import shlex

    return f"euchre daily --resume --name {shlex.quote(name)}"
