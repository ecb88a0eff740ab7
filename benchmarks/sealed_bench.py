"""What sealing hidden information costs (issue 16): each game played by the scripted
players unsealed (as games made before pbem sealed) and sealed, side by side in one
run. Per game: the time spent in `Game.submit` (per call) and `Game.advance` (per
event) while playing (no reports), `verify` of the full file (best of 3), reading every row back
(`EventLog.rows()` + `Row.event()`, best of 3), and for the sealed game one
`export --for` and the `verify` of that copy. The two games of a pair are not the same
game move for move: the row hashes differ, so do the dice. Compare per event.

    .venv/bin/python benchmarks/sealed_bench.py
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pbem import service
from pbem.demo import run_demo
from pbem.export import export
from pbem.log import EventLog
from pbem.verify import verify

GAMES = [
    ("soldier-kings", "world-at-war-4", {"end": 1758}),
    ("seven-years-world-war", "2-european", None),
    ("struggle-of-empires", "5p", None),
]
SPENT = {"submit": 0.0, "advance": 0.0}
CALLS = {"submit": 0, "advance": 0}


def _timed(name: str, fn: Callable) -> Callable:
    def wrapper(*a, **kw):
        t = time.perf_counter()
        try:
            return fn(*a, **kw)
        finally:
            SPENT[name] += time.perf_counter() - t
            CALLS[name] += 1

    return wrapper


service.Game.submit = _timed("submit", service.Game.submit)
service.Game.advance = _timed("advance", service.Game.advance)


def best(fn: Callable[[], object], n: int = 3) -> float:
    out = float("inf")
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t)
    return out


def _read(path: Path) -> None:
    with EventLog(path) as log:
        for r in log.rows():
            r.event()


def one(ruleset: str, scenario: str, options: dict | None, sealed: bool) -> dict:
    d = Path(tempfile.mkdtemp())
    SPENT.update(submit=0.0, advance=0.0)
    CALLS.update(submit=0, advance=0)
    path = run_demo(d, ruleset, scenario, echo=lambda s: None, master=bytes([2]) * 32,
                    reports_too=False, options=options, sealed=sealed)  # fmt: skip
    out = dict(SPENT)
    out["submits"] = CALLS["submit"]
    with EventLog(path) as log:
        out["events"] = sum(1 for _ in log.rows())
    out["verify"] = best(lambda: verify(path))
    out["read"] = best(lambda: _read(path))
    if sealed:
        with EventLog(path) as log:
            power = next(r.event().power for r in log.rows() if r.type == "player_registered")
        copy = d / "copy.pbem"
        out["export"] = best(lambda: export(path, power, copy, now="2026-01-01T00:00:00Z"))
        out["verify copy"] = best(lambda: verify(copy))
        assert verify(copy).ok
    assert verify(path).ok
    return out


def main() -> None:
    one(*GAMES[1], True)  # warm up: imports and content loading
    for ruleset, scenario, options in GAMES:
        a = one(ruleset, scenario, options, False)
        b = one(ruleset, scenario, options, True)
        print(
            f"{ruleset} {scenario}: unsealed {a['events']} events, {a['submits']} submits; "
            f"sealed {b['events']} events, {b['submits']} submits"
        )
        for k in ("submit", "advance", "verify", "read"):
            per = "submits" if k == "submit" else "events"
            pa, pb = a[k] / a[per] * 1e6, b[k] / b[per] * 1e6
            unit = "us/submit" if k == "submit" else "us/event"
            print(
                f"  {k:8s} unsealed {a[k] * 1000:8.1f} ms ({pa:6.1f} {unit})   "
                f"sealed {b[k] * 1000:8.1f} ms ({pb:6.1f} {unit})   ratio {pb / pa:5.2f}"
            )
        print(
            f"  export --for: {b['export'] * 1000:.1f} ms; verify of the copy: "
            f"{b['verify copy'] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
