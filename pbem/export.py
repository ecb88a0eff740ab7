"""`pbem export GAME --for POWER`: a redacted copy of a sealed game for one power
(issue 16, docs/core.md "Redacted copies").

The copy is a NEW SQLite file, written row by row (never the game file with rows
deleted: deleted data stays in SQLite's free pages and journals). It holds every
`events` row verbatim (same bodies, same hashes), the clear parts (`hidden` rows)
addressed to POWER, and a one-row `export` table marking it as a redacted copy. No
`state_snapshot`, no `status_cache`: they hold the folded state in clear.
`pbem verify COPY` checks it (pbem/verify_redacted.py).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from . import events as ev
from . import hidden
from . import ruleset as registry
from .errors import GameError, UsageError
from .log import EventLog

TABLE = "export"
SCHEMA = [
    "CREATE TABLE events (seq INTEGER PRIMARY KEY, type TEXT NOT NULL, v INTEGER NOT NULL, "
    "body TEXT NOT NULL, prev TEXT NOT NULL, hash TEXT NOT NULL)",
    hidden.CREATE,
    f"CREATE TABLE {TABLE} (game TEXT NOT NULL, power TEXT NOT NULL, last_seq INTEGER NOT NULL, "
    "head TEXT NOT NULL, made_at TEXT NOT NULL)",
]


@dataclass
class Exported:
    path: Path
    power: str
    events: int
    held: int  # clear parts in the copy (POWER's)
    sealed_away: int  # sealed rows whose clear part is not in the copy

    def text(self) -> str:
        return (
            f"wrote {self.path}: {self.events} events for {self.power}, {self.held} sealed "
            f"event(s) readable by {self.power}, {self.sealed_away} sealed for other powers "
            "(not in this copy)"
        )


def default_out(game: Path, power: str) -> Path:
    return game.with_name(f"{game.stem}.{power}{game.suffix or '.pbem'}")


def export(
    game: str | Path,
    power: str,
    out: str | Path | None = None,
    *,
    upto: int | None = None,
    now: str | None = None,
) -> Exported:
    """Write POWER's redacted copy of `game` (up to event `upto`, the whole log without
    it) to `out`; `now` is recorded as when it was made (the same inputs and `now`
    make the same bytes)."""
    game = Path(game)
    out = Path(out) if out is not None else default_out(game, power)
    if out.resolve() == game.resolve() or out.name.endswith((".secret", ".seeds")):
        raise UsageError(f"{out}: the copy must not replace the game file or its secrets")
    with EventLog(game) as log:
        if log.copy:
            raise UsageError(f"{game} is a redacted copy already; export from the game file")
        first = log.row(1)
        if first is None or first.type != "game_created":
            raise GameError(f"{game} does not start with game_created")
        created = first.event()
        assert isinstance(created, ev.GameCreated)
        if not created.sealed:
            raise GameError(
                f"game {created.game} was created before pbem sealed hidden information; "
                "it cannot be redacted (hand out the full file only when every power may "
                "see everything in it, e.g. after the game)"
            )
        registry.get(created.ruleset)
        head_seq = log.head()[0]
        upto = head_seq if upto is None else upto
        if not 1 <= upto <= head_seq:
            raise UsageError(f"the log has events 1-{head_seq}, not {upto}")
        rows = list(log.rows(1, upto))
    powers = [
        e.power
        for r in rows
        if r.type == "player_registered" and isinstance(e := r.event(), ev.PlayerRegistered)
    ]
    if power not in powers:
        raise UsageError(f"{power!r} is not a power of game {created.game} ({', '.join(powers)})")
    keep: list[tuple[int, str | None, str | None]] = []
    away = 0
    for r in rows:
        if hidden.is_sealed(r.body):
            if power in hidden.public_part(r.seq, r.type, r.body).to:
                keep.append((r.seq, r.salt, r.clear))
            else:
                away += 1
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    for stale in (tmp, Path(f"{tmp}-journal")):
        stale.unlink(missing_ok=True)
    try:
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=DELETE")
            conn.execute("BEGIN")
            for sql in SCHEMA:
                conn.execute(sql)
            conn.executemany(
                "INSERT INTO events (seq, type, v, body, prev, hash) VALUES (?, ?, ?, ?, ?, ?)",
                [(r.seq, r.type, r.v, r.body, r.prev, r.hash) for r in rows],
            )
            conn.executemany(
                f"INSERT INTO {hidden.TABLE} (seq, salt, clear) VALUES (?, ?, ?)", keep
            )
            made = now or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            conn.execute(
                f"INSERT INTO {TABLE} (game, power, last_seq, head, made_at) VALUES (?, ?, ?, ?, ?)",
                (created.game, power, rows[-1].seq, rows[-1].hash, made),
            )
            conn.execute("COMMIT")
        finally:
            conn.close()
        for side in ("-wal", "-shm", "-journal"):  # another file's, if `out` existed
            Path(f"{out}{side}").unlink(missing_ok=True)
        os.replace(tmp, out)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return Exported(out, power, len(rows), len(keep), away)
