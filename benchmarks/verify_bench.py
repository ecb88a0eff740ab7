"""Benchmark `pbem verify` and the start-up of `pbem status`, side by side with another
revision of the tree (default: none; `--baseline REV` checks REV out in a temporary git
worktree and measures it in the same run, so the ratio is what to read).

Run: python benchmarks/verify_bench.py [--baseline REV] [--scenarios 1757 1762] [--repeats 3]
[--rounds 3]

For each tree it plays each scenario's demo game with that tree's own code (`pbem
demo`, scripted players, fixed master secret; a tree whose demo drew the players' keys
at random and read the clock gets the keys and the clock this tree's demo derives from
that secret, so that it plays one game, the same in every run), then times `verify()` in a fresh
interpreter with everything imported first (best of N, in each of R rounds that take
the trees in turn, so a slow spell of the machine falls on both): time per resolution
and per event; where the tree's verify takes `jobs` (pbem/verify_split.py), both the
default (one process per core) and one process (`jobs=1`). Then, `--paired K`: one
interpreter per tree and scenario stays up and the trees verify in turn, one verify
each, K times: the best and the median of each, and their ratios (this machine's speed
changes over seconds; verifies taken in turn a tenth of a second apart see the same).
Start-up: wall time of `pbem status GAME` (cached and uncached) and of
`python -c "import click"`, best of N, as a ratio to the bare click import.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from trees import run_py, side_by_side

TIMER = r"""
import json, sys, time
from pbem.demo import run_demo
from pbem.verify import verify
import pbem.ruleset as registry
path, scenario, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
from pathlib import Path
d = Path(path)
import pbem.demo
if not hasattr(pbem.demo, "FIXED_NOW"):
    # an older tree's demo drew its players' keys at random and read the clock, so each
    # run played another game (5f38b1f's 1762: 423 to 494 events): here it gets the keys
    # and the clock this tree's demo derives from the same master (pbem/demo.py), and
    # plays one game, the same in every run
    import hashlib
    import pbem.keys as K, pbem.service as S
    from cryptography.hazmat.primitives import serialization
    order = list(registry.get("soldier-kings").powers(scenario, {}))
    def generate(passphrase=None):
        seed = hashlib.sha256(b"pbem-demo-key\n" + bytes(32) + order.pop(0).encode()).digest()
        key = K.private_from_seed(seed)
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
        return pem, K.pbem_public_line(key.public_key())
    K.generate = generate
    S.utcnow = lambda: "2026-01-01T00:00:00Z"
if not (d / "game.pbem").exists():
    run_demo(d, "soldier-kings", scenario, echo=lambda s: None, master=bytes(32))
registry.get("soldier-kings")
import inspect
def timed(**kw):
    best = None
    for _ in range(repeats):
        t = time.perf_counter()
        rep = verify(d / "game.pbem", **kw)
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    assert rep.ok, rep.text() if hasattr(rep, "text") else rep
    return best, rep
best, rep = timed()
out = {"seconds": best, "resolutions": rep.resolutions, "events": rep.events}
if "jobs" in inspect.signature(verify).parameters:  # verify on every core (issue 9)
    out["seconds_1"] = timed(jobs=1)[0]
print(json.dumps(out))
"""


# a verify server: one line in (the scenario's game directory), one time out (seconds)
SERVER = r"""
import sys, time, inspect
from pathlib import Path
from pbem.verify import verify
import pbem.ruleset as registry
registry.get("soldier-kings")
kw = {"jobs": 1} if "jobs" in inspect.signature(verify).parameters else {}
for line in sys.stdin:
    path = Path(line.strip()) / "game.pbem"
    t = time.perf_counter()
    rep = verify(path, **kw)
    dt = time.perf_counter() - t
    assert rep.ok
    print(dt, rep.resolutions, flush=True)
