"""The command line's examples as messages: each comment of an ``example(\"\"\"...\"\"\")``
epilog (``cli/options.example``) is looked up in the catalog where it is shown, so Babel's
Python extractor, which reads calls and not the text inside a string, is helped by this one.

>>> import io
>>> quotes = b'"' * 3
>>> line = b"euchre play   # against the computer"
>>> source = b'x = _("a")\\nepilog=example(' + quotes + b"\\n" + line + b"\\n" + quotes + b")"
>>> [m for _, _, m, _ in extract_cli(io.BytesIO(source), {"_": None}, [], {})]
['a', 'against the computer']
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

from .pysource import extract_py

_EXAMPLES = re.compile(r'example\(\s*"""(.*?)"""', re.S)
COMMENT = "  # "
"""What parts an example's command from the words that say what it does."""


def comment_of(line: str) -> tuple[str, str]:
    """An example line split into its command and its comment ("" when it has none)."""
    command, _sep, comment = line.partition(COMMENT)
    return command, comment.strip()


def extract_cli(fileobj: Any, keywords: Any, comment_tags: Any, options: Any
                ) -> Iterator[tuple[int, Any, Any, list[str]]]:
    """``pysource.extract_py``, and each example's comment as a message of its own."""
    source = fileobj.read()
    yield from extract_py(io.BytesIO(source), keywords, comment_tags, options)
    text = source.decode("utf-8")
    for block in _EXAMPLES.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        for offset, line in enumerate(block.group(1).splitlines()):
            comment = comment_of(line)[1]
            if comment:
                yield first + offset, "", comment, []
