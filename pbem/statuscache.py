"""`pbem status` without replaying the log.

The text of the last status is kept in the game file, in a table beside the
events, keyed by the log's head (last sequence number and its hash) and by the
software that wrote it. It is derived data, never part of the hash chain: verify
ignores it, and a stale or edited row only costs a replay, because `read` returns
it only while the head it names is still the head of the log. A referee runs
`status` hundreds of times; this way it imports sqlite3 and nothing of the rules.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from . import __version__

TABLE = "status_cache"
FORMAT = f"pbem {__version__}; status 2"  # a new format or version invalidates every row


def read(path: str | Path) -> str | None:
    """The cached status text, if it was written at the current head; else None."""
    try:
        conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        head = conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        row = conn.execute(f"SELECT seq, hash, format, text FROM {TABLE} WHERE id = 1").fetchone()
    except sqlite3.Error:  # no such table yet (an older file), or not a game file
        return None
    finally:
        conn.close()
    if head is None or row is None or (row[0], row[1]) != tuple(head) or row[2] != FORMAT:
        return None
    return row[3]


def write(conn: sqlite3.Connection, seq: int, head: str, text: str) -> None:
    """Remember `text` as the status at head (seq, head). Best effort: a game file
    opened read-only, or locked by a writer, keeps its old row (read then replays)."""
    try:
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {TABLE} "
            "(id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER, hash TEXT, format TEXT, text TEXT)"
        )
        conn.execute(
            f"INSERT OR REPLACE INTO {TABLE} (id, seq, hash, format, text) VALUES (1, ?, ?, ?, ?)",
            (seq, head, FORMAT, text),
        )
    except sqlite3.Error:
        pass
