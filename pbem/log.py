"""The append-only, hash-chained event log: one SQLite file per game (DESIGN "The log").

Row: seq, type, schema version, canonical JSON body, previous hash, own hash, where
hash = SHA-256 over "prev\\nseq\\ntype\\nversion\\nbody" (hex). The first row's prev
is GENESIS. Appends name the sequence they expect at the head and commit a whole
batch in one IMMEDIATE transaction with synchronous=FULL.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import starmap
from pathlib import Path

import sqlite_utils

from . import events as ev
from .canonical import sha256_hex
from .errors import ConflictError, GameError

GENESIS = "0" * 64


def row_hash(prev: str, seq: int, type_: str, version: int, body: str) -> str:
    return sha256_hex(f"{prev}\n{seq}\n{type_}\n{version}\n{body}")


@dataclass(frozen=True, slots=True)
class Row:
    seq: int
    type: str
    v: int
    body: str
    prev: str
    hash: str

    def event(self) -> ev.Event:
        return ev.decode(self.type, self.v, self.body)


_RowTuple = tuple[int, str, int, str, str, str]


def _chain(prev: str, seq: int, events: Iterable[ev.Event]) -> list[_RowTuple]:
    """`chain` as plain (seq, type, v, body, prev, hash) tuples: the append hot path."""
    encode, sha256 = ev.encode, hashlib.sha256
    out: list[_RowTuple] = []
    add = out.append
    for e in events:
        type_, v, body = e.type, e.version, encode(e)
        h = sha256(f"{prev}\n{seq}\n{type_}\n{v}\n{body}".encode()).hexdigest()  # row_hash
        add((seq, type_, v, body, prev, h))
        prev = h
        seq += 1
    return out


def chain(prev: str, first_seq: int, events: Iterable[ev.Event]) -> list[Row]:
    """Hash-chain events after a head: the rows an append would write."""
    return list(starmap(Row, _chain(prev, first_seq, events)))


class EventLog:
    def __init__(self, path: str | Path, *, create: bool = False):
        self.path = Path(path)
        if create and self.path.exists():
            raise GameError(f"{self.path} already exists")
        if not create and not self.path.exists():
            raise GameError(f"no game file at {self.path}")
        self.db = sqlite_utils.Database(self.path)
        self.conn: sqlite3.Connection = self.db.conn
        self.conn.isolation_level = None  # explicit BEGIN/COMMIT below
        self._batch = False
        self.conn.execute("PRAGMA busy_timeout=10000")
        if create:
            self.db.enable_wal()
            self.db["events"].create(
                {"seq": int, "type": str, "v": int, "body": str, "prev": str, "hash": str},
                pk="seq",
                not_null={"type", "v", "body", "prev", "hash"},
            )
        self.conn.execute("PRAGMA synchronous=FULL")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> EventLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def head(self) -> tuple[int, str]:
        row = self.conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        return (0, GENESIS) if row is None else (row[0], row[1])

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Appends inside share one transaction, so one disk sync (ingest's chunks of
        mail, issue 20): all of them are in the log after the block, or none (an
        exception rolls every one back). Each append stays atomic on its own."""
        if self._batch:
            yield
            return
        self.conn.execute("BEGIN IMMEDIATE")
        self._batch = True
        try:
            yield
        except BaseException:
            self._batch = False
            self.conn.execute("ROLLBACK")
            raise
        self._batch = False
        self.conn.execute("COMMIT")

    def append(self, events: list[ev.Event], expected_seq: int) -> list[Row]:
        """Append a batch after `expected_seq`, atomically, or raise ConflictError."""
        if not events:
            return []
        conn = self.conn
        conn.execute("SAVEPOINT append" if self._batch else "BEGIN IMMEDIATE")
        try:
            seq, head = self.head()
            if seq != expected_seq:
                raise ConflictError(
                    f"the game moved on: expected the log to end at event {expected_seq}, "
                    f"it ends at {seq}; nothing was written, try again"
                )
            rows = _chain(head, seq + 1, events)
            self._insert(rows)
            conn.execute("RELEASE append" if self._batch else "COMMIT")
        except BaseException:
            if self._batch:
                conn.execute("ROLLBACK TO append")
                conn.execute("RELEASE append")
            else:
                conn.execute("ROLLBACK")
            raise
        return list(starmap(Row, rows))

    def _insert(self, rows: list[_RowTuple]) -> None:
        """Write (seq, type, v, body, prev, hash) tuples inside the open transaction."""
        self.conn.executemany(
            "INSERT INTO events (seq, type, v, body, prev, hash) VALUES (?, ?, ?, ?, ?, ?)", rows
        )

    def rows(self, start: int = 1, stop: int | None = None) -> Iterator[Row]:
        sql = "SELECT seq, type, v, body, prev, hash FROM events WHERE seq >= ?"
        args: list[int] = [start]
        if stop is not None:
            sql += " AND seq <= ?"
            args.append(stop)
        yield from starmap(Row, self.conn.execute(sql + " ORDER BY seq", args))

    def row(self, seq: int) -> Row | None:
        r = self.conn.execute(
            "SELECT seq, type, v, body, prev, hash FROM events WHERE seq = ?", (seq,)
        ).fetchone()
        return None if r is None else Row(*r)

    def ruleset_name(self) -> str | None:
        """The ruleset named by the first event (game_created), read without decoding."""
        r = self.conn.execute("SELECT type, body FROM events WHERE seq = 1").fetchone()
        if r is None or r[0] != "game_created":
            return None
        return json.loads(r[1]).get("ruleset")

    def events(self, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, ev.Event]]:
        """(seq, event) for each row in order: decoded straight from the cursor's tuples."""
        sql = "SELECT seq, type, v, body FROM events WHERE seq >= ?"
        args: list[int] = [start]
        if stop is not None:
            sql += " AND seq <= ?"
            args.append(stop)
        decode = ev.decode
        for seq, type_, v, body in self.conn.execute(sql + " ORDER BY seq", args):
            yield seq, decode(type_, v, body)
