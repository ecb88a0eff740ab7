"""SK 15.0 / SE 15.0: "During the Peace Phase, a Major Power may declare that it is
surrendering to another Major Power" (SK 4.1 / SE 4.1: the Peace Phase follows the last
action phase of a campaign turn). pbem takes no envelope in the Peace Phase (it would cost
an email round trip each turn): a power orders its surrender in its action-phase envelope
(its own phase, or an ally's phase it acts in), and the surrender is declared, or not, in
the Peace Phase, from the position then:

    surrender to POWER[, POWER...]                          declared in the Peace Phase
    surrender to POWER[, POWER...] if lost AREA[, AREA...]  declared only if one of these
                                     areas is then held by neither the power nor a friendly
                                     power (so a power acting early may surrender after a
                                     later enemy phase takes what it names)
    lend UNIT[, UNIT...] to POWER    SE 15.1: an offer made with the declaration (auxiliaries.py)

A power may write several `surrender to` lines: it surrenders to every power named by a
line whose condition holds ("to more than one enemy at the same time", SK 15.1). A later
envelope of the same turn with `surrender to` lines replaces the earlier one's lines and
offers. The orders are secret (only their player sees them) until the Peace Phase; a
power named that is by then no enemy it may surrender to is left out.
"""

from __future__ import annotations

import re
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import auxiliaries, surrender
from .content import SoldierContent
from .fold import on
from .names import Names
from .state import SoldierState, SurrenderOrder

FORM = "surrender to POWER[, POWER...] [if lost AREA[, AREA...]]"


@event
class SurrenderOrdered(Event):
    """SK 15.0: a power's `surrender to` orders of an action phase, to be declared in the
    Peace Phase; secret (ruleset.visible: `seen_by`) until then."""

    type: Literal["sk.surrender_ordered"] = "sk.surrender_ordered"
    loser: str
    lines: list[dict[str, list[str]]]  # each {"to": victors, "if_lost": areas}
    lends: dict[str, list[str]]  # SE 15.1: receiver -> units offered
    seen_by: list[str]


@event
class SurrenderDeclared(Event):
    """SK 15.0: declared in the Peace Phase, then carried out at once (peace.py)."""

    type: Literal["sk.surrender_declared"] = "sk.surrender_declared"
    loser: str
    victors: list[str]


@event
class SurrenderNotDeclared(Event):
    """SK 15.0: the orders' conditions did not hold in the Peace Phase (or no power named
    may still be surrendered to): nothing is declared; seen only by its player."""

    type: Literal["sk.surrender_not_declared"] = "sk.surrender_not_declared"
    loser: str
    lines: list[dict[str, list[str]]]
    seen_by: list[str]


@on(SurrenderOrdered)
def _(s: SoldierState, e: SurrenderOrdered) -> None:
    s.surrender_orders[e.loser] = SurrenderOrder(
        lines=[dict(x) for x in e.lines], lends=dict(e.lends)
    )


@on(SurrenderDeclared)
def _(s: SoldierState, e: SurrenderDeclared) -> None:
    s.surrenders[e.loser] = list(e.victors)
    s.surrender_orders.pop(e.loser, None)


@on(SurrenderNotDeclared)
def _(s: SoldierState, e: SurrenderNotDeclared) -> None:
    s.surrender_orders.pop(e.loser, None)


def parse_line(
    names: Names, s: SoldierState, power: str, text: str, line: int, problems: list[Problem]
) -> dict[str, list[str]] | None:
    """`surrender to POWER[, POWER...] [if lost AREA[, AREA...]]` -> {"to", "if_lost"}."""
    m = re.fullmatch(r"(?is)to\s+(.+?)(?:\s+if\s+lost\s+(.+))?", text.strip())
    if not m or re.search(r"(?i)\bif\b", m.group(1)):
        problems.append(Problem(f"write: {FORM}", line))
        return None
    victors = []
    for w in m.group(1).replace(",", " ").split():
        p = names.major(w)
        if p is None or p == power or s.friendly(p, power):
            problems.append(Problem(f"{w!r} is not an enemy major power of {power}", line))
        elif p not in victors:
            victors.append(p)
    lost = names.area_list(m.group(2) or "", line, problems)
    if lost is None:
        return None
    if m.group(2) is not None and not lost:
        problems.append(Problem(f"write: {FORM}", line))
        return None
    return {"to": victors, "if_lost": lost} if victors else None


def victors_of(lines: list[dict[str, list[str]]]) -> list[str]:
    """Every power the lines name (SE 15.1: an offer of auxiliaries goes only to one)."""
    return list(dict.fromkeys(v for x in lines for v in x["to"]))


def order(ctx: Resolution, power: str, lines: list, lends: list) -> None:
    """At the end of the action phase: the orders kept, secret, for the Peace Phase. One
    offer per receiver (its last `lend` line)."""
    if not lines:
        return
    by: dict[str, list[str]] = {}
    for receiver, units, _line in lends:
        by[receiver] = list(units)
    ctx.emit(
        SurrenderOrdered(loser=power, lines=lines, lends=dict(sorted(by.items())), seen_by=[power])
    )


def lost(s: SoldierState, power: str, areas: list[str]) -> bool:
    """`if lost`: one of the areas is held by neither the power nor a friendly power."""
    return any(not s.friendly(s.holder(a), power) for a in areas)  # SK 19.2: state.holder


def _may(content: SoldierContent, s: SoldierState, loser: str, victor: str) -> bool:
    """The `surrender to` line's checks again, on the position of the Peace Phase."""
    if victor not in s.majors or victor == loser or s.friendly(victor, loser):
        return False
    problems: list[Problem] = []
    surrender.check_line(content, s, loser, [victor], 0, problems)  # SKO
    return not problems


def declare(ctx: Resolution, content: SoldierContent) -> None:
    """SK 15.0, at the start of the Peace Phase: each power with orders declares its
    surrender to the powers of its lines whose condition holds, with its SE 15.1 offers to
    them; the surrenders are then carried out (peace.PeacePhase)."""
    s: SoldierState = ctx.state
    for loser in [p for p in s.majors if p in s.surrender_orders]:
        o = s.surrender_orders[loser]
        victors = [
            v
            for v in victors_of(
                [x for x in o.lines if not x["if_lost"] or lost(s, loser, x["if_lost"])]
            )
            if _may(content, s, loser, v)
        ]
        if not victors:
            ctx.emit(SurrenderNotDeclared(loser=loser, lines=o.lines, seen_by=[loser]))
            continue
        lends = [(r, units, 0) for r, units in o.lends.items() if r in victors]
        ctx.emit(SurrenderDeclared(loser=loser, victors=victors))
        auxiliaries.offers(ctx, loser, lends)  # SE 15.1: "before the Duration of Peace die roll"
