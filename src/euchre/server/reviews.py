"""The coach's reviews of finished games: worked out in the background, stored once.

A review (``coach.review_record``) is seconds of pure-Python search. On a thread of the
server it would hold the interpreter's lock against the event loop, so each review runs in a
**child process** of its own, spawned (a fresh interpreter: a server with threads is never
forked). At most ``at_once`` run at a time; the
others wait in a first-come queue of at most ``waiting`` (beyond it, ``Busy``: try again).
The child reports its progress over a pipe, read by a thread that waits on it (never the
event loop), and sends the review back; it is stored with the game (``SaveReview``), so a
second request reads it and a restart keeps it. A review in progress when the server stops
is not kept: asked again, it starts over (it is seeded, so it comes out the same).

Asking is what starts a review: ``ask`` returns the stored review, or where its work is.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..coach import review_record
from ..game import Game
from ..i18n import _, ngettext
from .builds import NICE
from .committer import Committer
from .limits import Busy
from .storage import SaveReview, StoredGame

log = logging.getLogger("euchre.server")
_SPAWN = multiprocessing.get_context("spawn")


@dataclass
class Job:
    """One review being worked out, or waiting to be."""

    game_id: str
    seat: int
    record: dict[str, Any]
    status: str = "queued"
    """``queued``, ``running``, ``saved`` (in the store: read it there) or ``failed``."""
    done: int = 0
    total: int | None = None
    """Decisions to value, once the child has found them."""
    error: str | None = None
    process: Any = None


class Reviews:
    """The review worker of one server: a queue, at most ``at_once`` child processes."""

    def __init__(self, committer: Committer, deals: int, at_once: int = 1,
                 waiting: int = 20) -> None:
        self.committer = committer
        self.deals = deals
        self.at_once = at_once
        self.waiting = waiting
        self._jobs: dict[tuple[str, int], Job] = {}
        self._queue: deque[Job] = deque()
        self._running: list[Job] = []
        self._readers = ThreadPoolExecutor(max_workers=at_once,
                                           thread_name_prefix="euchre-review")
        self._tasks: set[asyncio.Task[None]] = set()

    async def ask(self, stored: StoredGame, game: Game, seat: int) -> dict[str, Any]:
        """The review of ``seat`` in a finished game: ``{"status": "done", "review": ...}``
        once stored, else its progress (``queued`` with how many are ``ahead``, ``running``
        with ``done`` of ``total`` decisions, or ``failed`` with an ``error``; a failure is
        told once, and the next ask tries again). ``Busy`` if the queue is full."""
        key = (stored.id, seat)
        job = self._jobs.get(key)
        if job is None or job.status == "saved":
            self._jobs.pop(key, None)
            # (reads and writes share the store's one thread, in order, and a job leaves
            # ``_jobs`` only after its review is written: a review read as missing here is
            # still listed below if it was being worked out)
            found = await self.committer.read(self.committer.storage.load_review, *key)
            if found is not None:
                valued = len(found.get("decisions", ()))
                return {"status": "done", "done": valued, "total": valued, "ahead": 0,
                        "review": found}
            job = self._jobs.get(key) or self._enqueue(key, game)
        if job.status == "failed":
            del self._jobs[key]
        return self.progress(job)

    def progress(self, job: Job) -> dict[str, Any]:
        """Where a job is: its status, decisions valued of how many, reviews ahead of it."""
        ahead = len(self._running) + self._queue.index(job) if job.status == "queued" else 0
        told: dict[str, Any] = {"status": job.status, "done": job.done, "total": job.total,
                                "ahead": ahead}
        if job.error:
            told["error"] = job.error
        return told

    def _enqueue(self, key: tuple[str, int], game: Game) -> Job:
        if len(self._queue) >= self.waiting:
            raise Busy(ngettext("{n} review is waiting already: try again in a minute",
                                "{n} reviews are waiting already: try again in a minute",
                                len(self._queue)))
        job = Job(key[0], key[1], game.record())
        self._jobs[key] = job
        self._queue.append(job)
        self._start_next()
        return job

    def _start_next(self) -> None:
        while len(self._running) < self.at_once and self._queue:
            job = self._queue.popleft()
            job.status = "running"
            self._running.append(job)
            task = asyncio.get_running_loop().create_task(self._run(job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, job: Job) -> None:
        try:
            review = await asyncio.get_running_loop().run_in_executor(
                self._readers, self._compute, job)
            await self.committer.submit([SaveReview(job.game_id, job.seat, review)])
            job.status, job.record = "saved", {}
            asyncio.get_running_loop().call_later(60, self._forget, job)
        except Exception as err:  # told to whoever asks next, then tried again
            log.error("game %s: the review of seat %d failed: %s", job.game_id, job.seat, err)
            job.status, job.error = "failed", str(err).splitlines()[0] if str(err) else \
                type(err).__name__
        finally:
            self._running.remove(job)
            self._start_next()

    def _forget(self, job: Job) -> None:
        """Drop a saved job nobody asked for again (the store has its review)."""
        key = (job.game_id, job.seat)
        if self._jobs.get(key) is job:
            del self._jobs[key]

    def _compute(self, job: Job) -> dict[str, Any]:
        """On a reader thread: start the child, follow its progress, return its review."""
        mine, theirs = _SPAWN.Pipe(duplex=False)
        child = _SPAWN.Process(target=work, args=(job.record, job.seat, self.deals, theirs),
                               name=f"euchre-review {job.game_id}", daemon=True)
        child.start()
        theirs.close()
        job.process = child
        try:
            while True:
                try:
                    kind, *rest = mine.recv()
                except EOFError:
                    raise RuntimeError(_("the review stopped before it was finished")) from None
                if kind == "progress":
                    job.done, job.total = rest
                elif kind == "done":
                    return rest[0]
                else:
                    raise ValueError(rest[0])
        finally:
            mine.close()
            child.join(5)
            if child.is_alive():
                child.kill()

    def close(self) -> None:
        """Stop every review in progress (what was stored stays)."""
        for job in list(self._running):
            if job.process is not None and job.process.is_alive():
                job.process.kill()
        for task in self._tasks:
            task.cancel()
        self._readers.shutdown(wait=False, cancel_futures=True)


def work(record: dict[str, Any], seat: int, deals: int, pipe: Any) -> None:
    """The child process: review one seat, sending ``("progress", done, total)`` after each
    decision, then ``("done", review)`` or ``("error", one line)``. If the server is gone
    (the pipe broken: it was killed, or it let the review go) the child ends in silence."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    os.nice(NICE)  # (the people playing first: a review is background work)
    try:
        review = review_record(record, seat, deals=deals,
                               progress=lambda done, total: pipe.send(("progress", done, total)))
        reply: tuple[str, Any] = ("done", review.to_dict())
    except ConnectionError:  # (a broken pipe: nobody is waiting for the review)
        return
    except Exception as err:  # a one-line ValueError for a damaged record, or a bug
        reply = ("error", str(err).splitlines()[0] if str(err) else type(err).__name__)
    try:
        pipe.send(reply)
    except ConnectionError:
        pass
    finally:
        pipe.close()
