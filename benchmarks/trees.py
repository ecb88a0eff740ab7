"""The trees a benchmark measures side by side: this one, and a baseline revision
checked out in a temporary git worktree (removed after the run)."""

from __future__ import annotations

import subprocess
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
