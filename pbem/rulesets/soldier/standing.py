"""Standing orders (DESIGN "Orders"): decisions a power makes in advance for the
moments the rules ask it while it is not moving, each in force until replaced.

Each rule module registers the verbs it reads with `@verb("retreat")`; a parser
gets (names, state, power, words, line, problems) and returns an entry or None.
An envelope with Phase: standing replaces all of that power's standing orders.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pbem.ruleset import OrderLine, Parsed, Problem, parse_good_lines
from pbem.suggest import closest

from . import order_hints
from .content import SoldierContent
from .names import Names, piece_index
from .state import SoldierState

Parser = Callable[[Names, SoldierState, str, list[str], int, list[Problem]], Any]
VERBS: dict[str, Parser] = {}
# Verbs whose entry is a pure function of the names of the game's pieces, the content, the
# power and the words (never of where things stand), an int, a str or a list of str: a
# power's standing orders that use only these are read once (issue 9: they are read again
# at every resolution).
PURE: set[str] = set()


def verb(name: str, *, pure: bool = False):
    def register(fn: Parser) -> Parser:
        VERBS[name] = fn
        if pure:
            PURE.add(name)
        return fn

    return register


class StandingOrders(dict):
    """kind -> list of entries, in the order given."""

    def of(self, kind: str) -> list[Any]:
        return self.get(kind, [])


def parse(content: SoldierContent, s: SoldierState, power: str, lines: list[OrderLine]) -> Parsed:
    """The lines that read are kept (and checked) even when others do not."""
    index = piece_index(content, s)
    key = (power, tuple(lines))
    got = _READ.get(key)
    if got is not None and got[0] is content and got[1] is index and got[2] is not None:
        orders = _copy(got[2])
        return Parsed(orders, [], checkable=True, good=orders)
    parsed = parse_good_lines(lambda ls: _read(content, s, power, ls), lines)
    pure = not parsed.problems and all(_verb(ol) in PURE for ol in lines if _verb(ol))
    if len(_READ) > 1024:
        _READ.clear()
    _READ[key] = (content, index, _copy(parsed.orders) if pure else None)
    return parsed


# (power, lines) -> (content, piece index, the orders read when only PURE verbs read them)
_READ: dict[tuple, tuple[SoldierContent, dict, StandingOrders | None]] = {}


def _verb(ol: OrderLine) -> str:
    text = ol.text.split("#", 1)[0].strip()
    return text.replace(":", " : ").split()[0].casefold() if text else ""


def _copy(orders: StandingOrders) -> StandingOrders:
    return StandingOrders(
        {k: [list(e) if isinstance(e, list) else e for e in v] for k, v in orders.items()}
    )


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
        before = len(problems)
        entry = VERBS[v](names, s, power, words[1:], ol.line, problems)
        problems[before:] = [order_hints.form_hint(p, words[1:]) for p in problems[before:]]
        if entry is not None:
            out.setdefault(v, []).append(entry)
    return Parsed(out, problems)


def majors_named(
    s: SoldierState, text: str, line: int, problems: list[Problem]
) -> list[str] | None:
    """A standing line's list of major powers ("France, Russia", "France and Russia"),
    each as the game names it; None, with a problem naming the first it does not know."""
    out = []
    for w in re.split(r"\s*(?:,|\band\b)\s*", text.strip()):
        major = next((p for p in s.majors if p.casefold() == w.casefold()), None)
        if major is None:
            problems.append(
                Problem(f"no major power {w!r} in this game", line, closest(w, s.majors))
            )
            return None
        out.append(major)
    return out
