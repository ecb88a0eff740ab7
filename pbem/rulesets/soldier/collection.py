"""Collecting Resources and Manpower (SK 7.1-7.6) and the Resource and Manpower Phase of
the campaign's winter turn (SK 4.2). The one-year scenarios skip the phase (One-Year
Scenario Special Rules); "The World at War" holds it after the Victory Phase."""

from __future__ import annotations

from collections import deque
from typing import Literal

from pbem.events import Event, event
from pbem.resolution import Resolution
from pbem.ruleset import Step

from . import capitals, income, minor_rules, phases, sko_income, sko_map_units, winter_purchase
from .content import SoldierContent
from .fold import on
from .state import SoldierState


@event
class Collected(Event):
    """SK 4.2 Resource and Manpower Phase: what a power collected, from which areas, and
    the areas it controls that gave nothing, each with the rule that stopped it."""

    type: Literal["sk.collected"] = "sk.collected"
    power: str
    resources: int
    manpower: int
    areas: list[str]
    withheld: dict[str, str] = {}  # area -> why (SK 7.3, 7.4)


@on(Collected)
def _(s: SoldierState, e: Collected) -> None:
    t = s.treasury[e.power]
    t.resources += e.resources
    t.manpower += e.manpower


def _hostile(s: SoldierState, power: str, country: str | None) -> bool:
    return country is not None and not s.friendly(power, country)


def _stands(s: SoldierState, power: str, area: str) -> str | None:
    """SK 7.4 (1)-(3) for an area outside Europe: None if it holds, else why not."""
    if s.control.get(area) != power:
        return "not controlled (SK 7.4 (1))"
    armies = s.on_map(area, "army")
    enemy = any(_hostile(s, power, s.unit_side_country(u)) for u in armies)
    friend = any(not _hostile(s, power, s.unit_side_country(u)) for u in armies)
    if enemy and not friend:
        return "enemy armies alone in it (SK 7.4 (2))"
    if income.blockaded_by_enemy(s, area, power):
        return "blockaded by enemy fleets (SK 7.4 (3))"
    return None


def _fleet_in_reach(content: SoldierContent, s: SoldierState, power: str, area: str) -> bool:
    """SK 7.4 (4): a friendly or allied fleet in a sea area the coastal `area` adjoins, or
    in a coastal area adjoining that sea area; not one blockading, nor one blockaded."""
    blockading = {f for bs in s.blockades.values() for b in bs for f in b.get("fleets", ())}
    for sea in content.land_area(area).seas:
        for place in [sea, *content.coastal_areas(sea)]:
            for f in s.on_map(place, "fleet"):
                side = s.unit_side_country(f)
                if _hostile(s, power, side) or f.id in blockading:
                    continue
                if content.is_land(place) and income.blockaded_by_enemy(s, place, side):
                    continue
                return True
    return False


def _elsewhere(content: SoldierContent, s: SoldierState, power: str, area: str) -> str | None:
    """SK 7.4: None if `power` collects from `area` (outside Europe), else why not."""
    why = _stands(s, power, area)
    if why:
        return why
    if content.land_area(area).coastal:
        if _fleet_in_reach(content, s, power, area):
            return None
        return "no friendly fleet at sea beside it (SK 7.4 (4))"
    # (5): a land route, through areas meeting (1)-(3), to a coastal area meeting (1)-(4)
    seen, todo = {area}, deque([area])
    while todo:
        here = todo.popleft()
        for nxt in sorted(content.neighbours(here)):
            if nxt in seen or _stands(s, power, nxt):
                continue
            seen.add(nxt)
            if content.land_area(nxt).coastal and _fleet_in_reach(content, s, power, nxt):
                return None
            todo.append(nxt)
    return "no land route to a supplied coastal area (SK 7.4 (5))"


