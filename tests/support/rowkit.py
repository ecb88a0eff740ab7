"""Raw rows of a game file for tampering tests, read and written as a forger with the
file (but not the referee's secrets) would: a sealed row (docs/core.md "Hidden
information in the game file") is read with its clear part merged back, so tests edit
whole payloads as before, and written sealed again with the same salt, its
commitment recomputed and its clear part replaced in the `hidden` table.

`rows(path)`: [seq, type, v, body, prev, hash, seal] lists, `seal` None or (salt,
hidden field names, audience); `rewrite(path, rows, rechain)` writes them back (rows
of 4 to 6 items are written as plain rows)."""

from __future__ import annotations

import hashlib
import json
import sqlite3

GENESIS = "0" * 64


def canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_hash(prev: str, seq: int, type_: str, v: int, body: str) -> str:
    return hashlib.sha256(f"{prev}\n{seq}\n{type_}\n{v}\n{body}".encode()).hexdigest()


def commitment(salt: str, clear: str) -> str:
    return hashlib.sha256(f"pbem-hidden-v1\n{salt}\n{clear}".encode()).hexdigest()


def _has_hidden(con) -> bool:
    return bool(con.execute("SELECT 1 FROM sqlite_master WHERE name = 'hidden'").fetchone())


def rows(path) -> list[list]:
    con = sqlite3.connect(path)
    try:
        got = con.execute("SELECT seq, type, v, body, prev, hash FROM events ORDER BY seq")
        out = [[*r, None] for r in got.fetchall()]
        parts = {}
        if _has_hidden(con):
            parts = {
                s: (salt, c) for s, salt, c in con.execute("SELECT seq, salt, clear FROM hidden")
            }
    finally:
        con.close()
    for r in out:
        d = json.loads(r[3])
        if "$sealed" in d and r[0] in parts:
            salt, clear = parts[r[0]]
            hidden = json.loads(clear)
            to = d.pop("$to")
            d.pop("$sealed")
            r[3] = canonical({**d, **hidden})
            r[6] = (salt, sorted(hidden), to)
    return out


def stored(r: list) -> tuple[str, str | None]:
    """(the body as the row stores it, the clear part): a sealed row's public body with
    its commitment recomputed over its (perhaps edited) hidden fields."""
    seal = r[6] if len(r) > 6 else None
    if seal is None:
        return r[3], None
    salt, keys, to = seal
    d = json.loads(r[3])
    clear = canonical({k: d.pop(k) for k in keys if k in d})
    return canonical({**d, "$sealed": commitment(salt, clear), "$to": to}), clear


def rewrite(path, new_rows, rechain: bool = True) -> None:
    """Replace the log with `new_rows`, optionally re-hashing the chain."""
    con = sqlite3.connect(path)
    con.execute("DELETE FROM events")
    if _has_hidden(con):
        con.execute("DELETE FROM hidden")
    prev = GENESIS
    for r in new_rows:
        seq, type_, v = r[:3]
        body, clear = stored(r)
        if clear is not None:
            con.execute("INSERT INTO hidden VALUES (?, ?, ?)", (seq, r[6][0], clear))
        h = row_hash(prev, seq, type_, v, body) if rechain else r[5]
        con.execute(
            "INSERT INTO events VALUES (?,?,?,?,?,?)",
            (seq, type_, v, body, prev if rechain else r[4], h),
        )
        prev = h
    con.commit()
    con.close()
