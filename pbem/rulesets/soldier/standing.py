"""Standing orders (DESIGN "Orders"): decisions a power makes in advance for the
moments the rules ask it while it is not moving, each in force until replaced.

Each rule module registers the verbs it reads with `@verb("retreat")`; a parser
gets (names, state, power, words, line, problems) and returns an entry or None.
An envelope with Phase: standing replaces all of that power's standing orders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.ruleset import OrderLine, Parsed, Problem, parse_good_lines
from pbem.suggest import closest

from .content import SoldierContent
from .names import Names
from .state import SoldierState

Parser = Callable[[Names, SoldierState, str, list[str], int, list[Problem]], Any]
VERBS: dict[str, Parser] = {}


def verb(name: str):
    def register(fn: Parser) -> Parser:
        VERBS[name] = fn
        return fn

    return register


class StandingOrders(dict):
    """kind -> list of entries, in the order given."""

    def of(self, kind: str) -> list[Any]:
        return self.get(kind, [])


def parse(content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]) -> Parsed:
    """The lines that read are kept (and checked) even when others do not."""
    return parse_good_lines(lambda ls: _read(content, s, power, ls), lines)


def _read(content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]) -> Parsed:
    names = Names(content, s)
    out = StandingOrders()
    problems: list[Problem] = []
    for ol in lines:
        text = ol.text.split("#", 1)[0].strip()
        if not text:
            continue
        words = text.replace(":", " : ").split()
        v = words[0].casefold()
        if v not in VERBS:
            problems.append(
                Problem(
                    f"{words[0]!r} is not a standing order ({', '.join(sorted(VERBS))})",
                    ol.line,
                    closest(v, VERBS),
                )
            )
            continue
        entry = VERBS[v](names, s, power, words[1:], ol.line, problems)
        if entry is not None:
            out.setdefault(v, []).append(entry)
    return Parsed(out, problems)
