"""Standing orders (plan section 7.4): what a player wants done when a decision of his
comes up while he is not moving. Each kind of line is read by one function here; the
defaults are the modules' own (the rule that consults a preference says what it does
without one). docs/orders-seven-years-world-war.md lists them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.ruleset import OrderLine, Parsed, Problem

from . import names
from .content import Content


@dataclass
class Standing:
    discard_order: list[str] = field(default_factory=list)  # 8.31: labels or leader ids
    starve_order: list[str] = field(default_factory=list)  # 19.3: unit ids
    lines: list[tuple[int, str]] = field(default_factory=list)  # every line read, as sent


def _split(rest: str) -> list[str]:
    return [w for w in re.split(r"[,\s]+", rest.strip()) if w]


def _discard(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    out = []
    for part in [p.strip() for p in rest.split(",") if p.strip()]:
        got, hint = names.marker_label(c, part)
        if got is None:
            out.append(Problem(f"no campaign marker {part!r}", ln, hint))
        else:
            st.discard_order.append(got)
    return out


def _starve(c: Content, st: Standing, rest: str, ln: int) -> list[Problem]:
    st.starve_order += [u.upper() for u in _split(rest)]
    return []


READERS = {
    "discard order": _discard,
    "starve order": _starve,
}


def parse(c: Content, lines: list[OrderLine]) -> Parsed:
    st = Standing()
    problems: list[Problem] = []
    for ol in lines:
        text = ol.text.split("#", 1)[0].strip()
        if not text:
            continue
        low = text.casefold()
        for head, read in READERS.items():
            if low.startswith(head):
                rest = text[len(head) :].lstrip(" :")
                problems += read(c, st, rest, ol.line)
                st.lines.append((ol.line, text))
                break
        else:
            hint = names.closest_head(low, list(READERS))
            problems.append(Problem(f"not a standing order: {text!r}", ol.line, hint))
    return Parsed(st, problems)
