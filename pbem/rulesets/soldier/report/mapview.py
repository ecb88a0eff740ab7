"""A map of a turn report as a power may see it: control colours, a chip per country
and area, siege and battle badges, blockade lines, this report's moves (docs/reports.md).
Any of the four maps (`key`: "europe", or a key of `content.world`); the one-year
games draw Europe alone. `track_view` draws the Worldwide Naval Movement track."""

from __future__ import annotations

import math
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
    content: SoldierContent,
    s: SoldierState,
    power: str,
    events: tuple[Event, ...] = (),
    key: str = "europe",
    marks_with: SoldierContent | None = None,
) -> MapView | None:
    """`events`: the results of the report `power` may see (its moves and battles).
    `content` draws the map (each map its own); `marks_with` (default `content`) finds
    the theatre: the game's content, whose lookups span every map it is played on."""
    if s.stage == "new":
        return None
    m = content.map if key == "europe" else content.world[key]
    here = {a.name for a in m.land_areas} | {x.name for x in m.sea_areas}
    forts = {a.name: a.fortification for a in m.land_areas}
    areas = []
    for sea in m.sea_areas:
        areas.append(
            MapArea(sea.name, tuple(sea.polygons), sea.label, SEA_FILL, sea=True, title=sea.name)
        )
    for a in m.land_areas:
        ctrl = s.control.get(a.name)
        facts = [f"controlled by {ctrl}" if ctrl else "uncontrolled"]
        if a.home and a.home == ctrl:  # most areas: said once (the HTML's size budget)
            facts[0] += ", its home area"
        elif a.home:
            facts.append(f"home area of {a.home}")
        facts.append(f"{content.game.rules.money} {a.resources}")
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
    for u in s.on_map():
        if u.area in here:
            stacks[(u.area, u.country)][u.type].append(u)
    for ld in s.leaders.values():
        if ld.status == "map" and ld.area in here:
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
            [unit_text(u, s) for u in sorted(a_ + f_, key=lambda u: common.id_order(u.id))]
            + [leader_text(x) for x in sorted(l_, key=lambda x: x.name)]
        )
        chips.append(MapStack(area, country, colour(content, country), text, title))
    markers = []
    for area in sorted((set(s.fort_hits) | set(s.besieger)) & here):
        hits = s.fort_hits.get(area, 0)
        fort = forts.get(area, 0)
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
    for area, b in [(a, b) for a in sorted(s.blockades) if a in here for b in s.blockades_of(a)]:
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
    markers += [x for x in marks.battles(events) if x.area in here]
    shown = {c for a, c in s.control.items() if a in here} | {country for _, country in stacks}
    keys = [c for c in (*s.majors, *sorted(s.allies)) if c in shown]
    keys += sorted(c for c in shown if c not in keys)
    legend = tuple((c, colour(content, c)) for c in keys)
    canvas = m.canvas or content.game.canvas
    return MapView(
        width=canvas.width,
        height=canvas.height,
        areas=tuple(areas),
        stacks=tuple(chips),
        markers=tuple(markers),
        legend=legend,
        title=f"{m.name}, {label(s.turn, content.game.first_year)}, as {power} sees it",
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
        focus=tuple(a for a in marks.focus(marks_with or content, s, power, events) if a in here),
        focus_core=tuple(sorted(marks.own_areas(marks_with or content, s, power) & here)),
        moves=tuple(v for v in marks.moves(content, events) if set(v.path) <= here),
        routes=tuple((r.areas[0], r.areas[1], r.mountain) for r in m.routes),
    )


BOX_W, BOX_H, CIRCLE_R = 124, 28, 22


def track_view(content: SoldierContent, s: SoldierState, power: str) -> MapView | None:
    """The Worldwide Naval Movement track (SK 10.7): a box for every sea area of the maps,
    circles for seas on no map (no interception there), the lines that join them."""
    t = content.track
    if t is None or s.stage == "new":
        return None
    on = {x.name: m.name for m in (content.map, *content.world.values()) for x in m.sea_areas}
    areas = []
    for b in t.boxes:
        x, y = b.label
        ring = ((x - BOX_W / 2, y - BOX_H / 2), (x + BOX_W / 2, y - BOX_H / 2),
                (x + BOX_W / 2, y + BOX_H / 2), (x - BOX_W / 2, y + BOX_H / 2))  # fmt: skip
        title = f"{b.sea}: the box of the {on.get(b.sea, '?')} map's sea area"
        areas.append(MapArea(b.sea, (ring,), (x, y + 3), SEA_FILL, title=title))
    for c in t.circles:
        x, y = c.label
        ring = tuple(
            (x + CIRCLE_R * math.cos(k * math.pi / 6), y + CIRCLE_R * math.sin(k * math.pi / 6))
            for k in range(12)
        )
        title = f"{c.name}: a sea on no map; no interception here (SK 10.7)"
        areas.append(MapArea(c.name, (ring,), (x, y + 3), "#dcebf5", title=title))
    return MapView(
        width=t.canvas.width,
        height=t.canvas.height,
        areas=tuple(areas),
        title=f"The Worldwide Naval Movement track, {label(s.turn, content.game.first_year)}, as {power} sees it",
        background="#f4efe3",
        label_size=9.0,
        notes=(
            "Boxes are the sea areas of the four maps, circles seas on no map. A fleet "
            "enters a box or circle joined to its own by a line for one movement point; "
            "it may be intercepted in boxes, never in circles (SK 10.7).",
        ),
        routes=tuple((x.between[0], x.between[1], False) for x in t.links),
    )
