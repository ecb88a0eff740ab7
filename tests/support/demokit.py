"""Demo games (pbem.demo's scripted players) in which a rule comes up.

Whether a rule comes up in a demo game follows the dice, and the dice follow the rules
version (it is in game_created): a test that needs, say, an Unrest event cannot rest on
one fixed master secret, which a version bump may turn into a game without one. These
try the master secrets 0, 1, 2, ... in turn (0 is the demo's usual one)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pbem.demo import run_demo

Wanted = Callable[[str, dict[str, Any]], bool]  # (event type, body) -> it came up


def events(path: Path) -> list[tuple[str, dict[str, Any]]]:
    with sqlite3.connect(path) as db:
        return [(t, json.loads(b)) for t, b in db.execute("SELECT type, body FROM events")]


def demo_with(
    where: Path, ruleset: str, scenario: str, wanted: Wanted, tries: int = 6, **kw: Any
) -> Path:
    """The first demo game, over the master secrets 0..tries-1, with an event `wanted`
    accepts (keyword arguments go to run_demo)."""
    kw.setdefault("reports_too", False)
    for k in range(tries):
        path = run_demo(
            where / f"master-{k}", ruleset, scenario, echo=lambda s: None,
            master=bytes(31) + bytes([k]), **kw,
        )  # fmt: skip
        if any(wanted(t, b) for t, b in events(path)):
            return path
    raise AssertionError(f"none of {tries} demo games of {ruleset} {scenario} has the event")


def of_type(name: str) -> Wanted:
    return lambda t, b: t == name
