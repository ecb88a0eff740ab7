"""Signatures checked ahead, on another core (issue 9).

`verify` checks every envelope's and every checkpoint's Ed25519 signature, each about
a tenth of a millisecond in libsodium, which runs without Python's lock (PyNaCl calls
it through cffi). While the walk recomputes the game, a thread checks the signatures
the walk will ask for, in the order it will ask, and `PublicKey.verify_raw` takes the
answers it finds ready; any other it computes itself, as before. The answers are the
same function of the same bytes, so a verify says the same with or without the thread.

The thread needs the lock only between two signatures, and the walk gives it up only
every switch interval (5 ms by default): while the thread runs, the interval is
shortened, then put back. The answers are kept for one verify only. Measured on the
30-resolution demo games (benchmarks/README.md): 3 ms of 60 saved; with a 0.2 ms
interval, less."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

SWITCH = 0.00005  # seconds: the lock's switch interval while the thread runs
_current: Ahead | None = None


class Ahead:
    """The answers of the signatures to check, as the thread gives them."""

    def __init__(self, jobs: list[tuple[Any, bytes, bytes]]):
        self.jobs = jobs  # (key, signature, message)
        self.at: dict[tuple[str, bytes, bytes], int] = {}
        for i, (key, sig, msg) in enumerate(jobs):
            self.at.setdefault((key.line, sig, msg), i)
        self.answers: list[bool | None] = [None] * len(jobs)
        self.stop = False

    def run(self) -> None:
        for i, (key, sig, msg) in enumerate(self.jobs):
            if self.stop:
                return
            self.answers[i] = key.check_raw(sig, msg)

    def answer(self, key: Any, sig: bytes, msg: bytes) -> bool | None:
        """The thread's answer if it has it (None: check it here)."""
        i = self.at.get((key.line, sig, msg))
        return None if i is None else self.answers[i]


def answer(key: Any, sig: bytes, msg: bytes) -> bool | None:
    ahead = _current
    return None if ahead is None else ahead.answer(key, sig, msg)


@contextmanager
def checking(jobs: list[tuple[Any, bytes, bytes]], cores: int) -> Iterator[None]:
    """Check `jobs` in a thread while the body runs (with more than one core)."""
    global _current
    if cores < 2 or len(jobs) < 2 or _current is not None:
        yield
        return
    ahead = Ahead(jobs)
    thread = threading.Thread(target=ahead.run, name="pbem-signatures", daemon=True)
    interval = sys.getswitchinterval()
    _current = ahead
    sys.setswitchinterval(SWITCH)
    thread.start()
    try:
        yield
    finally:
        ahead.stop = True
        thread.join()
        sys.setswitchinterval(interval)
        _current = None
