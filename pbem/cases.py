"""Rules cases (DESIGN "Rules cases"; format in docs/rules-cases.md).

A case is a TOML file: a ruleset, a starting position (a scenario's set-up, or any
position given as the ruleset's state), then steps, each with orders per power,
scripted dice and what must come out: events (in order, each a subset of the
recorded one), state values by dotted path, or rejected orders with message
fragments and line numbers.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import ruleset as registry
from .dice import DiceScriptError, ScriptedDice
from .errors import PbemError
from .events import encode
from .resolution import Resolution
from .ruleset import STANDING, OrderLine, Problem, Ruleset

TOP_KEYS = {"case", "start", "step"}
CASE_KEYS = {"title", "rule", "ruleset", "notes", "choice"}
START_KEYS = {"scenario", "options", "dice", "state", "set"}
STEP_KEYS = {"phase", "orders", "standing", "dice", "expect", "title"}
EXPECT_KEYS = {
    "events",
    "no_events",
    "state",
    "rejected",
    "phase",
    "game_over",
    "dice_left",
    "error",
}


class CaseError(PbemError):
    pass


@dataclass
class CaseResult:
    path: str
    title: str
    rule: str
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def text(self) -> str:
        head = f"{'PASS' if self.ok else 'FAIL'} {self.path}: {self.rule} {self.title}"
        return "\n".join([head, *(f"  - {f}" for f in self.failures)])


def _keys(where: str, d: dict, allowed: set[str]) -> None:
    extra = set(d) - allowed
    if extra:
        raise CaseError(
            f"{where}: unknown key(s) {', '.join(sorted(extra))}; allowed: {', '.join(sorted(allowed))}"
        )


def _dice(values: list) -> ScriptedDice:
    out: list[int | tuple[str, int]] = []
    for v in values:
        if isinstance(v, list) and len(v) == 2:
            out.append((str(v[0]), int(v[1])))
        elif isinstance(v, dict):
            out.append((str(v["label"]), int(v["value"])))
        else:
            out.append(int(v))
    return ScriptedDice(out)


def get_path(data: Any, path: str) -> Any:
    cur = data
    for part in path.split("."):
        if isinstance(cur, dict):
            if part not in cur:
                raise KeyError(path)
            cur = cur[part]
        elif isinstance(cur, list):
            cur = cur[int(part)]
        else:
            cur = getattr(cur, part)
    return cur


def _set_path(data: dict, path: str, value: Any) -> None:
    parts = path.split(".")
    cur = data
    for part in parts[:-1]:
        cur = cur[int(part)] if isinstance(cur, list) else cur.setdefault(part, {})
    if isinstance(cur, list):
        cur[int(parts[-1])] = value
    else:
        cur[parts[-1]] = value


def subset(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and subset(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(subset(a, b) for a, b in zip(expected, actual, strict=True))
        )
    return expected == actual


def _lines(text: str) -> list[OrderLine]:
    return [OrderLine(i, t) for i, t in enumerate(text.splitlines(), 1)]


def load(path: str | Path) -> dict:
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise CaseError(f"{p}: {e}") from None
    _keys(str(p), data, TOP_KEYS)
    _keys(f"{p} [case]", data.get("case", {}), CASE_KEYS)
    _keys(f"{p} [start]", data.get("start", {}), START_KEYS)
    for k, s in enumerate(data.get("step", []), 1):
        _keys(f"{p} [[step]] {k}", s, STEP_KEYS)
        _keys(f"{p} [[step]] {k} expect", s.get("expect", {}), EXPECT_KEYS)
    if "ruleset" not in data.get("case", {}):
        raise CaseError(f'{p}: [case] needs ruleset = "..."')
    return data


def run_case(path: str | Path) -> CaseResult:
    data = load(path)
    case = data["case"]
    res = CaseResult(str(path), case.get("title", ""), case.get("rule", ""))
    fail = res.failures.append
    rs: Ruleset = registry.get(case["ruleset"])
    start = data.get("start", {})
    scenario = start.get("scenario", "")
    options = dict(start.get("options", {}))
    if "state" in start:
        state = rs.load_state(start["state"])
    else:
        if scenario not in rs.scenarios():
            raise CaseError(
                f"{path}: [start] needs scenario (one of {', '.join(rs.scenarios())}) or state"
            )
        dice = _dice(start.get("dice", []))
        ctx = Resolution(rs, rs.new_state(scenario, options), dice)
        try:
            rs.setup(ctx, scenario, options)
        except DiceScriptError as e:
            fail(f"set-up: {e}")
            return res
        state = ctx.state
        if dice.remaining():
            fail(f"set-up: {dice.remaining()} scripted dice left unused")
    if "set" in start:
        dumped = rs.dump_state(state)
        for k, v in start["set"].items():
            _set_path(dumped, k, v)
        state = rs.load_state(dumped)

    standing: dict[str, Any] = {}  # in force until replaced, as in a game
    for n, s in enumerate(data.get("step", []), 1):
        where = f"step {n}" + (f" ({s['title']})" if "title" in s else "")
        expect = s.get("expect", {})
        step = rs.step(state)
        if step is None:
            fail(f"{where}: the game is over, nothing to resolve")
            break
        if "phase" in s and s["phase"] != step.phase:
            fail(f"{where}: the rules are at phase {step.phase!r}, the case says {s['phase']!r}")
            break
        orders: dict[str, Any] = {}
        new_standing: dict[str, Any] = {}
        rejected: dict[str, list[str]] = {}
        got_problems: list[tuple[str, Any]] = []
        for kind, src, dst in (
            ("orders", s.get("orders", {}), orders),
            ("standing", s.get("standing", {}), new_standing),
        ):
            for power, text in src.items():
                phase = step.phase if kind == "orders" else STANDING
                if kind == "orders" and power not in (*step.owes, *step.may):
                    msg = f"{power} has no orders to give in {step.title}"
                    rejected[power] = [msg]
                    got_problems.append((power, Problem(msg)))
                    continue
                parsed = rs.parse(state, power, phase, _lines(text))
                problems = parsed.problems or rs.validate(state, power, phase, parsed.orders)
                if problems:
                    rejected[power] = [str(p) for p in problems]
                    got_problems += [(power, p) for p in problems]
                else:
                    dst[power] = parsed.orders
        want_rej = expect.get("rejected", [])
        for w in want_rej:
            hits = [
                p
                for pw, p in got_problems
                if pw == w["power"]
                and w.get("message", "").lower() in str(p).lower()
                and ("line" not in w or p.line == w["line"])
                and ("suggestion" not in w or p.suggestion == w["suggestion"])
            ]
            if not hits:
                fail(
                    f"{where}: expected {w['power']}'s orders rejected with {w}, got {rejected.get(w['power'], 'no problems')}"
                )
        if rejected and not want_rej:
            fail(f"{where}: orders rejected unexpectedly: {rejected}")
        if want_rej:
            continue  # a rejected order never changes the game
        standing.update(new_standing)
        for power in step.owes:
            if power not in orders:
                orders[power] = rs.default_orders(state, power, step.phase)
        dice = _dice(s.get("dice", []))
        ctx = Resolution(rs, state, dice)
        try:
            rs.resolve(ctx, step, orders, standing)
        except DiceScriptError as e:
            fail(f"{where}: {e}")
            break
        except PbemError as e:
            if "error" in expect and expect["error"].lower() in str(e).lower():
                continue
            fail(f"{where}: the rules raised {e}")
            break
        if "error" in expect:
            fail(f"{where}: expected the rules to refuse with {expect['error']!r}; they did not")
            break
        state = ctx.state
        got = [json.loads(encode(e)) for e in ctx.events]
        _match_events(where, expect.get("events", []), got, fail)
        for t in expect.get("no_events", []):
            if any(g["type"] == t for g in got):
                fail(f"{where}: an event of type {t!r} happened, the case says none")
        dumped = rs.dump_state(state)
        for k, v in expect.get("state", {}).items():
            try:
                actual = get_path(dumped, k)
            except (KeyError, IndexError, AttributeError, ValueError):
                fail(f"{where}: state has no {k!r}")
                continue
            if not subset(v, actual):
                fail(f"{where}: state {k} is {actual!r}, expected {v!r}")
        if "phase" in expect:
            nxt = rs.step(state)
            if (nxt.phase if nxt else None) != expect["phase"]:
                fail(
                    f"{where}: next phase is {nxt.phase if nxt else None!r}, expected {expect['phase']!r}"
                )
        if "game_over" in expect and (rs.step(state) is None) != expect["game_over"]:
            fail(f"{where}: game_over is {rs.step(state) is None}, expected {expect['game_over']}")
        left = dice.remaining()
        if left != expect.get("dice_left", 0):
            fail(
                f"{where}: {left} scripted dice left unused (the case scripts more rolls than the rules made)"
            )
    return res


def _match_events(where: str, want: list[dict], got: list[dict], fail) -> None:
    """Each expected event must match a recorded one, in order (others may lie between)."""
    i = 0
    for w in want:
        while i < len(got) and not subset(w, got[i]):
            i += 1
        if i == len(got):
            shown = "\n      ".join(json.dumps(g) for g in got)
            fail(f"{where}: no event matching {w} (in order); events were:\n      {shown}")
            return
        i += 1


def collect(paths: list[str | Path]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(p.rglob("*.toml")) if p.is_dir() else [p]
    return out
