"""Issue 50, criterion 2: the lobby's list of open tables updates live. A lobby's socket
(``/api/tables/live``) is sent the list at once, then again as soon as a table opens, is
sat at, fills or starts, whether that happened in its own server process or in another on
the same PostgreSQL database; well before the feed's own refresh (``lobby_feed.REFRESH``),
so the news is pushed, not read on a timer. The socket takes no messages: one closes it."""

from __future__ import annotations

import pytest
from pg_support import postgres_url, reset  # noqa: F401  (postgres_url is a fixture)
from server_support import TEST_FLAGS, Seat, Server, two_servers
from websockets.exceptions import ConnectionClosed

from euchre.server.lobby_feed import REFRESH

SOON = REFRESH / 3
"""Seconds within which news must arrive: a third of the feed's refresh."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("live") / "games.db", flags=TEST_FLAGS).start()
    yield running
    running.stop()


def watch(server: Server) -> Seat:
    return Seat(f"ws://127.0.0.1:{server.port}/api/tables/live")


def listed(watcher: Seat, predicate) -> list[dict]:
    """The first list sent that satisfies ``predicate`` (within ``SOON`` seconds)."""
    return watcher.until(lambda m: m["type"] == "tables" and predicate(m["tables"]),
                         SOON)["tables"]


def test_the_list_is_pushed_as_a_table_opens_fills_and_starts(server):
    watcher = watch(server)
    assert listed(watcher, lambda tables: True) == []
    _, ann = server.post("/api/quick", {"game": "three", "name": "Live Ann"})
    [table] = listed(watcher, lambda tables: len(tables) == 1)
    assert (table["id"], table["taken"], table["names"]) == (ann["id"], 1, ["Live Ann"])
    server.post("/api/quick", {"game": "three", "name": "Live Bob"})
    [table] = listed(watcher, lambda tables: tables and tables[0]["taken"] == 2)
    assert table["names"] == ["Live Ann", "Live Bob"]
    server.post("/api/quick", {"game": "three", "name": "Live Cy"})  # full: it starts
    assert listed(watcher, lambda tables: tables == []) == []
    _, dee = server.post("/api/tables", {"game": "two", "name": "Live Dee", "bots": True})
    listed(watcher, lambda tables: [t["id"] for t in tables] == [dee["id"]])
    watcher.close()


def test_the_lobby_socket_takes_no_messages(server):
    watcher = watch(server)
    listed(watcher, lambda tables: True)
    watcher.send({"type": "start"})
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            watcher.receive(SOON)
    assert closed.value.rcvd.code == 1003


def test_a_table_opened_in_another_process_is_pushed(postgres_url):  # noqa: F811
    reset(postgres_url)
    with two_servers(postgres_url) as (one, two):
        watcher = watch(two)
        assert listed(watcher, lambda tables: True) == []
        _, ann = one.post("/api/quick", {"game": "two", "name": "Far Ann"})
        [table] = listed(watcher, lambda tables: len(tables) == 1)
        assert table["id"] == ann["id"]
        one.post(f"/api/tables/{ann['id']}/sit", {"name": "Far Bob"})
        assert listed(watcher, lambda tables: tables == []) == []
        watcher.close()
