"""SE 19.2-19.3: satellite nations (the Rhine Confederation, the Kingdom of Italy, the Grand
Duchy of Warsaw) and Holland, created by card play. Their areas, the forces they use and
who may not make them are content (tables.toml [[satellites]]); the cards name the
satellite they make (effects create_satellite, create_holland). Soldier Kings has neither.

A satellite "functions as a Minor Country allied to the player's country" (SE 19.2): it is
an entry of `state.allies`, it controls the areas put in it (common.home_areas counts them
as its home areas: new units, SK 18.7 conquest), and its units are placed by the Minor
Country Alliance Table. What sets it apart: it counts for victory points (victory.py;
Holland does not: SE 19.3 calls it a Minor Country), no Minor Country Alliance card may
ally or steal it (minor_rules.attempt_problem), it is created once, and it repairs or
rebuilds at most as many units a turn as it has areas (purchases.recovery_number).

pbem's readings (docs/orders-soldier-emperor.md; tests/cases/soldier-emperor/satellite-*):
- The card is played on one's own power: `play Kingdom of Italy [with AREA, AREA...]`.
  The power (or one of its minor allies) must control one or more of the satellite's
  areas. Without `with`, every one of them the power or its minor allies control goes in;
  a formal ally's area goes in only when named, because the card is played on oneself.
- The Rhine Confederation uses the forces of Hanover, Saxony and Bavaria whose home area
  is put in it and which are neutral or the creator's minor allies; they become part of
  it (minor allies of the creator that no card may take), with the table's forces "not
  currently in play" (their units already on the map under the creator count).
- Holland: the Netherlands fleets France built (on the map or on the turn track) become
  Holland's units, and France may build none after (SE 19.3).
"""

from __future__ import annotations

from typing import Any, Literal

from pbem.events import Event, event
from pbem.resolution import Resolution

from . import common
from .content import SoldierContent
from .content.tables import Satellite
from .fold import on
from .minor_forces import place_forces
from .minor_rules import MinorAllied
from .state import SoldierState

KINDS = ("create_satellite", "create_holland")


@event
class SatelliteCreated(Event):
    """SE 19.2, 19.3: a card made `country` a minor ally of `power`, of `areas`."""

    type: Literal["se.satellite_created"] = "se.satellite_created"
    country: str
    power: str
    card: str
    areas: list[str]
    rule: str  # SE 19.2, or SE 19.3 (Holland)
    members: list[str] = []  # the countries whose forces it uses (the Rhine Confederation)
    fleets: list[str] = []  # Netherlands fleets France built, now Holland's (SE 19.2, 19.3)


@on(SatelliteCreated)
def _(s: SoldierState, e: SatelliteCreated) -> None:
    s.satellites[e.country] = {"power": e.power, "areas": list(e.areas), "members": list(e.members)}
    s.allies[e.country] = e.power
    s.minor_joined[e.country] = s.turn
    for a in e.areas:
        s.control[a] = e.country
    for uid in e.fleets:
        s.units[uid].hired_by = None


def row(content: SoldierContent, country: str) -> Satellite:
    return next(x for x in content.tables.satellites if x.country == country)


def effect_of(card: Any) -> Any | None:
    return next((e for e in card.effects if e.kind in KINDS), None)


def protected(s: SoldierState, country: str) -> bool:
    """SE 19.2: a satellite (or a country in one) may not be stolen or allied by card."""
    return common.satellite_of(s, country) is not None


def _own(s: SoldierState, power: str, area: str) -> bool:
    """Held by the power or one of its minor allies."""
    return s.major_of(s.control.get(area) or "") == power


def _barred_areas(s: SoldierState, power: str, sat: Satellite) -> set[str]:
    """SE 19.23: made by a power allied to Russia, it may not contain Russia's areas."""
    if any(b != power and s.friendly(power, b) for b in sat.barred if b in s.majors):
        return set(sat.barred_areas)
    return set()


def areas_to_put_in(
    content: SoldierContent, s: SoldierState, power: str, sat: Satellite, named: tuple[str, ...]
) -> list[str]:
    """The satellite's areas the card puts in it: those named (each the power's side's),
    else every one the power or its minor allies control; never barred ones (SE 19.23)."""
    barred = _barred_areas(s, power, sat)
    if named:
        return [a for a in sat.areas if a in named]
    return [a for a in sat.areas if _own(s, power, a) and a not in barred]


def play_problem(
    content: SoldierContent,
    s: SoldierState,
    power: str,
    target: str | None,
    eff: Any,
    named: tuple[str, ...],
    now: bool = True,
) -> str | None:
    """Why `power` may not play the card with effect `eff` (SE 19.2, 19.3), or None.
    `now`: also the checks of the moment (who controls what)."""
    country = eff.country
    if target is not None and target != power:
        return f"the card creating {country} is played on your own power ({power})"
    if country in s.satellites:
        return f"{country} has been created already: it may be created only once (SE 19.2)"
    sat = row(content, country)
    if power in sat.barred:
        return f"{power} may not create {country} (SE 19.23)"
    if eff.kind == "create_holland" and power == eff.builder:
        return f"{power} holds {', '.join(sat.areas)} at the start: another power creates {country} (SE 19.3)"
    for a in named:
        if a not in sat.areas:
            return f"{a} is not one of {country}'s areas ({', '.join(sat.areas)}; {sat.section})"
    if not now:
        return None
    if not any(_own(s, power, a) for a in sat.areas):
        return f"{power} controls none of {', '.join(sat.areas)} (SE 19.2, 19.3)"
    barred = _barred_areas(s, power, sat)
    for a in named:
        if a in barred:
            return f"{country} may not contain {a} while {power} is allied to {', '.join(sat.barred)} (SE 19.23)"
        if not s.friendly(s.control.get(a), power):
            return f"{a} is controlled by {s.control.get(a) or 'nobody'}, not by {power} or its allies (SE 19.2)"
    return None


def create(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    card: str,
    eff: Any,
    named: tuple[str, ...],
) -> None:
    """SE 19.2, 19.3: the satellite is made; then its forces are placed by the Minor Country
    Alliance Table ("if available")."""
    s: SoldierState = ctx.state
    sat = row(content, eff.country)
    areas = areas_to_put_in(content, s, power, sat, named)
    members = [
        x
        for x in sat.forces_of
        if any(content.land_area(a).home == x for a in areas) and s.allies.get(x) in (None, power)
    ]
    fleets = []
    if eff.kind == "create_holland":  # SE 19.2: "it becomes a minor country unit of Holland"
        fleets = sorted(
            u.id
            for u in s.units.values()
            if u.country == eff.country and u.hired_by == eff.builder and u.status != "pool"
        )
    rule = "SE 19.3" if eff.kind == "create_holland" else "SE 19.2"
    ctx.emit(
        SatelliteCreated(
            country=eff.country, power=power, card=card, areas=areas, rule=rule,
            members=members, fleets=fleets,
        )
    )  # fmt: skip
    for m in members:
        if ctx.state.allies.get(m) != power:
            ctx.emit(
                MinorAllied(
                    minor=m, power=power, frm=None, turn=ctx.state.turn,
                    why=f"part of the {eff.country} ({card}, SE 19.2)",
                )
            )  # fmt: skip
            place_forces(ctx, content, power, m, rule=rule)
    if not sat.forces_of:
        place_forces(ctx, content, power, eff.country, rule=rule)
