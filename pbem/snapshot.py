"""A snapshot of the folded state, kept in the game file so that a command folds only
the events after it (issue 20), not the whole log again.

Like the status cache (statuscache.py) it is derived data beside the events, never
part of the hash chain, and never authoritative (DESIGN "The log"):

- it is used only while the log still holds the event it was taken at, with that
  hash (a rewritten log, or another game's snapshot, is folded from event 1 instead);
- its format names the software that wrote it (pbem's version and a fingerprint of
  its rules code and content): any change of either, and it is ignored;
- `pbem verify` never reads it: an auditor folds from event 1;
- anything wrong with it (unreadable, a ruleset that cannot load a state) costs only
  the fold from event 1.

It holds the core's part of the state (events as their JSON) and the ruleset's part
as `Ruleset.dump_state`, read back with `Ruleset.load_state`.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from . import __version__
from . import events as ev
from .state import Accepted, GameState

TABLE = "state_snapshot"
EVERY = 200  # events folded since the last snapshot before `Game` writes a new one


def _format(rs: Any) -> str:
    from .reports.hashcache import fingerprint

    return f"pbem {__version__}; {rs.name} {rs.version}; {fingerprint(rs)}; snapshot 3"


def _event(e: ev.Event | None) -> list | None:
    return None if e is None else [e.type, e.version, ev.encode(e)]


def _decode(x: list | None) -> Any:
    return None if x is None else ev.decode(x[0], x[1], x[2])


def dump(st: GameState) -> str:
    rs = st.ruleset
    assert rs is not None
    return json.dumps(
        {
            "created": _event(st.created),
            "players": {p: _event(e) for p, e in st.players.items()},
            "rules": rs.dump_state(st.rules),
            "seq": st.seq,
            "head": st.head,
            "orders": {
                ph: {p: [a.seq, _event(a.event)] for p, a in by.items()}
                for ph, by in st.orders.items()
            },
            "standing": {p: [a.seq, _event(a.event)] for p, a in st.standing.items()},
            "last_envelope_seq": st.last_envelope_seq,
            "last_standing_seq": st.last_standing_seq,
            "digests": st.digests,
            "deadlines": sorted(st.deadlines),
            "resolutions": st.resolutions,
            "resolved_phases": st.resolved_phases,
            "revealed": {k: {str(i): s for i, s in v.items()} for k, v in st.revealed.items()},
            "checkpoint": _event(st.checkpoint),
            "delivered": st.delivered,
            "ended": _event(st.ended),
            "schedule": st.schedule,
            "due": {k: _event(e) for k, e in st.due.items()},
            "due_for": {k: {p: _event(e) for p, e in v.items()} for k, v in st.due_for.items()},
            "paused": _event(st.paused),
            "disorder": sorted(st.disorder),
            "misses": st.misses,
            "mailed": {k: _event(e) for k, e in st.mailed.items()},
            "answered": st.answered,
            "requests": st.requests,
        },
        sort_keys=True,
    )


def load(text: str, load_ruleset) -> GameState:
    d = json.loads(text)
    created = _decode(d["created"])
    rs = load_ruleset(created.ruleset)
    return GameState(
        ruleset=rs,
        created=created,
        players={p: _decode(e) for p, e in d["players"].items()},
        rules=rs.load_state(d["rules"]),
        seq=d["seq"],
        head=d["head"],
        orders={
            ph: {p: Accepted(a[0], _decode(a[1])) for p, a in by.items()}
            for ph, by in d["orders"].items()
        },
        standing={p: Accepted(a[0], _decode(a[1])) for p, a in d["standing"].items()},
        last_envelope_seq=d["last_envelope_seq"],
        last_standing_seq=d["last_standing_seq"],
        digests=d["digests"],
        deadlines=set(d["deadlines"]),
        resolutions=d["resolutions"],
        resolved_phases=[tuple(x) for x in d["resolved_phases"]],
        revealed={k: {int(i): s for i, s in v.items()} for k, v in d["revealed"].items()},
        checkpoint=_decode(d["checkpoint"]),
        delivered=d["delivered"],
        ended=_decode(d["ended"]),
        schedule=d["schedule"],
        due={k: _decode(e) for k, e in d["due"].items()},
        due_for={k: {p: _decode(e) for p, e in v.items()} for k, v in d["due_for"].items()},
        paused=_decode(d["paused"]),
        disorder=set(d["disorder"]),
        misses=d["misses"],
        mailed={k: _decode(e) for k, e in d["mailed"].items()},
        answered=d["answered"],
        requests=d["requests"],
    )


def read(conn: sqlite3.Connection, load_ruleset, ruleset_name: str) -> GameState | None:
    """The stored snapshot, if the log still holds the event it was taken at (same hash)
    and the software that wrote it is this one; else None."""
    try:
        row = conn.execute(f"SELECT seq, hash, format, data FROM {TABLE} WHERE id = 1").fetchone()
        if row is None:
            return None
        at = conn.execute("SELECT hash FROM events WHERE seq = ?", (row[0],)).fetchone()
    except sqlite3.Error:
        return None
    if at is None or at[0] != row[1]:
        return None
    try:
        rs = load_ruleset(ruleset_name)
        if row[2] != _format(rs):
            return None
        st = load(row[3], load_ruleset)
    except Exception:  # noqa: BLE001 - a snapshot is never needed: fold from event 1
        return None
    if st.seq != row[0] or st.head != row[1]:
        return None
    return st


def write(conn: sqlite3.Connection, st: GameState) -> None:
    """Keep `st` as the snapshot (best effort: a read-only or busy file keeps the old one)."""
    try:
        data = dump(st)
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {TABLE} "
            "(id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER, hash TEXT, format TEXT, data TEXT)"
        )
        conn.execute(
            f"INSERT OR REPLACE INTO {TABLE} (id, seq, hash, format, data) VALUES (1, ?, ?, ?, ?)",
            (st.seq, st.head, _format(st.ruleset), data),
        )
    except (sqlite3.Error, TypeError, ValueError, NotImplementedError):
        pass
    except Exception:  # noqa: BLE001 - e.g. a ruleset whose state does not dump
        pass