def collection(
    content: SoldierContent, s: SoldierState, power: str
) -> tuple[int, int, list[str], dict[str, str]]:
    """What `power` collects (SK 7.1-7.6): (Resources, Manpower, the areas that gave,
    the controlled areas that did not and why). In Europe each area it controls with no
    enemy units in it (SK 7.3); elsewhere as SK 7.4 says. An area that was a home area
    of another major power (even one played as a minor) gives one Manpower less (SK
    7.6). Minor allies give nothing (SK 18.0, 18.5: they control their own areas), but
    for Egypt's areas under Turkish armies (SE 19.5, income.nominal_areas)."""
    resources = manpower = 0
    gave: list[str] = []
    withheld: dict[str, str] = {}
    rules = content.game.rules
    spain = income.guerilla_power(content, s)  # SE 19.4
    spanish = set(income.core_areas(content, spain)) if spain else set()
    all_conquered = bool(spanish) and set(income.conquered_core(content, s, spain)) == spanish
    held_spanish = [0, 0]  # SE 19.4: a conqueror's Spanish totals, halved when all fell
    nominal = income.nominal_areas(content, s, power)  # SE 19.5: Egypt's, occupied by Turkey
    mine = sorted(name for name, ctrl in s.control.items() if ctrl == power or name in nominal)
    for name in mine:
        if not content.is_land(name):
            continue
        area = content.land_area(name)
        why = income.occupation_withheld(content, s, power, name)  # SE 19.5
        if why:
            withheld[name] = why
            continue
        if rules.collecting == "no-enemy-armies-alone":
            # SE 7.3: "No enemy armies may be in it unless friendly armies are also present"
            armies = s.on_map(name, "army")
            if any(_hostile(s, power, u.hired_by or u.country) for u in armies) and not any(
                not _hostile(s, power, u.hired_by or u.country) for u in armies
            ):
                withheld[name] = "enemy armies in it and no friendly army (SE 7.3)"
                continue
        elif content.map_of(name) == "europe":
            if any(_hostile(s, power, u.hired_by or u.country) for u in s.on_map(name)):
                withheld[name] = "enemy units in it (SK 7.3)"
                continue
        else:
            why = _elsewhere(content, s, power, name)
            if why:
                withheld[name] = why
                continue
        mp = area.manpower or 0
        if (
            area.home is not None
            and area.home != power
            and content.country(area.home).kind == "major"
        ):
            mp = max(0, mp - 1)  # SK 7.6 / SE 7.5
        money = area.resources * minor_rules.papal_multiplier(content, s, power, name)
        if name in spanish and power != spain:
            # SE 19.4: "Enemy players receive no manpower or money values for conquered
            # Spanish areas until all Spanish areas have been conquered, at which time they
            # receive half of the totals (not figured individually)"
            if not all_conquered:
                withheld[name] = f"{spain} is not wholly conquered (SE 19.4, Spanish Guerillas)"
                continue
            held_spanish[0] += money
            held_spanish[1] += mp
            gave.append(name)
            continue
        resources += money  # SK 18.6 / SE 19.8: the Papal States' double
        manpower += mp
        gave.append(name)
    resources += income.half(held_spanish[0])
    manpower += income.half(held_spanish[1])
    if power == spain:
        # SE 19.4: "the Spanish player continues to receive half of the manpower and money
        # values of enemy-conquered areas (round each fraction up individually)"
        for name in income.conquered_core(content, s, spain):
            area = content.land_area(name)
            resources += income.half(area.resources)
            manpower += income.half(area.manpower or 0)
            gave.append(name)
    return resources, manpower, gave, withheld


def collect(content: SoldierContent, s: SoldierState, power: str) -> tuple[int, int]:
    """(Resources, Manpower) `power` collects in a Resource and Manpower Phase."""
    r, m, _, _ = collection(content, s, power)
    return r, m


class ResourcesAndManpower(phases.NoOrders):
    """SK 4.2 Resource and Manpower Phase: automatic; then the Event Card Phase."""

    def resolve(
        self, ctx: Resolution, content: SoldierContent, step: Step, orders: dict, standing: dict
    ) -> None:
        capitals.update(ctx, content)  # SKO Imperial Capitals
        for power in ctx.state.majors:
            r, m, gave, withheld = collection(content, ctx.state, power)
            ctx.emit(Collected(power=power, resources=r, manpower=m, areas=gave, withheld=withheld))
            sko_map_units.deduct_hanover(ctx, content, power, r)  # SKO Hanover
            colonies = income.colonial(content, ctx.state, power)  # SE 7.6
            if colonies is not None:
                ctx.emit(colonies)
            sko_income.after_collection(ctx, content, power, standing)  # SKO: dice, capital, loans
        # card_phase.py; SKO Economics (b): the Winter Purchase Phase first
        ctx.emit(
            phases.StageOver(stage="resources", next=winter_purchase.after_resources(ctx.state))
        )


phases.register("resources", ResourcesAndManpower())
