"""A process killed in the middle of `advance` leaves a valid log; running `advance`
again reaches the same state, byte for byte, as a run that was never interrupted."""

import sqlite3
import subprocess
import sys
from pathlib import Path

from gamekit import NOW, new_game

from pbem.verify import verify

KILLER = r"""
import os, signal, sys
sys.path.insert(0, {support!r})
from pbem import ruleset as registry
import mini_ruleset
registry.register("mini", mini_ruleset.MiniRuleset)
from pbem import log as L
from pbem.service import Game
original = L.EventLog._insert
def insert_then_die(self, rows):
    original(self, rows)           # rows written inside the open transaction...
    os.kill(os.getpid(), signal.SIGKILL)   # ...and the process dies before COMMIT
L.EventLog._insert = insert_then_die
Game({path!r}).advance()
"""


def _rows(path):
    return (
        sqlite3.connect(path)
        .execute("SELECT seq, type, v, body, prev, hash FROM events ORDER BY seq")
        .fetchall()
    )


def _submit_round(kit):
    with kit.game() as g:
        step = g.status().step
        for p in step.owes:
            lines = g.state().ruleset.demo_orders(g.state().rules, p, step)
            assert g.submit(kit.envelope(p, lines, step.phase), now=NOW).ok


def test_killed_advance_leaves_a_valid_log_and_resumes_identically(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = new_game(tmp_path / "a", master=b"\x07" * 32)
    b = new_game(tmp_path / "b", master=b"\x07" * 32)
    support = str(Path(__file__).parent / "support")
    for _ in range(4):  # several phases, each killed once mid-commit
        _submit_round(a)
        _submit_round(b)
        with a.game() as g:
            assert g.advance()
        before = _rows(b.path)
        proc = subprocess.run(
            [sys.executable, "-c", KILLER.format(support=support, path=str(b.path))],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == -9, proc.stderr
        assert _rows(b.path) == before  # nothing half-written
        assert verify(b.path).ok
        with b.game() as g:
            assert g.advance()
        assert _rows(b.path) == _rows(a.path)
    rep = verify(b.path)
    assert rep.ok, rep.text()
