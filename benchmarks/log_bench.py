"""Benchmark the event log: batched append, full replay, and a raw SQLite scan to compare.

Run: python benchmarks/log_bench.py [--events N] [--dir PATH]

Append numbers are the best of 3 runs (time.perf_counter). Each append run writes a fresh
log file in a temporary directory, so every run pays the same costs (hash chain, canonical
JSON, one IMMEDIATE transaction with synchronous=FULL per batch). Replay is timed in
alternation with the raw scan it is compared to (raw, rows, events; ROUNDS times) and the
ratio is the median of the rounds' ratios, so a busy machine slows both sides alike.
See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pbem import events as ev
from pbem.log import EventLog

REPEATS = 3
ROUNDS = 7  # alternating replay/raw rounds; the median ratio is reported
BATCH_SIZES = (1_000, 10_000)  # plus the whole log in one batch

# --- synthetic result events: small, realistic payloads ------------------------------


@ev.event
class UnitMoved(ev.Event):
    type: Literal["bench.unit_moved"] = "bench.unit_moved"
    unit: str
    frm: str
    to: str
    mp: int


@ev.event
class Dice(ev.Event):
    type: Literal["bench.dice"] = "bench.dice"
    label: str
    values: list[int]


@ev.event
class Control(ev.Event):
    type: Literal["bench.control"] = "bench.control"
    area: str
    power: str


POWERS = ("Prussia", "Austria", "France", "Russia", "Britain", "Hanover", "Saxony", "Sweden")
AREAS = ("Silesia", "Bohemia", "Saxony", "Moravia", "Brandenburg", "Pomerania", "Westphalia")
AREAS += ("Hanover", "Franconia", "Bavaria", "Hesse", "Mecklenburg", "Lusatia", "Tyrol")


def make_events(n: int) -> list[ev.Event]:
    """A deterministic mix: 40% moves, 30% bench dice, 20% control, 10% core DiceRolled."""
    out: list[ev.Event] = []
    for i in range(n):
        k = i % 10
        a, b = AREAS[i % len(AREAS)], AREAS[(i * 7 + 3) % len(AREAS)]
        p = POWERS[i % len(POWERS)]
        if k < 4:
            out.append(UnitMoved(unit=f"{p} corps {i % 12 + 1}", frm=a, to=b, mp=i % 4 + 1))
        elif k < 7:
            out.append(Dice(label=f"battle of {a}", values=[i % 6 + 1, (i * 5) % 6 + 1]))
        elif k < 9:
            out.append(Control(area=a, power=p))
        else:
            out.append(ev.DiceRolled(label=f"attrition {p}", sides=6, values=[i % 6 + 1]))
    return out


# --- measurements ------------------------------------------------------------------


def best_of(fn: Callable[[], float]) -> float:
    """Best of REPEATS runs; a full collection first so no run inherits another's garbage."""
    best = float("inf")
    for _ in range(REPEATS):
        gc.collect()
        best = min(best, fn())
    return best


class Files:
    def __init__(self, root: Path):
        self.root = root
        self.n = 0

    def fresh(self) -> Path:
        self.n += 1
        return self.root / f"bench-{self.n}.db"

    @staticmethod
    def remove(path: Path) -> None:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def append_all(path: Path, events: list[ev.Event], batch: int) -> None:
    with EventLog(path, create=True) as log:
        seq = 0
        for i in range(0, len(events), batch):
            chunk = events[i : i + batch]
            log.append(chunk, seq)
            seq += len(chunk)


def time_append(files: Files, events: list[ev.Event], batch: int) -> float:
    def run() -> float:
        path = files.fresh()
        t = time.perf_counter()
        append_all(path, events, batch)
        dt = time.perf_counter() - t
        files.remove(path)
        return dt

    return best_of(run)


def time_build_append(files: Files, n: int, batch: int) -> float:
    def run() -> float:
        path = files.fresh()
        t = time.perf_counter()
        append_all(path, make_events(n), batch)
        dt = time.perf_counter() - t
        files.remove(path)
        return dt

    return best_of(run)


def time_build(n: int) -> float:
    def run() -> float:
        t = time.perf_counter()
        make_events(n)
        return time.perf_counter() - t

    return best_of(run)


