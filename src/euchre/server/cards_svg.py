"""Card faces drawn as SVG by the app itself: no image files, no fonts to fetch.

Every card is a 100x140 rounded card with its rank and suit in two corners and a large pip in
the middle; hearts and diamonds are red. ``back()`` is the pattern shown for hidden cards.

>>> svg = card("JH")
>>> svg.startswith("<svg") and "J" in svg and "#c62828" in svg
True
>>> card("ZZ")
Traceback (most recent call last):
...
ValueError: unknown card 'ZZ'
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import RANK_NAMES, RANKS, SUIT_SYMBOLS, SUITS, card_token, parse_card
from ..words import card_name

WIDTH, HEIGHT = 100, 140
SYMBOLS = dict(zip(SUITS, SUIT_SYMBOLS, strict=True))
RED, BLACK = "#c62828", "#1b1b1b"
FOUR_COLOURS = {"C": "#1b7a2e", "D": "#1f5fbf", "H": RED, "S": BLACK}
"""The four-colour deck (a setting, for colour-blind players): clubs green, diamonds blue."""
RANK_TEXT = dict(zip(RANKS, RANK_NAMES, strict=True))
_FRAME = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
          f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{{label}}">'
          f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="9" '
          f'fill="{{fill}}" stroke="#555" stroke-width="1.5"/>{{body}}</svg>')
_FONT = 'font-family="Georgia, \'DejaVu Serif\', serif" text-anchor="middle"'


@lru_cache(maxsize=128)
def card(token: str, four_colour: bool = False) -> str:
    """The SVG of one card, given by its token (``JH``, ``10h``, ``JK``), in the usual two
    colours or the four-colour deck.

    >>> "#1f5fbf" in card("9D", four_colour=True), "#1f5fbf" in card("9D")
    (True, False)
    """
    try:
        token = card_token(parse_card(token))
    except ValueError:
        raise ValueError(f"unknown card {token[:8]!r}") from None
    if token == "JK":
        body = (f'<text x="50" y="62" {_FONT} font-size="30" fill="{RED}">★</text>'
                f'<text x="50" y="92" {_FONT} font-size="17" font-weight="bold" '
                f'fill="{BLACK}" letter-spacing="1">JOKER</text>'
                f'<text x="13" y="22" {_FONT} font-size="15" fill="{RED}">★</text>'
                f'<text x="87" y="130" {_FONT} font-size="15" fill="{RED}">★</text>')
        return _FRAME.format(label="Joker", fill="#fffdf6", body=body)
    rank, suit = token[0], token[1]
    colour = FOUR_COLOURS[suit] if four_colour else (RED if suit in "DH" else BLACK)
    text, symbol = RANK_TEXT.get(rank, rank), SYMBOLS[suit]
    corner = (f'<text x="0" y="0" {_FONT} font-size="22" font-weight="bold" '
              f'fill="{colour}">{text}</text>'
              f'<text x="0" y="20" {_FONT} font-size="18" fill="{colour}">{symbol}</text>')
    middle = (f'<text x="50" y="88" {_FONT} font-size="{46 if rank in "9T78A" else 40}" '
              f'fill="{colour}">{symbol}</text>')
    if rank in "JQK":  # a framed court: the rank letter over the pip
        middle = (f'<rect x="24" y="32" width="52" height="76" rx="4" fill="none" '
                  f'stroke="{colour}" stroke-width="1.2" opacity="0.6"/>'
                  f'<text x="50" y="74" {_FONT} font-size="34" font-weight="bold" '
                  f'fill="{colour}">{rank}</text>'
                  f'<text x="50" y="100" {_FONT} font-size="22" fill="{colour}">{symbol}</text>')
    body = (f'<g transform="translate(14 24)">{corner}</g>'
            f'<g transform="rotate(180 50 70) translate(14 24)">{corner}</g>{middle}')
    label = card_name(token)
    return _FRAME.format(label=label, fill="#fffdf6", body=body)


@lru_cache(maxsize=1)
def back() -> str:
    """The back of a card, for the opponent's hand and the stock."""
    body = ('<defs><pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="10" height="10" fill="#1f4e8c"/>'
            '<rect width="5" height="10" fill="#2a64ad"/></pattern></defs>'
            f'<rect x="8" y="8" width="{WIDTH - 16}" height="{HEIGHT - 16}" rx="6" '
            'fill="url(#p)" stroke="#fff" stroke-width="2"/>')
    return _FRAME.format(label="card back", fill="#ffffff", body=body)
