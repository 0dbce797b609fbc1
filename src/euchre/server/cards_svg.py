"""Card faces drawn as SVG by the app itself: no image files, no fonts to fetch.

Every card is a 100x140 rounded card with its rank and suit in two corners, large enough
to read at a phone's size, and a large pip in the middle; the jack, queen and king are
court figures as on a real deck: a framed, double-headed bust (a crowned, bearded king with
a sword, a queen with long hair, a tiara and a flower, a capped jack with a feather and a
staff), drawn here (``_court``). Hearts and diamonds are red, or in the four-colour deck
clubs green and diamonds blue. ``back()`` is the pattern shown for hidden cards.

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
    size = 25 if len(text) == 1 else '21" letter-spacing="-1.5'  # "10" fits the corner
    corner = (f'<text x="0" y="2" {_FONT} font-size="{size}" font-weight="bold" '
              f'fill="{colour}">{text}</text>'
              f'<text x="0" y="22" {_FONT} font-size="20" fill="{colour}">{symbol}</text>')
    middle = (f'<text x="50" y="88" {_FONT} font-size="{50 if rank in "9T78A" else 40}" '
              f'fill="{colour}">{symbol}</text>')
    if rank in COURT:
        middle = _court(rank, colour, symbol)
    body = (f'<g transform="translate(13 24)">{corner}</g>'
            f'<g transform="rotate(180 50 70) translate(13 24)">{corner}</g>{middle}')
    label = card_name(token)
    return _FRAME.format(label=label, fill="#fffdf6", body=body)


COURT = {
    # robe, trim, and what the figure wears and holds, each a few SVG shapes of the top half
    "K": ("#b3261e", "#e8b23a",
          '<path d="M43 45 Q50 57 57 45 Q50 49 43 45 Z" fill="#7a4a21"/>'  # beard
          '<path d="M41 36 L41 27 L45 31.5 L50 25 L55 31.5 L59 27 L59 36 Z" fill="#e8b23a" '
          'stroke="#222" stroke-width=".7"/><circle cx="50" cy="29.5" r="1.4" fill="#b3261e"/>'
          '<path d="M70 27 L70 66 M66 33 L74 33" stroke="#4a4a4a" stroke-width="1.8"/>'),
    "Q": ("#2a55a3", "#e8b23a",
          '<path d="M46 34 Q47.5 29.5 49 33 Q50 28 51 33 Q52.5 29.5 54 34 Z" fill="#e8b23a" '
          'stroke="#222" stroke-width=".6"/>'
          '<path d="M30 50 L30 64" stroke="#2e7d32" stroke-width="1.4"/>'
          '<circle cx="30" cy="48" r="3.4" fill="#d94f7a" stroke="#222" stroke-width=".5"/>'),
    "J": ("#2e7d32", "#e8b23a",
          '<path d="M41 38 Q42 29.5 51 29.5 Q60 30 59.5 38 Z" fill="#b3261e" stroke="#222" '
          'stroke-width=".7"/><path d="M57 31 Q66 22 69 29" fill="none" stroke="#fff" '
          'stroke-width="2"/><path d="M57 31 Q66 22 69 29" fill="none" stroke="#222" '
          'stroke-width=".5"/><path d="M71 26 L71 66" stroke="#6b4a2a" stroke-width="1.8"/>'
          '<path d="M68 26 L71 20 L74 26 Z" fill="#9a9a9a" stroke="#222" stroke-width=".5"/>'),
}
"""Each court figure: its robe, its trim, and what it wears and holds."""
_HAIR = {"K": '<path d="M42 41 Q42 33.5 50 33.5 Q58 33.5 58 41 L58 44 Q56 38 50 38 Q44 38 42 44 Z" '
              'fill="#7a4a21"/>',
         "Q": '<path d="M41 46 Q39 31 50 32 Q61 31 59 46 Q58 53 63 57 L37 57 Q42 53 41 46 Z" '
              'fill="#c9892b"/>',
         "J": '<path d="M42 41 Q42 35 50 35 Q58 35 58 41 L58 45 Q56 39 50 39 Q44 39 42 45 Z" '
              'fill="#5a3a1a"/>'}


def _court(rank: str, colour: str, symbol: str) -> str:
    """A court figure in its frame: the top half drawn once and turned round for the bottom,
    as real cards are, with the suit's pip by the head."""
    robe, trim, worn = COURT[rank]
    half = (f'<clipPath id="c"><rect x="20" y="22" width="60" height="48"/></clipPath>'
            f'<g id="h" clip-path="url(#c)">{_HAIR[rank]}'
            f'<path d="M23 71 L28 57 Q50 49 72 57 L77 71 Z" fill="{robe}" stroke="#222" '
            f'stroke-width=".8"/><path d="M45.5 53 L54.5 53 L56.5 71 L43.5 71 Z" fill="{trim}" '
            f'stroke="#222" stroke-width=".6"/><path d="M33 56 Q50 63 67 56 L65 52.5 '
            f'Q50 58.5 35 52.5 Z" fill="#fffdf6" stroke="#222" stroke-width=".6"/>'
            f'<circle cx="50" cy="42" r="7.6" fill="#f5d6b4" stroke="#222" stroke-width=".8"/>'
            f'<circle cx="47.2" cy="41" r=".9" fill="#222"/><circle cx="52.8" cy="41" r=".9" '
            f'fill="#222"/><path d="M47.5 45.5 Q50 47 52.5 45.5" fill="none" stroke="#8a3a2a" '
            f'stroke-width=".8"/>{worn}'
            f'<text x="29" y="37" {_FONT} font-size="13" fill="{colour}">{symbol}</text></g>')
    return (f'<defs>{half}</defs><g transform="translate(50 70) scale(.76 .94) '
            f'translate(-50 -70)"><use href="#h"/><use href="#h" transform="rotate(180 50 70)"/>'
            f'<line x1="20" y1="70" x2="80" y2="70" stroke="{colour}" stroke-width=".8"/>'
            f'<rect x="20" y="22" width="60" height="96" rx="3" fill="none" stroke="{colour}" '
            f'stroke-width="1.4"/></g>')


@lru_cache(maxsize=1)
def back() -> str:
    """The back of a card, for the opponent's hand and the stock."""
    body = ('<defs><pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="10" height="10" fill="#1f4e8c"/>'
            '<rect width="5" height="10" fill="#2a64ad"/></pattern></defs>'
            f'<rect x="8" y="8" width="{WIDTH - 16}" height="{HEIGHT - 16}" rx="6" '
            'fill="url(#p)" stroke="#fff" stroke-width="2"/>')
    return _FRAME.format(label="card back", fill="#ffffff", body=body)
