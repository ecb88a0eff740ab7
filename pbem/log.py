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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import starmap
from pathlib import Path

from . import events as ev
from . import hidden
from .canonical import sha256_hex
from .errors import ConflictError, GameError

GENESIS = "0" * 64


def row_hash(prev: str, seq: int, type_: str, version: int, body: str) -> str:
    return sha256_hex(f"{prev}\n{seq}\n{type_}\n{version}\n{body}")


@dataclass(slots=True)
class Row:
    seq: int
    type: str
    v: int
    body: str
    prev: str
    hash: str
    # a row of a file without sealed rows (SealedRow has them as fields)
    salt = None
    clear = None
    copy = False

    def event(self) -> ev.Event:
        return ev.decode(self.type, self.v, self.body)


@dataclass(slots=True)
class SealedRow(Row):
    """A row of a sealed game's file (or a redacted copy of one), read with its clear
    part (pbem/hidden.py) when the file holds one. Old games' rows stay `Row`s."""

    salt: str | None = None
    clear: str | None = None
    copy: bool = False  # read from a redacted copy (pbem/export.py)

    def event(self) -> ev.Event:
        """The event; a sealed row merged with its clear part, checked against its
        commitment. A sealed row without one: LogCorrupt, or in a redacted copy the
        placeholder `hidden.Redacted` (which is not an Event)."""
        if self.clear is None and not self.body.startswith(hidden.PREFIX):
            return ev.decode(self.type, self.v, self.body)
        if self.clear is None and self.copy:
            return hidden.public_part(self.seq, self.type, self.body)  # type: ignore[return-value]
        return self.opened()[0]

    def opened(self) -> tuple[ev.Event, hidden.Redacted]:
        """A row with a clear part: its event (as `event`) and the public part it was
        read from."""
        return hidden.open_row(self.seq, self.type, self.v, self.body, self.salt, self.clear)


def _row(t: tuple) -> Row:
    return Row(*t) if len(t) == 6 else SealedRow(*t)


_RowTuple = tuple  # (seq, type, v, body, prev, hash[, salt, clear])
# seal(seq, event) -> None (nothing hidden) or (public body, salt, clear): pbem/seal_hidden.py
Sealer = Callable[[int, ev.Event], tuple[str, str, str] | None]


def _chain(
    prev: str, seq: int, events: Iterable[ev.Event], seal: Sealer | None = None
) -> list[_RowTuple]:
    """`chain` as plain (seq, type, v, body, prev, hash) tuples: the append hot path.
    Sealed rows get (..., salt, clear) and their public body is what is hashed."""
    encode, sha256 = ev.encode, hashlib.sha256
    out: list[_RowTuple] = []
    add = out.append
    for e in events:
        type_, v = e.type, e.version
        sealed = seal(seq, e) if seal is not None else None
        body = encode(e) if sealed is None else sealed[0]
        h = sha256(f"{prev}\n{seq}\n{type_}\n{v}\n{body}".encode()).hexdigest()  # row_hash
        if sealed is None:
            add((seq, type_, v, body, prev, h))
        else:
            add((seq, type_, v, body, prev, h, sealed[1], sealed[2]))
        prev = h
        seq += 1
    return out


def chain(
    prev: str, first_seq: int, events: Iterable[ev.Event], seal: Sealer | None = None
) -> list[Row]:
    """Hash-chain events after a head: the rows an append would write."""
    return [_row(t) for t in _chain(prev, first_seq, events, seal)]


