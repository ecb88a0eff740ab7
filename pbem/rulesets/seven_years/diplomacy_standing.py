"""The standing orders of diplomacy and control (plan 2.2, 7.4), read into `Standing`
(standing.py registers these readers):

    defend POWER with V [V...] [against SEAT]   # 9.1(3), 9.4: defence, face down
    reaction treasury | reaction markers        # 29.1 R, R2
    lose powers in order PW, PW...              # 29.1 D3(4), D4(4), D4(5)
    displace to SQ[, SQ...]                     # 4.511 among equally near squares

Defaults (docs/orders-seven-years-world-war.md): no defence (a default never spends a
marker, plan 2.2); reaction markers unless the pick would pass the hand limit (8.3),
then treasury; lose the lowest campaign value first, then fewest units on the map, then
power code; displacement: most friendly units, highest treasury value, grid order."""

from __future__ import annotations

import re
from typing import Any

from pbem.ruleset import Problem

from . import names
from .content import Content


def read_defend(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """`defend POWER with V [V...] [against SEAT]` (the `defend with leader` line is
    standing.py's)."""
    m = re.fullmatch(r"(.+?)\s+with\s+([\d,\s]+?)(?:\s+against\s+(.+))?", rest.strip(), re.I)
    if not m:
        return [Problem("write: defend POWER with V [V...] [against SEAT] (7YWW 9.4), or defend with leader ID", ln)]  # fmt: skip
    out: list[Problem] = []
    power = names.power(c, m.group(1))
    if power is None or power not in c.majors:
        out.append(Problem(f"no major power {m.group(1).strip()!r}", ln, names.find(c, "power", m.group(1))[1]))  # fmt: skip
    values = [int(w) for w in re.split(r"[,\s]+", m.group(2).strip()) if w]
    if not values or any(v not in (1, 2, 3) for v in values):
        out.append(Problem("diplomacy values are 1, 2 or 3 (7YWW 9.5)", ln))
    against = ""
    if m.group(3):
        sm = names.SEAT.match(m.group(3).strip())
        if sm is None:
            out.append(
                Problem(f"no player {m.group(3).strip()!r} (write: against Coalition N)", ln)
            )
        else:
            against = f"Coalition {sm.group(1)}"
    if not out:
        st.defend_powers.append((power, tuple(values), against))
    return out


def read_reaction(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """`reaction treasury` | `reaction markers`"""
    word = rest.strip().casefold()
    if word not in ("treasury", "markers"):
        return [Problem("write: reaction treasury, or reaction markers (7YWW 29.1 R, R2)", ln)]
    st.reaction = word
    return []


def read_lose_powers(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """`lose powers in order PW, PW...`"""
    out: list[Problem] = []
    text = re.sub(r"^in\s+order\s*", "", rest.strip(), flags=re.I)
    for w in [w for w in re.split(r"[,\s]+", text) if w]:
        p = names.power(c, w)
        if p is None or p not in c.majors:
            out.append(Problem(f"no major power {w!r}", ln, names.find(c, "power", w)[1]))
        else:
            st.lose_order.append(p)
    return out


def read_displace(c: Content, st: Any, rest: str, ln: int) -> list[Problem]:
    """`displace to SQ[, SQ...]`"""
    out: list[Problem] = []
    for w in [w for w in re.split(r"\s*,\s*|\s+", rest.strip()) if w]:
        got, hint = names.find(c, "square", w)
        if got is None:
            out.append(Problem(f"no square {w!r} on the map", ln, hint))
        else:
            st.displace_to.append(got)
    return out


READERS = {
    "defend": read_defend,
    "reaction": read_reaction,
    "lose powers": read_lose_powers,
    "displace to": read_displace,
}
