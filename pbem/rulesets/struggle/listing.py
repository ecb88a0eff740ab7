"""`pbem games struggle-of-empires --map`: every area of the map, one line each, from the
content as loaded (games/struggle-of-empires/map.toml, counters.toml, tiles.toml)."""

from __future__ import annotations

from .content import Area, SoEContent

KINDS = {"home": "home country", "europe": "European area", "colony": "colony"}


def _vp(a: Area) -> str:
    # SoE The Map: the player countries score nothing; SoE Victory Points: the boxes
    return "no VP" if not a.vp else "VP " + "/".join(str(v) for v in a.vp)


def _navies(a: Area) -> str:
    units = (
        "armies and navies" if a.navy else "armies only (no navy may enter)"
    )  # SoE Naval Movement
    if not a.naval_combat_in:
        return units
    if a.naval_combat_in == a.name:  # SoE Attack
        return f"{units}; naval combat here"
    return f"{units}; an attack here has its naval combat in {a.naval_combat_in}"  # SoE Attack


def _sea(a: Area) -> str:
    if a.kind != "colony":
        return ""
    if a.americas:  # SoE Sea Movement: no roll between the American colonies
        return "; sea roll to or from it, except from another American colony"
    return "; sea roll to or from it"


def _line(c: SoEContent, a: Area) -> str:
    counters = sum(1 for k in c.counters if k.area == a.name)
    tiles = [f"{t.name} ({t.kind})" for t in c.tiles if a.name in t.areas]
    navies = _navies(a)
    return (
        f"  {a.name}: {KINDS[a.kind]}; {_vp(a)}; {navies}{_sea(a)}; "
        f"adjacent: {', '.join(sorted(a.adjacent)) or 'none (by sea only)'}; "
        f"{counters} Country counters" + (f"; tiles: {', '.join(tiles)}" if tiles else "")
    )


def map_text(c: SoEContent) -> str:
    """The areas in map.toml's order: home countries, European areas, colonies."""
    out = [
        "Struggle of Empires: the map (the same for every number of players), "
        f"{len(c.areas)} areas.",
        "One line an area: name; kind (SoE The Map); victory point boxes, first/second/third"
        " (SoE Victory Points); armies and navies (SoE Naval Movement, Attack); sea roll"
        " (SoE Sea Movement); adjacent areas (SoE Army Movement); Country counters in the"
        " bag for it; the tiles naming it.",
        "Which values the text states and which were authored for pbem: each area's"
        " `source` in games/struggle-of-empires/map.toml and docs/struggle-of-empires-data.md.",
        "",
    ]
    out += [_line(c, a) for a in c.areas]
    return "\n".join(out)