class EventLog:
    def __init__(self, path: str | Path, *, create: bool = False, sealed: bool = False):
        """`create` a new file (`sealed`: with the `hidden` table of a sealed game)."""
        self.path = Path(path)
        if create and self.path.exists():
            raise GameError(f"{self.path} already exists")
        if not create and not self.path.exists():
            raise GameError(f"no game file at {self.path}")
        # (the connection sqlite_utils.Database makes; sqlite_utils itself, 85 ms to
        # import, only to create a file: every other command reads and appends)
        self.conn: sqlite3.Connection = sqlite3.connect(str(self.path))
        self.conn.execute("PRAGMA recursive_triggers=on")
        self.conn.isolation_level = None  # explicit BEGIN/COMMIT below
        self._batch = False
        self.conn.execute("PRAGMA busy_timeout=10000")
        if create:
            import sqlite_utils

            db = sqlite_utils.Database(self.conn)
            db.enable_wal()
            db["events"].create(
                {"seq": int, "type": str, "v": int, "body": str, "prev": str, "hash": str},
                pk="seq",
                not_null={"type", "v", "body", "prev", "hash"},
            )
            if sealed:
                self.conn.execute(hidden.CREATE)
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master")}
        # a sealed game's clear parts (pbem/hidden.py); a redacted copy (pbem/export.py)
        self.sealed = hidden.TABLE in tables
        self.copy = "export" in tables
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

    def append(
        self, events: list[ev.Event], expected_seq: int, seal: Sealer | None = None
    ) -> list[Row]:
        """Append a batch after `expected_seq`, atomically, or raise ConflictError.
        `seal`: which events to seal, and how (pbem/seal_hidden.py)."""
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
            rows = _chain(head, seq + 1, events, seal)
            self._insert(rows)
            if seal is not None:
                self._insert_hidden(rows)
            conn.execute("RELEASE append" if self._batch else "COMMIT")
        except BaseException:
            if self._batch:
                conn.execute("ROLLBACK TO append")
                conn.execute("RELEASE append")
            else:
                conn.execute("ROLLBACK")
            raise
        return [_row(t) for t in rows] if seal is not None else list(starmap(Row, rows))

    def _insert(self, rows: list[_RowTuple]) -> None:
        """Write (seq, type, v, body, prev, hash) tuples inside the open transaction
        (sealed rows' tuples carry their salt and clear part after these: left out)."""
        self.conn.executemany(
            "INSERT INTO events (seq, type, v, body, prev, hash) VALUES (?, ?, ?, ?, ?, ?)",
            [r[:6] for r in rows] if any(len(r) > 6 for r in rows) else rows,
        )

    def _insert_hidden(self, rows: list[_RowTuple]) -> None:
        """The clear parts of the sealed rows among `rows`, in the `hidden` table."""
        sealed = [(r[0], r[6], r[7]) for r in rows if len(r) > 6]
        if not sealed:
            return
        if not self.sealed:
            self.conn.execute(hidden.CREATE)
            self.sealed = True
        self.conn.executemany(
            f"INSERT INTO {hidden.TABLE} (seq, salt, clear) VALUES (?, ?, ?)", sealed
        )

    def _select(self, cols: str, where: str) -> str:
        """The SQL reading rows: old games (no `hidden` table) as they always were; sealed
        ones with each row's clear part, when the file holds it."""
        if not self.sealed:
            return f"SELECT {cols} FROM events WHERE {where}"
        cols = ", ".join(f"e.{c.strip()}" for c in cols.split(","))
        where = where.replace("seq", "e.seq")
        return (
            f"SELECT {cols}, h.salt, h.clear FROM events e "
            f"LEFT JOIN {hidden.TABLE} h ON h.seq = e.seq WHERE {where}"
        )

    def rows(self, start: int = 1, stop: int | None = None) -> Iterator[Row]:
        where = "seq >= ?"
        args: list[int] = [start]
        if stop is not None:
            where += " AND seq <= ?"
            args.append(stop)
        sql = self._select("seq, type, v, body, prev, hash", where + " ORDER BY seq")
        cur = self.conn.execute(sql, args)
        if self.sealed and self.copy:
            yield from (SealedRow(*r, copy=True) for r in cur)
        elif self.sealed:
            yield from starmap(SealedRow, cur)  # (positional: a third less than copy=False)
        else:
            yield from starmap(Row, cur)

    def row(self, seq: int) -> Row | None:
        sql = self._select("seq, type, v, body, prev, hash", "seq = ?")
        r = self.conn.execute(sql, (seq,)).fetchone()
        if r is None:
            return None
        return SealedRow(*r, copy=self.copy) if self.sealed else Row(*r)

    def ruleset_name(self) -> str | None:
        """The ruleset named by the first event (game_created), read without decoding."""
        r = self.conn.execute("SELECT type, body FROM events WHERE seq = 1").fetchone()
        if r is None or r[0] != "game_created":
            return None
        return json.loads(r[1]).get("ruleset")

    def events(self, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, ev.Event]]:
        """(seq, event) for each row in order: decoded straight from the cursor's tuples."""
        if self.sealed:
            yield from ((r.seq, r.event()) for r in self.rows(start, stop))
            return
        sql = "SELECT seq, type, v, body FROM events WHERE seq >= ?"
        args: list[int] = [start]
        if stop is not None:
            sql += " AND seq <= ?"
            args.append(stop)
        decode = ev.decode
        for seq, type_, v, body in self.conn.execute(sql + " ORDER BY seq", args):
            yield seq, decode(type_, v, body)
