"""A person at a server's table from the terminal (``euchre daily --server``), as a client of
the seat's WebSocket, like ``euchre bot`` (``server.seat_client``) but with a person choosing.

The server is authoritative: it sends a state after every action (the person's view, its
``seq``, the last action) and on connecting. Each is drawn as ``euchre play`` draws its
table (``Seat``), the computer's moves are announced as they arrive, and the person's
choice is sent with the ``seq`` of the state it answers, so it is never made twice. ``?``
asks the server for its hint and ``undo`` asks it to take back; ``q`` (Ctrl-D too) leaves
the table, and the game stays on the server, to come back to by the seat's link.
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape

from ..engine.messages import N_, _
from ..server.seat_client import socket_url
from ..view import View
from .table import HUMAN, QUIT, UNDO, Seat

WAIT = 120.0
"""Seconds to wait for the server to say anything before giving up on it."""
RECONNECTS = 3
"""Connections made again in a row, with no state between, before giving up."""


class RemoteSeat(Seat):
    """Player 0's seat of a server's game against the computer, played at the terminal."""

    quitting = N_("leave the table (Ctrl-C and Ctrl-D too): the game stays on the server")
    commands = N_("? hint   undo   rules   help   q leave the table")

    def __init__(self, link: str, console: Console, autoplay: bool = True,
                 wait: float = WAIT) -> None:
        super().__init__(console, "expert", autoplay)
        self.url = socket_url(link)
        self.wait = wait
        self.socket = self._connect()
        self.reconnected = 0
        """Connections made again since the server last sent a state."""
        self.sent: tuple[int, str] | None = None
        """The last move sent and the state it answers, until the server shows it made or
        refused (forgotten when its connection closes: its refusal is lost with it)."""
        self.state: dict[str, Any] | None = None
        """The last state the server sent."""
        self.unread: list[dict[str, Any]] = []
        """Messages read while waiting for another (a hint), to be handled in turn."""
        self.undoing = False
        """A take-back under way: a card that played itself goes back too."""

    # --- the connection -------------------------------------------------------------------

    def _connect(self) -> Any:
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect

        try:
            return connect(self.url, open_timeout=10, max_size=2**22)
        except (OSError, TimeoutError, WebSocketException) as err:
            raise ValueError(_("cannot connect to {url}: {err}", url=self.url, err=err)) from None

    def _again(self, closed: Exception) -> None:
        """The server closed the connection (a person who thinks long is idle to it):
        connect again, at most ``RECONNECTS`` times before it sends a state."""
        self.reconnected += 1
        if self.state is None or self.reconnected > RECONNECTS:
            raise ValueError(_("the server keeps closing the connection: {closed}", closed=closed))
        self.say("[dim]" + _("The connection was closed: connecting again...") + "[/]")
        self.socket = self._connect()
        self.sent = None

    def close(self) -> None:
        self.socket.close()

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` (on a new connection if the old one was closed: the ``seq`` of
        an action keeps it from being made twice)."""
        from websockets.exceptions import ConnectionClosed

        try:
            self.socket.send(json.dumps(message))
        except ConnectionClosed as closed:
            self._again(closed)
            self.send(message)

    def receive(self, wait: float | None = None) -> dict[str, Any]:
        """The next message (``TimeoutError`` after ``wait`` seconds when one is given,
        else ``ValueError`` after ``self.wait``)."""
        from websockets.exceptions import ConnectionClosed

        if self.unread:
            return self.unread.pop(0)
        try:
            text = self.socket.recv(timeout=self.wait if wait is None else wait)
        except TimeoutError:
            if wait is not None:
                raise
            raise ValueError(_("the server said nothing for {wait} s",
                               wait=f"{self.wait:g}")) from None
        except ConnectionClosed as closed:
            self._again(closed)  # the server sends the state on connecting
            return self.receive(wait)
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            raise ValueError(_("the server sent {text_60}, not a message",
                               text_60=f"{text[:60]!r}"))
        return message

    # --- the loop -------------------------------------------------------------------------

    def play(self) -> dict[str, Any] | None:
        """Play the seat until the game is finished (its last state) or the person leaves
        (None)."""
        before: tuple[int, View] | None = None
        answered = -1
        while True:
            message = self.receive()
            kind = message.get("type")
            if kind == "error":
                if self.state is None:  # the seat itself is refused (no such game, token)
                    raise ValueError(str(message.get("message")))
                self.say(f"[yellow]{escape(str(message.get('message')))}[/]")
                answered, self.sent = self._refused(), None
                continue
            if kind != "state":
                continue
            seq, view = _read_state(message)
            if message["game"].get("seat") != HUMAN:
                raise ValueError(_("this link does not open the first seat of a game against "
                                   "the computer: use the seat's own link"))
            self.level = message["game"].get("level") or self.level
            self.hands = ((message.get("match") or {}).get("daily") or {}).get("hands")
            if before is not None and seq == before[0] + 1 and message.get("last_action"):
                seat, token = message["last_action"]
                if seat != HUMAN:
                    self.announce(before[1], token)
                self.report(before[1], view, token)
            sent = self.sent
            if sent is not None and (seq < sent[0] or (seq == sent[0] + 1 and message.get(
                    "last_action") == [HUMAN, sent[1]])):
                self.sent = None  # made (or the same move made in another window), or taken back
            # (a state of the same seq is the same moment sent again, e.g. when another
            # window of the game connects: the move is still on its way)
            before, self.state, self.reconnected = (seq, view), message, 0
            if message["game"].get("finished"):
                return message
            if view.to_move != HUMAN or not view.legal or seq == answered:
                continue
            if self.sent is not None:
                self._overtaken(message)
                continue
            if self.undoing and self.plays_itself(view) and self.undo():
                continue  # a card that played itself is no choice: it goes back too
            self.undoing = False
            token = self.forced(view)
            if token is None:
                self.show(view)
                token = self.ask(view)
            if token == QUIT:
                return None
            if token != UNDO:
                self.send({"type": "action", "action": token, "seq": seq})
                answered, self.sent = seq, (seq, token)
            else:
                answered, self.sent = -1, None  # the state taken back to is answered anew

    def _overtaken(self, state: dict[str, Any]) -> None:
        """The person's last move was overtaken by one made in another window of the seat,
        so the server's refusal of it is on its way (the server refuses every move that
        answers an old state): read it before asking again, and put the messages read back
        to be handled in turn. No shorter timer decides it: on a busy machine the refusal may
        be seconds behind the state. A connection closed meanwhile forgets the move."""
        extra = self.receive()
        self.sent = None
        self.unread[:0] = [extra] if extra.get("type") == "state" else [extra, state]

    def _refused(self) -> int:
        """After a refusal: the person is asked again from the last state, unless a newer
        one is on its way (another window of the seat moved). The new ``answered``."""
        try:
            self.unread.append(self.receive(wait=0.5))
        except TimeoutError:
            if self.state is not None:
                self.unread.append(self.state)
        return -1

    # --- the hooks of a table -------------------------------------------------------------

    def hint_values(self, view: View) -> dict[str, float]:
        """The server's hint (the expert's values, as the browser shows them)."""
        assert self.state is not None
        seq = self.state["seq"]
        self.send({"type": "hint"})
        self.say("[dim]" + _("Asking the server for the expert's estimate...") + "[/]")
        held = []
        try:
            while True:
                message = self.receive()
                if message.get("type") == "hint":
                    if message.get("seq") == seq:
                        return _values(message)
                    self.say("[yellow]" + _("The hint came for another moment of the game: "
                                            "ask again.") + "[/]")
                    return {}
                if message.get("type") == "error":
                    self.say(f"[yellow]{escape(str(message.get('message')))}[/]")
                    return {}
                held.append(message)
        finally:
            self.unread[:0] = held

    def undo(self) -> bool:
        """Ask the server to take back the person's last choice (when it says it can)."""
        assert self.state is not None
        if not self.state.get("match", {}).get("can_undo"):
            return False
        self.send({"type": "undo"})
        self.undoing = True
        return True


def _read_state(message: dict[str, Any]) -> tuple[int, View]:
    """A state's ``seq`` and view; ``ValueError`` for a state this client cannot read."""
    try:
        seq, game = message["seq"], message["game"]
        if not isinstance(seq, int) or not isinstance(game, dict):
            raise TypeError("seq or game")
        return seq, View.from_dict(message["view"])
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(_("the server sent a state this client cannot read ({err})",
                           err=err)) from None


def _values(hint: dict[str, Any]) -> dict[str, float]:
    """A hint's values (token to points); ``ValueError`` for a hint this cannot read."""
    try:
        return {str(t): float(v) for t, v in hint["values"].items()}
    except (KeyError, AttributeError, TypeError, ValueError):
        raise ValueError(_("the server sent a hint this client cannot read")) from None