def replay_rows(path: Path, counts: Counter[str]) -> float:
    """Game.state()'s path: EventLog.rows(), Row.event() (decode by type), fold."""
    counts.clear()
    with EventLog(path) as log:
        t = time.perf_counter()
        for row in log.rows():
            e = row.event()
            counts[e.type] += 1
        return time.perf_counter() - t


def replay_events(path: Path, counts: Counter[str]) -> float:
    """EventLog.events(): (seq, event) pairs, decoded, folded the same way."""
    counts.clear()
    with EventLog(path) as log:
        t = time.perf_counter()
        for _seq, e in log.events():
            counts[e.type] += 1
        return time.perf_counter() - t


def raw_scan(path: Path, counts: Counter[str]) -> float:
    """Plain sqlite3 + json.loads per row: the floor any replay is measured against."""
    counts.clear()
    conn = sqlite3.connect(path)
    try:
        t = time.perf_counter()
        for _seq, type_, _v, body in conn.execute(
            "SELECT seq, type, v, body FROM events ORDER BY seq"
        ):
            json.loads(body)
            counts[type_] += 1
        return time.perf_counter() - t
    finally:
        conn.close()


def alternate(path: Path) -> dict[str, list[float]]:
    """ROUNDS rounds of raw scan, rows()+event(), events(), one after the other."""
    times: dict[str, list[float]] = {"raw": [], "rows": [], "events": []}
    counts = {k: Counter() for k in times}
    fns = {"raw": raw_scan, "rows": replay_rows, "events": replay_events}
    for _ in range(ROUNDS):
        for k, fn in fns.items():
            gc.collect()
            times[k].append(fn(path, counts[k]))
    if not (counts["raw"] == counts["rows"] == counts["events"]):
        raise SystemExit("ERROR: replay and raw scan saw different events")
    times["n"] = [sum(counts["raw"].values())]
    return times


def rate(n: int, seconds: float) -> str:
    return f"{n / seconds:>12,.0f} events/s  ({seconds * 1000:9.1f} ms)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=100_000, help="log size (default 100000)")
    ap.add_argument("--dir", type=Path, default=None, help="where to put the bench files")
    args = ap.parse_args(argv)
    n = args.events
    if n < 1:
        ap.error("--events must be at least 1")

    import pydantic

    print(f"Python {platform.python_version()} ({sys.implementation.name}), ", end="")
    print(f"SQLite {sqlite3.sqlite_version}, pydantic {pydantic.VERSION}")
    print(f"{n:,} events, best of {REPEATS} runs each\n")

    batches = sorted({b for b in BATCH_SIZES if b < n} | {n})
    with tempfile.TemporaryDirectory(prefix="pbem-bench-", dir=args.dir) as tmp:
        files = Files(Path(tmp))
        events = make_events(n)

        print("append (prebuilt models)")
        append_rates = {}
        for b in batches:
            dt = time_append(files, events, b)
            append_rates[b] = n / dt
            print(f"  batch {b:>7,}: {rate(n, dt)}")

        print("build models + append")
        print(f"  build only   : {rate(n, time_build(n))}")
        for b in batches:
            print(f"  batch {b:>7,}: {rate(n, time_build_append(files, n, b))}")

        path = files.fresh()
        append_all(path, events, min(10_000, n))

        print(f"replay, alternating with the raw scan, {ROUNDS} rounds (medians)")
        times = alternate(path)
        if times["n"][0] != n:
            print("ERROR: the replay did not see every event", file=sys.stderr)
            return 1
        med = {k: statistics.median(v) for k, v in times.items() if k != "n"}
        print(f"  rows()+event(): {rate(n, med['rows'])}")
        print(f"  events()      : {rate(n, med['events'])}")
        print(f"  raw sqlite3 + json.loads: {rate(n, med['raw'])}")

    ratio_rows = statistics.median(r / w for r, w in zip(times["rows"], times["raw"], strict=True))
    ratio_events = statistics.median(
        r / w for r, w in zip(times["events"], times["raw"], strict=True)
    )
    print(
        f"\nreplay/raw ratio (median of {ROUNDS} rounds): rows()+event() {ratio_rows:.2f}x, "
        f"events() {ratio_events:.2f}x"
    )
    ok_append = max(append_rates.values()) >= 100_000
    ok_replay = ratio_rows <= 2.0
    print(f"target append >= 100,000 events/s batched: {'met' if ok_append else 'MISSED'}")
    print(f"target replay within 2x of raw scan      : {'met' if ok_replay else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
