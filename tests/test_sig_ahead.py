"""Signatures checked ahead by a child process (pbem/sig_ahead.py, pbem/sig_child.py):
the same report with the child as without it, a forged signature found either way (the
walk done again), a child that fails changes nothing, and nothing is left behind."""

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest
import rowkit
from gamekit import new_game, play_to_end

from pbem import sig_ahead, verify_ahead, verify_split
from pbem.keys import PublicKey
from pbem.verify import Walk, verify


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    kit = new_game(tmp_path_factory.mktemp("g"))
    play_to_end(kit)
    return kit


@contextlib.contextmanager
def _no_child(jobs, cores):
    yield None


def _both(path, monkeypatch):
    """The report with a child (two cores), then without it; and how often the walk
    was done and how many signatures this process checked, with the child (which is
    waited for when the walk is over)."""
    monkeypatch.setattr(verify_split, "usable_cores", lambda: 2)
    monkeypatch.setattr(sig_ahead, "MIN_JOBS", 2)  # the test game has 22 signatures
    here, walks = [], []
    real_check, real_segment = PublicKey.check_raw, Walk.segment
    real_confirm = sig_ahead.Ahead.confirm

    def counted(self, sig, msg):
        here.append(1)
        return real_check(self, sig, msg)

    def segment(self, *a):
        walks.append(1)
        return real_segment(self, *a)

    def confirm(self):  # the test game's walk is shorter than the child's start-up
        while self._read():
            time.sleep(0.001)
        return real_confirm(self)

    monkeypatch.setattr(PublicKey, "check_raw", counted)
    monkeypatch.setattr(Walk, "segment", segment)
    monkeypatch.setattr(sig_ahead.Ahead, "confirm", confirm)
    with_child = verify(path, jobs=1)
    counts = (len(walks), len(here))
    monkeypatch.setattr(sig_ahead, "checking", _no_child)
    without = verify(path, jobs=1)
    return with_child, without, counts


def _jobs(path):
    from pbem.log import EventLog

    with EventLog(path) as log:
        decoded = [(r, r.event()) for r in log.rows()]
    created = decoded[0][1]
    return verify_ahead.signature_jobs(decoded, created.referee_key, created.game)


def _forged(finished, tmp_path):
    """A copy of the game where Red's first envelope carries Blue's signature."""
    path = tmp_path / "copy.pbem"
    src, out = sqlite3.connect(finished.path), sqlite3.connect(path)
    src.backup(out)
    out.close()
    rows = [list(r) for r in rowkit.rows(path)]
    first = lambda t, p: next(  # noqa: E731
        i for i, r in enumerate(rows) if r[1] == t and json.loads(r[3])["power"] == p
    )
    i, j = first("orders_accepted", "Red"), first("orders_accepted", "Blue")
    red, blue = json.loads(rows[i][3]), json.loads(rows[j][3])
    sig = lambda t: t[t.index("Signature: ") :]  # noqa: E731
    red["envelope"] = red["envelope"].replace(sig(red["envelope"]), sig(blue["envelope"]))
    rows[i][3] = json.dumps(red, sort_keys=True, separators=(",", ":"))
    rowkit.rewrite(path, rows, True)
    return path


def test_the_same_report_with_and_without_the_child(finished, monkeypatch):
    on, off, (walks, here) = _both(finished.path, monkeypatch)
    assert on.ok and off.ok
    assert on.text() == off.text()
    assert on.signatures == off.signatures == 12 and on.checkpoints == 10
    assert walks == 1  # every signature was good: one walk
    assert here == 0  # the child checked them all
    assert sig_ahead._current is None
    assert sig_ahead.answer(*_jobs(finished.path)[0]) is None  # the answers went with it


def test_a_forged_signature_is_found_with_the_child(finished, tmp_path, monkeypatch):
    on, off, (walks, _) = _both(_forged(finished, tmp_path), monkeypatch)
    assert "does not verify with Red's key" in on.text()
    assert on.text() == off.text()
    assert walks == 2  # taken on trust, found bad by the child: walked again


def test_a_child_that_fails_changes_nothing(finished, tmp_path, monkeypatch):
    """A child that cannot load its library says nothing: the answers owed are then
    checked here, and a forged signature is found all the same."""
    monkeypatch.setattr(sig_ahead, "_library", lambda: str(tmp_path / "missing.so"))
    on, off, (walks, here) = _both(finished.path, monkeypatch)
    assert on.ok and on.text() == off.text() and walks == 1 and here > 0
    on, off, (walks, _) = _both(_forged(finished, tmp_path), monkeypatch)
    assert "does not verify with Red's key" in on.text() and on.text() == off.text()


def test_the_child_answers_each_job_in_order(finished):
    good = _jobs(finished.path)[:3]
    key, sig, msg = good[1]
    bad = (key, sig, msg + b"!")
    jobs = [good[0], bad, good[2], (key, bytes(64), msg)]
    data = b"".join(len(m).to_bytes(4, "little") + bytes(k.sodium) + s + m for k, s, m in jobs)
    run = [sys.executable, "-I", "-S", sig_ahead._CHILD, sig_ahead._library()]
    got = subprocess.run(run, input=data, capture_output=True, check=True).stdout
    assert got == b"\x01\x00\x01\x00"
    assert [k.check_raw(s, m) for k, s, m in jobs] == [True, False, True, False]


def test_the_jobs_are_the_walks_signatures_in_its_order(finished):
    jobs = _jobs(finished.path)
    assert len(jobs) == 12 + 10  # the envelopes and the checkpoints the walk checks
    assert all(k.check_raw(s, m) for k, s, m in jobs)


def test_no_child_is_left_behind(finished, monkeypatch):
    monkeypatch.setattr(sig_ahead, "MIN_JOBS", 2)
    started = []
    real_start = sig_ahead.Ahead.start

    def start(self, library):
        real_start(self, library)
        started.append(self)

    monkeypatch.setattr(sig_ahead.Ahead, "start", start)
    with sig_ahead.checking(_jobs(finished.path), 2) as ahead:
        assert ahead is started[0] and ahead.pid is not None
        pid = ahead.pid
    assert ahead.confirmed and ahead.pid is None and ahead.fd is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped
