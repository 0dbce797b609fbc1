"""Running independent jobs in parallel: worker processes on this machine, or a Ray cluster.

The arena, the tournament and the offline measurements all come down to "apply one function
to many independent jobs and gather the results in order". ``run_jobs`` does that on either
backend, with the same answer on both: a job's result depends only on the job, results come
back in job order, and a job is counted once however many times it had to be run.

- ``local``: ``workers`` processes (``spawn``, so the same on every OS); 1 runs in-process.
- ``ray``: jobs go in batches as Ray tasks to ``address`` (a running cluster, such as
  ``ray://head:10001`` or ``auto``) or to a local cluster started for the run. A task whose
  worker dies is retried by Ray; a batch's results are taken once, when it finishes.

Ctrl-C stops the work everywhere and returns what finished.

>>> run_jobs(abs, [-3, 1, -2]).results
[3, 1, 2]
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

BACKENDS = ("local", "ray")
MAX_BATCH = 16
"""Jobs per Ray task at most: enough to make the task overhead small, few enough that
progress moves and Ctrl-C loses little."""
TASK_RETRIES = 5
"""Ray runs a batch again this many times if its worker process dies."""


@dataclass
class JobResults:
    results: list[Any]
    """The results of the jobs that finished, in job order (all of them unless stopped)."""
    interrupted: bool = False
    """True when Ctrl-C stopped the run; ``results`` is then the finished prefix's results
    and any later job that finished, still in job order."""
    done: list[int] = field(default_factory=list)
    """Indices of the finished jobs, in order (all of them when not interrupted)."""


def run_jobs(function: Callable[[Any], Any], jobs: Sequence[Any], workers: int = 1,
             backend: str = "local", address: str | None = None,
             progress: Callable[[int, int], None] | None = None,
             batch_size: int | None = None) -> JobResults:
    """``[function(job) for job in jobs]`` on a backend (see the module docstring);
    ``progress(done, total)`` after each job or batch. ``function`` must be importable by
    name (a module-level function) so that other processes can run it."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: choose local or ray")
    if backend == "ray":
        # Ray reports dead workers and retries on the driver's stdout; results may be
        # printed there (JSON), so Ray's words go to stderr
        with contextlib.redirect_stdout(sys.stderr):
            finished = _ray(function, jobs, workers, address, progress, batch_size)
    else:
        finished = _local(function, jobs, workers, progress)
    done = sorted(finished)
    return JobResults([finished[i] for i in done], len(done) < len(jobs), done)


def _local(function: Callable[[Any], Any], jobs: Sequence[Any], workers: int,
           progress: Callable[[int, int], None] | None) -> dict[int, Any]:
    finished: dict[int, Any] = {}
    pool = None
    try:
        results: Iterable[Any]
        if workers > 1:
            pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_quiet)
            results = pool.imap(function, jobs, chunksize=1)
        else:
            results = map(function, jobs)
        for index, result in enumerate(results):
            finished[index] = result
            if progress:
                progress(index + 1, len(jobs))
    except KeyboardInterrupt:
        pass
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return finished


def _quiet() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_batch(function: Callable[[Any], Any], batch: Sequence[Any]) -> list[Any]:
    """One Ray task: a batch of jobs (batches keep the per-task overhead small)."""
    return [function(job) for job in batch]


def ray_init(address: str | None = None, cpus: int | None = None) -> bool:
    """Connect to ``address`` or start a local cluster (``cpus`` CPUs) unless Ray is already
    up; returns whether this call started it (and so should shut it down)."""
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install -e '.[ray]'") from None
    if ray.is_initialized():
        return False
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                               "logging_level": logging.ERROR}
    if address:
        options["address"] = address
    elif cpus:
        options["num_cpus"] = cpus
    try:
        ray.init(**options)
    except (ConnectionError, RuntimeError, ValueError) as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ValueError(f"cannot reach the Ray cluster at {address or 'a new local'}: "
                         f"{first}") from None
    return True


def _ray(function: Callable[[Any], Any], jobs: Sequence[Any], workers: int,
         address: str | None, progress: Callable[[int, int], None] | None,
         batch_size: int | None) -> dict[int, Any]:
    import ray

    started = ray_init(address, cpus=workers if workers > 1 else None)
    finished: dict[int, Any] = {}
    pending: list[Any] = []
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = batch_size or min(MAX_BATCH, max(1, math.ceil(len(jobs) / (8 * cpus))))
        task = ray.remote(max_retries=TASK_RETRIES, retry_exceptions=False)(_run_batch)
        function_ref = ray.put(function)
        starts: dict[Any, int] = {}
        for start in range(0, len(jobs), size):
            ref = task.remote(function_ref, list(jobs[start:start + size]))
            starts[ref] = start
            pending.append(ref)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                start = starts[ref]
                for offset, result in enumerate(ray.get([ref])[0]):
                    finished[start + offset] = result
            if progress:
                progress(len(finished), len(jobs))
    except KeyboardInterrupt:
        # A cluster we started goes down whole below. Cancelling its tasks first races with
        # their retries inside Ray (a fatal "it != submissible_tasks_.end()" check, Ray PR
        # 54798), so only work sent to a cluster that outlives us is cancelled.
        for ref in pending if not started else ():
            ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
    return finished
