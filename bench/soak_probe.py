"""`euchre serve` with a probe of where its memory is, for ``server_soak.py --probe``.

Run as ``python bench/soak_probe.py OUT serve ...``: the server as ``euchre serve ...``,
which on SIGUSR1 appends one JSON line to ``OUT``: its RSS, the live Python objects after a
full collection (their count and the ten most numerous types), pymalloc's arenas in use
(``sys._debugmallocstats``' "arenas allocated current"), glibc's heap (``mallinfo2``: bytes
in use, bytes free inside the heap, mmapped), and, with ``EUCHRE_TRACEMALLOC=1``, the
Python allocations' total traced size. What is RSS but none of these is glibc keeping freed
memory (arenas of threads, fragmentation): ``malloc_trim`` can give it back.
"""

from __future__ import annotations

import collections
import ctypes
import gc
import json
import os
import re
import signal
import sys
import tempfile
import tracemalloc
from pathlib import Path


class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def probe() -> dict:
    """Where the process's memory is, in MB (see the module)."""
    gc.collect()
    objects = gc.get_objects()
    kinds = collections.Counter(type(o).__name__ for o in objects).most_common(10)
    with tempfile.TemporaryFile(mode="w+") as stats:  # (written by C to the stderr fd)
        saved = os.dup(2)
        os.dup2(stats.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        stats.seek(0)
        arenas = re.search(r"# arenas allocated current\s*=\s*([\d,]+)", stats.read())
    libc = ctypes.CDLL("libc.so.6")
    libc.mallinfo2.restype = MallInfo2
    info = libc.mallinfo2()
    rss = next(int(line.split()[1]) for line in Path("/proc/self/status").read_text()
               .splitlines() if line.startswith("VmRSS:")) / 1024
    out = {"rss": round(rss, 1), "objects": len(objects), "top": kinds,
           "pymalloc_arenas_mb": int(arenas.group(1).replace(",", "")) if arenas else None,
           "malloc_used_mb": round(info.uordblks / 2**20, 1),
           "malloc_free_mb": round(info.fordblks / 2**20, 1),
           "mmapped_mb": round(info.hblkhd / 2**20, 1), "threads": len(os.listdir(
               "/proc/self/task"))}
    if tracemalloc.is_tracing():
        out["traced_mb"] = round(tracemalloc.get_traced_memory()[0] / 2**20, 1)
    # (The module-wide caches of words and pads it once emptied on SIGUSR2 are gone, issue
    # 47: each game keeps its results, each table its finished hand's words.)
    return out


def main() -> int:
    target = Path(sys.argv[1])
    if os.environ.get("EUCHRE_TRACEMALLOC") == "1":
        tracemalloc.start()

    def dump(*_: object) -> None:
        with target.open("a") as out:
            out.write(json.dumps(probe()) + "\n")

    signal.signal(signal.SIGUSR1, dump)
    from euchre.cli import main as euchre

    return euchre(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
