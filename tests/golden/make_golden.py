"""Make a golden game file (issue 16, "games outlive upgrades"): a scripted game played
to its end by this pbem, kept in tests/golden/ with the hashes of every report it calls
for (NAME.reports.json). tests/test_golden.py checks on every run that each golden game
still verifies and renders the same reports byte for byte.

Run it only to ADD a game (a new game, or a game of a new rules version):

    .venv/bin/python tests/golden/make_golden.py NAME RULESET SCENARIO [OPTION=VALUE ...]

Never to make an existing one again: a golden file that no longer passes means a change
broke games already played. Keep the old behaviour for games of the old version (their
`game_created.software`), or make pbem refuse them naming the version to use."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

from pbem.demo import run_demo
from pbem.reports import render, schedule
from pbem.service import Game

HERE = Path(__file__).parent
MASTER = b"pbem golden game\x00" * 2  # 32 bytes: the same game at every run


def report_hashes(path: Path) -> dict[str, dict[str, str]]:
    """Every report the log calls for: its key -> the SHA-256 of its text and HTML."""
    out = {}
    with Game(path) as game:
        for d in schedule(game):
            r = render(game, d.power, d.start, d.stop)
            out[d.key] = {
                "text": hashlib.sha256(r.text.encode()).hexdigest(),
                "html": hashlib.sha256(r.html.encode()).hexdigest(),
            }
    return out


def main(name: str, ruleset: str, scenario: str, *opts: str) -> None:
    options = {}
    for o in opts:
        k, _, v = o.partition("=")
        options[k] = int(v) if v.isdecimal() else (v or True)
    target = HERE / f"{name}.pbem"
    if target.exists():
        raise SystemExit(f"{target} exists: golden games are never made again")
    with tempfile.TemporaryDirectory() as tmp:
        played = run_demo(tmp, ruleset, scenario, echo=lambda s: None, master=MASTER,
                          reports_too=False, options=options or None)  # fmt: skip
        src = sqlite3.connect(played)
        src.execute("VACUUM")
        out = sqlite3.connect(target)
        src.backup(out)
        out.close()
        src.close()
    hashes = report_hashes(target)
    (HERE / f"{name}.reports.json").write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
    for extra in target.parent.glob(f"{target.name}.*"):  # caches beside it (status)
        if extra.suffix != ".json":
            extra.unlink() if extra.is_file() else shutil.rmtree(extra)
    print(f"{target}: {len(hashes)} reports")


if __name__ == "__main__":
    main(*sys.argv[1:])
