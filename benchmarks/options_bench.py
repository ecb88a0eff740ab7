"""The optional rules' cost (issue 15): each game played by the scripted players without
and with its options, side by side in one run; the time to play (no reports) and
`verify` (best of 3).

    .venv/bin/python benchmarks/options_bench.py
"""

from __future__ import annotations

import tempfile
import time

from pbem.demo import run_demo
from pbem.log import EventLog
from pbem.verify import verify

SYW_ALL = {
    k: True for k in ("legions", "minor-recruiting", "increasing-taxes", "pillage", "enlightenment")
}
GAMES = [
    ("soldier-kings", "world-at-war-4", {"end": 1758}),
    ("soldier-kings", "world-at-war-4", {"all": True, "end": 1758}),
    ("seven-years-world-war", "2-european", None),
    ("seven-years-world-war", "2-european", SYW_ALL),
]


def one(ruleset: str, scenario: str, options: dict | None) -> tuple[float, float, int]:
    d = tempfile.mkdtemp()
    t = time.perf_counter()
    path = run_demo(d, ruleset, scenario, echo=lambda s: None, master=bytes([2]) * 32,
                    reports_too=False, options=options)  # fmt: skip
    played = time.perf_counter() - t
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        assert verify(path).ok
        best = min(best, time.perf_counter() - t)
    with EventLog(path) as log:
        n = sum(1 for _ in log.rows())
    return played, best, n


def main() -> None:
    one(*GAMES[2])  # warm up: imports and content loading
    for ruleset, scenario, options in GAMES:
        played, ver, n = one(ruleset, scenario, options)
        what = ", ".join(sorted(options)) if options else "no options"
        print(
            f"{ruleset} {scenario} ({what}): {n} events, played {played:.2f} s, verify {ver * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
