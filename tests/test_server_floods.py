"""Floods cost the flooder only (issue 57, criterion 4; defects 4 and 5): the messages that
make the table broadcast are metered per connection and their states coalesced, so readers
who fall behind meanwhile are not dropped (3,000 renames dropped the other player's page
twice; 5,000 rematch messages dropped 17 of 20 spectators); and a reader is cut off only
when it stops taking the server's replies, not when it is slow but steady (a 4 MB/s reader
was cut 42 MB into a reply)."""

from __future__ import annotations

import asyncio
import time

import pytest
from server_support import Server
from websockets.exceptions import ConnectionClosed

from euchre.server.client import BROADCAST_BURST, TOO_FAST
from euchre.server.limits import Limits
from euchre.server.transport import _Stall

SPECTATORS = 20


def still_connected(seat) -> int:
    """Read everything waiting (the connection must not have been closed), then show the
    connection answers: how many messages were waiting."""
    before = len(seat.frames)
    seat.drain(0.5)
    seat.send({"type": "ping"})
    seat.until(lambda m: m["type"] == "pong", timeout=20)
    return len(seat.frames) - before - 1


def flood(server: Server, game: dict, messages: list[dict], finish: bool) -> None:
    """The host floods ``messages`` without reading, while his friend and the spectators
    read nothing either; then each of them must still be connected."""
    ann, bo = server.friends(game)
    for seat in (ann, bo):
        seat.state_at_least(0)
    if finish:
        ann.send({"type": "resign"})
        bo.until(lambda m: m["type"] == "state" and m["game"]["finished"])
    watchers = [server.seat(game["links"]["watch"]) for _ in range(SPECTATORS)]
    for reader in (bo, *watchers):  # (each arrival told to the others: read it all)
        reader.drain(0.3)
    try:
        for message in messages:
            ann.send(message)
        # a connection's messages are handled in order: once his ping is answered, every
        # message of the flood has been (and each state it made queued for the readers)
        ann.send({"type": "ping"})
        ann.until(lambda m: m["type"] == "pong", timeout=60)
    except ConnectionClosed:  # the flooder himself may be cut off: his cost (and the end of
        pass  # what the server reads of him)
    waited = [still_connected(reader) for reader in (bo, *watchers)]
    assert max(waited) < 3 * BROADCAST_BURST, waited


@pytest.mark.parametrize("messages, finish", [
    ([{"type": "name", "name": f"Ann{n}"} for n in range(3000)], False),  # 3,000 renames
    ([{"type": "rematch"}] * 5000, True),  # 5,000 rematch asks after the match
], ids=["renames", "rematches"])
def test_a_flood_leaves_every_other_reader_connected(tmp_path, messages, finish):
    server = Server(tmp_path / "games.db").start()
    try:
        game = server.new_game(mode="friend", name="Ann", rules={"target": 3})
        flood(server, game, messages, finish)
    finally:
        server.stop()


def test_broadcasting_messages_are_metered_per_connection(tmp_path):
    server = Server(tmp_path / "games.db").start()
    try:
        game = server.new_game(mode="friend", name="Ann", rules={"target": 3})
        ann, bo = server.friends(game)
        ann.state_at_least(0)
        for n in range(BROADCAST_BURST + 3):
            ann.send({"type": "name", "name": f"Ann{n}"})
        assert ann.error() == TOO_FAST
        bo.send({"type": "name", "name": "Bo"})  # another connection has its own share
        bo.until(lambda m: m["type"] == "state" and m["game"]["names"][1] == "Bo")
        time.sleep(1.2)  # one more a second
        ann.send({"type": "name", "name": "Anna"})
        ann.until(lambda m: m["type"] == "state" and m["game"]["names"][0] == "Anna")
    finally:
        server.stop()


class Peer:
    """A transport with ``unsent`` bytes of replies waiting for its peer."""

    def __init__(self, unsent: int) -> None:
        self.unsent, self.aborted = unsent, False

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def abort(self) -> None:
        self.aborted = True


class Writer:
    """The base ``_Stall`` is mixed into (uvicorn's protocols pause and resume writing)."""

    def pause_writing(self) -> None:
        pass

    def resume_writing(self) -> None:
        pass


class Stalling(_Stall, Writer):
    pass


def reading(rate: int, seconds: float, stall: float = 0.1) -> bool:
    """A reply of 40 MB left unsent, its peer taking ``rate`` bytes a second: whether it was
    cut off within ``seconds``."""
    async def scenario() -> bool:
        protocol = Stalling()
        protocol.limits, protocol.loop = Limits(write_stall=stall), asyncio.get_running_loop()
        protocol.transport = peer = Peer(40_000_000)
        protocol.pause_writing()
        started = time.monotonic()
        while time.monotonic() - started < seconds and not peer.aborted:
            await asyncio.sleep(0.01)
            peer.unsent -= int(rate * 0.01)
        return peer.aborted

    return asyncio.run(scenario())


def test_a_slow_steady_reader_is_not_cut_and_a_stopped_one_is():
    # a steady reader: 400 KB/s for ten times the stall, its reply far from all taken
    assert not reading(400_000, 1.0)
    assert reading(0, 1.0)  # stopped: cut once the stall has passed
    assert reading(1_000, 1.0)  # a trickle (100 bytes a look) is as good as stopped
