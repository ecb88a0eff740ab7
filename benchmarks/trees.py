"""The trees a benchmark measures side by side: this one, and a baseline revision
checked out in a temporary git worktree (removed after the run)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


@contextmanager
def side_by_side(baseline: str | None) -> Iterator[tuple[dict[str, Path], Path]]:
    """({"baseline REV": its worktree, "this tree": HERE} or just this tree, a
    temporary folder for the run)."""
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"this tree": HERE}
        wt = Path(tmp) / "baseline"
        if baseline:
            subprocess.run(
                ["git", "worktree", "add", "--detach", str(wt), baseline],
                cwd=HERE, check=True, capture_output=True,
            )  # fmt: skip
            trees = {f"baseline {baseline}": wt, **trees}
        try:
            yield trees, Path(tmp)
        finally:
            if baseline:
                subprocess.run(
                    ["git", "worktree", "remove", "--force", str(wt)],
                    cwd=HERE, capture_output=True,
                )  # fmt: skip


def run_py(tree: Path, args: list[str]) -> str:
    """Python with `args` in `tree` (its pbem first on the path); its output, or exit
    naming the tree and the end of its error."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, *args], env=env, cwd=tree, capture_output=True, text=True, check=False
    )
    if out.returncode:
        raise SystemExit(f"{tree}: {' '.join(args[:2])} failed:\n{out.stderr[-2000:]}")
    return out.stdout
