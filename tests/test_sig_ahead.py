"""Signatures checked ahead on another core (pbem/sig_ahead.py): the same report with the
thread as without it, a forged signature found either way, and nothing left behind."""

import contextlib
import json
import sqlite3
import sys
import threading

import pytest
import rowkit
from gamekit import new_game, play_to_end

from pbem import sig_ahead, verify_ahead, verify_split
from pbem.keys import PublicKey
from pbem.verify import verify


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    kit = new_game(tmp_path_factory.mktemp("g"))
    play_to_end(kit)
    return kit


@contextlib.contextmanager
def _no_thread(jobs, cores):
    yield


def _both(path, monkeypatch):
    """The report with two cores (the thread), then with the thread off."""
    monkeypatch.setattr(verify_split, "usable_cores", lambda: 2)
    calls = []
    real_check = PublicKey.check_raw

    def counted(self, sig, msg):
        calls.append(threading.current_thread().name)
        return real_check(self, sig, msg)

    monkeypatch.setattr(PublicKey, "check_raw", counted)
    with_thread = verify(path, jobs=1)
    monkeypatch.setattr(sig_ahead, "checking", _no_thread)
    without = verify(path, jobs=1)
    return with_thread, without, calls


def _any_job(path):
    from pbem.log import EventLog

    with EventLog(path) as log:
        decoded = [(r, r.event()) for r in log.rows()]
    created = decoded[0][1]
    return verify_ahead.signature_jobs(decoded, created.referee_key, created.game)[0]


def _text(rep):
    return rep.text()


def test_the_same_report_with_and_without_the_thread(finished, monkeypatch):
    interval = sys.getswitchinterval()
    on, off, calls = _both(finished.path, monkeypatch)
    assert on.ok and off.ok
    assert _text(on) == _text(off)
    assert on.signatures == off.signatures == 12 and on.checkpoints == 10
    assert "pbem-signatures" in calls  # the thread did check some
    assert sys.getswitchinterval() == interval  # put back
    assert sig_ahead.answer(*_any_job(finished.path)) is None  # the answers went with it
    assert not any(t.name == "pbem-signatures" for t in threading.enumerate())


def test_a_forged_signature_is_found_with_the_thread(finished, tmp_path, monkeypatch):
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
    on, off, _ = _both(path, monkeypatch)
    assert "does not verify with Red's key" in on.text()
    assert _text(on) == _text(off)


def test_the_jobs_are_the_walks_signatures_in_its_order(finished):
    from pbem.log import EventLog

    with EventLog(finished.path) as log:
        decoded = [(r, r.event()) for r in log.rows()]
    created = decoded[0][1]
    jobs = verify_ahead.signature_jobs(decoded, created.referee_key, created.game)
    assert len(jobs) == 12 + 10  # the envelopes and the checkpoints the walk checks
    assert all(k.check_raw(s, m) for k, s, m in jobs)
