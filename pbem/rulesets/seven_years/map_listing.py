"""`pbem games seven-years-world-war --map`: every square that is not all sea, one line
each, then the sides the default cannot infer and the trade routes, from the map as
loaded (games/seven-years-world-war/map.toml). Cited as 7YWW n.n."""

from __future__ import annotations

from .map import Square, WorldMap


def _authored(source: str) -> str:
    # docs/seven-years-world-war-data.md: what the text does not state "says so"
    # (source = "authored: ...")
    return " *" if source.startswith("authored") else ""


def _square(q: Square) -> str:
    parts = [q.kind, q.terrain.replace("_", " ")]  # 2.1, Terrain Effects Chart
    if q.polar_ice and q.terrain != "polar_ice":
        parts.append("polar ice")  # 14.33: no naval unit enters
    parts.append(q.power or "no power")  # 2.11
    if q.continent:
        parts.append(q.continent)
    if q.civilized:  # the content: civilized exactly when the terrain is civilized
        parts[1] = f"civilized, treasury {q.treasury}"  # 10.11, 11.3
    if q.port:
        parts.append("port")  # 18.5
    if q.capital:
        parts.append("capital")  # 8.2
    return f"  {q.id} {q.name}{_authored(q.source)}: {', '.join(parts)}"


SIDES = {
    "land": "all land: naval units may not cross (14.33, 18.1)",
    "strait": "a strait: land and naval units cross (14.32)",
    "sea": "all sea: land units may not cross or attack (14.21)",
}


def map_text(m: WorldMap) -> str:
    """Squares in map order (row A to Q, column 1 to 30), sides in the file's order grouped
    by kind, then the trade routes (10.121)."""
    land = [q for q in m.squares if q.kind != "sea"]
    out = [
        f"Seven Years World War: the map (7YWW 2.1; the same in every scenario), {len(land)}"
        f" of its {len(m.squares)} squares not all sea.",
        "One line a square: id, name; land or coastal; terrain (a civilized square with its"
        " treasury, 10.11, 11.3); power (2.11); continent; port (18.5); capital (8.2).",
        "* every value authored for pbem (its `source` in games/seven-years-world-war/map.toml"
        " begins 'authored:'); the others take some values from the text: which, their"
        " `source` and docs/seven-years-world-war-data.md say.",
        "",
    ]
    out += [_square(q) for q in land]
    for kind, meaning in SIDES.items():
        sides = [s for s in m.sides if s.kind == kind]
        out += ["", f"Sides {meaning}: {len(sides)}"]
        out += [
            f"  {s.a} {m.square(s.a).name} | {s.b} {m.square(s.b).name}{_authored(s.source)}"
            for s in sides
        ]
    out += ["", "Trade routes (10.121): name, treasury, termini"]
    for r in m.routes:
        only = (
            f"; one terminus in each of {', '.join(r.one_per_continent)}"
            if r.one_per_continent
            else ""
        )
        out.append(f"  {r.name}: treasury {r.treasury}; termini {', '.join(r.termini)}{only}")
    return "\n".join(out)
