"""Retreats: where retreating armies may go (SK 9.5 before battle, SK 9.8 after each
round "under the same rules", SK 12.3 besiegers under defensive fire).

Retreat by sea (SK 9.5: a fleet in the area carries the army to the adjacent sea
area; not from a coastal area blockaded by enemy fleets; not without a friendly or
allied fleet in the combat or an adjoining sea area; transport limits SK 10.6):
`sea_retreat_areas` and `sea_lift`; naval.retreat_by_sea carries it out.

"Enemy" and "neutral" follow the state (SK 1.0 Enemy, Neutral): a country is an
enemy of ``side_power`` when it fights for some side (`SoldierState.side_of`) that is not
``side_power``'s (`SoldierState.friendly`); a country on no side (a neutral minor, or a
major power the scenario treats as a neutral minor) is neutral.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .content import SoldierContent
from .state import Counter, SoldierState

__all__ = [
    "ENEMY_ARMIES",
    "ENEMY_CONTROL",
    "ENEMY_ENTRY",
    "MOUNTAIN",
    "ROUTE_BLOCKED",
    "choose_retreat",
    "controller",
    "enemy_armies",
    "enemy_entry_routes",
    "retreat_areas",
    "retreat_restrictions",
    "blockaded_from",
    "sea_lift",
    "sea_retreat_areas",
]

# Why a land retreat is refused (SK 9.5), as `retreat_restrictions` reports them.
ENEMY_CONTROL = "enemy-controlled"
MOUNTAIN = "mountain route"
ENEMY_ENTRY = "enemy armies entered the battle area along this route"
ROUTE_BLOCKED = "route blocked"
ENEMY_ARMIES = "more enemy armies there than armies retreating"


def _is_enemy(s: SoldierState, side_power: str, country: str | None) -> bool:
    """SK 1.0 Enemy: on a side, and not ``side_power``'s; neutrals are not enemies."""
    if country is None or s.side_of(country) is None:
        return False
    return not s.friendly(side_power, country)


def _fights_for(unit: Counter) -> str:
    return unit.hired_by or unit.country  # SK 19.1: hired mercenaries fight for the hirer


def controller(content: SoldierContent, s: SoldierState, area: str) -> str | None:
    """Whose side a land area is on: the state's marker, else its home country (SK 7.1);
    an Indian area allied on its own is its ally's (SK 19.2, 1.0 Ally: state.holder)."""
    if area in s.control:
        return s.holder(area)
    return content.land_area(area).home


def enemy_armies(s: SoldierState, side_power: str, area: str) -> int:
    """Enemy armies in a land area (fleets do not count: SK 9.5 says armies)."""
    return sum(_is_enemy(s, side_power, _fights_for(u)) for u in s.on_map(area, "army"))


def enemy_entry_routes(s: SoldierState, side_power: str, area: str) -> set[str]:
    """Areas from which enemy armies entered ``area`` this action phase (SK 9.5), from
    `SoldierState.moves`. A set: sort before iterating."""
    out: set[str] = set()
    for m in s.moves:
        if m.to != area:
            continue
        unit = s.units.get(m.unit)
        if unit is not None and unit.type != "army":
            continue  # SK 9.5 names armies
        country = _fights_for(unit) if unit is not None else m.country
        if _is_enemy(s, side_power, country):
            out.add(m.frm)
    return out


def retreat_restrictions(
    content: SoldierContent,
    s: SoldierState,
    area: str,
    side_power: str,
    n_armies: int,
    blocked_routes: Collection[str] = (),
    *,
    ignore_entry_routes: bool = False,
) -> dict[str, list[str]]:
    """Every land area adjacent to ``area`` -> the SK 9.5 restrictions that forbid a
    land retreat there by ``n_armies`` armies of ``side_power``'s side (empty: allowed).
    Ordered by area name; for reports ("no retreat: Wien is enemy-controlled, ...").

    ``blocked_routes``: further areas whose routes the caller knows are closed.
    ``ignore_entry_routes``: the "Skilful Retreat" card lifts the third restriction.
    """
    area = content.resolve_area(area)
    entered = enemy_entry_routes(s, side_power, area)
    blocked = {content.resolve_area(a) for a in blocked_routes}
    out: dict[str, list[str]] = {}
    for nb, mountain in sorted(content.neighbours(area).items()):
        why: list[str] = []
        # SK 9.5: not into enemy-controlled land areas; neutral minor areas are allowed
        # ("Note that the above allows the retreat of armies into neutral minor
        # country areas").
        if _is_enemy(s, side_power, controller(content, s, nb)):
            why.append(ENEMY_CONTROL)
        # SK 9.5: not via mountain routes.
        if mountain:
            why.append(MOUNTAIN)
        # SK 9.5: not via land routes which enemy armies used to enter the battle area
        # this action phase.
        if nb in entered and not ignore_entry_routes:
            why.append(ENEMY_ENTRY)
        if nb in blocked:
            why.append(ROUTE_BLOCKED)
        # SK 9.5: not into land areas occupied by enemy armies IF the number of enemy
        # armies there is greater than the number of retreating armies.
        if enemy_armies(s, side_power, nb) > n_armies:
            why.append(ENEMY_ARMIES)
        out[nb] = why
    return out


