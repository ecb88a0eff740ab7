"""Games in parallel: `pbem run --jobs N` (docs/service.md, "Performance").

The games of a directory share nothing but the mailbox, which the parent process
reads, routes and moves; each game's pass (under its own lock) runs in a worker.
A worker is a fork of the parent, warm with everything it has loaded, and dies with
it (Linux's PR_SET_PDEATHSIG): a kill -9 of `pbem run` stops its workers too, as if
it were one process, and every step of a game's pass is recorded before its effect
is released, so the next run finds nothing lost and nothing to send twice.
Elsewhere (no such signal), the games run one after another.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from concurrent.futures import Executor, ProcessPoolExecutor

PR_SET_PDEATHSIG = 1


def available() -> bool:
    return sys.platform.startswith("linux")


def default_jobs() -> int:
    """One worker per CPU this process may use, on Linux; 1 elsewhere."""
    if not available():
        return 1
    return max(1, len(os.sched_getaffinity(0)))


def _die_with(parent: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0 or os.getppid() != parent:
        os._exit(1)  # no signal to die by, or the parent is gone already


def pool(jobs: int) -> Executor:
    """`jobs` forked workers that die with this process."""
    return ProcessPoolExecutor(
        jobs,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_die_with,
        initargs=(os.getpid(),),
    )
