"""`pbem sign` on a saved plain-text report (docs/signing.md): a report prints each
envelope to fill in between rules of 72 dashes, the orders envelope and then the
standing one; with one it is signed, with two `--phase` picks (else a usage error
naming both)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pbem import envelope
from pbem.cli import main
from pbem.report_blocks import RULE

HEAD = "Game: g 0123456789abcdef\nPower: Red\nPhase: {phase}\nSequence: {seq}\n\n"
REPORT = (
    "== Your orders ==\nCopy the lines between the rules into a file...\n"
    f"{RULE}\n{HEAD.format(phase='t1-muster', seq=4)}# what to write\nmuster 2\n{RULE}\n"
    "Your standing orders in force (event 9) are the lines of the envelope below.\n"
    f"{RULE}\n{HEAD.format(phase='standing', seq=5)}# standing orders\nretreat always\n{RULE}\n"
    "\n== Checkpoint ==\n"
)


def run(*args, code=0):
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == code, f"exit {r.exit_code}\n{r.output}\n{r.exception!r}"
    return r.output


def test_sign_a_saved_report_picks_its_envelope(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run("keygen", "red")
    Path("report.txt").write_text(REPORT)
    out = run("sign", "report.txt", "--key", "red.key", code=2)
    assert "holds 2 envelopes ('Phase: t1-muster', 'Phase: standing')" in out
    assert "--phase" in out
    env = envelope.parse(run("sign", "report.txt", "--key", "red.key", "--phase", "standing"))
    assert env.phase == "standing" and env.seq == 5
    assert [o.text for o in env.orders if o.text.strip()] == ["# standing orders", "retreat always"]
    env = envelope.parse(run("sign", "report.txt", "--key", "red.key", "--phase", "t1-muster"))
    assert env.phase == "t1-muster" and env.seq == 4
    out = run("sign", "report.txt", "--key", "red.key", "--phase", "t2", code=2)
    assert "no envelope with 'Phase: t2'" in out
    one = REPORT[: REPORT.index("Your standing")]  # an older report: one envelope
    Path("one.txt").write_text(one)
    assert envelope.parse(run("sign", "one.txt", "--key", "red.key")).seq == 4


def test_sign_a_report_with_a_sequence_far_above_its_own(tmp_path, monkeypatch):
    """A report's own number counts (docs/signing.md, "How high a Sequence may go"): a
    player counting in 12-digit dates may go on; 10^15 above it is refused unless
    --force, as 999999999999999999 is in any file."""
    monkeypatch.chdir(tmp_path)
    run("keygen", "red")
    dated = REPORT.replace("Sequence: 5", "Sequence: 202611281846")
    Path("r.txt").write_text(dated.replace("Sequence: 4", "Sequence: 202611281900"))
    assert envelope.parse(run("sign", "r.txt", "--key", "red.key", "--phase", "t1-muster")).seq > 0
    Path("r.txt").write_text(REPORT.replace("Sequence: 4", f"Sequence: {10**15}"))
    out = run("sign", "r.txt", "--key", "red.key", "--phase", "t1-muster", code=2)
    assert "far above the next one expected (5)" in " ".join(out.split())
    run("sign", "r.txt", "--key", "red.key", "--phase", "t1-muster", "--force")
