"""What a report rendered to, remembered on this machine, so that `pbem verify` checks
a delivered report without rendering it again when it has done so before (issue 20).

A report is a pure function of the log up to its last event (whose chain hash binds
every event before it), the power, the events it covers, the printed deadline, and
the code that renders it (docs/reports.md, Determinism). An entry maps exactly that
to the report's content hash. Entries are derived data, never authoritative:

- They live in this user's cache directory ($PBEM_CACHE_DIR, else
  $XDG_CACHE_HOME/pbem, else ~/.cache/pbem), never in the game file a referee hands
  out.
- Each entry carries an HMAC under a key made on this machine (`key`, mode 0600):
  an entry copied from anyone else's cache, or edited, does not check and is
  ignored (the report is rendered again).
- The code fingerprint (a hash of pbem's modules, templates and game content, and
  of the ruleset's module) is part of the key: after any change of the software an
  entry no longer applies.

Only this machine's own renders write entries (`pbem send`, `pbem verify`), so a hit
says "this machine rendered that report from that log prefix and got this hash".
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import sqlite3
import sys
from functools import cache
from pathlib import Path

from ..cache_dir import cache_dir, mac, machine_key

TABLE = "report_hashes"


@cache
def _fingerprint(extra: tuple[str, ...]) -> str:
    from ..content import data_dir

    here = Path(__file__).resolve().parent.parent
    roots = [here, data_dir("templates"), data_dir("games")]
    h = hashlib.sha256()
    for root in roots:
        for p in sorted(root.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts:
                h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    for f in extra:
        with contextlib.suppress(OSError):
            h.update(Path(f).read_bytes())
    return h.hexdigest()


def fingerprint(ruleset: object) -> str:
    mod = sys.modules.get(type(ruleset).__module__)
    f = getattr(mod, "__file__", None)
    return _fingerprint((f,) if f else ())


class HashCache:
    """Open with the ruleset whose code renders the reports; use as a context manager."""

    def __init__(self, ruleset: object, directory: Path | None = None):
        self.dir = directory or cache_dir()
        self.code = fingerprint(ruleset)
        self.conn: sqlite3.Connection | None = None
        self.secret = b""
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            self.secret = machine_key(self.dir)
            self.conn = sqlite3.connect(self.dir / "reports.sqlite", timeout=10)
            self.conn.execute(
                f"CREATE TABLE IF NOT EXISTS {TABLE} (k TEXT PRIMARY KEY, v TEXT, mac TEXT)"
            )
        except (OSError, sqlite3.Error):
            self.conn = None  # no cache: every report is rendered, nothing else changes

    def _k(self, head: str, power: str, start: int, stop: int, deadline: str | None) -> str:
        return json.dumps([self.code, head, power, start, stop, deadline])

    def _mac(self, k: str, v: str) -> str:
        return mac(self.secret, f"{k}\n{v}".encode())

    def get(self, head: str, power: str, start: int, stop: int, deadline: str | None) -> str | None:
        """The content hash this machine rendered for the report, or None."""
        if self.conn is None:
            return None
        k = self._k(head, power, start, stop, deadline)
        try:
            row = self.conn.execute(f"SELECT v, mac FROM {TABLE} WHERE k = ?", (k,)).fetchone()
        except sqlite3.Error:
            return None
        if row is None or not hmac.compare_digest(row[1], self._mac(k, row[0])):
            return None
        return row[0]

    def put(
        self, head: str, power: str, start: int, stop: int, deadline: str | None, value: str
    ) -> None:
        if self.conn is None:
            return
        k = self._k(head, power, start, stop, deadline)
        with contextlib.suppress(sqlite3.Error):
            self.conn.execute(
                f"INSERT OR REPLACE INTO {TABLE} (k, v, mac) VALUES (?, ?, ?)",
                (k, value, self._mac(k, value)),
            )

    def close(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self.conn.commit()
            self.conn.close()
            self.conn = None

    def __enter__(self) -> HashCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
