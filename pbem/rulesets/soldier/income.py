"""Income beyond the areas' own values, and the limits on it, as the content's tables
state them: colonial income (SE 7.6), the Spanish Guerillas' share of conquered Spain
(SE 19.4), Egypt's occupation rule (SE 19.5). Soldier Kings has none of these tables, so
none of this acts there. collection.py asks here while it collects."""

from __future__ import annotations

from typing import Literal

from pbem.events import Event, event

from .content import SoldierContent
from .fold import on
from .state import SoldierState


@event
class ColonialIncome(Event):
    """SE 7.6: Money from colonies off the map, less so much per blockaded home port."""

    type: Literal["se.colonial_income"] = "se.colonial_income"
    power: str
    resources: int
    blockaded: list[str] = []  # the home ports blockaded by enemy fleets


@on(ColonialIncome)
def _(s: SoldierState, e: ColonialIncome) -> None:
    s.treasury[e.power].resources += e.resources


def core_areas(content: SoldierContent, power: str) -> list[str]:
    """SE 7.6 and 19.4: the power's home areas with a land connection to another of its
    home areas ("those Spanish areas connected by a land route to another Spanish area";
    a "home port (one with a land connection to another British area)")."""
    home = set(content.home_areas(power))
    return sorted(a for a in home if any(n in home for n in content.neighbours(a)))


def blockaded_by_enemy(s: SoldierState, area: str, power: str) -> bool:
    """SK 10.5 / SE 10.5: `area` is blockaded by fleets of a power not friendly to `power`
    (SK 7.4 (3) and (4), SE 7.6), from any of its sea areas."""
    return any(
        b.get("power") and b.get("fleets") and not s.friendly(power, str(b["power"]))
        for b in s.blockades_of(area)
    )


def colonial(content: SoldierContent, s: SoldierState, power: str) -> ColonialIncome | None:
    """SE 7.6: "Britain receives 35 Money each year ... Subtract 7 for each British home port
    (one with a land connection to another British area) currently blockaded"; SE 19.4:
    Spain "continues to receive 25 Money for overseas holdings (7.6)", also when invaded;
    its blockaded home ports cost 7 each as pbem's reading of that "(7.6)" (case
    colonial-19-4-spain-blockaded). Never below zero (SE 7.4)."""
    row = next((c for c in content.tables.colonial_income if c.power == power), None)
    if row is None:
        return None
    ports = [
        a
        for a in core_areas(content, power)
        if content.land_area(a).coastal and blockaded_by_enemy(s, a, power)
    ]
    money = max(0, row.resources - row.per_blockaded_port * len(ports))
    return ColonialIncome(power=power, resources=money, blockaded=ports)


def nominal_areas(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """SE 19.5: the areas of a country nominally under `power`'s control that `power`
    collects as if it controlled them: "While nominally under control of Turkey, Egypt was
    in fact semi-autonomous. For Turkey to gain manpower and money from Egypt, it must
    occupy both Alexandria and Cairo ... Egypt is considered Turkish territory". Egypt
    holds its own areas (SE 18.5: a minor country's areas, no control markers); those it
    still holds, while no other major power is its ally, count as Turkey's for collecting
    once a Turkish army stands in them (occupation_withheld then asks for both). An area
    `power` controls itself is collected as any other."""
    out: list[str] = []
    for row in content.tables.occupied_to_collect:
        if row.power != power:
            continue
        for a in row.areas:
            holder = s.control.get(a)
            if holder is None or holder != content.land_area(a).home:
                continue
            if s.allies.get(holder, power) != power:
                continue  # allied to another major power: no longer nominally Turkish
            if any(u.country == power for u in s.on_map(a, "army")):
                out.append(a)
    return out


def occupation_withheld(
    content: SoldierContent, s: SoldierState, power: str, area: str
) -> str | None:
    """SE 19.5: "For Turkey to gain manpower and money from Egypt, it must occupy both
    Alexandria and Cairo" -- with its armies. None if the rule does not stop it."""
    for row in content.tables.occupied_to_collect:
        if row.power == power and area in row.areas:
            empty = [
                a for a in row.areas if not any(u.country == power for u in s.on_map(a, "army"))
            ]
            if empty:
                return f"{power}'s armies do not occupy {' and '.join(empty)} ({content.game.rules.book} 19.5)"
    return None


def guerilla_power(content: SoldierContent, s: SoldierState) -> str | None:
    """The power SE 19.4 protects, when it is played (a major power of this game)."""
    g = content.tables.guerillas
    return g.power if g is not None and g.power in s.majors else None


def conquered_core(content: SoldierContent, s: SoldierState, power: str) -> list[str]:
    """The power's core areas (SE 19.4) controlled by a country not friendly to it."""
    return [
        a
        for a in core_areas(content, power)
        if s.control.get(a) is not None and not s.friendly(power, s.control[a])
    ]


def half(n: int) -> int:
    """SE 1.0: "round any fractions up to the next whole number"."""
    return -(-n // 2)


__all__ = [
    "ColonialIncome",
    "blockaded_by_enemy",
    "colonial",
    "conquered_core",
    "core_areas",
    "guerilla_power",
    "half",
    "nominal_areas",
    "occupation_withheld",
]
