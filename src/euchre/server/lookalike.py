"""When two names look the same: a confusable skeleton, after Unicode TR39 (section 4).

Two names whose skeletons are equal would pass for each other on screen: ``Сomputer`` with a
Cyrillic ``С``, ``C̸omputer`` with a combining overlay, ``C0mputer`` with a zero. The
skeleton is the name made NFKC (fullwidth and other compatibility forms become plain
letters), decomposed with its combining marks dropped (accents and overlays), each letter
that looks like a Latin one replaced by it (``PROTOTYPES``), and case-folded.

TR39's own table (``confusables.txt``, some 6,000 mappings) is not used: of the packages on
PyPI, ``confusables`` (last release 2021) only enumerates every reading of a string, and
``confusable_homoglyphs`` lists each character's look-alikes both ways rather than TR39's
prototypes, with a 900 KB table loaded at import; neither gives the skeleton. Names here
are compared with a handful of Latin words (the computer's names, the places at a table)
and with each other, so the look-alikes that matter are those of Latin letters: the
Cyrillic, Greek and Armenian letters drawn like them, small capitals and a few other Latin
forms, and the digits read as letters. The table below maps each to its Latin letter.
"""

from __future__ import annotations

import unicodedata

_LOOKALIKES = {
    # Cyrillic, Greek, Armenian, Cherokee and Lisu letters, small capitals and digits
    # drawn as Latin letters
    "a": "АаӐӑΑα", "b": "ВвЬьΒ", "c": "СсϹϲᴄ", "d": "ԀԁꓒꓓᏧ", "e": "ЕеЁёЄєΕϵ",
    "g": "ԌԍɡցᏀ", "h": "НнҺһΗհᎻ", "i": "ІіЇїΙιɩıӀӏΊ", "j": "ЈјϳᎫ",
    "k": "КкΚκᴋᛕ", "l": "1|ℓ", "m": "МмΜᴍ", "n": "ΝηпПոՈ", "o": "0ОоΟοσՕօᴏ",
    "p": "РрΡρ", "q": "ԛԚ", "r": "гᴦ", "s": "ЅѕՏ", "t": "ТтΤτ", "u": "υսՍμᴜ",
    "v": "νѴѵᴠ", "w": "ԜԝѡωᴡᎳ", "x": "ХхΧχ", "y": "УуҮүΥγʏ", "z": "ΖᴢᏃ",
}
PROTOTYPES = {ord(alike): latin for latin, alikes in _LOOKALIKES.items() for alike in alikes}
"""Each look-alike of a Latin letter (its code point) to that letter."""
_DIGRAPHS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
"""Pairs of letters read as one (TR39 maps these too)."""
_MARKS = frozenset({"Mn", "Me"})


def skeleton(text: str) -> str:
    """What ``text`` looks like, for comparing: two strings that look alike have the same
    skeleton.

    >>> [skeleton(n) for n in ("Computer", "\\u0421omputer", "C\\u0338omputer", "C0MPUTER")]
    ['computer', 'computer', 'computer', 'computer']
    >>> skeleton("\\u0415\\u0430st"), skeleton("Zoë"), skeleton("Ann") == skeleton("Bob")
    ('east', 'zoe', False)
    """
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text))
    kept = "".join(c for c in decomposed if unicodedata.category(c) not in _MARKS)
    folded = kept.translate(PROTOTYPES).casefold().translate(PROTOTYPES)
    for pair, letter in _DIGRAPHS:
        folded = folded.replace(pair, letter)
    return folded
