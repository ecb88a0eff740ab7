"""Verify on every core (issue 9): the log's resolutions are cut into segments, one
per process. Each segment starts from the state the log records before it (the fold
of the events before it, which is what a sequential verify holds there whenever the
resolutions before it recompute as recorded; where one does not, it rebuilds that
same fold), so the segments are independent and their findings, read back in order,
are the sequential verify's, finding for finding.

The first segment runs in this process; each other one in a child made by fork,
which has the decoded log already and sends back its findings and counts through a
pipe. Without fork (or with other threads running, or `jobs` 1), or for a short log,
everything runs here, in one segment."""

from __future__ import annotations

import dataclasses
import os
import pickle
import sys
import threading
from typing import Any

from . import sig_ahead

# below this many resolutions a segment is not worth a process: a forked child pays for
# the pages it touches (copy on write) and its exit, about as much as it saves on a
# game of 30 resolutions; on World at War's 196, two processes take 0.7 of one's time
MIN_RESOLUTIONS = 20
MAX_JOBS = 4
COUNTS = ("signatures", "seeds", "resolutions", "rolls", "hidden_unchecked", "checkpoints")


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def can_fork() -> bool:
    return (
        hasattr(os, "fork")
        and sys.platform.startswith(("linux", "freebsd"))
        and threading.active_count() == 1
    )


def cuts(decoded: list, jobs: int) -> list[int]:
    """Row indexes where segments start (the first is 0): `phase_resolved` rows, as
    near as may be to equal shares of the rows, each segment with enough resolutions."""
    heads = [i for i, (_, e) in enumerate(decoded) if e.type == "phase_resolved"]
    jobs = min(jobs, len(heads) // MIN_RESOLUTIONS)
    out = [0]
    for k in range(1, jobs):
        want = len(decoded) * k // jobs
        i = min(heads, key=lambda h: (abs(h - want), h))
        if i > out[-1]:
            out.append(i)
    return out


def walk_all(walk: Any, rep: Any, jobs: int | None, signatures: list = ()) -> bool:
    """Walk the whole log (`walk`: pbem.verify.Walk) into `rep`; False where it could
    not be walked to the end. `jobs`: processes at most (None: one per usable core, up
    to MAX_JOBS). `signatures`: the (key, signature, message) the walk will check; when
    this process walks it all, a child process checks them ahead (pbem/sig_ahead.py)."""
    n = len(walk.decoded)
    jobs = min(usable_cores(), MAX_JOBS) if jobs is None else jobs
    begin = cuts(walk.decoded, jobs) if jobs > 1 and can_fork() else [0]
    if begin == [0]:
        return _walk_here(walk, rep, list(signatures))
    ends = [*begin[1:], n]
    children = [_spawn(walk, type(rep), lo, hi) for lo, hi in zip(begin[1:], ends[1:], strict=True)]
    try:
        state = walk.segment(rep, walk.state_at(0), 0, ends[0])
        for k in range(len(children)):
            got = _collect(children[k])
            children[k] = None
            if state is None:
                continue  # an earlier segment stopped the walk: a sequential verify ends there
            if got is None:  # the child failed: walk its segment here, from the log's fold
                lo, hi = begin[k + 1], ends[k + 1]
                state = walk.segment(rep, walk.state_at(lo), lo, hi)
                continue
            part, done = got
            rep.findings.extend(part.findings)
            for name in COUNTS:
                setattr(rep, name, getattr(rep, name) + getattr(part, name))
            state = state if done else None
    finally:  # this process failed: no child is left behind
        for child in children:
            if child is not None:
                _collect(child)
    return state is not None


def _walk_here(walk: Any, rep: Any, signatures: list) -> bool:
    """The whole log walked in this process, its signatures checked ahead by a child
    (pbem/sig_ahead.py). Where the child says a signature the walk took on trust is
    bad, the walk is done again, each signature checked in turn, so the report is that
    walk's, finding for finding."""
    n = len(walk.decoded)
    before = dataclasses.replace(rep, findings=list(rep.findings))
    ahead = None
    try:
        with sig_ahead.checking(signatures, usable_cores()) as ahead:
            done = walk.segment(rep, walk.state_at(0), 0, n) is not None
    except Exception:
        if ahead is None or ahead.confirmed:
            raise
    else:
        if ahead is None or ahead.confirmed:
            return done
    vars(rep).update(vars(dataclasses.replace(before, findings=list(before.findings))))
    return walk.segment(rep, walk.state_at(0), 0, n) is not None


def _spawn(walk, report_type, lo: int, hi: int) -> tuple[int, int]:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: walk the segment, send (report, walked to the end)
        os.close(r)
        code = 0
        try:
            part = report_type()
            done = walk.segment(part, walk.state_at(lo), lo, hi) is not None
            data = pickle.dumps((part, done), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(w, "wb") as out:
                out.write(data)
        except BaseException:  # noqa: BLE001 - the parent then walks the segment itself
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    return pid, r


def _collect(child: tuple[int, int]):
    pid, r = child
    with os.fdopen(r, "rb") as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        return None
    return pickle.loads(data)
