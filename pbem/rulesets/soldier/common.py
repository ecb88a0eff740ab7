"""Small questions many Soldier rules ask: a power's treasury, a cost from the Cost
Chart, the order of unit ids, whether the scenario is a one-year one, the default
placement area (SK 6.3), whether a minor is conquered (SK 18.7)."""

from __future__ import annotations

from functools import lru_cache

from . import sko_map_units
from .content import SoldierContent
from .state import Counter, SoldierState, Treasury


def one_year(content: SoldierContent, s: SoldierState) -> bool:
    return content.scenario(s.scenario).rules == "one_year"


def cost(content: SoldierContent, what: str) -> tuple[int, int]:
    """(Resources, Manpower) from the Cost Chart (tables.toml [costs]), e.g. purchase_army."""
    c = getattr(content.tables.costs, what)
    return c.resources, c.manpower


@lru_cache(maxsize=8192)
def id_order(uid: str) -> tuple[str, int]:
    prefix, num = uid.rsplit("-", 1)
    digits = num.lstrip("AF")
    return (prefix + num[: len(num) - len(digits)], int(digits) if digits.isdigit() else 0)


def treasury(s: SoldierState, power: str) -> tuple[int, int]:
    t = s.treasury.get(power) or Treasury()  # (not get(power, Treasury()): made every call)
    return t.resources, t.manpower


def default_area(
    content: SoldierContent, s: SoldierState, u: Counter, among: list[str] | None = None
) -> str | None:
    """The default placement (documented): an allowed area without enemy units first,
    then the strongest fortification, the highest Resource value, the name (`among`:
    only these allowed areas, as a card may say)."""
    power = s.commander(u) or u.country

    def key(name: str):
        a = content.land_area(name)
        enemy = any(not s.friendly(x.hired_by or x.country, power) for x in s.on_map(name))
        return (enemy, -a.fortification, -a.resources, name)

    areas = placement_areas(content, s, u) if among is None else among
    return min(areas, key=key) if areas else None


def home_areas(content: SoldierContent, s: SoldierState, country: str) -> list[str]:
    """The country's home areas on the map, and for a satellite nation the areas put in
    it when it was created (SE 19.2: it "functions as a Minor Country")."""
    homes = content.home_areas(country)
    made = s.satellites.get(country)
    if made:
        homes = sorted({*homes, *made["areas"]})
    return homes


def not_yet_created(content: SoldierContent, s: SoldierState, country: str) -> bool:
    """SE 19.2, 19.3: a satellite nation (or Holland) that no card has created yet: it does
    not exist (Holland is France's at the start)."""
    return country not in s.satellites and any(
        x.country == country for x in content.tables.satellites
    )


def satellite_of(s: SoldierState, country: str) -> str | None:
    """SE 19.2: the satellite nation `country` is, or is part of (the Rhine Confederation's
    Hanover, Saxony and Bavaria), if any."""
    if country in s.satellites:
        return country
    return next((k for k, v in sorted(s.satellites.items()) if country in v["members"]), None)


def conquest_areas(content: SoldierContent, s: SoldierState, minor: str) -> list[str]:
    """The home areas whose loss conquers a minor (SK 18.7): all of them, "all those on the
    Europe map for those Major Powers being played as minors" (SK 15.4: "all European map
    home areas"; Spain's and Holland's colonies do not count). SE: one map, all of them."""
    if minor not in s.satellites:
        return list(content.conquest_homes(minor))
    homes = home_areas(content, s, minor)
    if minor in content.majors:
        homes = [a for a in homes if content.map_of(a) == "europe"]
    return homes


def minor_conquered(content: SoldierContent, s: SoldierState, minor: str) -> bool:
    """SK 18.7, 15.4: every home area of the minor (on the Europe map, for a major power
    played as a minor: `conquest_areas`) is controlled by its enemies (SE 19.3: not
    Holland while no card has created it)."""
    homes = (
        conquest_areas(content, s, minor)
        if minor in s.satellites
        else content.conquest_homes(minor)
    )
    control, friendly = s.control, s.friendly
    if not homes or any(friendly(control.get(a), minor) for a in homes):
        return False  # (asked first: a minor usually holds a home area itself)
    return not not_yet_created(content, s, minor)


PROVINCIAL_AREAS = {"Britain": ("Virginia", "New York", "New England")}  # SK 19.41


def placement_problem(
    content: SoldierContent, s: SoldierState, u: Counter, area: str
) -> str | None:
    """Why `u` may not be placed in `area` (SK 6.3; SE 6.2: "in any home nation area under
    friendly control. Fleets may only be placed in coastal areas"), or None."""
    rule = "SE 6.2" if content.game.rules.placement == "home-areas" else "SK 6.3"
    sko = sko_map_units.prussian_fleet_placement(content, s, u, area)  # SKO New Unit
    if sko is not None:
        return sko or None
    if not content.is_land(area):
        return f"{area} is a sea area; new units are placed in land areas ({rule})"
    a = content.land_area(area)
    if a.home != u.country and area not in home_areas(content, s, u.country):
        return f"{area} is not a home area of {u.country} ({rule})"
    ctrl = s.control.get(area)
    if not s.friendly(ctrl, u.country):
        return f"{area} is controlled by {ctrl or 'nobody'}, not a friendly power ({rule})"
    if u.provincial:  # SK 19.41: British provincials in these three; Spanish in any home
        # area of the Americas (SK 6.3: provincials are the exception to Europe and Manpower)
        where = PROVINCIAL_AREAS.get(u.country)
        if content.map_of(area) != "americas" or (where is not None and area not in where):
            allowed = ", ".join(where) if where else f"{u.country}'s home areas of the Americas"
            return f"{u.id} is a provincial army: it is placed in {allowed} (SK 19.41)"
    elif content.country(u.country).kind == "major" and rule == "SK 6.3":
        if content.map_of(area) != "europe":
            return (
                f"{area} is not on the Europe map; Major Power units are placed in Europe (SK 6.3)"
            )
        if not a.manpower:
            return f"{area} has no Manpower value; Major Power units are placed only where there is one (SK 6.3)"
    if u.type == "fleet" and not a.coastal:
        return f"{u.id} is a fleet and {area} is not coastal ({rule})"
    return None


def placement_areas(content: SoldierContent, s: SoldierState, u: Counter) -> list[str]:
    satellite = s.satellites.get(u.country, {}).get("areas", ())
    prussian = sko_map_units.prussian_fleet(s, u)  # SKO New Unit (asked once, not per area)
    return sorted(
        a.name
        for a in content.map.land_areas
        if (
            a.home == u.country
            or a.name in satellite
            or (prussian and sko_map_units.prussian_fleet_placement(content, s, u, a.name) == "")
        )
        and placement_problem(content, s, u, a.name) is None
    )


def of_power(s: SoldierState, country: str, power: str) -> str:
    """How a player reads `country` as one of `power`'s: "Austria", or "Saxony (Austria's
    minor ally)" (SK 15.3 names the loser and its minor allies)."""
    if country == power or s.allies.get(country) != power:
        return country
    return f"{country} ({power}'s minor ally)"
