"""The worker processes where the computer's searching levels decide, for one server.

A search is tens to hundreds of milliseconds of pure Python. On a thread of the server it
held the interpreter's lock against the event loop (beside 30 tables of ``expert`` play,
people's moves were acknowledged at p99 951 ms); in a process of its own it holds nothing
of the server's. Each worker (``thinker``) is spawned (a fresh interpreter: a server with
threads is never forked), lowers its own priority and answers one decision at a time over
its pipe, which the event loop watches (``add_reader``): no thread waits on it.

The server sends only what the seat may see (``Remote``: its view and the hands it saw
end). Requests wait in one first-come queue; an idle worker takes the next, the one that
already holds that table's bot first. A worker that dies (killed, or out of memory) is
replaced at once and its decision asked again of the next idle worker: the decision is
only a token, and the table commits a move, once, when it comes back (``computer``). The
workers start with the first decision asked of them, so a server that only ever seats
easy and medium computers starts none.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import os
import pickle
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from .. import agents
from ..view import View
from . import thinker
from .thinker import Request

log = logging.getLogger("euchre.server")
_SPAWN = multiprocessing.get_context("spawn")

NICE = 10
"""How far each worker lowers its priority: the event loop (acknowledging people's moves)
and the database come first, the search takes the rest: on a machine of its own, all the
rest. On one shared with other work the workers get little: beside 30 expert tables, with
the machine's load average about 20, the people's p99 was 177-435 ms at 10 and 478-653 ms
at 5 (none beside: 67-262 ms), while the computers made about twice as many moves at 5
(``bench/README.md``). The people come first."""
RETRIES = 2
"""Times a decision is asked again after the worker making it died; then it fails (the
computer's task logs it and asks again a moment later)."""
DIRECT = 32 * 1024
"""Requests up to this size are written to the pipe from the event loop (the pipe takes
them whole); a larger one (a long match's hands, sent to a new worker) from a thread."""


def default_count() -> int:
    """One worker per core this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)


@dataclass
class Remote:
    """A seat's computer player whose decisions are made in a worker. The table keeps only
    the hands it has been told of (``hand_over``, as ``agents.tell_past_hands`` tells any
    bot): the worker's bot is told of them in turn."""

    bot: tuple[str, int, str, int]
    """(game id, seat, level, seed): the worker's bot, made from the level and the seed."""
    hands: list[dict[str, Any] | None] = field(default_factory=list)

    def hand_over(self, last_hand: dict[str, Any] | None) -> None:
        self.hands.append(last_hand)


def seat_player(game_id: str, seat: int, level: str, seed: int) -> agents.Agent | Remote:
    """The computer player of a seat: a searching level's (``thinker.SEARCHING``) decides in
    a worker; the others' rules of thumb take a few microseconds, less than a request to a
    worker costs the event loop, and decide in place."""
    if level in thinker.SEARCHING:
        return Remote((game_id, seat, level, seed))
    return agents.load(level, seed=seed)


@dataclass
class _Job:
    remote: Remote
    view: View
    done: asyncio.Future[str]
    number: int
    deaths: int = 0


@dataclass
class _Worker:
    process: Any
    pipe: Any
    job: _Job | None = None


class Workers:
    """A pool of ``count`` worker processes, started on first use, replaced when they die."""

    def __init__(self, count: int | None = None, nice: int = NICE) -> None:
        self.count = count or default_count()
        self.nice = nice
        self._workers: list[_Worker] = []
        self._queue: deque[_Job] = deque()
        self._told: dict[tuple[str, int, str, int], dict[int, int]] = {}
        """For each bot, the hands each worker (by pid) was last known to hold."""
        self._numbers = itertools.count()
        self._closed = False
        self.asked_again = 0
        """Decisions asked again because the worker making them died."""

    @property
    def closed(self) -> bool:
        """Whether the server is stopping (no decision is asked any more)."""
        return self._closed

    async def decide(self, remote: Remote, view: View) -> str:
        """The token ``remote``'s bot chooses in ``view``; ``RuntimeError`` (one line) if
        the bot failed, or its worker died ``RETRIES`` times over it."""
        if self._closed:
            raise RuntimeError("the server is stopping")
        if not self._workers:
            self._start()
        job = _Job(remote, view, asyncio.get_running_loop().create_future(),
                   next(self._numbers))
        self._queue.append(job)
        self._dispatch()
        return await job.done

    def pids(self) -> list[int]:
        """The worker processes' ids (tests kill one)."""
        return [worker.process.pid for worker in self._workers]

    def busy_pids(self) -> list[int]:
        """The ids of workers with a decision under way."""
        return [worker.process.pid for worker in self._workers if worker.job is not None]

    def forget(self, game_id: str) -> None:
        """A table let go: what the workers' bots of its game were told is forgotten here
        (their bots age out of the workers in turn)."""
        for key in [key for key in self._told if key[0] == game_id]:
            del self._told[key]

    def close(self) -> None:
        """Stop every worker (a decision under way is dropped: the table is closing too)."""
        self._closed = True
        for worker in self._workers:
            self._drop(worker)
            worker.process.join(0.5)
            if worker.process.is_alive():
                worker.process.kill()
        self._workers.clear()
        for job in self._queue:
            job.done.cancel()
        self._queue.clear()

    # --- the workers ---------------------------------------------------------------------

    def _start(self) -> None:
        for _ in range(self.count):
            self._workers.append(self._spawn())

    def _spawn(self) -> _Worker:
        mine, theirs = _SPAWN.Pipe()
        process = _SPAWN.Process(target=thinker.main, args=(theirs, self.nice),
                                 name="euchre-computer", daemon=True)
        process.start()
        theirs.close()
        worker = _Worker(process, mine)
        asyncio.get_running_loop().add_reader(mine.fileno(), self._readable, worker)
        return worker

    def _drop(self, worker: _Worker) -> None:
        """Stop listening to a worker and close our end of its pipe (it then ends)."""
        if not worker.pipe.closed:
            asyncio.get_running_loop().remove_reader(worker.pipe.fileno())
            worker.pipe.close()

    def _died(self, worker: _Worker) -> None:
        """A worker's pipe broke: it is replaced, and its decision asked again."""
        self._drop(worker)
        if worker.process.is_alive():  # (a pipe that broke under a live worker)
            worker.process.kill()
        worker.process.join(0.1)
        log.warning("a computer worker (pid %s) stopped (exit code %s): replaced",
                    worker.process.pid, worker.process.exitcode)
        for told in self._told.values():
            told.pop(worker.process.pid, None)
        job, worker.job = worker.job, None
        if job is not None and not job.done.done():
            job.deaths += 1
            if job.deaths > RETRIES:
                job.done.set_exception(RuntimeError(
                    f"the computer's worker stopped {job.deaths} times over one decision"))
            else:
                self.asked_again += 1
                self._queue.appendleft(job)
        if not self._closed:
            self._workers[self._workers.index(worker)] = self._spawn()
            self._dispatch()

    # --- the decisions ---------------------------------------------------------------------

    def _dispatch(self) -> None:
        """Give waiting decisions to idle workers, first come first served, each to the
        idle worker whose bot of that table knows the most hands."""
        while self._queue:
            idle = [worker for worker in self._workers if worker.job is None]
            if not idle:
                return
            job = self._queue.popleft()
            if job.done.done():  # (its task was cancelled: the table was let go)
                continue
            told = self._told.get(job.remote.bot, {})
            worker = max(idle, key=lambda w: told.get(w.process.pid, -1))
            self._send(worker, job, told.get(worker.process.pid, 0))

    def _send(self, worker: _Worker, job: _Job, since: int) -> None:
        remote = job.remote
        request = Request(job.number, remote.bot, since, remote.hands[since:], job.view)
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        worker.job = job
        try:
            if len(data) <= DIRECT:
                worker.pipe.send_bytes(data)
            else:  # (a write that fails means the worker died: its reader hears the EOF)
                sending = asyncio.get_running_loop().run_in_executor(
                    None, worker.pipe.send_bytes, data)
                sending.add_done_callback(lambda sent: sent.exception())
        except OSError:
            self._died(worker)

    def _readable(self, worker: _Worker) -> None:
        """A worker's reply (or its end): the decision's future is settled."""
        try:
            reply = pickle.loads(worker.pipe.recv_bytes())
        except (EOFError, OSError):
            self._died(worker)
            return
        kind, number, *rest = reply
        job, worker.job = worker.job, None
        if job is None or job.number != number:  # (cannot happen: one job at a time)
            log.error("a computer worker answered a decision it was not asked")
            self._dispatch()
            return
        told = self._told.setdefault(job.remote.bot, {})
        if kind == "behind":  # it dropped that bot, or never had it: send it every hand
            told[worker.process.pid] = rest[0]
            self._queue.appendleft(job)
        elif kind == "move":
            told[worker.process.pid] = rest[1]
            if not job.done.done():
                job.done.set_result(rest[0])
        elif not job.done.done():
            job.done.set_exception(RuntimeError(rest[0]))
        self._dispatch()
