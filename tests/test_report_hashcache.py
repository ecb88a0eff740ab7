"""Verify checks delivered reports without rendering them again when this machine
rendered them before (issue 20), and never trusts an entry it did not make."""

import json
import shutil
import sqlite3

import pytest
import second_verifier as sv
from click.testing import CliRunner
from gamekit import new_game, play_to_end

from pbem.cli import main
from pbem.reports import build
from pbem.verify import verify


@pytest.fixture
def sent(tmp_path, monkeypatch):
    """A finished game whose reports `pbem send` wrote (and rendered) with cache A."""
    monkeypatch.setenv("PBEM_CACHE_DIR", str(tmp_path / "cache-a"))
    kit = new_game(tmp_path)
    play_to_end(kit)
    r = CliRunner().invoke(main, ["send", str(kit.path)], env={"PBEM_SMTP_HOST": ""})
    assert r.exit_code == 0, r.output
    return kit


@pytest.fixture
def renders(monkeypatch):
    """Every report page made (one by one or in one pass)."""
    calls = []
    real = build._page

    def counted(data):
        calls.append((data.power, data.start, data.stop))
        return real(data)

    monkeypatch.setattr(build, "_page", counted)
    return calls


def test_after_send_verify_renders_nothing_again(sent, renders):
    rep = verify(sent.path)
    assert rep.ok and rep.reports > 0, rep.text()
    assert renders == []


def test_another_machine_renders_each_report_once(sent, renders, monkeypatch, tmp_path):
    monkeypatch.setenv("PBEM_CACHE_DIR", str(tmp_path / "cache-b"))
    first = verify(sent.path)
    assert first.ok and len(renders) == first.reports
    again = verify(sent.path)
    assert again.ok and len(renders) == first.reports  # the second time from its own cache


def test_entries_from_someone_elses_cache_are_ignored(sent, renders, monkeypatch, tmp_path):
    """The referee's cache, copied beside a player's own key: no entry checks."""
    mine = tmp_path / "cache-b"
    mine.mkdir()
    (mine / "key").write_text("11" * 32 + "\n")
    shutil.copy(tmp_path / "cache-a" / "reports.sqlite", mine / "reports.sqlite")
    monkeypatch.setenv("PBEM_CACHE_DIR", str(mine))
    rep = verify(sent.path)
    assert rep.ok and len(renders) == rep.reports


def test_an_edited_entry_is_ignored(sent, renders, monkeypatch, tmp_path):
    con = sqlite3.connect(tmp_path / "cache-a" / "reports.sqlite")
    con.execute("UPDATE report_hashes SET v = ?", ("0" * 64,))
    con.commit()
    con.close()
    rep = verify(sent.path)
    assert rep.ok and len(renders) == rep.reports


def test_a_changed_delivery_record_is_caught_with_a_warm_cache(sent, renders):
    import rowkit  # its content hash is sealed for its reader: edited as a forger would

    rows = rowkit.rows(sent.path)
    i = next(k for k, r in enumerate(rows) if r[1] == "report_delivered")
    d = json.loads(rows[i][3])
    d["content_hash"] = "ab" * 32
    rows[i][3] = rowkit.canonical(d)
    rowkit.rewrite(sent.path, rows)
    rep = verify(sent.path)
    assert not rep.ok
    assert any("rebuilds differently" in str(f) for f in rep.findings), rep.text()


def test_no_usable_cache_directory_only_costs_time(sent, renders, monkeypatch, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("PBEM_CACHE_DIR", str(blocked / "cache"))
    rep = verify(sent.path)
    assert rep.ok and len(renders) == rep.reports


def sv_rows(path):
    con = sqlite3.connect(path)
    rows = con.execute("SELECT seq, type, v, body, prev, hash FROM events ORDER BY seq").fetchall()
    con.close()
    return [list(r) for r in rows]


def sv_rewrite(path, rows):
    con = sqlite3.connect(path)
    con.execute("DELETE FROM events")
    prev = sv.GENESIS
    for seq, type_, v, body, _, _ in rows:
        h = sv.row_hash(prev, seq, type_, v, body)
        con.execute("INSERT INTO events VALUES (?,?,?,?,?,?)", (seq, type_, v, body, prev, h))
        prev = h
    con.commit()
    con.close()
