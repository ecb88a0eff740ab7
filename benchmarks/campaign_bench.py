"""`pbem verify` of whole World at War games (issue 10: target under 2 s).

Run: python benchmarks/campaign_bench.py [--repeats 5] [--scenarios world-at-war-2 world-at-war-8]

Each scenario is played by the scripted players with a fixed master secret (the same
game at every run: keys and clock come from it), without reports, then `verify()` is
timed, best of N, in this interpreter after a first untimed run.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
import time
from pathlib import Path

from pbem.demo import run_demo
from pbem.verify import verify


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenarios", nargs="+", default=["world-at-war-2", "world-at-war-8"])
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for sc in a.scenarios:
            t = time.perf_counter()
            path = run_demo(
                Path(tmp) / sc, "soldier-kings", sc, echo=lambda s: None,
                master=bytes(32), reports_too=False,
            )  # fmt: skip
            played = time.perf_counter() - t
            verify(path)
            best = float("inf")
            for _ in range(a.repeats):
                t = time.perf_counter()
                rep = verify(path)
                best = min(best, time.perf_counter() - t)
            assert rep.ok, rep.text()
            with sqlite3.connect(path) as db:
                last = max(
                    json.loads(b)["turn"]
                    for (b,) in db.execute("SELECT body FROM events WHERE type = 'sk.turn_began'")
                )
                end = db.execute("SELECT body FROM events WHERE type = 'game_ended'").fetchone()
            print(
                f"{sc}: played in {played:.2f} s; verify {best * 1000:.0f} ms "
                f"({rep.resolutions} resolutions, {rep.events} events, to Turn {last}; "
                f"{json.loads(end[0])['summary'] if end else 'not ended'})"
            )


if __name__ == "__main__":
    main()
