"""Where the app's own files are."""

from pathlib import Path

STATIC = Path(__file__).parent / "static"
"""The page's HTML, script, style and anything else served as it is."""
