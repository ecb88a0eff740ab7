"""SKO Imperial Capitals (switch `imperial-capitals`): each major power played as one has
an imperial capital with a built-in army step as garrison (tables.toml [sko_war]), and
suffers while an enemy controls it.

The garrison step is a counter (`XX-G1`, state `garrisons`): it defends and attacks like
an army, is eliminated by one hit (SKO "if they take a hit they are eliminated": its one
step loss costs one hit, casualties.Target.of; state.step_loss), never leaves its area
(movement.py; one found elsewhere, as after a retreat, is eliminated), and comes back when
its capital is clear of enemy units and controlled by its owner. pbem looks at each
capital at the start and the end of every Action Phase, in the Peace Phase and in the
Resource and Manpower Phase (the text's "immediately", at the moments nothing else is
happening).

While an enemy controls a power's capital (`lost`, read from control; with
`declaring-war` on, an enemy is a power at war with it, `holder`; state
`capitals_lost` records it at the moments above, for the reports):
  (a) no new loans (loans.may_borrow asks `lost`);
  (b) 3 Resources less income each Resource and Manpower Phase, and 3 victory points less;
  (c) no Minor Ally card plays to get or steal a minor ally (`ally with`);
  (d) no declarations of war (war.py);
  (e) a die each Peace Phase: on a 6 it surrenders to the major power holding its capital
      (surrender.py: that power may try to refuse).
"""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Problem

from . import options, war_state
from .content import SoldierContent
from .fold import on
from .state import GARRISON, Counter, SoldierState

RULE = "SKO Imperial Capitals"


def in_force(s: SoldierState) -> bool:
    return options.on(s, "imperial-capitals")


@event
class GarrisonPlaced(Event):
    """SKO Imperial Capitals: the capital's garrison step is (again) on the map."""

    type: Literal["sk.garrison_placed"] = "sk.garrison_placed"
    power: str
    unit: str
    area: str
    strength: list[int]


@event
class GarrisonLost(Event):
    """SKO Imperial Capitals: a garrison step found outside its capital (it may never
    leave it) is eliminated."""

    type: Literal["sk.garrison_lost"] = "sk.garrison_lost"
    unit: str


@event
class CapitalsLost(Event):
    """SKO Imperial Capitals: the powers whose capital an enemy now controls."""

    type: Literal["sk.capitals_lost"] = "sk.capitals_lost"
    powers: list[str]


@event
class CapitalPenalty(Event):
    """SKO Imperial Capitals (b): Resources deducted from the phase's income."""

    type: Literal["sk.capital_penalty"] = "sk.capital_penalty"
    power: str
    resources: int


@event
class ForcedSurrender(Event):
    """SKO Imperial Capitals (e): a 6: `power` must attempt to surrender to `victor`."""

    type: Literal["sk.forced_surrender"] = "sk.forced_surrender"
    power: str
    victor: str
    roll: int


@on(GarrisonPlaced)
def _(s: SoldierState, e: GarrisonPlaced) -> None:
    strength = (e.strength[0], e.strength[1])
    if e.unit not in s.units:
        s.units[e.unit] = Counter(
            id=e.unit, country=e.power, type="army", full=strength, reduced=strength
        )
    u = s.units[e.unit]
    u.status, u.area, u.is_reduced = "map", e.area, False
    s.garrisons[e.unit] = e.area


@on(GarrisonLost)
def _(s: SoldierState, e: GarrisonLost) -> None:
    s.eliminate(e.unit)


@on(CapitalsLost)
def _(s: SoldierState, e: CapitalsLost) -> None:
    s.capitals_lost = list(e.powers)


@on(CapitalPenalty)
def _(s: SoldierState, e: CapitalPenalty) -> None:
    s.treasury[e.power].resources -= e.resources


@on(ForcedSurrender)
def _(s: SoldierState, e: ForcedSurrender) -> None:
    s.surrenders[e.power] = [e.victor]


def garrison_id(content: SoldierContent, power: str) -> str:
    return f"{content.country(power).abbreviation}-{GARRISON}1"


def capital(content: SoldierContent, power: str) -> str | None:
    table = content.tables.sko_war
    return next((c.area for c in table.capitals if c.power == power), None) if table else None


