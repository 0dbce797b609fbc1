"""A program at a seat of an ``euchre serve`` table, over the WebSocket protocol.

``euchre bot URL --cmd COMMAND`` connects to the seat of a seat link (``http://HOST/play/
GAME?token=T``, as the lobby gives it) and lets an ``Agent`` (an outside program through the
bot protocol, or any bot of ours) make that seat's moves, so a person can play an outside
engine in the browser. Each action carries the ``seq`` of the state it answers, so a move
is never made twice.

>>> socket_url("http://127.0.0.1:8000/play/abc?token=xyz")
'ws://127.0.0.1:8000/ws/abc?token=xyz'
>>> socket_url("https://cards.example/play/abc?token=xyz")
'wss://cards.example/ws/abc?token=xyz'
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO
from urllib.parse import urlsplit, urlunsplit

from ..agents import Agent, tell
from ..i18n import _
from ..view import View


def socket_url(link: str) -> str:
    """The WebSocket address of a seat link (a ``ws://`` address is kept as it is)."""
    parts = urlsplit(link.strip())
    if parts.scheme in ("ws", "wss"):
        return link.strip()
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(_("{link} is not a seat link: expected http://HOST:PORT/play/GAME"
                           "?token=T", link=repr(link)))
    path = parts.path
    if not path.startswith("/play/") or len(path) <= len("/play/"):
        raise ValueError(_("{link} is not a seat link: its path must be /play/GAME",
                           link=repr(link)))
    if "token=" not in parts.query:
        raise ValueError(_("{link} has no seat token: use the link of a seat, not the watch "
                           "link", link=repr(link)))
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, "/ws/" + path[len("/play/"):], parts.query, ""))


def is_invite(link: str) -> bool:
    """Whether ``link`` is a friend's one-time invite (``/join/GAME?invite=CODE``).

    >>> is_invite("http://h/join/abc?invite=x"), is_invite("http://h/play/abc?token=y")
    (True, False)
    """
    parts = urlsplit(link.strip())
    return parts.path.startswith("/join/") and "invite=" in parts.query


def claim(link: str, name: str) -> str:
    """Take the seat an invite link offers, under ``name``: the seat's own link (its token
    is made for this caller alone; the invite then stops working). ``ValueError`` in one
    line if the seat cannot be taken."""
    import urllib.error
    import urllib.request
    from urllib.parse import parse_qs

    parts = urlsplit(link.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(_("{link} is not an invite link: expected http://HOST:PORT/join/GAME"
                           "?invite=CODE", link=repr(link)))
    game_id = parts.path[len("/join/"):]
    invite = parse_qs(parts.query).get("invite", [""])[0]
    url = urlunsplit((parts.scheme, parts.netloc, f"/api/games/{game_id}/claim", "", ""))
    request = urllib.request.Request(url, method="POST", data=json.dumps(
        {"invite": invite, "name": name}).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            seat = json.load(reply)["link"]
    except urllib.error.HTTPError as err:
        try:
            why = json.load(err)["error"]
        except (ValueError, KeyError):
            why = f"HTTP {err.code}"
        raise ValueError(_("cannot take the seat: {why}", why=why)) from None
    except (OSError, ValueError) as err:
        raise ValueError(_("cannot reach {url}: {why}", url=url, why=err)) from None
    return urlunsplit((parts.scheme, parts.netloc, *seat.partition("?")[::2], ""))


def sit(link: str, agent: Agent, log: TextIO = sys.stderr, timeout: float = 600,
        name: str = "Bot") -> int:
    """Play the seat of ``link`` with ``agent`` until the match is over; the exit status (0
    when the match ended). An invite link takes its seat first, under ``name`` (the seat's
    own link is printed to ``log``, to come back with). ``timeout``: seconds to wait for the
    table to say anything."""
    from websockets.exceptions import InvalidHandshake
    from websockets.sync.client import connect

    if is_invite(link):
        link = claim(link, name)
        print(_("seat taken: {link}", link=link), file=log)
    url = socket_url(link)
    try:
        socket = connect(url, open_timeout=10, max_size=2**22)
    except (OSError, TimeoutError, InvalidHandshake) as err:  # (a full server: 503)
        raise ValueError(_("cannot connect to {url}: {why}", url=url, why=err)) from None
    with socket:
        return _play(socket, agent, log, timeout)


def _play(socket: Any, agent: Agent, log: TextIO, timeout: float) -> int:
    seat: int | None = None
    answered = -1
    hands_seen: int | None = None
    while True:
        try:
            message = json.loads(socket.recv(timeout=timeout))
        except TimeoutError:
            raise ValueError(_("the table said nothing for {seconds} s",
                               seconds=f"{timeout:g}")) from None
        kind = message.get("type")
        if kind == "error":
            print(_("table: {said}", said=message.get("message")), file=log)
            continue
        if kind != "state":
            continue
        game, view = message["game"], message["view"]
        if seat is None:
            seat = game.get("seat")
            if seat is None:
                raise ValueError(_("this link only watches the game: use a seat's link"))
            tell(agent, "start_match", View.from_dict(view).rules, seat)
        new_hand = hands_seen is not None and view["hand_number"] != hands_seen
        if (new_hand or game.get("finished")) and view["last_hand"]:
            tell(agent, "hand_over", view["last_hand"])
        hands_seen = view["hand_number"]
        if game.get("finished"):
            tell(agent, "match_over", tuple(view["score"]), game.get("winner"))
            print(_("match over: score {us}-{them}", us=view["score"][0], them=view["score"][1]),
                  file=log)
            return 0
        if view["to_move"] == seat and view["legal"] and message["seq"] > answered:
            answered = message["seq"]
            token = agent.act(View.from_dict(view))
            socket.send(json.dumps({"type": "action", "action": token,
                                    "seq": message["seq"]}))
