"""Words and lists shared by the report's sentences, tables, map and template:
money, a piece as text, a power's forces by area. Pure; strings only."""

from __future__ import annotations

import re
from collections import defaultdict

from .. import common
from ..content import SoldierContent
from ..state import Counter, LeaderPiece, SoldierState

SEA_FILL = "#a9cbe4"
NEUTRAL_FILL = "#e9e4d4"


def join(items: list[str] | tuple[str, ...], empty: str = "none") -> str:
    return ", ".join(items) if items else empty


def n_dice(n: int) -> str:
    """ "1 die", "3 dice"."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def aside(why: str) -> str:
    """A reason in parentheses, its own trailing citation flattened: "(forced, SK 11.4)",
    not "(forced (SK 11.4))"."""
    head, sep, cite = why.rpartition(" (")
    if sep and cite.endswith(")") and "(" not in cite:
        return f"({head}, {cite[:-1]})"
    return f"({why})"


def a(word: str) -> str:
    """The word with its indefinite article, by sound: "an Assault", "a Siege", "a unit",
    "an hour" is not needed here, so only the vowel letters and a few exceptions count."""
    w = word.strip().casefold()
    vowel = w[:1] in ("a", "e", "i", "o", "u") and not w.startswith(("uni", "use", "one", "eu"))
    return f"{'an' if vowel else 'a'} {word}"


def and_list(items: list[str] | tuple[str, ...]) -> str:
    """ "A", "A and B", "A, B and C"."""
    items = list(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


def in_money(content, text: str) -> str:
    """The engine's word Resources as the game's rulebook says it (SE: Money, a mass noun)."""
    word = content.game.rules.money
    return text if word == "Resources" else re.sub(r"\bResources?\b", word, text)


def money(r: int, m: int) -> str:
    parts = []
    if r:
        parts.append(f"{r} Resource{'s' if r != 1 else ''}")
    if m:
        parts.append(f"{m} Manpower")
    return " and ".join(parts) or "nothing"


def unit_text(u: Counter, s: SoldierState | None = None) -> str:
    """'Br-A7 (2-2, reduced, provincial)'; with the state, a major power's unit serving
    another as an auxiliary says so: 'Au-A3 (3-3, lent by Austria)' (SK 19.5, SE 19.1)."""
    a, d = u.strength
    marks = [f"{a}-{d}"] + ["reduced"] * u.is_reduced
    if u.provincial:  # SK 19.4: a British or Spanish provincial army
        marks.append("provincial")
    if s is not None and lent(s, u):
        marks.append(f"lent by {u.country}")
    return f"{u.id} ({', '.join(marks)})"


def lent(s: SoldierState, u: Counter) -> bool:
    """A major power's own unit under another's orders: lent as an auxiliary (SK 19.5)."""
    return u.hired_by not in (None, u.country) and u.country in s.majors


def leader_text(ld: LeaderPiece) -> str:
    return f"{ld.name} ({ld.role} {ld.rating})"


def units_text(s: SoldierState | None, ids: list[str]) -> str:
    if s is None:
        return join(ids)
    return join([unit_text(s.units[i], s) if i in s.units else i for i in ids])


def abbr(content: SoldierContent, country: str) -> str:
    try:
        return content.country(country).abbreviation
    except KeyError:
        return country[:2]


def colour(content: SoldierContent, country: str | None) -> str:
    if not country:
        return NEUTRAL_FILL
    try:
        return content.country(country).color
    except KeyError:
        return NEUTRAL_FILL


def by_area(items) -> dict[str, list]:
    out: dict[str, list] = defaultdict(list)
    for x in items:
        out[x.area].append(x)
    return out


def forces(s: SoldierState, mine: bool, power: str) -> tuple[tuple[str, ...], ...]:
    units = [
        u
        for u in s.units.values()
        if u.status == "map" and u.area and (s.commander(u) == power) == mine
    ]
    leaders = [
        ld
        for ld in s.leaders.values()
        if ld.status == "map" and ld.area and ((s.major_of(ld.country) == power) == mine)
    ]
    by_u, by_l = by_area(units), by_area(leaders)
    rows = []
    for area in sorted(set(by_u) | set(by_l)):
        us = sorted(by_u.get(area, []), key=lambda u: common.id_order(u.id))
        ls = sorted(by_l.get(area, []), key=lambda ld: ld.name)
        rows.append(
            (
                area,
                join([unit_text(u, s) for u in us], "-"),
                join([leader_text(x) for x in ls], "-"),
            )
        )
    return tuple(rows)
