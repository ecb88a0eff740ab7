"""SK 17.3 placing a minor country's forces (the Minor Country Forces Table's units in its
home areas, on the map they belong to: SK 18.9), SK 17.71 (the default: in the besieged
area), SK 18.1 (spring), SK 18.8 (liberation), SK 19.2 (a besieged mercenary country's
armies, one per area), SK 19.6 (Angelo Emo with the Venetian fleet). Moved out of
minor_alliances.py, which calls it."""

from __future__ import annotations

import re

from pbem.resolution import Resolution

from . import common, mercenaries
from .common import id_order
from .content import SoldierContent
from .minor_rules import MinorForcesPlaced, table_row
from .state import SoldierState


def placement_areas(content: SoldierContent, s: SoldierState, power: str, minor: str) -> list[str]:
    """Home areas the minor's new units may be placed in: held by the minor or by its
    ally's side (SK 17.3, 6.3; SE 19.2: a satellite's areas)."""
    out = []
    for a in sorted(common.home_areas(content, s, minor)):
        ctrl = s.control.get(a)
        if ctrl == minor or s.friendly(ctrl, power):
            out.append(a)
    return out


def forces_map(content: SoldierContent, minor: str) -> str:
    """SK 17.3 with SK 18.9, 6.3: the map the Minor Country Forces Table's units of `minor`
    originate on: its country's map (powers.toml `map`). A minor with home areas on several
    maps (Holland, Spain played as minors) brings its table forces onto the Europe map only,
    as SK 6.3 places a Major Power's new units (SK 18.1 spring units already are), and they
    may not leave it (SK 18.9); its colonies bring none."""
    return content.country(minor).map


def on_forces_map(content: SoldierContent, minor: str, area: str) -> bool:
    return content.map_of(area) == forces_map(content, minor)


def off_map(content: SoldierContent, minor: str, area: str) -> str:
    """Why the table's forces of `minor` are not placed in `area` (SK 17.3, 18.9)."""
    where = forces_map(content, minor)
    homes = [a for a in sorted(content.home_areas(minor)) if content.map_of(a) == where]
    return (
        f"{area} is not on the {where.replace('_', ' ').title()} map: {minor}'s forces come on "
        f"in its home areas there ({', '.join(homes)}) and may not leave it (SK 17.3, 18.9)"
    )


def _area_key(content: SoldierContent, a: str) -> tuple:
    la = content.land_area(a)
    return (-la.fortification, -la.resources, a)


def _draw(ctx: Resolution, minor: str, kind: str, n: int, label: str) -> list[str]:
    s: SoldierState = ctx.state
    pool = sorted(
        (
            u.id
            for u in s.units.values()
            if u.country == minor and u.type == kind and u.status == "pool"
        ),
        key=id_order,
    )
    n = min(n, len(pool))
    out = []
    for k in range(n):  # SK 6.1: random selection
        out.append(pool.pop(ctx.pick(f"{label}: {minor} {kind} {k + 1} of {n}", len(pool))))
    return sorted(out, key=id_order)


def place_forces(
    ctx: Resolution,
    content: SoldierContent,
    power: str,
    minor: str,
    placement: tuple[str, ...] = (),
    siege_area: str | None = None,
    rule: str = "SK 17.3",
) -> None:
    """SK 17.3: the Minor Country Forces Table's units in the minor's home areas on the map
    they originate on (SK 18.9: forces_map); SK 19.2: a besieged mercenary country's armies
    in the besieged area; SK 19.6: Angelo Emo with the Venetian fleet."""
    s: SoldierState = ctx.state
    allowed = placement_areas(content, s, power, minor)
    if siege_area and siege_area not in allowed and s.control.get(siege_area) == minor:
        allowed.append(siege_area)
    row = table_row(content, minor)
    merc = mercenaries.row(content, minor)
    if row is None and merc is None:
        return
    if row is not None:  # SK 17.3, 18.9: the table's units come on their own map only
        allowed = [a for a in allowed if on_forces_map(content, minor, a)]
    if not allowed:
        return
    if row is None:  # SK 19.2: one army per area besieged (two in Switzerland), there
        armies_n, fleets_n, leaders = merc.besieged_armies, 0, ()  # type: ignore[union-attr]
        army_areas = [siege_area] if siege_area in allowed else allowed[:1]
        rule = "SK 19.2"
    else:
        on_map = [u for u in s.on_map() if u.country == minor and u.hired_by is None]
        armies_n = max(0, row.armies - sum(1 for u in on_map if u.type == "army"))
        fleets_n = max(0, row.fleets - sum(1 for u in on_map if u.type == "fleet"))
        leaders = row.leaders
        named = [a for a in placement if a in allowed]
        if named:
            army_areas = named
        elif siege_area in allowed:
            army_areas = [siege_area]  # SK 17.71: the default is to resist the invaders
        else:
            army_areas = sorted(allowed, key=lambda a: _area_key(content, a))
    label = f"{minor} joins {power}" if rule != "SK 18.1" else f"spring: {minor}"
    out: dict[str, list[str]] = {}
    for k, uid in enumerate(_draw(ctx, minor, "army", armies_n, label)):
        out.setdefault(army_areas[k % len(army_areas)], []).append(uid)
    coastal = [
        a
        for a in [*placement, *sorted(allowed, key=lambda a: _area_key(content, a))]
        if a in allowed and content.land_area(a).coastal
    ]
    fleets = _draw(ctx, minor, "fleet", fleets_n, label) if coastal else []
    for uid in fleets:
        out.setdefault(coastal[0], []).append(uid)
    s = ctx.state
    for name in leaders:
        ld = s.leaders.get(name)
        if ld is None or ld.status != "pool":
            continue  # SK 19.6: Angelo Emo, once removed, never returns
        if ld.role == "admiral":
            where = coastal[0] if fleets else None  # SK 19.6: only with the Venetian fleet
        else:
            armies_at = {
                a: sum(1 for x in us if x in s.units and s.units[x].type == "army")
                for a, us in out.items()
            }
            where = max(sorted(armies_at), key=lambda a: armies_at[a], default=None)
            where = where if where and armies_at[where] else None
        if where:
            out.setdefault(where, []).append(name)
    if out:
        ctx.emit(
            MinorForcesPlaced(
                minor=minor,
                power=power,
                placements={a: sorted(ps, key=_piece_key) for a, ps in sorted(out.items())},
                rule=rule,
            )
        )


def _piece_key(p: str) -> tuple:
    return (0, *id_order(p)) if re.fullmatch(r"\w+-[AF]\d+", p) else (1, p, 0)


def raise_area_army(
    ctx: Resolution, content: SoldierContent, power: str, country: str, area: str
) -> None:
    """SK 19.2 for a country that allies area by area (India, mercenaries.by_area): "One
    army appears per area besieged ... Each area from which mercenaries originate is treated
    separately": the besieged area alone allies with `power`, and one army of the country's
    pool, drawn at random (SK 6.1), appears in it (SK 17.71: to resist the invaders) as
    `power`'s minor ally army; the country's other areas stay as they were."""
    merc = mercenaries.row(content, country)
    n = merc.besieged_armies if merc else 1
    units = _draw(ctx, country, "army", n, f"{area} joins {power}")
    ctx.emit(
        mercenaries.AreaAllied(
            area=area,
            country=country,
            power=power,
            units=units,
            why=f"{area} besieged (SK 19.2, 17.7)",
        )
    )
