"""``euchre daily --server URL``: a server's deals of the day, played at its table from the
terminal, so that the result counts on its board.

The server deals the day's cards (its own seed: the date and its secret) and keeps the game;
this asks it for the person's game of the day (``POST /api/daily``: refused in one line if
the name has one), plays the seat over its WebSocket (``remote.RemoteSeat``) and, once the
game is finished, shows what the server's result page shows: the person's points beside the
expert's, the hands where they differed most (both replays a link away) and the day's board
(``GET /api/daily``). A seat link instead of a server's address comes back to a game left.

A server gives each browser an id in a cookie, and the day's one game and the right to see
its deals once played go by it; this terminal keeps the cookies servers give it in the data
folder (``COOKIES``), so that it is one "browser" from one run to the next.
"""

from __future__ import annotations

import contextlib
import json
import re
import urllib.error
import urllib.request
from html.parser import HTMLParser
from http.cookiejar import LoadError, LWPCookieJar
from typing import Any
from urllib.parse import urljoin, urlsplit

from rich.console import Console
from rich.markup import escape

from .. import daily
from ..datadir import data_dir, write_private
from ..engine.messages import _, ngettext
from . import prose
from .daily import MOST, show_board, show_result
from .remote import RemoteSeat


def server_base(url: str) -> str:
    """The server's address from what ``--server`` was given (a seat link's server too);
    ``ValueError`` in one line if it is not a web address.

    >>> server_base("http://127.0.0.1:8000/"), server_base("https://h/play/g?token=t")
    ('http://127.0.0.1:8000', 'https://h')
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or " " in url.strip():
        raise ValueError(_("--server {url}: expected the server's address, such as "
                           "http://127.0.0.1:8000 (or a seat link to come back to a game)",
                           url=f"{url!r}"))
    path = "" if is_seat_link(url) else parts.path.rstrip("/")
    return f"{parts.scheme}://{parts.netloc}{path}"


def is_seat_link(url: str) -> bool:
    parts = urlsplit(url.strip())
    return parts.path.startswith("/play/") and "token=" in parts.query


COOKIES = "server-cookies.lwp"
"""The file (in the data folder) of the cookies servers gave this terminal."""


def _cookies() -> LWPCookieJar:
    jar = LWPCookieJar(str(data_dir() / COOKIES))
    with contextlib.suppress(OSError, LoadError):  # none yet, or unreadable: start afresh
        jar.load(ignore_discard=True)
    return jar


def _ask(url: str, body: dict[str, Any] | None = None) -> Any:
    """A request to the server, with the cookies it gave this terminal (and any it gives
    now kept): its JSON (or its text, for a page); ``ValueError`` with the server's own
    one-line reason when it refuses, or saying it cannot be reached."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
    jar = _cookies()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    try:
        with opener.open(request, timeout=30) as reply:
            text = reply.read().decode()
            kind = reply.headers.get_content_type()
    except urllib.error.HTTPError as err:
        try:
            why = json.loads(err.read())["error"]
        except (ValueError, KeyError, TypeError):
            why = f"HTTP {err.code} from {url}"
        raise ValueError(str(why).splitlines()[0] if str(why) else f"HTTP {err.code}") from None
    except (OSError, ValueError) as err:
        raise ValueError(_("cannot reach {url}: {err}", url=url, err=err)) from None
    finally:
        if len(jar):
            with contextlib.suppress(OSError):  # (a read-only folder: no cookie kept)
                write_private(data_dir() / COOKIES, "#LWP-Cookies-2.0\n" +
                              jar.as_lwp_str(ignore_discard=True, ignore_expires=False))
    if kind != "application/json":
        return text
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError(_("{url} did not answer with JSON", url=url)) from None


def start(base: str, name: str) -> str:
    """Today's game of the server for ``name``: its seat link."""
    reply = _ask(f"{base}/api/daily", {"name": name})
    try:
        return urljoin(base + "/", reply["links"]["play"])
    except (KeyError, TypeError):
        raise ValueError(_("{base} did not give a seat of today's deals", base=base)) from None


def server_board(base: str) -> tuple[str, list[dict[str, Any]]]:
    """The server's day and its board, best first."""
    reply = _ask(f"{base}/api/daily")
    try:
        return str(reply["day"]), list(reply["board"])
    except (KeyError, TypeError):
        raise ValueError(_("{base}/api/daily is not a board of the day", base=base)) from None


def show_server_board(base: str, console: Console) -> int:
    """``euchre daily --server URL --board``."""
    day, rows = server_board(base)
    show_board(console, day, rows, None, urlsplit(base).netloc)
    return 0


