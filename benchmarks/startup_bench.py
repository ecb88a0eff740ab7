"""What every command pays before it reads a game: loading pbem, the rules and their
content (`import pbem.verify; pbem.ruleset.get(RULESET)`), in fresh interpreters, this
tree and another revision taking turns (`--baseline REV`, checked out in a temporary git
worktree).

Run: python benchmarks/startup_bench.py [--baseline REV] [--ruleset soldier-kings] [--runs 16]

Prints each tree's best and median wall time and the median of the pairs' ratios (each
pair taken back to back). The content cache (pbem/content_cache.py) is filled by a
first, untimed run of each tree, as a referee's machine has it after its first command.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from trees import side_by_side

CODE = "import pbem.verify, pbem.ruleset as r, sys; r.get(sys.argv[1])"


def once(tree: Path, ruleset: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", CODE, ruleset], env=env, cwd=tree, check=True)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", help="a git revision to measure beside the working tree")
    ap.add_argument("--ruleset", default="soldier-kings")
    ap.add_argument("--runs", type=int, default=16)
    a = ap.parse_args()
    with side_by_side(a.baseline) as (trees, _):
        for tree in trees.values():  # compiled modules and the content cache, as in use
            subprocess.run(
                [sys.executable, "-m", "compileall", "-q", "pbem"], cwd=tree,
                env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
                check=True, capture_output=True,
            )  # fmt: skip
            once(tree, a.ruleset)
        times: dict[str, list[float]] = {name: [] for name in trees}
        for i in range(a.runs):
            order = list(trees.items()) if i % 2 == 0 else list(trees.items())[::-1]
            for name, tree in order:
                times[name].append(once(tree, a.ruleset))
        for name, v in times.items():
            print(
                f"{name}: best {min(v) * 1000:.0f} ms, median {statistics.median(v) * 1000:.0f} ms"
            )
        if a.baseline:
            base, now = times.values()
            pairs = [b / n for b, n in zip(base, now, strict=True)]
            print(f"baseline / this tree: {statistics.median(pairs):.2f}x (median of the pairs)")


if __name__ == "__main__":
    main()
