"""Where euchre keeps a user's files: the terminal's saves and the browser game's database.

The user's data folder (``platformdirs``), or ``$EUCHRE_DATA_DIR`` when it is set (tests and
anyone who wants the files elsewhere use it). One place, so that every face finds the others'
files.

Those files are a person's games (and a server's seat tokens), so what euchre creates there
is readable by its owner only, whatever the umask: folders 0700 (``private_folder``), files
0600 (``private_file``, ``write_private``). A file or folder that exists is left as it is.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

FOLDER_MODE = 0o700
FILE_MODE = 0o600


def data_dir() -> Path:
    """The folder euchre writes to (created by whoever writes first)."""
    override = os.environ.get("EUCHRE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("euchre", appauthor=False))


def private_folder(folder: Path) -> Path:
    """``folder``, created if it is missing (with its missing parents) readable by its owner
    only."""
    missing, above = [], folder
    while not above.exists() and above != above.parent:
        missing.append(above)
        above = above.parent
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):  # (made meanwhile by another process)
            path.mkdir(mode=FOLDER_MODE)
    return folder


def private_file(path: Path) -> None:
    """Create ``path`` empty and readable by its owner only, unless it exists (SQLite then
    takes an empty file for a new database, and gives its -wal and -shm files its mode)."""
    private_folder(path.parent)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (created, or emptied first), readable by its owner only."""
    private_folder(path.parent)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    os.fchmod(descriptor, FILE_MODE)  # (a file left over from before keeps its mode else)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)


def replace_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: to a temporary file (readable by its
    owner only) renamed into place, so a crash never leaves half a file."""
    temporary = path.with_name(path.name + ".tmp")
    write_private(temporary, text)
    os.replace(temporary, path)