"""


def paired(trees: dict[str, Path], work: dict[str, Path], scenarios: list[str], k: int) -> dict:
    """Verify each scenario's game K times per tree, the trees in turn (one process per
    tree, kept up): {scenario: {tree: seconds, in the order taken}}."""
    out: dict = {}
    for sc in scenarios:
        procs = {}
        for name, tree in trees.items():
            env = {**os.environ, "PYTHONPATH": str(tree)}
            procs[name] = subprocess.Popen(
                [sys.executable, "-c", SERVER], env=env, cwd=tree, text=True,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            )  # fmt: skip
        times: dict[str, list[float]] = {name: [] for name in trees}
        try:
            for i in range(k + 1):
                for name, p in procs.items():
                    p.stdin.write(f"{work[name] / sc}\n")
                    p.stdin.flush()
                    dt = float(p.stdout.readline().split()[0])
                    if i:  # the first verify of a process warms it
                        times[name].append(dt)
        finally:
            for p in procs.values():
                p.stdin.close()
                p.wait()
        out[sc] = times  # in the order taken: the i-th of each tree were taken together
    return out


def show_paired(got: dict) -> None:
    print("== paired: the trees verify in turn, one verify each (jobs=1)")
    for sc, taken in got.items():
        by = {name: sorted(v) for name, v in taken.items()}
        cells = []
        for name, v in by.items():
            cells.append(
                f"{name}: best {v[0] * 1000:.1f} ms, median {v[len(v) // 2] * 1000:.1f} ms"
            )
        print(f"  {sc} ({len(next(iter(by.values())))} each): " + "; ".join(cells))
        if len(by) == 2:
            (_, a), (_, b) = by.items()
            # each pair was taken back to back, on the machine as it was then: the median
            # of the pairs' ratios is the least moved by a machine that is slow at times
            ra, rb = taken.values()
            pairs = sorted(x / y for x, y in zip(ra, rb, strict=True))
            print(
                f"  {sc}: {a[0] / b[0]:.1f}x faster (best), {a[len(a) // 2] / b[len(b) // 2]:.1f}x"
                f" (median), {pairs[len(pairs) // 2]:.1f}x (median of the pairs' ratios)"
            )


def wall(tree: Path, args: list[str], repeats: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        subprocess.run([sys.executable, *args], env=env, cwd=tree, capture_output=True, check=True)
        best = min(best, time.perf_counter() - t)
    return best


def time_verify(tree: Path, work: Path, scenarios: list[str], repeats: int) -> dict:
    out: dict = {}
    for sc in scenarios:
        d = work / sc
        out[sc] = json.loads(run_py(tree, ["-c", TIMER, str(d), sc, str(repeats)]).strip())
    return out


def measure(tree: Path, work: Path, scenarios: list[str], repeats: int) -> dict:
    out: dict = {"verify": time_verify(tree, work, scenarios, repeats)}
    game = work / scenarios[0] / "game.pbem"
    status = ["-m", "pbem", "status", str(game)]
    run_py(tree, status)  # a first status writes the cache where the tree has one
    out["status"] = wall(tree, status, max(repeats, 5))
    cold = work / "cold.pbem"
    out["click"] = wall(tree, ["-c", "import click"], max(repeats, 5))
    shutil.copy(game, cold)
    for ext in ("-wal", "-shm"):
        if Path(f"{game}{ext}").exists():
            shutil.copy(f"{game}{ext}", f"{cold}{ext}")
    drop = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('DROP TABLE IF EXISTS status_cache'); c.commit()"
    best = float("inf")
    for _ in range(max(repeats, 3)):
        run_py(tree, ["-c", drop, str(cold)])
        best = min(best, wall(tree, ["-m", "pbem", "status", str(cold)], 1))
    out["status_uncached"] = best
    return out


def show(name: str, m: dict) -> None:
    print(f"== {name}")
    for sc, r in m["verify"].items():
        per_res = r["seconds"] / max(r["resolutions"], 1)
        per_ev = r["seconds"] / max(r["events"], 1)
        print(
            f"  verify {sc}: {r['seconds'] * 1000:8.1f} ms, {r['resolutions']} resolutions, "
            f"{r['events']} events: {per_res * 1000:7.2f} ms/resolution, {per_ev * 1e6:7.1f} us/event"
        )
        if "seconds_1" in r:
            print(
                f"  verify {sc}, one process (--jobs 1): {r['seconds_1'] * 1000:8.1f} ms, "
                f"{r['seconds_1'] / max(r['resolutions'], 1) * 1000:7.2f} ms/resolution"
            )
    print(
        f"  start-up: status {m['status'] * 1000:.0f} ms (uncached {m['status_uncached'] * 1000:.0f} ms), "
        f"import click {m['click'] * 1000:.0f} ms: status/click = {m['status'] / m['click']:.2f}x "
        f"(uncached {m['status_uncached'] / m['click']:.2f}x)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", help="a git revision to measure beside the working tree")
    ap.add_argument("--scenarios", nargs="+", default=["1757", "1762"])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3, help="rounds of verify timings, trees in turn")
    ap.add_argument("--paired", type=int, default=0, help="verifies per tree, taken in turn")
    a = ap.parse_args()
    with side_by_side(a.baseline) as (trees, tmp):
        results = {}
        work = {name: tmp / name.replace(" ", "_") for name in trees}
        for name, tree in trees.items():
            results[name] = measure(tree, work[name], a.scenarios, a.repeats)
        # the machine's noise comes and goes: more rounds, the trees taking turns,
        # each keeping its best (the games are played once, in the first round)
        for _ in range(a.rounds - 1):
            for name, tree in trees.items():
                again = time_verify(tree, work[name], a.scenarios, a.repeats)
                for sc, r in again.items():
                    kept = results[name]["verify"][sc]
                    for k in ("seconds", "seconds_1"):
                        if k in r and r[k] < kept[k]:
                            kept[k] = r[k]
        for name in trees:
            show(name, results[name])
        if a.paired:
            show_paired(paired(trees, work, a.scenarios, a.paired))
        if a.baseline:
            base, now = results.values()
            print("== ratios (baseline / this tree)")
            for sc in a.scenarios:
                b, n = base["verify"][sc], now["verify"][sc]
                rb = b["seconds"] / max(b["resolutions"], 1)
                rn = n["seconds"] / max(n["resolutions"], 1)
                print(f"  verify {sc}: {rb / rn:.1f}x faster per resolution")
                if "seconds_1" in n:
                    r1 = n["seconds_1"] / max(n["resolutions"], 1)
                    print(f"  verify {sc}, one process: {rb / r1:.1f}x faster per resolution")
            print(f"  status: {base['status'] / now['status']:.1f}x faster")


if __name__ == "__main__":
    main()
