"""Rules cases (DESIGN "Rules cases"; format in docs/rules-cases.md).

A case is a TOML file: a ruleset, a starting position (a scenario's set-up, or any
position given as the ruleset's state), then steps, each with orders per power,
scripted dice and what must come out: events (in order, or in any order; each a
subset of the recorded one), state values by path (as a subset, exactly, or absent),
or rejected orders with message fragments and line numbers. Paths: case_paths.py.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import ruleset as registry
from .case_paths import (
    CaseError,
    PathError,
    get_path,
    lookup,
    parse_path,
    set_path,
    show_path,
)
from .dice import DiceScriptError, ScriptedDice
from .errors import PbemError
from .events import encode
from .resolution import Resolution
from .ruleset import STANDING, OrderLine, Problem, Ruleset, check_orders

TOP_KEYS = {"case", "start", "step"}
CASE_KEYS = {"title", "rule", "ruleset", "notes", "choice"}
START_KEYS = {"scenario", "options", "dice", "state", "set"}
STEP_KEYS = {"phase", "orders", "standing", "dice", "expect", "title", "resolve"}
# checked after the resolution: meaningless in a step that is not resolved
AFTER_KEYS = {
    "events",
    "events_any_order",
    "no_events",
    "state",
    "state_absent",
    "phase",
    "game_over",
    "dice_left",
    "error",
}
EXPECT_KEYS = {"rejected", *AFTER_KEYS}
EXACTLY = "exactly"  # { exactly = VALUE }: VALUE with nothing more, at any depth

__all__ = ["CaseError", "CaseResult", "collect", "exact", "get_path", "load", "run_case", "subset"]


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


def _dice(values: list, where: str) -> ScriptedDice:
    """A `dice` list: N, ["label", N] or { label = "...", value = N } each."""
    out: list[int | tuple[str, int]] = []
    for k, v in enumerate(values, 1):
        try:
            if isinstance(v, list) and len(v) == 2:
                out.append((str(v[0]), int(v[1])))
            elif isinstance(v, dict):
                out.append((str(v["label"]), int(v["value"])))
            elif isinstance(v, int) and not isinstance(v, bool):
                out.append(v)
            else:
                raise ValueError("not a whole number")
        except (KeyError, ValueError, TypeError) as e:
            why = f"no {e}" if isinstance(e, KeyError) else str(e)
            raise CaseError(
                f"{where} dice, entry {k} ({v!r}): {why}; an entry is N, "
                '["label", N] or { label = "label", value = N }'
            ) from None
    return ScriptedDice(out)


def is_exactly(expected: Any) -> bool:
    """`{ exactly = VALUE }`: a table whose one key is `exactly`."""
    return isinstance(expected, dict) and list(expected) == [EXACTLY]


def subset(expected: Any, actual: Any) -> bool:
    """A table matches a table holding at least its keys; a list a list of the same
    length, item by item; `{ exactly = VALUE }` only VALUE itself (see `exact`);
    anything else must be equal."""
    if is_exactly(expected):
        return exact(expected[EXACTLY], actual)
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


def exact(expected: Any, actual: Any) -> bool:
    """Equal all the way down: tables with the same keys, and a bool is not a number."""
    if isinstance(expected, dict):
        return (
            isinstance(actual, dict)
            and set(expected) == set(actual)
            and all(exact(v, actual[k]) for k, v in expected.items())
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(exact(a, b) for a, b in zip(expected, actual, strict=True))
        )
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    return expected == actual


def mismatches(expected: Any, actual: Any, at: str = "", limit: int = 5) -> list[str]:
    """Where `actual` fails to match `expected` (as `subset` matches), in words."""
    here = at or "the value"

    def sub(k: Any) -> str:
        return f"{at}.{show_path([str(k)])}" if at else show_path([str(k)])

    out: list[str] = []
    if is_exactly(expected):
        expected, strict = expected[EXACTLY], True
    else:
        strict = False
    if isinstance(expected, dict) and isinstance(actual, dict):
        missing = [str(k) for k in expected if k not in actual]
        extra = sorted(str(k) for k in actual if k not in expected) if strict else []
        if missing:
            out.append(f"{here} has no {', '.join(missing)}")
        if extra:
            out.append(f"{here} also has {', '.join(extra)}, which `exactly` leaves out")
        for k, v in expected.items():
            if k in actual and len(out) < limit:
                if strict:
                    v = {EXACTLY: v}
                out += mismatches(v, actual[k], sub(k), limit - len(out))
    elif isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for n, (a, b) in enumerate(zip(expected, actual, strict=True)):
            if len(out) < limit:
                out += mismatches({EXACTLY: a} if strict else a, b, sub(n), limit - len(out))
    elif not (exact(expected, actual) if strict else subset(expected, actual)):
        out.append(f"{here} is {actual!r}, expected {expected!r}")
    return out[:limit]


def _lines(text: str) -> list[OrderLine]:
    return [OrderLine(i, t) for i, t in enumerate(text.splitlines(), 1)]


def resolves(step: dict) -> bool:
    """A step is resolved unless it expects rejected orders; `resolve` says otherwise."""
    return bool(step.get("resolve", not step.get("expect", {}).get("rejected")))


def load(path: str | Path) -> dict:
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise CaseError(f"{p}: {e}") from None
    _keys(str(p), data, TOP_KEYS)
    _keys(f"{p} [case]", data.get("case", {}), CASE_KEYS)
    _keys(f"{p} [start]", data.get("start", {}), START_KEYS)
    _paths(f"{p} [start] set", data.get("start", {}).get("set", {}))
    for k, s in enumerate(data.get("step", []), 1):
        where = f"{p} [[step]] {k}"
        expect = s.get("expect", {})
        _keys(where, s, STEP_KEYS)
        _keys(f"{where} expect", expect, EXPECT_KEYS)
        if "resolve" in s and not isinstance(s["resolve"], bool):
            raise CaseError(f"{where}: resolve must be true or false")
        _paths(f"{where} expect.state", expect.get("state", {}))
        absent = expect.get("state_absent", [])
        if not isinstance(absent, list) or not all(isinstance(x, str) for x in absent):
            raise CaseError(f'{where} expect.state_absent: a list of paths, e.g. ["owner.West"]')
        _paths(f"{where} expect.state_absent", dict.fromkeys(absent))
        for key in ("events", "events_any_order"):
            if not all(isinstance(x, dict) for x in expect.get(key, [])):
                raise CaseError(f"{where} expect.{key}: a list of event tables")
        if not resolves(s):
            after = sorted(AFTER_KEYS & set(expect)) + (["dice"] if "dice" in s else [])
            if after:
                raise CaseError(
                    f"{where}: {', '.join(after)} {'is' if len(after) == 1 else 'are'} checked"
                    " after the resolution, and this step is not resolved"
                    + (
                        " (a step that expects rejected orders is not resolved unless it says"
                        " resolve = true)"
                        if expect.get("rejected")
                        else " (resolve = false)"
                    )
                )
    if "ruleset" not in data.get("case", {}):
        raise CaseError(f'{p}: [case] needs ruleset = "..."')
    return data


def _paths(where: str, table: Any) -> None:
    if not isinstance(table, dict):
        raise CaseError(f'{where}: a table of paths and values, e.g. {{ "owner.West" = "Blue" }}')
    for k in table:
        try:
            parse_path(k)
        except PathError as e:
            raise CaseError(f"{where}: {e}") from None


def _load_state(rs: Ruleset, data: Any, where: str) -> Any:
    try:
        state = rs.load_state(data)
    except (ValueError, TypeError, KeyError) as e:  # pydantic's ValidationError is a ValueError
        raise CaseError(f"{where}: the ruleset cannot read this state: {e}") from None
    named = getattr(state, "scenario", None)  # a state names its game's scenario
    if isinstance(named, str) and named and named not in rs.scenarios():
        raise CaseError(
            f"{where}: scenario {named!r} is not one of {rs.name}'s: {', '.join(rs.scenarios())}"
        )
    return state


def run_case(
    path: str | Path, trace: Callable[[str], None] | None = None, show: Sequence[str] = ()
) -> CaseResult:
    """Run the case at `path`. `trace` (pbem case --trace): told, line by line, each
    step's phase, refusals, events and the next phase, and the values at the `show`
    paths ("" for the whole state) at the start and after each step: what a case
    writer needs to see where a case and the rules part."""
    data = load(path)
    case = data["case"]
    res = CaseResult(str(path), case.get("title", ""), case.get("rule", ""))
    fail = res.failures.append
    rs: Ruleset = registry.get(case["ruleset"])
    start = data.get("start", {})
    scenario = start.get("scenario", "")
    options = dict(start.get("options", {}))
    if "state" in start:
        state = _load_state(rs, start["state"], f"{path} [start] state")
    else:
        if scenario not in rs.scenarios():
            raise CaseError(
                f"{path}: [start] needs scenario (one of {', '.join(rs.scenarios())}) or state"
            )
        dice = _dice(start.get("dice", []), f"{path} [start]")
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
            try:
                set_path(dumped, k, v, state)
            except PathError as e:
                raise CaseError(f"{path} [start] set {k!r}: {e}") from None
        state = _load_state(rs, dumped, f"{path} [start] set")

    say = trace or (lambda _: None)
    if trace is not None:
        _trace_state(say, "start", rs, state, show)
    standing: dict[str, Any] = {}  # in force until replaced, as in a game
    for n, s in enumerate(data.get("step", []), 1):
        where = f"step {n}" + (f" ({s['title']})" if "title" in s else "")
        expect = s.get("expect", {})
        step = rs.step(state)
        if step is None:
            fail(f"{where}: the game is over, nothing to resolve")
            break
        say(f"{where}: phase {step.phase} ({step.title})")
        if "phase" in s and s["phase"] != step.phase:
            fail(f"{where}: the rules are at phase {step.phase!r}, the case says {s['phase']!r}")
            break
        # Each power's orders table is one envelope: accepted whole, or rejected whole
        # (pbem/service.py submit), and a rejected one changes nothing.
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
                    rejected.setdefault(power, []).append(msg)
                    got_problems.append((power, Problem(msg)))
                    continue
                given, problems = check_orders(rs, state, power, phase, _lines(text))
                if problems:
                    rejected.setdefault(power, []).extend(str(p) for p in problems)
                    got_problems += [(power, p) for p in problems]
                else:
                    dst[power] = given
        for pw, p in got_problems:
            say(f"  refused, {pw}: {p}")
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
        unnamed = sorted(set(rejected) - {w["power"] for w in want_rej}) if want_rej else []
        if unnamed:  # (whether or not the step resolves)
            fail(
                f"{where}: orders of {', '.join(unnamed)} rejected, and `rejected` does not"
                f" name them: { ({p: rejected[p] for p in unnamed}) }"
            )
        if not resolves(s):
            continue  # a step that only checks orders: none of them is kept
        standing.update(new_standing)
        for power in step.owes:
            if power not in orders:
                orders[power] = rs.default_orders(state, power, step.phase)
        dice = _dice(s.get("dice", []), f"{path} {where}")
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
        if trace is not None:
            for g in got:
                say("  event " + json.dumps(g, ensure_ascii=False))
            nxt = rs.step(state)
            say(f"  next phase: {nxt.phase if nxt else 'none (the game is over)'}")
            _trace_state(say, where, rs, state, show)
        _match_events(where, expect.get("events", []), got, fail)
        _match_any_order(where, expect.get("events_any_order", []), got, fail)
        for t in expect.get("no_events", []):  # a type, or fields an event must not match
            if isinstance(t, dict) and any(subset(t, g) for g in got):
                fail(f"{where}: an event matching {t} happened, the case says none")
            elif not isinstance(t, dict) and any(g["type"] == t for g in got):
                fail(f"{where}: an event of type {t!r} happened, the case says none")
        _check_state(where, expect, rs.dump_state(state), state, fail)
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


def _trace_state(say: Callable[[str], None], where: str, rs: Ruleset, state: Any, show) -> None:
    if not show:
        return
    dumped = rs.dump_state(state)
    for k in show:
        try:
            value = get_path(dumped, k, state) if k else dumped
        except PathError as e:
            say(f"  {where}: state has no {k!r}: {e}")
            continue
        text = json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True, default=str)
        say(f"  {where}: state {k or '(all)'} = {text}")


def _check_state(where: str, expect: dict, dumped: Any, live: Any, fail: Callable) -> None:
    """`state` (each value matched as `subset` matches) and `state_absent`."""
    for k, v in expect.get("state", {}).items():
        try:
            actual = get_path(dumped, k, live)
        except PathError as e:
            fail(f"{where}: state has no {k!r}: {e}")
            continue
        if not subset(v, actual):
            why = "; ".join(mismatches(v, actual, k))
            fail(f"{where}: state {k} is {actual!r}, expected {v!r}" + (f" ({why})" if why else ""))
    for k in expect.get("state_absent", []):
        try:
            present, value = lookup(dumped, k, live)
        except PathError as e:
            fail(f"{where}: state_absent {k!r}: {e}")
            continue
        if present:
            fail(f"{where}: state {k} is present ({value!r}); the case says it is absent")


def _match_events(where: str, want: list[dict], got: list[dict], fail: Callable) -> None:
    """Each expected event must match a recorded one, in order (others may lie between)."""
    i = 0
    for w in want:
        while i < len(got) and not subset(w, got[i]):
            i += 1
        if i == len(got):
            fail(f"{where}: no event matching {w} (in order); events were:{_shown(got)}")
            return
        i += 1


def _match_any_order(where: str, want: list[dict], got: list[dict], fail: Callable) -> None:
    """Each expected event must match a recorded one of its own, in any order."""
    if not want:
        return
    cands = [[j for j, g in enumerate(got) if subset(w, g)] for w in want]
    taken: dict[int, int] = {}  # recorded event -> the expected one it serves

    def assign(i: int, seen: set[int]) -> bool:  # Kuhn's augmenting path
        for j in cands[i]:
            if j not in seen:
                seen.add(j)
                if j not in taken or assign(taken[j], seen):
                    taken[j] = i
                    return True
        return False

    for i, w in enumerate(want):
        if not assign(i, set()):
            why = (
                "each expected event needs one of its own, and the events it matches serve others"
                if cands[i]
                else "in any order"
            )
            fail(f"{where}: no event matching {w} ({why}); events were:{_shown(got)}")


def _shown(got: list[dict]) -> str:
    return "".join(f"\n      {json.dumps(g)}" for g in got)


def collect(paths: list[str | Path]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(p.rglob("*.toml")) if p.is_dir() else [p]
    return out
