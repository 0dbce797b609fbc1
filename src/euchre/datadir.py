"""Where euchre keeps a user's files: the terminal's saves and the browser game's database.

The user's data folder (``platformdirs``), or ``$EUCHRE_DATA_DIR`` when it is set (tests and
anyone who wants the files elsewhere use it). One place, so that every face finds the others'
files.
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """The folder euchre writes to (created by whoever writes first)."""
    override = os.environ.get("EUCHRE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("euchre", appauthor=False))
