"""Locks: one per game file (`GAME.lock` beside it) and one per directory run, with
flock(2): the kernel drops them when the process dies, so a kill -9 never leaves one
held. Not taken: another process is working on it; the caller skips it this time."""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path


def lock_path(path: str | Path) -> Path:
    p = Path(path)
    return p.with_name(p.name + ".lock")


@contextlib.contextmanager
def held(path: str | Path, wait: float = 0.0) -> Iterator[bool]:
    """Hold the lock of `path` (yields True), or yield False if another process holds
    it for longer than `wait` seconds."""
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    yield False
                    return
                time.sleep(0.05)
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
