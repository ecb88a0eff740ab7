"""What a report's map marks for one power (issue 18): the areas of its theatre, the
moves and the battles since its last report.

The theatre (MapView.focus) is: the areas of the power's pieces on the map; the enemy
pieces within two land routes of them, or in a sea area beside them or beside its
fleets; every area its own moves, retreats and battles since its last report touch.
Before its pieces are on the map (the set-up), its home areas. pbem's reading of issue 18's "around the areas where his
pieces and his enemies' are": enemies far from his pieces do not widen his theatre;
the whole map, drawn under it, shows them.
"""

from __future__ import annotations

from pbem.events import Event
from pbem.reports.model import MapMarker, MapMove

from ..combat_results import BattleBegan, BattleEnded, Retreated
from ..content import SoldierContent
from ..movement import GroupMoved
from ..navy import FleetsMoved, NavalBattleBegan, NavalBattleEnded, NavalRetreated, SeaRetreat
from ..state import SoldierState
from .words import colour

BATTLE_FILL = "#7a1c12"


def _near(content: SoldierContent, areas: set[str], steps: int) -> set[str]:
    """What lies within `steps` land routes of `areas`, with the sea areas beside them
    (beside a coastal area, or next to a sea area)."""
    out = {a for a in areas if content.is_land(a)}
    edge = set(out)
    for _ in range(steps):
        edge = {b for a in edge for b in content.neighbours(a)} - out
        out |= edge
    for a in areas:
        if content.is_land(a):
            out |= set(content.land_area(a).seas)
        else:
            out |= {a, *content.sea_neighbours(a), *content.coastal_areas(a)}
    return out


def own_areas(content: SoldierContent, s: SoldierState, power: str) -> set[str]:
    """The areas of the power's pieces on the map; before there are any, its homes."""
    own = {u.area for u in s.on_map() if u.area and s.commander(u) == power}
    own |= {
        ld.area
        for ld in s.leaders.values()
        if ld.status == "map" and ld.area and s.major_of(ld.country) == power
    }
    return own or set(content.home_areas(power))


def focus(
    content: SoldierContent, s: SoldierState, power: str, events: tuple[Event, ...]
) -> tuple[str, ...]:
    own = own_areas(content, s, power)
    near = _near(content, own, 2)
    enemies = {
        u.area
        for u in s.on_map()
        if u.area in near and not s.friendly(s.unit_side_country(u), power)
    }
    touched: set[str] = set()
    for e in events:
        if isinstance(e, GroupMoved | FleetsMoved) and e.power == power:
            touched |= set(e.path)
        elif isinstance(e, Retreated | NavalRetreated | SeaRetreat) and e.power == power:
            touched |= {e.frm, e.to}
        elif power in _fighting(e):
            touched.add(e.area)
    names = {
        x.name
        for m in (content.map, *content.world.values())
        for x in (*m.land_areas, *m.sea_areas)
    }
    return tuple(sorted((own | enemies | touched) & names))


def _fighting(e: Event) -> set[str]:
    """The powers in a battle that begins with `e` (none if it is no such event)."""
    if isinstance(e, BattleBegan):
        return {*e.attackers, *e.defenders}
    if isinstance(e, NavalBattleBegan):
        return {*e.intercepting, *e.intercepted}
    return set()


def moves(content: SoldierContent, events: tuple[Event, ...]) -> tuple[MapMove, ...]:
    out = []
    for e in events:
        if isinstance(e, GroupMoved) and len(e.path) > 1:
            what = f"{len(e.units)} {'army' if len(e.units) == 1 else 'armies'}"
            if e.leaders:
                what += " with " + ", ".join(e.leaders)
            out.append(MapMove(tuple(e.path), colour(content, e.power), f"{e.power}: {what}"))
        elif isinstance(e, FleetsMoved) and len(e.path) > 1:
            what = f"{len(e.fleets)} {'fleet' if len(e.fleets) == 1 else 'fleets'}"
            if e.armies:
                what += f" carrying {len(e.armies)}"
            out.append(
                MapMove(tuple(e.path), colour(content, e.power), f"{e.power}: {what}", sea=True)
            )
        elif isinstance(e, Retreated | NavalRetreated | SeaRetreat) and e.frm != e.to:
            out.append(
                MapMove(
                    (e.frm, e.to),
                    colour(content, e.power),
                    f"{e.power}: retreat from {e.frm}",
                    sea=not isinstance(e, Retreated),
                )
            )
    return tuple(out)


def battles(events: tuple[Event, ...]) -> tuple[MapMarker, ...]:
    """A badge on every area fought over since the last report, with its outcome."""
    out: dict[str, str] = {}
    for e in events:
        if isinstance(e, BattleBegan | NavalBattleBegan):
            kind = "naval battle" if isinstance(e, NavalBattleBegan) else "battle"
            out[e.area] = f"{kind} in {e.area}"
        elif isinstance(e, BattleEnded | NavalBattleEnded) and e.area in out:
            out[e.area] += f": {e.outcome}"
    return tuple(
        MapMarker(area, "battle", "battle", fill=BATTLE_FILL, title=title)
        for area, title in out.items()
    )
