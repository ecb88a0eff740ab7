"""Signatures checked ahead, in another process (issue 9).

`verify` checks every envelope's and every checkpoint's Ed25519 signature, about a
tenth of a millisecond each. Before the walk, a child process (pbem/sig_child.py, a
script that imports nothing of pbem) is given every signature the walk will check, in
the order it will check them, and answers them one by one through a pipe.

The walk does not wait for it: `PublicKey.verify_raw` goes on as if the signature were
good, and the child's answer is owed. When the walk ends, `confirm` collects every owed
answer (what the child has not answered by then is checked here, from the last one
back, while the child goes on from the front). If all were good, the walk stands: it
took the same steps as one that checked each signature in turn. If one was not, the
caller walks again without the child (pbem/verify_split.py), so the report is that of
the walk that checks each signature in turn, finding for finding.

A thread was tried first: libsodium runs without Python's lock, but the thread needs
the lock back after each signature, and those hand-overs cost the walk more than the
checks they saved (benchmarks/README.md). Where no child can be started (no
`os.posix_spawn`, one core, few signatures), every signature is checked here as asked."""

from __future__ import annotations

import importlib.util
import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

# below this many signatures a child is not worth starting (it costs the walk about
# 1 ms, as much as ten signatures checked here)
MIN_JOBS = 24
_CHILD = str(Path(__file__).with_name("sig_child.py"))
_current: Ahead | None = None


def _library() -> str | None:
    """The libsodium that PyNaCl ships (its `_sodium` extension exports libsodium)."""
    spec = importlib.util.find_spec("nacl._sodium")
    return spec.origin if spec is not None and spec.origin else None


class Ahead:
    """The signatures to check, the child's answers as they come, and the answers the
    walk took on trust."""

    def __init__(self, jobs: list[tuple[Any, bytes, bytes]]):
        self.jobs = jobs  # (key, signature, message)
        self.at: dict[tuple[str, bytes, bytes], int] = {}
        for i, (key, sig, msg) in enumerate(jobs):
            self.at.setdefault((key.line, sig, msg), i)
        # a signature not 64 bytes long is bad: not sent (sig_child reads 64)
        self.answers: list[bool | None] = [None if len(s) == 64 else False for _, s, _ in jobs]
        self.sent = [i for i, a in enumerate(self.answers) if a is None]  # to the child
        self.owed: list[int] = []  # jobs taken as good before their answer came
        self.got = 0  # answers read from the child
        self.fd: int | None = None
        self.pid: int | None = None
        self.confirmed = False  # set when the walk is over

    def start(self, library: str) -> None:
        with tempfile.TemporaryFile() as data:
            data.write(
                b"".join(
                    len(msg).to_bytes(4, "little") + bytes(key.sodium) + sig + msg
                    for key, sig, msg in (self.jobs[i] for i in self.sent)
                )
            )
            data.seek(0)
            r, w = os.pipe()
            try:
                self.pid = os.posix_spawn(
                    sys.executable,
                    [sys.executable, "-I", "-S", _CHILD, library],
                    os.environ,
                    file_actions=[
                        (os.POSIX_SPAWN_DUP2, data.fileno(), 0),
                        (os.POSIX_SPAWN_DUP2, w, 1),
                        # a child that fails says nothing: its answers are checked here
                        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
                    ],
                )
            except BaseException:
                os.close(r)
                raise
            finally:
                os.close(w)
        os.set_blocking(r, False)
        self.fd = r

    def _read(self) -> bool:
        """Take in what the child has answered; False once it has no more to say."""
        if self.fd is None:
            return False
        try:
            got = os.read(self.fd, 65536)
        except BlockingIOError:
            return True
        if not got:
            os.close(self.fd)
            self.fd = None
            return False
        for k, b in enumerate(got, self.got):
            if k < len(self.sent):
                self.answers[self.sent[k]] = b == 1
        self.got += len(got)
        return True

    def answer(self, key: Any, sig: bytes, msg: bytes) -> bool | None:
        """True, owed (the child's answers are read when the walk is over: a read
        between two signatures costs more than it tells); False for a signature that
        cannot be good; None for one not among the jobs (check it here)."""
        i = self.at.get((key.line, sig, msg))
        if i is None:
            return None
        if self.answers[i] is None:
            self.owed.append(i)
            return True
        return self.answers[i]

    def confirm(self) -> bool:
        """Whether every answer taken on trust was right."""
        left = [i for i in self.owed if self.answers[i] is None]
        while left:
            done = not self._read()  # the child has no more to say: the rest are here
            left = [i for i in left if self.answers[i] is None]
            for i in left if done else left[-1:]:  # else the last, the child at the front
                key, sig, msg = self.jobs[i]
                self.answers[i] = key.check_raw(sig, msg)
            left = [] if done else left[:-1]
        return all(self.answers[i] for i in self.owed)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self.pid is not None:
            with suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = None


def answer(key: Any, sig: bytes, msg: bytes) -> bool | None:
    ahead = _current
    return None if ahead is None else ahead.answer(key, sig, msg)


@contextmanager
def checking(jobs: list[tuple[Any, bytes, bytes]], cores: int) -> Iterator[Ahead | None]:
    """Check `jobs` in a child process while the body runs (with more than one core).
    Yields the Ahead (None: no child, every signature checked here); once the body is
    over, its `confirmed` says whether what the body took on trust was right."""
    global _current
    library = _library() if hasattr(os, "posix_spawn") else None
    if cores < 2 or len(jobs) < MIN_JOBS or _current is not None or library is None:
        yield None
        return
    ahead = Ahead(jobs)
    try:
        ahead.start(library)
    except OSError:
        yield None
        return
    _current = ahead
    try:
        yield ahead
    finally:
        _current = None
        try:
            ahead.confirmed = ahead.confirm()
        finally:
            ahead.close()
