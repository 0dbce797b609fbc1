"""The server's rooms (issue 37, criterion 7): one module per job with no import cycle, not
even for types; and the hint worker's queue, fair between tables and bounded per seat."""

from __future__ import annotations

import ast
import asyncio
import time
from pathlib import Path

import euchre.server as server_package
from euchre.server.hints import Hints, _Job

SERVER = Path(server_package.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The server modules a module imports, at any level (``TYPE_CHECKING`` blocks too)."""
    package = "euchre.server" + ("" if path.parent == SERVER else ".routes")
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            names = [f"{base}.{node.module}"] if node.module else \
                [f"{base}.{alias.name}" for alias in node.names]
            found.update(n for n in names if n.startswith("euchre.server"))
    return found


def test_no_server_module_imports_itself_through_another():
    modules = {("euchre.server." + str(p.relative_to(SERVER).with_suffix("")).replace("/", "."))
               .replace(".__init__", ""): p for p in SERVER.rglob("*.py")}
    graph = {name: {m for m in imports_of(path) if m in modules} for name, path in
             modules.items()}

    def reaches(start: str, seen: set[str]) -> set[str]:
        for nxt in graph[start] - seen:
            seen.add(nxt)
            reaches(nxt, seen)
        return seen

    cycles = sorted(name for name in graph if name in reaches(name, set()))
    assert cycles == []
    assert not (SERVER / "tables.py").exists()  # the old hub-of-everything is gone
    assert "euchre.server.hub" not in graph["euchre.server.player_messages"]


def run_jobs(plan: list[tuple[str, int, str]], runs: int) -> list[tuple[str, int, str]]:
    """Queue ``plan``'s jobs while the worker is held on a first one; the order in which
    the first ``runs`` of them ran (then a moment more, to catch any extra)."""
    ran: list[tuple[str, int, str]] = []

    async def scenario() -> None:
        hints = Hints()  # (its worker is a process: the first job holds it half a second)
        hints._queue(_Job("first", 0, "hint", time.sleep, (0.5,), lambda *_: None))
        await asyncio.sleep(0.05)
        for table, seat, kind in plan:
            hints._queue(_Job(table, seat, kind, int, (),
                              lambda *_, key=(table, seat, kind): ran.append(key)))
        deadline = time.monotonic() + 120  # (the worker's start, on a busy machine)
        while len(ran) < runs and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        hints.close()

    asyncio.run(scenario())
    return ran


def test_the_hint_worker_takes_each_table_in_turn_a_hint_before_a_note():
    busy = [("busy", seat, "note") for seat in (0, 1)] + [("busy", 0, "hint")]
    ran = run_jobs([*busy, ("calm", 0, "hint"), ("other", 1, "hint")], 5)
    # the busy table asked first, thrice; the calm table's hint waits for one of its jobs
    assert ran[:3] == [("busy", 0, "hint"), ("calm", 0, "hint"), ("other", 1, "hint")]
    assert ran[3:] == [("busy", 0, "note"), ("busy", 1, "note")]


def test_a_newer_note_of_a_seat_replaces_its_waiting_one():
    ran = run_jobs([("t", 0, "note"), ("t", 1, "note"), ("t", 0, "note")], 2)
    assert ran == [("t", 1, "note"), ("t", 0, "note")]