def play_at(url: str, name: str | None, console: Console, autoplay: bool = True) -> int:
    """Today's deals at the server of ``url`` (or the game of a seat link), to the end."""
    base = server_base(url)
    if is_seat_link(url):
        link = url.strip()
    else:
        if name is None:
            name = ask_name(console, urlsplit(base).netloc)
        link = start(base, name)
        prose.say(console, escape(ngettext(
            "{name}, the deal of the day at {server}: {n} hand against the expert, the same "
            "cards for everyone there today.",
            "{name}, the deal of the day at {server}: {n} hands against the expert, the same "
            "cards for everyone there today.", daily.HANDS, name=name, server=base)))
        console.print(_("Type help for the commands."), highlight=False)
    seat = RemoteSeat(link, console, autoplay)
    try:
        end = seat.play()
    except KeyboardInterrupt:
        left(console, link)
        return 130
    finally:
        seat.close()
    if end is None:
        left(console, link)
        return 0
    finished(console, base, end)
    return 0


def ask_name(console: Console, where: str) -> str:
    try:
        name = console.input(escape(_("Your name on the board of {server}> ",
                                      server=where))).strip()
    except EOFError:
        name = ""
    if not name:
        raise ValueError(_("a name is needed for the board: give it with --name NAME"))
    return name


def left(console: Console, link: str) -> None:
    console.print()
    prose.say(console, escape(_("You left the table; the game stays on the server. Come back to "
                                "it at {link} in a browser, or with euchre daily --server "
                                "\"{link}\"", link=link)),
              [link, f'euchre daily --server "{link}"'])


def finished(console: Console, base: str, end: dict[str, Any]) -> None:
    """What the server's result page says of the game just finished, and the day's board
    (the server's board is today's: a game of another day finished late has its result on
    its page, a link away)."""
    block = (end.get("match") or {}).get("daily")
    score, name = end["view"]["score"], end["game"]["names"][0]
    console.print("")
    if not block:
        console.print(_("The game is over: you {mine}, computer {theirs}.", mine=score[0],
                        theirs=score[1]), highlight=False)
        return
    day, where = block["day"], urlsplit(base).netloc
    today, rows = server_board(base)
    rows = rows if today == day else []
    if end["match"].get("resigned") is not None:  # resigned, or closed as abandoned
        console.print(_("The game of {day}'s deals was given up: it has no result on the "
                        "board (one game a day).", day=day), highlight=False)
        if rows:
            show_board(console, day, rows, None, where)
        return
    console.print("[bold]" + escape(_("The deals of {day} are played: you {mine}, computer "
                                      "{theirs}.", day=day, mine=score[0], theirs=score[1])),
                  highlight=False)
    page = urljoin(base + "/", block["result"])
    if rows:
        show_result(console, score[0] - score[1], rows[0]["par"], differed(base, _ask(page)))
        show_board(console, day, rows, name, where)
    prose.say(console, escape(_("Your result, with both replays and the board of {day}: {page}",
                                day=day, page=page)), [page])


HAND = re.compile(r"Hand (\d+): .* ([+-]?\d+), the expert ([+-]?\d+)")


class _Differed(HTMLParser):
    """A result page's list of the hands that differed most (``data-testid="differed"``):
    each item's words (its links' left out) and its links."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = self.linked = False
        self.items: list[tuple[list[str], list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "ul" and ("data-testid", "differed") in attrs:
            self.inside = True
        elif self.inside and tag == "li":
            self.items.append(([], []))
        elif self.inside and tag == "a" and self.items:
            self.linked = True
            self.items[-1][1].append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul":
            self.inside = False
        elif tag == "a":
            self.linked = False

    def handle_data(self, data: str) -> None:
        if self.inside and self.items and not self.linked:
            self.items[-1][0].append(data)


def differed(base: str, page: str) -> list[tuple[int, int, int, list[str]]] | None:
    """The hands where the person and the expert differed most, as the server's result page
    lists them: ``(hand, his margin, the expert's, [his replay, the expert's])``; None if
    the page lists them in a way this cannot read (the page then says it)."""
    parser = _Differed()
    parser.feed(page)
    if parser.items and not any(HAND.match("".join(words)) for words, _ in parser.items):
        return None
    out = []
    for words, links in parser.items[:MOST]:
        found = HAND.match("".join(words))
        if found and len(links) == 2:
            where = [f"yours: {urljoin(base + '/', links[0])}",
                     f"the expert's: {urljoin(base + '/', links[1])}"]
            out.append((int(found[1]), int(found[2]), int(found[3]), where))
    return out
