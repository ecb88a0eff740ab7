"""`pbem games soldier-kings --map` (and soldier-emperor): every area of the maps a game
is played on, one line each, from the content as loaded (no values of its own). Pure:
text only. Cited as SK n.n; SE's areas are the same kinds (SE 1.0, 2.1)."""

from __future__ import annotations

from .model import SoldierContent
from .world import LandArea, MapFile, SeaArea


def _authored(source: str) -> str:
    """'*' for an entry whose source is just "authored": nothing in the text fixes it
    (docs/soldier-kings-data.md); the others cite the text for some of their values."""
    return " *" if source == "authored" else ""


def _names(item: LandArea | SeaArea) -> str:
    aka = f" (also {', '.join(item.aliases)})" if item.aliases else ""
    return f"{item.name}{aka}{_authored(item.source)}"


def _land(world: SoldierContent, a: LandArea, money: str) -> str:
    kind = f"coastal on {', '.join(a.seas)}" if a.coastal else "land"  # SK 1.0 Coastal Area
    home = f"home area of {a.home}" if a.home else "nobody's home area"  # SK 1.0 Home Area
    manpower = f"Manpower {a.manpower}" if a.manpower is not None else "no Manpower"  # SK 2.1
    routes = world.neighbours(a.name)  # SK 1.0 Land Route; True: a mountain route (SK 9.5)
    joined = ", ".join(
        f"{b} (mountain)" if routes[b] else b for b in sorted(routes, key=str.casefold)
    )
    return (
        f"  {_names(a)}: {kind}; {home}; {money} {a.resources}, {manpower}, "
        f"fortification {a.fortification}; land routes: {joined or 'none'}"
    )


def _sea(world: SoldierContent, x: SeaArea) -> str:
    coasts = world.coastal_areas(x.name)
    seas = sorted(
        (f"{b} (track circle)" if world.is_circle(b) else b for b in world.sea_neighbours(x.name)),
        key=str.casefold,
    )  # SK 10.2 (and, in the campaign, the track's lines, SK 10.7)
    return (
        f"  {_names(x)}: sea; coastal areas: {', '.join(sorted(coasts, key=str.casefold)) or 'none'}"
        f"; sea connections: {', '.join(seas) or 'none'}"
    )


def _one_map(world: SoldierContent, m: MapFile, money: str) -> list[str]:
    out = [f"{m.name}: {len(m.land_areas)} land areas, {len(m.sea_areas)} sea areas"]
    out += [_land(world, a, money) for a in m.land_areas]
    out += [_sea(world, x) for x in m.sea_areas]
    for st in m.straits:  # SK 10.46
        out.append(f"  strait: {st.area}, between {st.seas[0]} and {st.seas[1]}")
    return out


def map_text(content: SoldierContent, maps: tuple[str, ...], game: str, book: str) -> str:
    """The listing of `maps` (game.toml keys: Europe alone for the one-year games, the
    four for the World at War campaign), map by map in that order, areas in file order;
    then, with the campaign's track, its circles (SK 2.1, 10.7)."""
    world = content.in_play(maps)
    money = content.game.rules.money
    files = [content.map if key == "europe" else content.world[key] for key in maps]
    out = [
        f"{content.game.name}: the map{'s' if len(maps) > 1 else ''} "
        f"{', '.join(m.name for m in files)} as printed (optional rules that change the map"
        " are not applied).",
        f"One line an area: name (also: aliases); land, or coastal on its seas ({book} 1.0);"
        f" whose home area; {money}, Manpower, fortification ({book} 2.1); land routes"
        f" ({book} 1.0, mountain routes marked). A sea: its coastal areas and sea connections"
        + (f" (with the track's lines between the maps, {book} 10.7)." if len(maps) > 1 else "."),
        f"* nothing in the text fixes the entry: all its values were authored for pbem; the"
        f" others take some values from the text: which, each entry's `source` in"
        f" games/{game}/maps/*.toml and docs/{game}-data.md say.",
        "",
    ]
    for m in files:
        out += _one_map(world, m, money)
        out.append("")
    if len(maps) > 1 and content.track is not None:
        out.append(f"{content.track.name}: circles, seas on no map ({book} 2.1, 10.7)")
        for c in content.track.circles:
            seas = ", ".join(sorted(world.sea_neighbours(c.name), key=str.casefold))
            out.append(f"  {c.name}{_authored(c.source)}: sea connections: {seas or 'none'}")
        out.append("")
    return "\n".join(out).rstrip()
