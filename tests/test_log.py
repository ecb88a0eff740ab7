import json
import multiprocessing as mp
import sqlite3
from typing import ClassVar, Literal

import pytest

from pbem import events as ev
from pbem.errors import ConflictError
from pbem.log import GENESIS, EventLog, row_hash


def _dl(phase: str) -> ev.DeadlinePassed:
    return ev.DeadlinePassed(phase=phase, declared_at="t")


def test_append_chains_hashes_and_names_expected_seq(tmp_path):
    log = EventLog(tmp_path / "g.pbem", create=True)
    rows = log.append([_dl("a"), _dl("b")], 0)
    assert [r.seq for r in rows] == [1, 2]
    assert rows[0].prev == GENESIS and rows[1].prev == rows[0].hash
    assert rows[1].hash == row_hash(rows[0].hash, 2, "deadline_passed", 1, rows[1].body)
    assert json.loads(rows[0].body) == {"declared_at": "t", "phase": "a", "type": "deadline_passed"}
    with pytest.raises(ConflictError, match="expected the log to end at event 1, it ends at 2"):
        log.append([_dl("c")], 1)
    assert log.head() == (2, rows[1].hash)
    assert [e.phase for _, e in log.events()] == ["a", "b"]


def test_wal_mode(tmp_path):
    EventLog(tmp_path / "g.pbem", create=True).close()
    mode = sqlite3.connect(tmp_path / "g.pbem").execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_a_failing_batch_writes_nothing(tmp_path):
    log = EventLog(tmp_path / "g.pbem", create=True)
    log.append([_dl("a")], 0)

    class Boom(ev.Event):
        type: Literal["test.boom"] = "test.boom"

        def model_dump(self, **kw):
            raise RuntimeError("boom while encoding")

    with pytest.raises(RuntimeError):
        log.append([_dl("b"), Boom(), _dl("c")], 1)
    assert log.head()[0] == 1
    # and a failure inside the transaction (duplicate primary key) rolls back whole
    log.conn.execute(
        "CREATE TRIGGER no_c BEFORE INSERT ON events WHEN NEW.body LIKE '%\"c\"%' "
        "BEGIN SELECT RAISE(ABORT, 'refused'); END"
    )
    with pytest.raises(sqlite3.IntegrityError):
        log.append([_dl("b"), _dl("c")], 1)
    assert log.head()[0] == 1


def _racer(path, barrier, out, n, rnd):
    log = EventLog(path)
    seq, _ = log.head()
    barrier.wait()
    try:
        log.append([_dl(f"r{rnd}-p{n}-{i}") for i in range(50)], seq)
        out.put(("won", n))
    except ConflictError as e:
        out.put(("conflict", str(e)))


def test_two_processes_appending_at_once_one_wins(tmp_path):
    path = tmp_path / "g.pbem"
    EventLog(path, create=True).append([_dl("start")], 0)
    ctx = mp.get_context("spawn")
    for _round in range(3):
        barrier, out = ctx.Barrier(2), ctx.Queue()
        procs = [ctx.Process(target=_racer, args=(path, barrier, out, n, _round)) for n in range(2)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(30)
        results = sorted(out.get(timeout=5) for _ in procs)
        assert [r[0] for r in results] == ["conflict", "won"], results
        assert "nothing was written" in results[0][1]
    log = EventLog(path)
    phases = [e.phase for _, e in log.events()]
    assert len(phases) == 1 + 3 * 50 and len(set(phases)) == len(phases)
    seqs = [r.seq for r in log.rows()]
    assert seqs == list(range(1, len(seqs) + 1))


# --- upcasting: one test event with two schema versions ------------------------


@ev.event
class Renamed(ev.Event):
    """Version 1 had `name`; version 2 splits it into `given` and `family`."""

    version: ClassVar[int] = 2
    type: Literal["test.renamed"] = "test.renamed"
    given: str
    family: str


@ev.upcaster("test.renamed", 1)
def _renamed_v1(d: dict) -> dict:
    given, _, family = d.pop("name").partition(" ")
    return {**d, "given": given, "family": family}


def test_old_payload_versions_are_upcast_on_read(tmp_path):
    log = EventLog(tmp_path / "g.pbem", create=True)
    body_v1 = json.dumps({"name": "Frederick Hohenzollern", "type": "test.renamed"})
    h = row_hash(GENESIS, 1, "test.renamed", 1, body_v1)
    log.conn.execute(
        "INSERT INTO events VALUES (1, 'test.renamed', 1, ?, ?, ?)", (body_v1, GENESIS, h)
    )
    log.append([Renamed(given="Maria", family="Theresa")], 1)
    got = [e for _, e in log.events()]
    assert got == [
        Renamed(given="Frederick", family="Hohenzollern"),
        Renamed(given="Maria", family="Theresa"),
    ]
    assert [r.v for r in log.rows()] == [1, 2]  # stored as written; upcast only on read


def test_a_newer_version_than_known_is_refused(tmp_path):
    from pbem.errors import LogCorrupt

    with pytest.raises(LogCorrupt, match="newer than this pbem knows"):
        ev.decode("test.renamed", 3, "{}")
