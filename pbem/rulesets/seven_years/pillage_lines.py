"""Reading the lines of the optional rules 26 Pillage, 27 Enlightenment and 4.74 (plan
7.2-7.4; docs/orders-seven-years-world-war.md "Optional rules 26-27, 4.74"):

player turn, after the combat lines (7YWW 3.1(3)(d); option pillage):
    pillage SQ [losing UNIT]                                        (26.1, 29.5)
    minor pillage SQ [with UNITS] [losing UNIT]                     (4.74: plays one
    play minor power alliance for pillage SQ [with UNITS] [losing UNIT]  Minor Power Alliance)
player turn (anywhere) or standing orders (option enlightenment):
    enlighten SQ with V                                             (27.1, 29.6)
treasury envelope, recruiting pass (option pillage):
    remove pillage [marker] [at|in] SQ                              (26.3, 10.33)

Refused, naming the line, when the game does not use the option."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pbem.ruleset import Problem
from pbem.suggest import closest

from . import names
from .content import Content
from .money import TLine
from .state import SYWState

PILLAGE = "pillage"  # the options (ruleset.OPTIONS)
ENLIGHTENMENT = "enlightenment"
OFF = {
    PILLAGE: "pillage is the optional rule 26.0 (option pillage), which this game does not use",
    ENLIGHTENMENT: "enlightenment is the optional rule 27.0 (option enlightenment), which this game does not use",
}  # fmt: skip
HEAD = re.compile(
    r"^(minor\s+pillage|play\s+minor\s+power\s+alliance\s+for\s+pillage|pillage)\b\s*(.*)$", re.I
)
ENLIGHTEN = re.compile(r"^enlighten\s+(.+?)\s+with\s+(\S+)\s*$", re.I)
REMOVE = re.compile(r"^remove\s+pillage(?:\s+marker)?\s+(?:(?:at|in|from)\s+)?(.+)$", re.I)


@dataclass(frozen=True)
class PillageLine:
    """`pillage SQ [losing UNIT]` (26.1), or with `minor` the 4.74 line: the force is
    every unit of the player in SQ ([C 26.b]), or the minor units named (or every minor
    unit there)."""

    line: int
    text: str
    square: str
    losing: str = ""  # 29.5 Troops Lose Discipline: the unit removed (his choice)
    minor: bool = False
    units: tuple[str, ...] = ()  # 4.74: minor units named by `with`
    guard: Any = None


@dataclass(frozen=True)
class EnlightenLine:
    """`enlighten SQ with V` (27.1): one attempt with a Diplomacy marker of value V."""

    line: int
    text: str
    square: str
    value: int
    guard: Any = None


PILLAGE_LINES = (PillageLine,)
PHASE_KIND = {PillageLine: "pillage"}  # turn_orders.PHASE (3.1(3)(d))


@dataclass
class RemovePillage(TLine):
    """`remove pillage SQ` in the treasury envelope (26.3): the recruiting pass."""

    @property
    def pass_no(self) -> int:
        return 2  # plan 2.3: with recruiting (3.1(2)(c))


# ------------------------------------------------------------------ player turn


def read_pillage(r, body: str) -> PillageLine | None:
    """A pillage line of the player turn; `r` is turn_orders.Reader."""
    if PILLAGE not in r.s.options:
        r.bad(OFF[PILLAGE] + " (7YWW 26.0, 4.74)")
        return None
    m = HEAD.match(body.strip())
    assert m is not None
    minor = not m.group(1).casefold().startswith("pillage")
    parts = names.clauses(m.group(2), ("with", "losing"))
    if not parts[0][1]:
        form = (
            "minor pillage SQ [with UNITS] [losing UNIT]" if minor else "pillage SQ [losing UNIT]"
        )
        r.bad(f"write: {form} (7YWW {'4.74' if minor else '26.1'})")
        return None
    square = r.square(parts[0][1])
    got: dict = {}
    for word, rest in parts[1:]:
        if word in got:
            r.bad(f"{word!r} is written twice")
        if not rest:
            r.bad(f"{word!r} needs what follows it")
            continue
        if word == "with" and not minor:
            r.bad("a pillaging force is every unit of yours in the square: write pillage SQ [losing UNIT] (plan [C 26.b])")  # fmt: skip
            continue
        ids, bad = names.unit_ids(r.s.units, rest)
        for w in bad:
            r.bad(f"no unit {w!r} on the map", closest(w, list(r.s.units)))
        if word == "losing" and len(ids) + len(bad) != 1:
            r.bad("name one unit after 'losing' (7YWW 29.5 Troops Lose Discipline)")
        got[word] = tuple(ids)
    if not r.ok:
        return None
    losing = got.get("losing", ("",))[0]
    return PillageLine(r.line, r.text, square, losing, minor, got.get("with", ()))


def read_enlighten(c: Content, s: SYWState, ln: int, text: str) -> EnlightenLine | Problem:
    """`enlighten SQ with V` (27.1, 29.6), in the player turn or standing orders."""
    if s is not None and ENLIGHTENMENT not in s.options:
        return Problem(OFF[ENLIGHTENMENT] + " (7YWW 27.0)", ln)
    m = ENLIGHTEN.match(text.strip())
    if not m:
        return Problem("write: enlighten SQ with V, V the value of a Diplomacy marker you hold (7YWW 27.1)", ln)  # fmt: skip
    sq, hint = names.find(c, "square", m.group(1))
    if sq is None:
        return Problem(f"no square {m.group(1).strip()!r} on the map", ln, hint)
    if m.group(2) not in ("1", "2", "3"):
        return Problem("diplomacy values are 1, 2 or 3 (7YWW 9.5, 29.6)", ln)
    return EnlightenLine(ln, text.strip(), sq, int(m.group(2)))


# --------------------------------------------------------------------- treasury


def read_remove(c: Content, s: SYWState, ln: int, text: str) -> TLine | Problem:
    """`remove pillage [marker] [at] SQ` (26.3, 10.33)."""
    m = REMOVE.match(text.strip())
    if not m:
        return Problem("write: remove pillage SQ (7YWW 26.3)", ln)
    sq, hint = names.find(c, "square", m.group(1))
    if sq is None:
        return Problem(f"no square {m.group(1).strip()!r} on the map", ln, hint)
    return RemovePillage(ln, text, "remove pillage", square=sq)


# ---------------------------------------------------------------- standing orders


def read_standing(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """The standing `enlighten SQ with V` (the option is checked by standing.parse)."""
    got = read_enlighten(c, None, ln, f"enlighten {rest}")  # type: ignore[arg-type]
    if isinstance(got, Problem):
        return [got]
    st.enlighten.append(got)
    return []
