"""The lobby feed's stated bound, by the attack that would break it: a flood of changes
(every write of a busy server) with many lobbies watching costs the store one reading per
``SETTLE`` seconds at most, shared by every watcher, and none once nobody watches; each
watcher still ends with the latest list."""

from __future__ import annotations

import asyncio
import contextlib

from euchre.server.lobby_feed import SETTLE, LobbyFeed
from euchre.server.match_facts import MatchFacts
from euchre.server.storage import Action, SetFacts

WATCHERS = 50
FLOOD = 1.0
"""Seconds of changes, one every millisecond."""


def test_a_flood_of_changes_costs_a_few_readings_shared_by_every_watcher():
    readings = []

    async def read() -> list[int]:
        readings.append(len(readings))
        return [len(readings)]

    async def main() -> tuple[list[list[int]], int]:
        feed = LobbyFeed(read)
        last: list[list[int]] = [[] for _ in range(WATCHERS)]

        async def watch(n: int) -> None:
            async for tables in feed.watch():
                last[n] = tables

        watchers = [asyncio.create_task(watch(n)) for n in range(WATCHERS)]
        loop = asyncio.get_running_loop()
        end = loop.time() + FLOOD
        while loop.time() < end:
            feed.written([SetFacts("g", MatchFacts(), MatchFacts(hints=False))])
            feed.written([Action("g", 0, 0, "pass")])  # (a move alone touches no table)
            await asyncio.sleep(0.001)
        await asyncio.sleep(SETTLE * 3)
        for task in watchers:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await asyncio.sleep(0)
        quiet = len(readings)
        feed.changed()  # nobody watches: nothing is read
        await asyncio.sleep(SETTLE * 2)
        feed.close()
        return last, len(readings) - quiet

    last, after = asyncio.run(main())
    assert 2 <= len(readings) <= FLOOD / SETTLE + 4, len(readings)
    assert all(tables == [len(readings)] for tables in last)  # everyone has the latest
    assert after == 0


def test_a_move_alone_reads_nothing():
    readings = []

    async def read() -> list:
        readings.append(1)
        return []

    async def main() -> None:
        feed = LobbyFeed(read)

        async def watch() -> None:
            async for _ in feed.watch():
                pass

        task = asyncio.create_task(watch())
        await asyncio.sleep(SETTLE * 2)
        first = len(readings)
        for seq in range(100):
            feed.written([Action("g", seq, 0, "pass")])
        await asyncio.sleep(SETTLE * 3)
        assert len(readings) == first == 1
        task.cancel()
        feed.close()

    asyncio.run(main())
