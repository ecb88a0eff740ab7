"""SKO Redoing the surrender rules (15.0 Peace), switch `surrender`: in peace.py's Peace
Phase, in place of SK 15.1's terms and SK 15.3's die.

- The acceptor may try to refuse, for that turn: a die, 4-6 refused, 1-3 it must accept.
  Standing order of a possible acceptor (default: accept, no die):
      refuse surrender [from POWER[, POWER...]]
- The Resources the acceptor gains are at most 5, never the loser's imperial capital,
  which is handed back if the acceptor holds it; the European area handed over adjoins
  an area the acceptor controls (not an imperial capital it occupies), else there is
  none; Austria, Turkey, Russia and Prussia take no area outside Europe.
- A die for the turns before the acceptor may declare war on (or, without the switch
  declaring-war, attack) the loser again: 1-2: 2, 3: 3, 4-5: 4, 6: 5.
- The surrender ends the state of war between the two (and their minor allies).
- No surrender in the game turn of the declaration of war that began that war.
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import naval, options, standing, war
from .content import SoldierContent
from .fold import on
from .names import Names
from .siege import ControlChanged
from .state import SoldierState

RULE = "SKO Redoing the surrender rules"


def in_force(s: SoldierState) -> bool:
    return options.on(s, "surrender")


@event
class SurrenderRefused(Event):
    """SKO: the acceptor tried to refuse a surrender: `refused` on 4-6, for this turn."""

    type: Literal["sk.surrender_refused"] = "sk.surrender_refused"
    loser: str
    victor: str
    roll: int
    refused: bool


@on(SurrenderRefused)
def _(s: SoldierState, e: SurrenderRefused) -> None:
    if e.refused and e.loser in s.surrenders:
        s.surrenders[e.loser] = [v for v in s.surrenders[e.loser] if v != e.victor]
        if not s.surrenders[e.loser]:
            s.surrenders.pop(e.loser)


@standing.verb("refuse")
def _refuse(
    names: Names, s: SoldierState, power: str, words: list[str], line: int, problems: list[Problem]
):
    """`refuse surrender [from POWER[, POWER...]]`: the powers (none named: any)."""
    if not words or words[0].casefold() != "surrender" or (len(words) > 1 and len(words) < 3):
        problems.append(Problem(f"write: refuse surrender [from POWER[, POWER...]] ({RULE})", line))
        return None
    if len(words) > 1 and words[1].casefold() != "from":
        problems.append(Problem(f"write: refuse surrender [from POWER[, POWER...]] ({RULE})", line))
        return None
    out = []
    for w in " ".join(words[2:]).replace(",", " ").split():
        p = next((m for m in s.majors if m.casefold() == w.casefold()), None)
        if p is None:
            problems.append(Problem(f"no major power {w!r} in this game", line))
            return None
        out.append(p)
    return {"from": out}


def check_line(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    victors: list[str] | None,
    line: int,
    problems: list[Problem],
) -> None:
    """A `surrender to` line: with states of war, only to a power at war with it; and not
    in the game turn in which the declaration that began that war was made."""
    for v in victors or []:
        w = war.war_of(s, power, v)
        if war.in_force(s) and w is None:
            problems.append(Problem(f"{power} is not at war with {v} ({war.RULE})", line))
        elif in_force(s) and w is not None and w.turn == s.turn:
            problems.append(
                Problem(
                    f"{power} may not surrender to {v} in the game turn in which war between "
                    f"them was declared ({RULE})",
                    line,
                )
            )


def accepted(
    ctx: Resolution, content: SoldierContent, standing_orders: dict, loser: str, victors: list[str]
) -> list[str]:
    """The victors who accept: each whose standing order refuses rolls a die (4-6: refused)."""
    s: SoldierState = ctx.state
    if not in_force(s):
        return victors
    table = content.tables.sko_war
    assert table is not None
    for v in victors:
        lines = standing_orders.get(v, {}).get("refuse", [])
        if not any(not e["from"] or loser in e["from"] for e in lines):
            continue
        roll = ctx.roll(f"surrender: {v} tries to refuse {loser}'s surrender", 1)[0]
        ctx.emit(
            SurrenderRefused(loser=loser, victor=v, roll=roll, refused=roll >= table.refuse_on)
        )
    return list(s.surrenders.get(loser, []))


def capital_of(content: SoldierContent, power: str) -> str | None:
    table = content.tables.sko_war
    return next((c.area for c in table.capitals if c.power == power), None) if table else None


def terms(
    ctx: Resolution, content: SoldierContent, standing_orders: dict, loser: str, victor: str
) -> None:
    """The capital back, then the areas the victor takes (its `take` standing order as in
    SK 15.1, within the limits above)."""
    s: SoldierState = ctx.state
    cap = capital_of(content, loser)
    if cap and s.control.get(cap) and war.side(s, s.control[cap]) == victor:
        _transfer(
            ctx,
            content,
            cap,
            s.control[cap],
            loser,
            "its imperial capital is handed back",
            standing_orders,
        )
    wanted = standing_orders.get(victor, {}).get("take", [])
    for area in choice(content, s, loser, victor, wanted):
        _transfer(
            ctx, content, area, loser, victor, f"{loser} surrendered ({RULE})", standing_orders
        )


def _transfer(
    ctx: Resolution,
    content: SoldierContent,
    area: str,
    frm: str,
    to: str,
    why: str,
    standing_orders: dict,
) -> None:
    ctx.emit(ControlChanged(area=area, frm=frm, to=to, why=f"{why} ({RULE})"))
    # SK 12.6: whenever a coastal area falls; the taker's `capture fleets` order
    naval.capture_fleets(ctx, content, area, to, standing_orders)


def choice(
    content: SoldierContent, s: SoldierState, loser: str, victor: str, wanted: list
) -> list[str]:
    """SK 15.1 (one European area or three elsewhere) within SKO's limits. The victor's
    latest `take` line naming an eligible area decides, as in SK 15.1; without one, the
    richest eligible European area, or the richest eligible areas off Europe (at most
    three, at most 5 Resources together) when they bring more."""
    table = content.tables.sko_war
    assert table is not None
    most = table.surrender_max_resources
    occupied = {c.area for c in table.capitals if c.power != victor}  # others' capitals
    cap = capital_of(content, loser)
    held = sorted(a for a, c in s.control.items() if c == loser and content.is_land(a) and a != cap)
    mine = {a for a, c in s.control.items() if c == victor and a not in occupied}

    def res(a: str) -> int:
        return content.land_area(a).resources

    europe = [
        a
        for a in held
        if content.map_of(a) == "europe"
        and res(a) <= most
        and any(b in mine for b in content.neighbours(a))
    ]
    other = []
    if victor not in table.european_powers:
        other = [a for a in held if content.map_of(a) != "europe" and res(a) <= most]

    def rich(a: str) -> tuple:
        return (res(a), content.land_area(a).manpower or 0, a)

    def fill(first: list[str]) -> list[str]:
        out: list[str] = []
        for a in [*first, *sorted((x for x in other if x not in first), key=rich, reverse=True)]:
            if len(out) < 3 and sum(map(res, out)) + res(a) <= most:
                out.append(a)
        return out

    for areas in reversed(wanted):
        if not isinstance(areas, list):
            continue
        named = [a for a in areas if a in europe or a in other]
        if named and named[0] in europe:
            return [named[0]]
        if named:
            return fill(named)
    best = max(europe, key=rich, default=None)
    off = fill([])
    if best is None or sum(map(res, off)) > res(best):
        return off
    return [best]


def duration(content: SoldierContent, roll: int) -> int:
    """SKO: 1-2: 2 turns, 3: 3, 4-5: 4, 6: 5."""
    table = content.tables.sko_war
    assert table is not None
    return table.peace_turns[roll - 1]


def wars_end(ctx: Resolution, loser: str, victors: list[str]) -> None:
    """SKO: a surrender ends the state of war between the two and their minor allies."""
    for v in sorted(victors):
        if war.at_war(ctx.state, loser, v):
            ctx.emit(war.WarEnded(powers=sorted((loser, v)), why=f"{loser} surrendered ({RULE})"))
