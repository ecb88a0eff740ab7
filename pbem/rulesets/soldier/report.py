"""Soldier Kings in a turn report (docs/reports.md; the sentences are report_events.py): the
power's position in tables, the Europe map, and a pre-filled order envelope.

Fog of war: everything here is drawn from what `SoldierKings.view` shows a power.
The one secret in the state is the hands (SK 3.0): a power sees its own player's
cards and only the number the others hold. The deck is not listed either, since
the full deck minus the deck left and one's own hand is the others' hand.
Pure: no I/O; strings only (the templates escape them).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from pbem.reports.model import MapArea, MapMarker, MapStack, MapView, Section
from pbem.ruleset import Step

from . import common, purchases, setup
from .calendar import label
from .content import SoldierContent
from .phases import TITLES
from .report_events import SEA_FILL, abbr, colour, join_or, leader_text, plural, unit_text
from .state import SoldierState

# --- small words ------------------------------------------------------------------


# --- events -----------------------------------------------------------------------


# --- event cards (cards.py) -------------------------------------------------------


# --- the position -----------------------------------------------------------------


def _by_area(items) -> dict[str, list]:
    out: dict[str, list] = defaultdict(list)
    for x in items:
        out[x.area].append(x)
    return out


def _forces(s: SoldierState, mine: bool, power: str) -> tuple[tuple[str, ...], ...]:
    units = [
        u
        for u in s.units.values()
        if u.status == "map" and u.area and (s.commander(u) == power) == mine
    ]
    leaders = [
        ld
        for ld in s.leaders.values()
        if ld.status == "map" and ld.area and ((s.major_of(ld.country) == power) == mine)
    ]
    by_u, by_l = _by_area(units), _by_area(leaders)
    rows = []
    for area in sorted(set(by_u) | set(by_l)):
        us = sorted(by_u.get(area, []), key=lambda u: common.id_order(u.id))
        ls = sorted(by_l.get(area, []), key=lambda ld: ld.name)
        rows.append(
            (
                area,
                join_or([unit_text(u) for u in us], "-"),
                join_or([leader_text(x) for x in ls], "-"),
            )
        )
    return tuple(rows)


def sections(content: SoldierContent, s: SoldierState, power: str) -> list[Section]:
    if s.stage == "new":
        return []
    player = s.player_of(power)
    out: list[Section] = []
    stage = TITLES.get(s.stage, s.stage)
    if s.stage == "action" and s.initiative:
        stage = f"{s.initiative[min(s.acting, len(s.initiative) - 1)]}'s Action Phase"
    elif s.stage == "setup":
        stage = "Set-up"
    elif s.stage == "over":
        stage = "the game is over"
    turn = [f"{label(s.turn)}, {stage}; the scenario ends after {label(s.last_turn)}."]
    if s.initiative:
        turn.append(f"Initiative order this turn: {', '.join(s.initiative)}.")
    for p, t in sorted(s.frozen.items()):
        if t > s.turn:
            turn.append(f"{p} may not move before {label(t)}.")
    for pc in s.peace:
        turn.append(f"Peace: {pc.victor} may not attack {pc.loser} before {label(pc.until_turn)}.")
    out.append(Section("The turn", lines=tuple(turn)))

    r, m = common.treasury(s, power)
    vp = s.victory_points.get(power)
    rows = [("Resources", str(r)), ("Manpower", str(m))]
    if vp is not None:
        rows.append(("Victory points", str(vp)))
    pool_a, pool_f = purchases.pool(s, power, "army"), purchases.pool(s, power, "fleet")
    rows.append(
        ("In the pool to buy", f"{plural(len(pool_a), 'army')}, {plural(len(pool_f), 'fleet')}")
    )
    out.append(Section(f"{power}: treasury", ("", ""), tuple(rows)))

    out.append(
        Section(
            f"{power}: forces on the map",
            ("area", "units (attack-defence)", "leaders"),
            _forces(s, True, power),
            note="" if _forces(s, True, power) else "None on the map.",
        )
    )
    track = sorted(
        (u for u in s.units.values() if u.status in ("track", "setup") and s.commander(u) == power),
        key=lambda u: (u.arrives or 0, common.id_order(u.id)),
    )
    if track:
        out.append(
            Section(
                f"{power}: units to place",
                ("arrives", "units"),
                tuple(
                    (label(t) if t else "set-up", join_or([unit_text(u) for u in us]))
                    for t, us in _group(track, lambda u: u.arrives or 0)
                ),
            )
        )
    hand = sorted(s.hands.get(player, []))
    rows_h = []
    for card in hand:
        try:
            c = content.card(card)
            rows_h.append((card, c.timing.replace("_", " "), c.text))
        except KeyError:
            rows_h.append((card, "", ""))
    out.append(
        Section(
            f"Your hand ({player})" if player != power else "Your hand",
            ("card", "when", "text"),
            tuple(rows_h),
            note="" if hand else "No cards.",
        )
    )

    others = []
    for p in s.majors:
        if p == power:
            continue
        pr, pm = common.treasury(s, p)
        on_map = [u for u in s.units.values() if u.status == "map" and s.commander(u) == p]
        hand_n = len(s.hands.get(s.player_of(p), []))
        cards = "yours" if s.player_of(p) == player else str(hand_n)
        others.append(
            (
                p,
                s.player_of(p),
                str(pr),
                str(pm),
                str(sum(u.type == "army" for u in on_map)),
                str(sum(u.type == "fleet" for u in on_map)),
                cards,
                str(s.victory_points.get(p, "-")),
            )
        )
    if others:
        out.append(
            Section(
                "The other powers",
                ("power", "player", "Resources", "Manpower", "armies", "fleets", "cards", "VP"),
                tuple(others),
            )
        )
    theirs = _forces(s, False, power)
    if theirs:
        out.append(
            Section(
                "Other forces on the map", ("area", "units (attack-defence)", "leaders"), theirs
            )
        )
    if s.allies:
        out.append(
            Section(
                "Minor allies",
                ("country", "allied with"),
                tuple((m, a) for m, a in sorted(s.allies.items())),
            )
        )
    sieges = []
    for area in sorted(set(s.fort_hits) | set(s.besieger)):
        hits = s.fort_hits.get(area, 0)
        fort = content.land_area(area).fortification if content.is_land(area) else 0
        sieges.append((area, s.besieger.get(area, "-"), f"{hits} of {fort}"))
    if sieges:
        out.append(
            Section("Sieges", ("area", "besieger", "hits on the fortification"), tuple(sieges))
        )
    blockades = [
        (area, str(b.get("sea", "-")), str(b.get("power", "-")), _fleets(b.get("fleets")))
        for area, b in sorted(s.blockades.items())
        if isinstance(b, dict)
    ]
    if blockades:
        out.append(Section("Blockades", ("area", "sea", "power", "fleets"), tuple(blockades)))
    held = sorted(a for a, c in s.control.items() if c == power)
    out.append(
        Section(
            f"Areas {power} controls",
            lines=(join_or(held) + ".",) if held else ("None.",),
        )
    )
    return out


def _fleets(value: Any) -> str:
    if isinstance(value, list | tuple):
        return join_or([str(x) for x in value], "-")
    return "-" if value is None else str(value)


def _group(items, key):
    out: list[tuple[Any, list]] = []
    for x in items:
        k = key(x)
        if out and out[-1][0] == k:
            out[-1][1].append(x)
        else:
            out.append((k, [x]))
    return out


# --- the map ----------------------------------------------------------------------


def map_view(content: SoldierContent, s: SoldierState, power: str) -> MapView | None:
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
        title = f"{country} in {area}: " + join_or(
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
            "Red badges count siege hits against the fortification; dashed lines are "
            "blockades.",
        ),
    )


# --- the order template -----------------------------------------------------------


def order_template(content: SoldierContent, s: SoldierState, power: str, step: Step) -> list[str]:
    out = [f"# {step.title}", f"# Your pieces ({power} and the units it commands):"]
    rows = _forces(s, True, power)
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
            "# To place: " + join_or([unit_text(s.units[u]) for u in units] + leaders),
            "# Allowed areas: " + join_or(allowed),
            "# Example (one line per area; 'rest' is every piece not yet named):",
        ]
        if units and allowed:
            out.append(f"# place {units[0]} in {allowed[0]}")
            out.append(f"# place rest in {allowed[-1]}")
    elif s.stage == "purchase":
        r, m = common.treasury(s, power)
        out.append(f"# Treasury: {r} Resources, {m} Manpower")
        due = purchases.arrivals(s, power)
        if due:
            out.append("# Arriving now: " + join_or([unit_text(s.units[u]) for u in due]))
            where = common.placement_areas(content, s, s.units[due[0]])
            if where:
                out.append(f"# place {due[0]} in {where[0]}")
        out.append("# buy army")
        reduced = sorted(
            (u.id for u in s.units.values() if u.status == "map" and u.is_reduced and s.commander(u) == power),
            key=common.id_order,
        )  # fmt: skip
        if reduced:
            out.append(f"# recover {reduced[0]}")
        for x in purchases.subsidies_from(s, power):
            out.append(f"# give {x.get('max_resources', 0)} to {x.get('receiver')}")
    elif s.stage == "action" and rows:
        area = rows[0][0]
        here = sorted(
            (u.id for u in s.units.values() if u.status == "map" and u.area == area and s.commander(u) == power),
            key=common.id_order,
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
