"""The pre-filled order envelope of a turn report: the power's pieces by area,
then what the phase needs (docs/reports.md, "Order template")."""

from __future__ import annotations

from pbem.ruleset import Step

from .. import economy, setup
from ..content import SoldierKingsContent
from ..state import SKState
from .words import forces, join, unit_text


def order_template(content: SoldierKingsContent, s: SKState, power: str, step: Step) -> list[str]:
    out = [f"# {step.title}", f"# Your pieces ({power} and the units it commands):"]
    rows = forces(s, True, power)
    for area, units, leaders in rows:
        pieces = [x for x in (units, leaders) if x != "-"]
        out.append(f"# {area}: {', '.join(pieces)}")
    if not rows:
        out.append("#   none on the map")
    if s.stage == "setup":
        units, leaders = setup.placed_by(s, power)
        sc = content.scenario(s.scenario)
        allowed = sorted(content.allowed_setup_areas(sc, power))
        out += [
            "# To place: " + join([unit_text(s.units[u]) for u in units] + leaders),
            "# Allowed areas: " + join(allowed),
            "# Example (one line per area; 'rest' is every piece not yet named):",
        ]
        if units and allowed:
            out.append(f"# place {units[0]} in {allowed[0]}")
            out.append(f"# place rest in {allowed[-1]}")
    elif s.stage == "purchase":
        r, m = economy.treasury(s, power)
        out.append(f"# Treasury: {r} Resources, {m} Manpower")
        due = economy.arrivals(s, power)
        if due:
            out.append("# Arriving now: " + join([unit_text(s.units[u]) for u in due]))
            where = economy.placement_areas(content, s, s.units[due[0]])
            if where:
                out.append(f"# place {due[0]} in {where[0]}")
        out.append("# buy army")
        reduced = sorted(
            (u.id for u in s.units.values() if u.status == "map" and u.is_reduced and s.commander(u) == power),
            key=economy.id_order,
        )  # fmt: skip
        if reduced:
            out.append(f"# recover {reduced[0]}")
        for x in economy.subsidies_from(s, power):
            out.append(f"# give {x.get('max_resources', 0)} to {x.get('receiver')}")
    elif s.stage == "action" and rows:
        area = rows[0][0]
        here = sorted(
            (u.id for u in s.units.values() if u.status == "map" and u.area == area and s.commander(u) == power),
            key=economy.id_order,
        )  # fmt: skip
        near = sorted(content.neighbours(area)) if content.is_land(area) else []

        def hostile(a: str) -> bool:
            foes = any(
                u.status == "map" and u.area == a and not s.friendly(s.unit_side_country(u), power)
                for u in s.units.values()
            )
            return foes or not s.friendly(s.control.get(a), power)

        target = next((a for a in near if hostile(a)), near[0] if near else None)
        if here and target:
            out += [
                "# Examples:",
                f"# move {here[0]} to {target}",
                f"# attack {target} assault",
                f"# siege {target} 2 rounds",
            ]
    return out
