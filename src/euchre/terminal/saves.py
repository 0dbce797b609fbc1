"""Where the terminal game keeps things: each match in progress, and every finished match.

Each match in progress is its own file, ``saves/NAME.json`` in the data folder (``NAME`` is
readable: when it began and against which level, such as ``2025-01-31-1412-expert``), so a
new match never replaces a saved one. Finished matches are kept under ``matches/``. Every
write goes to a temporary file first and is renamed into place, so a crash never leaves half
a file; a file that cannot be read is reported and kept, never deleted. The single
``current.json`` of earlier versions is moved, unchanged, into ``saves/`` the first time the
saves are looked at.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..datadir import data_dir, private_folder, replace_private, write_private
from ..engine.messages import _
from .screen import standing

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
"""What a save's name may be: it is a file name, so no slashes and no leading dot."""


@dataclass
class Saved:
    """A match in progress as it was saved: its name, file and contents."""

    name: str
    path: Path
    data: dict[str, Any]
    """``record`` (the match so far, with ``players``), ``level``, ``name``, ``bot_seed``."""

    def describe(self) -> str:
        """One line for a list: the name, where the match stands, when it was saved."""
        record = self.data["record"]
        score = record.get("score", [0, 0])
        when = time.strftime("%d %b %H:%M", time.localtime(self.path.stat().st_mtime))
        rules = record.get("rules", {})
        return (f"{self.name}: hand {len(record.get('hands', []))}, "
                f"{score_of(score, rules)} "
                f"({self.data.get('level', 'expert')}), to {rules.get('target', 10)}; "
                f"saved {when}")



def score_of(score: list[int], rules: dict[str, Any]) -> str:
    """A saved match's score as a sentence goes on, whatever its game."""
    game = rules.get("game", "euchre")
    if game == "euchre":
        return standing(score, rules.get("players", 2))
    from ..engine.games import MODULES
    from ..engine.words import score_words
    from ..rules import Rules
    from .rule_words import seat_names

    sides = MODULES[game].sides(Rules.from_dict(rules))
    return f"{TITLES_OF.get(game, game)}: " + score_words(score, seat_names(len(sides)), sides)


TITLES_OF = {"railroad": "Railroad", "hasenpfeffer": "Hasenpfeffer", "napoleon": "Napoleon"}


def _write(path: Path, data: dict[str, Any]) -> None:
    replace_private(path, json.dumps(data, indent=1))


def saves_dir() -> Path:
    return data_dir() / "saves"


def create(level: str, saved: dict[str, Any]) -> str:
    """Save a new match under a name no other match has (the time it began and the level,
    then -2, -3 ...), and return the name. The file is linked into place only if the name is
    free, so two games started in the same minute never share a file."""
    folder = saves_dir()
    base = time.strftime("%Y-%m-%d-%H%M") + f"-{level}"
    temporary = folder / f".{base}-{os.getpid()}.tmp"
    write_private(temporary, json.dumps(saved, indent=1))
    try:
        name, n = base, 2
        while True:
            try:
                os.link(temporary, folder / f"{name}.json")
                return name
            except FileExistsError:
                name, n = f"{base}-{n}", n + 1
    finally:
        temporary.unlink()


def save(name: str, saved: dict[str, Any]) -> Path:
    """Save the match in progress called ``name`` (its record and the table's settings)."""
    path = saves_dir() / f"{name}.json"
    _write(path, saved)
    return path


def remove(name: str) -> None:
    """Forget a match in progress once it is finished (its record is in ``matches/``)."""
    path = saves_dir() / f"{name}.json"
    if path.exists():
        path.unlink()


def _migrate() -> None:
    """Move the single ``current.json`` of earlier versions into ``saves/``, byte for byte."""
    old = data_dir() / "current.json"
    if not old.exists():
        return
    stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(old.stat().st_mtime))
    name, n = f"{stamp}-saved", 2
    while (saves_dir() / f"{name}.json").exists():
        name, n = f"{stamp}-saved-{n}", n + 1
    private_folder(saves_dir())
    os.replace(old, saves_dir() / f"{name}.json")


def _read(path: Path) -> Saved:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(_("the saved match {path} cannot be read: {err}", path=path,
                           err=err)) from None
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
        raise ValueError(_("the saved match {path} is not a saved match", path=path))
    return Saved(path.stem, path, data)


def list_saved() -> tuple[list[Saved], list[Path]]:
    """Every match in progress, the most recently saved first, and the files that cannot be
    read (kept on disk, listed so that the user can see them)."""
    _migrate()
    folder = saves_dir()
    paths = sorted(folder.glob("*.json"), key=lambda p: -p.stat().st_mtime) \
        if folder.is_dir() else []
    found, unreadable = [], []
    for path in paths:
        try:
            found.append(_read(path))
        except ValueError:
            unreadable.append(path)
    return found, unreadable


def load(name: str | None) -> Saved:
    """The saved match called ``name`` (None: the most recently saved); ``ValueError``
    naming the problem if there is none or it cannot be read."""
    _migrate()
    if name is None:
        found, unreadable = list_saved()
        if found:
            return found[0]
        if unreadable:
            return _read(unreadable[0])  # raises, naming the file (which is kept)
        raise ValueError(_("no saved match to resume (looked in {saves_dir})",
                           saves_dir=saves_dir()))
    if not NAME.fullmatch(name):
        raise ValueError(_("{name} is not the name of a saved match (see euchre play --list)",
                           name=f"{name!r}"))
    path = saves_dir() / f"{name}.json"
    if not path.exists():
        names = ", ".join(s.name for s in list_saved()[0]) or "none"
        raise ValueError(_("no saved match called {name} (saved: {names})",
                           name=f"{name!r}", names=names))
    return _read(path)


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


def finished_records() -> tuple[list[dict[str, Any]], list[str]]:
    """Every finished match of the terminal game (records checked by the engine, so only
    sound ones count) and the names of the files that cannot be read. A record written
    without ``players`` is the terminal's own: the person sat in seat 0."""
    from ..game import Game

    records, unreadable = [], []
    folder = data_dir() / "matches"
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            Game.from_record(data)
            players = data.setdefault("players", {})
            players.setdefault("human_seat", 0)
        except (OSError, UnicodeDecodeError, ValueError, TypeError, AttributeError):
            unreadable.append(path.name)
            continue
        records.append(data)
    return records, unreadable
