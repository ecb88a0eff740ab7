"""Verify on every core (pbem/verify_split.py, issue 9): the log cut into segments, each
walked by its own process from the log's fold before it, says exactly what a
sequential verify says: the same counts and the same findings in the same order, for
untouched games and for games tampered with in any segment."""

from __future__ import annotations

import json
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest
import rowkit
from gamekit import new_game, play_to_end

from pbem import verify_split
from pbem.verify import verify

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    kit = new_game(tmp_path_factory.mktemp("g"))
    play_to_end(kit)
    return kit


@pytest.fixture
def short_segments(monkeypatch):
    """Segments of one resolution, so that the ten of the mini game are cut."""
    monkeypatch.setattr(verify_split, "MIN_RESOLUTIONS", 1)
    monkeypatch.setattr(verify_split, "MAX_JOBS", 8)


def _copy(src: Path, dst: Path) -> Path:
    a, b = sqlite3.connect(src), sqlite3.connect(dst)
    a.backup(b)
    a.close()
    b.close()
    return dst


def _same_everywhere(path: Path, jobs=(2, 3, 4, 8)):
    one = verify(path, jobs=1)
    for n in jobs:
        assert verify(path, jobs=n) == one, n
    return one


def test_cuts_fall_on_resolutions_in_even_shares(finished, short_segments):
    from pbem.log import EventLog

    with EventLog(finished.path) as log:
        rows = list(log.rows())
    decoded = [(r, r.event()) for r in rows]
    starts = verify_split.cuts(decoded, 3)
    assert len(starts) == 3 and starts[0] == 0
    assert all(decoded[i][1].type == "phase_resolved" for i in starts[1:])
    assert abs(starts[1] - len(rows) / 3) < 15 and abs(starts[2] - 2 * len(rows) / 3) < 15
    verify_split.MIN_RESOLUTIONS = 8  # ten resolutions make one segment of eight or more
    assert verify_split.cuts(decoded, 3) == [0]


def test_an_untouched_game_verifies_the_same(finished, short_segments):
    rep = _same_everywhere(finished.path)
    assert rep.ok and rep.resolutions == 10 and rep.signatures == 12


def _tampered_rolls(kit, tmp_path: Path) -> list[Path]:
    """A copy for each resolution with a public roll: that roll changed, chain rebuilt."""
    rows = rowkit.rows(kit.path)
    out = []
    for k, i in enumerate(
        i
        for i, r in enumerate(rows)
        if r[1] == "dice_rolled" and json.loads(r[3])["stream"] == "public"
    ):
        path = _copy(kit.path, tmp_path / f"roll{k}.pbem")
        changed = [list(r) for r in rows]
        d = json.loads(changed[i][3])
        d["values"][0] = 7 - d["values"][0]
        changed[i][3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
        rowkit.rewrite(path, changed)
        out.append(path)
    return out


def test_a_changed_roll_in_any_segment_is_found_the_same(finished, short_segments, tmp_path):
    paths = _tampered_rolls(finished, tmp_path)
    assert len(paths) >= 5
    for path in paths[:: max(1, len(paths) // 5)]:
        rep = _same_everywhere(path, jobs=(2, 4))
        assert not rep.ok and "differ from a recomputation" in rep.text()


def test_a_walk_stopped_early_stops_every_later_segment(finished, short_segments, tmp_path):
    """A second registration of a key ends the walk: nothing after it is checked, so a
    later segment's findings (a forged roll at the end) are not reported either."""
    rows = [list(r) for r in rowkit.rows(finished.path)]
    reg = next(r for r in rows if r[1] == "player_registered")
    mid = len(rows) // 3
    again = [mid + 1, reg[1], reg[2], reg[3], None, None, None]
    changed = rows[:mid] + [again] + [[r[0] + 1, *r[1:]] for r in rows[mid:]]
    last = max(
        i
        for i, r in enumerate(changed)
        if r[1] == "dice_rolled" and json.loads(r[3])["stream"] == "public"
    )
    d = json.loads(changed[last][3])
    d["values"][0] = 7 - d["values"][0]
    changed[last][3] = json.dumps(d, sort_keys=True, separators=(",", ":"))
    path = _copy(finished.path, tmp_path / "twice.pbem")
    rowkit.rewrite(path, changed)
    rep = _same_everywhere(path, jobs=(2, 4))
    assert "registered again" in rep.text()
    assert "differ from a recomputation" not in rep.text()


def test_a_child_that_fails_is_walked_here(finished, short_segments, monkeypatch, tmp_path):
    path = _tampered_rolls(finished, tmp_path)[-1]
    one = verify(path, jobs=1)
    failed = []
    real = verify_split._collect

    def lost(child):  # as if the child had died: its answer never read
        real(child)
        failed.append(child)

    monkeypatch.setattr(verify_split, "_collect", lost)
    assert verify(path, jobs=3) == one and len(failed) == 2


def test_no_fork_while_other_threads_run(finished, short_segments, monkeypatch):
    forked = []
    real = verify_split._spawn
    monkeypatch.setattr(verify_split, "_spawn", lambda *a: forked.append(1) or real(*a))
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert verify(finished.path, jobs=2).ok
    finally:
        stop.set()
        t.join()
    assert forked == []
    if threading.active_count() == 1:  # (a server thread another test left behind)
        assert verify(finished.path, jobs=2).ok and forked == [1]


def test_a_golden_game_of_another_ruleset_verifies_the_same_on_two_cores(
    tmp_path, short_segments, monkeypatch
):
    path = shutil.copy(GOLDEN / "struggle-of-empires-2p-sealed-joins.pbem", tmp_path / "g.pbem")
    one = verify(path, jobs=1)
    assert one.ok and one.resolutions > 30
    forked = []
    real = verify_split._spawn
    monkeypatch.setattr(verify_split, "_spawn", lambda *a: forked.append(a[2]) or real(*a))
    assert verify(path, jobs=2) == one
    assert len(forked) == 1 or threading.active_count() > 1