def retreat_areas(
    content: SoldierContent,
    s: SoldierState,
    area: str,
    side_power: str,
    n_armies: int,
    blocked_routes: Collection[str] = (),
    *,
    ignore_entry_routes: bool = False,
) -> list[str]:
    """The adjacent land areas ``n_armies`` armies of ``side_power``'s side may retreat
    into from ``area`` (SK 9.5; SK 9.8 and 12.3 use the same rules), sorted by name.

    ``n_armies`` is the number retreating together into one area (the defender may
    split its retreat, SK 9.5 "to adjacent areas"): it only matters against enemy
    armies there. Sea retreats: `sea_retreat_areas`.
    """
    why = retreat_restrictions(
        content,
        s,
        area,
        side_power,
        n_armies,
        blocked_routes,
        ignore_entry_routes=ignore_entry_routes,
    )
    return [nb for nb, reasons in why.items() if not reasons]


def sea_retreat_areas(
    content: SoldierContent,
    s: SoldierState,
    area: str,
    side_power: str,
    armies: Sequence[str] = (),
) -> list[str]:
    """Sea areas ``armies`` of ``side_power``'s side may retreat into by sea (SK 9.5),
    sorted; with no armies named, the seas a retreat by sea could use at all. Each
    needs `sea_lift`: a friendly or allied fleet in the battle area or in that sea area
    for every army (SK 10.6), and no enemy blockade of ``area`` from that sea."""
    if not content.is_land(area) or not content.land_area(area).coastal:
        return []
    want = list(armies)
    return sorted(
        sea
        for sea in content.land_area(area).seas
        if (
            sea_lift(content, s, area, side_power, want, sea)
            if want
            else _lift_fleets(s, area, side_power, sea)
        )
    )


def blockaded_from(s: SoldierState, area: str, sea: str, side_power: str) -> bool:
    """SK 10.5: fleets enemy to ``side_power`` blockade the coastal ``area`` from ``sea``
    (of the blockades from each of its sea areas, the one from ``sea``)."""
    return any(
        s.units[f].status == "map"
        and s.units[f].area == sea
        and _is_enemy(s, side_power, s.unit_side_country(s.units[f]))
        for b in s.blockades_of(area, sea)
        for f in b.get("fleets", [])
    )


def _lift_fleets(s: SoldierState, area: str, side_power: str, sea: str) -> list[Counter]:
    """Friendly or allied fleets that could carry armies out of ``area`` into ``sea`` (SK
    9.5): in the battle area (they go too) or in the sea area, with no army aboard."""
    if blockaded_from(s, area, sea, side_power):
        return []  # SK 9.5: not by sea from a coastal area blockaded by enemy fleets
    busy = {
        u.carried_by
        for u in s.on_map(type_="army")
        if u.carried_by and s.units[u.carried_by].area == u.area
    }
    return [
        f
        for where in (area, sea)
        for f in sorted(s.on_map(where, "fleet"), key=lambda u: u.id)
        if s.friendly(side_power, s.unit_side_country(f)) and f.id not in busy
    ]


def sea_lift(
    content: SoldierContent,
    s: SoldierState,
    area: str,
    side_power: str,
    armies: Sequence[str],
    sea: str,
) -> tuple[list[str], dict[str, str]] | None:
    """How ``armies`` retreat from ``area`` into ``sea`` (SK 9.5 with the limits of SK
    10.6): (fleets in the battle area that must go with them, army -> fleet), or None.
    Full armies need full fleets; fleets in the battle area are used first."""
    fleets = _lift_fleets(s, area, side_power, sea)
    loaded: dict[str, str] = {}
    for want_full in (True, False):
        for a in sorted(armies):
            if s.units[a].is_reduced == want_full:
                continue
            pick = next(
                (
                    f
                    for f in fleets
                    if f.id not in loaded.values() and (not want_full or not f.is_reduced)
                ),
                None,
            )
            if pick is None:
                return None
            loaded[a] = pick.id
    going = sorted({f for f in loaded.values() if s.units[f].area == area})
    return going, loaded


def choose_retreat(
    content: SoldierContent,
    s: SoldierState,
    side_power: str,
    options: Sequence[str],
    wanted: Sequence[str] = (),
) -> str | None:
    """Where a retreat goes when the player is not asked at the moment (SK 9.5, 9.8).

    The first area of the player's standing order ``wanted`` that is an option; else
    the default, chosen to leave the retreating armies as safe as possible:

    1. fewest enemy armies there (a smaller chance of fighting again at once);
    2. friendly- or allied-controlled before neutral: there the fortification adds
       to the defender's dice (SK 9.6, only if the defender controls the area) and
       moving on costs 1/2 movement point (SK 8.2);
    3. most friendly and allied armies there (the survivors regroup);
    4. highest fortification value (SK 9.6 again);
    5. name, only to be deterministic.

    None when there is no option (SK 9.8: units forced to retreat are then eliminated).
    """
    if not options:
        return None
    canon = {content.resolve_area(o): o for o in options}
    for name in wanted:
        try:
            key = content.resolve_area(name)
        except KeyError:
            continue
        if key in canon:
            return canon[key]

    def default(key: str) -> tuple[int, int, int, int, str]:
        owner = controller(content, s, key)
        armies = s.on_map(key, "army")
        friends = sum(s.friendly(side_power, _fights_for(u)) for u in armies)
        return (
            enemy_armies(s, side_power, key),
            0 if s.friendly(side_power, owner) else 1,
            -friends,
            -content.land_area(key).fortification,
            key,
        )

    return canon[min(canon, key=default)]
