"""The Europe map of a turn report as a power may see it: control colours, a chip
per country and area, siege badges and blockade lines (docs/reports.md)."""

from __future__ import annotations

from collections import defaultdict

from pbem.events import Event
from pbem.reports.model import MapArea, MapMarker, MapStack, MapView

from .. import common
from ..calendar import label
from ..content import SoldierContent
from ..state import SoldierState
from . import marks
from .words import SEA_FILL, abbr, colour, join, leader_text, unit_text


def map_view(
    content: SoldierContent, s: SoldierState, power: str, events: tuple[Event, ...] = ()
) -> MapView | None:
    """`events`: the results of the report `power` may see (its moves and battles)."""
    if s.stage == "new":
        return None
    areas = []
    for sea in content.map.sea_areas:
        areas.append(
            MapArea(sea.name, tuple(sea.polygons), sea.label, SEA_FILL, sea=True, title=sea.name)
        )
    for a in content.map.land_areas:
        ctrl = s.control.get(a.name)
        facts = [f"controlled by {ctrl}" if ctrl else "uncontrolled"]
        if a.home:
            facts.append(f"home area of {a.home}")
        facts.append(f"Resources {a.resources}")
        if a.manpower is not None:
            facts.append(f"Manpower {a.manpower}")
        facts.append(f"fortification {a.fortification}")
        areas.append(
            MapArea(
                a.name,
                (a.polygon,),
                a.label,
                colour(content, ctrl),
                text=f"{a.name} ({a.fortification})" if a.fortification else a.name,
                title=f"{a.name}: {', '.join(facts)}",
            )
        )
    stacks: dict[tuple[str, str], dict[str, list]] = defaultdict(
        lambda: {"army": [], "fleet": [], "leader": []}
    )
    for u in s.units.values():
        if u.status == "map" and u.area:
            stacks[(u.area, u.country)][u.type].append(u)
    for ld in s.leaders.values():
        if ld.status == "map" and ld.area:
            stacks[(ld.area, ld.country)]["leader"].append(ld)
    chips = []
    for (area, country), got in sorted(stacks.items()):
        a_, f_, l_ = got["army"], got["fleet"], got["leader"]
        text = abbr(content, country)
        if a_:
            text += f" {len(a_)}A"
        if f_:
            text += f" {len(f_)}F"
        if l_:
            text += f" {len(l_)}L"
        title = f"{country} in {area}: " + join(
            [unit_text(u) for u in sorted(a_ + f_, key=lambda u: common.id_order(u.id))]
            + [leader_text(x) for x in sorted(l_, key=lambda x: x.name)]
        )
        chips.append(MapStack(area, country, colour(content, country), text, title))
    markers = []
    for area in sorted(set(s.fort_hits) | set(s.besieger)):
        hits = s.fort_hits.get(area, 0)
        fort = content.land_area(area).fortification if content.is_land(area) else 0
        who = s.besieger.get(area)
        markers.append(
            MapMarker(
                area,
                "siege",
                f"siege {hits}/{fort}",
                fill="#b71c1c",
                title=f"{area}: besieged by {who or 'nobody'}; {hits} of {fort} hits on the fortification",
            )
        )
    for area, b in sorted(s.blockades.items()):
        if not isinstance(b, dict):
            continue
        who = str(b.get("power", ""))
        markers.append(
            MapMarker(
                area,
                "blockade",
                "blockade",
                towards=str(b.get("sea", "")) or None,
                fill=colour(content, who) if who else "#b71c1c",
                title=f"{area} blockaded from the {b.get('sea', '?')} by {who or '?'}",
            )
        )
    markers += marks.battles(events)
    shown = {c for c in s.control.values()} | {country for _, country in stacks}
    keys = [c for c in (*s.majors, *sorted(s.allies)) if c in shown]
    keys += sorted(c for c in shown if c not in keys)
    legend = tuple((c, colour(content, c)) for c in keys)
    canvas = content.game.canvas
    return MapView(
        width=canvas.width,
        height=canvas.height,
        areas=tuple(areas),
        stacks=tuple(chips),
        markers=tuple(markers),
        legend=legend,
        title=f"Europe, {label(s.turn)}, as {power} sees it",
        background="#b9d3e6",
        label_size=8.5,
        notes=(
            "Areas are coloured by who controls them. Each chip is one country's pieces "
            "in the area: its abbreviation, then armies (A), fleets (F) and leaders (L). "
            "Red badges count siege hits against the fortification, dark red ones mark "
            "battles since your last report; thick dashed lines are blockades. Arrows are "
            "moves since your last report (dashed at sea), in the mover's colour. Thin grey "
            "dashes join the names of areas linked by a land route, brown dots mark "
            "mountain routes (SK 8.2); a "
            "number after a name is its fortification value.",
        ),
        focus=marks.focus(content, s, power, events),
        focus_core=tuple(sorted(marks.own_areas(content, s, power))),
        moves=marks.moves(content, events),
        routes=tuple(  # land routes, both ends on this map
            (r.areas[0], r.areas[1], r.mountain)
            for r in content.map.routes
            if content.is_land(r.areas[0]) and content.is_land(r.areas[1])
        ),
    )