def holder(s: SoldierState, content: SoldierContent, power: str) -> str | None:
    """The enemy controlling `power`'s capital, if any. SKO Imperial Capitals "controlled
    by an enemy power": any power not friendly; with `declaring-war` on (SKO Declaring War:
    states of war), only one at war with `power`: a power holding the capital after an
    agreed end of the war (SKO Ending a War) is no enemy, and (a)-(e) do not bite."""
    area = capital(content, power)
    owner = s.control.get(area) if area else None
    if owner is None or s.friendly(owner, power) or war_state.at_peace(s, owner, power):
        return None
    return owner


def lost(content: SoldierContent, s: SoldierState, power: str) -> bool:
    """SKO Imperial Capitals: "If an Imperial Capital area is controlled by an enemy power"
    (switch on), read from control now: (a)-(d) bite whenever the capital is held, also
    before `update` records it (a deal of the Diplomacy Phase, a set-up)."""
    return in_force(s) and power in s.majors and holder(s, content, power) is not None


def update(ctx: Resolution, content: SoldierContent) -> None:
    """Garrisons back where their capital is clear and its own; those outside it lost;
    `capitals_lost` brought up to date."""
    s: SoldierState = ctx.state
    table = content.tables.sko_war
    if not in_force(s) or table is None:
        return
    for cap in table.capitals:
        if cap.power not in s.majors:
            continue
        uid = garrison_id(content, cap.power)
        u = s.units.get(uid)
        if u is not None and u.status == "map" and u.area != cap.area:
            ctx.emit(GarrisonLost(unit=uid))
        here = s.on_map(cap.area)
        if (
            (u is None or u.status != "map")
            and s.control.get(cap.area) == cap.power
            and all(s.friendly(s.unit_side_country(x), cap.power) for x in here)
        ):
            ctx.emit(
                GarrisonPlaced(
                    power=cap.power, unit=uid, area=cap.area, strength=list(cap.garrison)
                )
            )
    lost = [p for p in s.majors if holder(s, content, p)]
    if lost != s.capitals_lost:
        ctx.emit(CapitalsLost(powers=lost))


def income_penalty(ctx: Resolution, content: SoldierContent, power: str) -> None:
    """(b): 3 Resources less from the phase's income (pbem: never below an empty treasury)."""
    s: SoldierState = ctx.state
    table = content.tables.sko_war
    if table is None or not lost(content, s, power):
        return
    n = min(table.capital_resources_lost, s.treasury[power].resources)
    if n:
        ctx.emit(CapitalPenalty(power=power, resources=n))


def victory_penalty(content: SoldierContent, s: SoldierState, power: str) -> dict[str, int]:
    """(b): 3 victory points less while the capital is held (an entry of the points lost)."""
    table = content.tables.sko_war
    if table is None or not lost(content, s, power):
        return {}
    return {
        f"{capital(content, power)} (imperial capital, {RULE} (b))": table.capital_victory_points_lost
    }


def ally_problems(
    content: SoldierContent, s: SoldierState, power: str, orders: list, is_attempt
) -> list[Problem]:
    """(c): no Minor Ally card played to get or steal a minor ally."""
    if not lost(content, s, power):
        return []
    return [
        Problem(
            f"an enemy holds {power}'s imperial capital: it may not play a Minor Ally card "
            f"to get or steal a minor ally ({RULE} (c))",
            o.line,
        )
        for o in orders
        if is_attempt(o)
    ]


def forced_surrenders(ctx: Resolution, content: SoldierContent) -> None:
    """(e): a die for each power whose capital an enemy holds; on a 6 it must attempt to
    surrender to the major power controlling its capital."""
    s: SoldierState = ctx.state
    table = content.tables.sko_war
    if not in_force(s) or table is None:
        return
    update(ctx, content)
    for p in list(s.capitals_lost):
        victor = s.major_of(holder(s, content, p) or "")
        if victor is None or p in s.surrenders:
            continue
        w = war_state.war_of(s, p, victor)
        if options.on(s, "surrender") and w is not None and w.turn == s.turn:
            continue  # SKO Redoing the surrender rules: not in the turn war was declared
        roll = ctx.roll(f"imperial capital: {p} rolls to surrender to {victor}", 1)[0]
        if roll >= table.forced_surrender_on:
            ctx.emit(ForcedSurrender(power=p, victor=victor, roll=roll))
