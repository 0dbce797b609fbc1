"""Babel's Python extractor, and the messages it cannot see: calls inside an f-string.

On Python 3.11 an f-string is one token, so ``f"<h2>{escape(_('Summary'))}</h2>"`` hides its
``_('Summary')`` from Babel's tokenizer; ``extract_py`` adds every such call (``_``, ``N_``,
``ngettext`` with literal messages), read from the syntax tree, so a message is in the
template wherever the code writes it.

>>> import io
>>> source = b'x = f"<b>{_(' + b"'Summary'" + b')}</b>"' + b'\\ny = _("Play")'
>>> sorted(m for _, _, m, _ in extract_py(io.BytesIO(source), {"_": None}, [], {}))
['Play', 'Summary']
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterator
from typing import Any

from babel.messages.extract import extract_python


def _in_fstrings(tree: ast.AST, keywords: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    for joined in ast.walk(tree):
        if not isinstance(joined, ast.JoinedStr):
            continue
        for call in ast.walk(joined):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                    and call.func.id in keywords):
                continue
            texts = [a.value for a in call.args if isinstance(a, ast.Constant)
                     and isinstance(a.value, str)]
            if call.func.id == "ngettext" and len(texts) >= 2:
                yield call.lineno, "ngettext", (texts[0], texts[1]), []
            elif call.func.id != "ngettext" and texts and call.args[0].__class__ is ast.Constant:
                yield call.lineno, call.func.id, texts[0], []


def extract_py(fileobj: Any, keywords: Any, comment_tags: Any, options: Any
               ) -> Iterator[tuple[int, Any, Any, Any]]:
    """Babel's extractor for a Python file, and the calls inside its f-strings."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    yield from _in_fstrings(tree, keywords)
