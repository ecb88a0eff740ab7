"""The checks every map file passes (maps/*.toml: Europe, the Americas, India, the
Spice Islands), one message per inconsistency; `cross_check` runs them on each map of
the game, and

    python -m pbem.rulesets.soldier.content.mapcheck games/soldier-kings/maps/FILE.toml

runs them on one file alone (with powers.toml and game.toml beside it), for whoever
authors a map.
"""

from __future__ import annotations

import sys
import tomllib
from collections import Counter, defaultdict, deque
from collections.abc import Iterable, Mapping
from pathlib import Path

from pydantic import ValidationError

from .world import Country, GameFile, MapFile, PowersFile, WorldTrack


def dupes(items: Iterable[str]) -> list[str]:
    return sorted(k for k, n in Counter(items).items() if n > 1)


def inside(point: tuple[int, int], rings: Iterable[tuple[tuple[int, int], ...]]) -> bool:
    """Even-odd rule: is the point inside the rings (later rings are holes)?"""
    x, y = point
    found = False
    for ring in rings:
        n = len(ring)
        for i in range(n):
            (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                found = not found
    return found


def _crossing(p, q, r, s) -> bool:
    """Do segments pq and rs cross at a point inside both (not at shared ends)?"""

    def orient(a, b, c) -> int:
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    if len({p, q, r, s}) < 4:
        return False
    o1, o2, o3, o4 = orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)
    return o1 * o2 < 0 and o3 * o4 < 0


def _overlap(a: tuple, b: tuple) -> bool:
    """Do two land polygons overlap (edges cross, or a vertex of one lies strictly inside
    the other)? Shared edges and vertices are fine: neighbours share borders."""
    if min(x for x, _ in a) >= max(x for x, _ in b) or min(x for x, _ in b) >= max(x for x, _ in a):
        return False
    if min(y for _, y in a) >= max(y for _, y in b) or min(y for _, y in b) >= max(y for _, y in a):
        return False
    for i in range(len(a)):
        for j in range(len(b)):
            if _crossing(a[i], a[(i + 1) % len(a)], b[j], b[(j + 1) % len(b)]):
                return True
    shared = set(a) & set(b)
    return any(p not in shared and inside(p, [b]) and not _on_edge(p, b) for p in a) or any(
        p not in shared and inside(p, [a]) and not _on_edge(p, a) for p in b
    )


def _on_edge(p, ring) -> bool:
    for i in range(len(ring)):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % len(ring)]
        if (
            (x2 - x1) * (p[1] - y1) == (y2 - y1) * (p[0] - x1)
            and min(x1, x2) <= p[0] <= max(x1, x2)
            and min(y1, y2) <= p[1] <= max(y1, y2)
        ):
            return True
    return False


def _pairs(links, known, what: str, itself: str, add, hint=None) -> list[frozenset[str]]:
    """Undirected links (`where`, (a, b)) between `known` names, each checked and kept once."""
    pairs: list[frozenset[str]] = []
    for where, (a, b) in links:
        ok = True
        for n in (a, b):
            if n not in known:
                add(f'{where}: unknown {what} "{n}"' + (hint(n) if hint else ""))
                ok = False
        if a == b:
            add(f"{where}: joins {itself} to itself")
            ok = False
        if ok:
            if frozenset((a, b)) in pairs:
                add(f"{where}: listed more than once (they are undirected, store each once)")
            pairs.append(frozenset((a, b)))
    return pairs


def _cut_off(nodes: list[str], pairs: Iterable[frozenset[str]]) -> list[str]:
    """The nodes not reached from the first along the pairs."""
    graph: dict[str, set[str]] = defaultdict(set)
    for p in pairs:
        x, y = tuple(p)
        graph[x].add(y)
        graph[y].add(x)
    if not nodes:
        return []
    seen, todo = {nodes[0]}, deque([nodes[0]])
    while todo:
        for nxt in graph[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return [n for n in nodes if n not in seen]


def check_map(
    f_map: str,
    key: str,
    m: MapFile,
    width: int,
    height: int,
    countries: Mapping[str, Country],
    f_pow: str = "powers.toml",
    overlaps: bool = True,
) -> list[str]:
    """Every inconsistency of one map (`key`: its name in powers.toml's `map`, e.g.
    "americas"), drawn on a `width` x `height` canvas. `overlaps`: also look for land
    areas drawn over each other (a check of the drawing, slower than all the others: the
    content loader leaves it to the tests and to this module's command)."""
    problems: list[str] = []
    add = problems.append
    land = {a.name: a for a in m.land_areas}
    seas = {s.name: s for s in m.sea_areas}
    for name in dupes([*(a.name for a in m.land_areas), *(s.name for s in m.sea_areas)]):
        add(f'{f_map}: area "{name}" is defined more than once')
    area_keys = [
        k.casefold()
        for x in (*m.land_areas, *m.sea_areas)
        for k in dict.fromkeys((x.name, *x.aliases))
    ]
    for k in dupes(area_keys):
        add(f'{f_map}: the name or alias "{k}" is used by more than one area')

    def on_canvas(where: str, points: Iterable[tuple[int, int]]) -> None:
        for x, y in points:
            if not (0 <= x <= width and 0 <= y <= height):
                add(f"{where}: point [{x}, {y}] is off the {width}x{height} canvas")
                return

    for a in m.land_areas:
        where = f'{f_map}: land area "{a.name}"'
        if a.home is not None:
            home = countries.get(a.home)
            if home is None:
                add(f'{where}: unknown country "{a.home}"')
            elif home.kind in ("card_unit", "satellite"):
                add(f'{where}: home "{a.home}" is a {home.kind}, which has no home areas')
            elif home.map != key and (home.kind != "major" or key == "europe"):
                # a major power's colonies lie on other maps; any other country's homes
                # are on its own map (SK 17.2: minor units stay on their map)
                add(f'{where}: home "{a.home}" is on the {home.map} map ({f_pow}), not {key}')
        if a.coastal != bool(a.seas):
            add(
                f"{where}: coastal = {str(a.coastal).lower()} but it lists "
                f"{len(a.seas)} sea area(s); a coastal area adjoins at least one sea (SK 1.0)"
            )
        for s in dupes(a.seas):
            add(f'{where}: sea area "{s}" is listed twice')
        for s in a.seas:
            if s not in seas:
                add(f'{where}: unknown sea area "{s}"')
        on_canvas(where, [a.label, *a.polygon])
        if not inside(a.label, [a.polygon]):
            add(f"{where}: label {list(a.label)} is not inside its polygon")
    polys = [(a.name, tuple(a.polygon)) for a in m.land_areas] if overlaps else []
    for i, (na, pa) in enumerate(polys):
        for nb, pb in polys[i + 1 :]:
            if _overlap(pa, pb):
                add(f'{f_map}: land areas "{na}" and "{nb}" overlap on the drawing')
    for s in m.sea_areas:
        where = f'{f_map}: sea area "{s.name}"'
        on_canvas(where, [s.label, *(p for ring in s.polygons for p in ring)])
        if not inside(s.label, s.polygons):
            add(f"{where}: label {list(s.label)} is not inside its polygons")
        if not any(s.name in a.seas for a in m.land_areas):
            add(f"{where}: no coastal land area adjoins it")
    sea_pairs = _pairs(
        ((f'{f_map}: sea connection "{x.seas[0]}" - "{x.seas[1]}"', x.seas) for x in m.sea_connections),
        seas, "sea area", "a sea area", add,
    )  # fmt: skip
    for s in m.sea_areas:
        if not any(s.name in p for p in sea_pairs) and len(seas) > 1:
            add(f'{f_map}: sea area "{s.name}" is connected to no other sea area')
    for st in m.straits:
        where = f'{f_map}: strait "{st.area}"'
        if st.area not in land:
            add(f'{where}: unknown land area "{st.area}"')
            continue
        for s in st.seas:
            if s not in land[st.area].seas:
                add(f'{where}: "{st.area}" does not adjoin "{s}" (SK 10.46)')
        if frozenset(st.seas) not in sea_pairs:
            add(f'{where}: "{st.seas[0]}" and "{st.seas[1]}" are not connected')
    route_pairs = _pairs(
        ((f'{f_map}: route "{r.areas[0]}" - "{r.areas[1]}"', r.areas) for r in m.routes),
        land, "land area", "an area", add, lambda a: " (it is a sea area)" if a in seas else "",
    )  # fmt: skip
    routed = {a for p in route_pairs for a in p}
    for a in m.land_areas:
        if a.name not in routed and not a.coastal:
            add(f'{f_map}: land area "{a.name}" has no land route and no coast: unreachable')
    # the whole map (land routes, coasts, sea connections) is one connected graph
    coasts = [frozenset((a.name, sea)) for a in m.land_areas for sea in a.seas]
    cut_off = _cut_off([*land, *seas], [*route_pairs, *sea_pairs, *coasts])
    if cut_off:
        first = next(iter(land), next(iter(seas), ""))
        add(f"{f_map}: the map is not connected; cut off from {first}: {', '.join(cut_off)}")
    for x in countries.values():
        if (
            x.map == key
            and x.kind not in ("card_unit", "satellite")
            and not any(a.home == x.name for a in m.land_areas)
        ):
            add(f'{f_pow}: country "{x.name}" is on the {key} map but has no home area in {f_map}')
    return problems


def check_track(f_track: str, t: WorldTrack, maps: Mapping[str, MapFile]) -> list[str]:
    """The Worldwide Naval Movement track against the maps (SK 2.1, 10.7): a box for every
    sea area of every map and for nothing else, circles for seas on no map, links that
    join boxes and circles, one connected track, everything on its canvas."""
    problems: list[str] = []
    add = problems.append
    where_sea = {s.name: key for key, m in maps.items() for s in m.sea_areas}
    boxes = [b.sea for b in t.boxes]
    for name in dupes(boxes):
        add(f'{f_track}: the sea area "{name}" has more than one box')
    for name in boxes:
        if name not in where_sea:
            add(f'{f_track}: box "{name}": no sea area of that name on any map (SK 2.1)')
    for name in sorted(set(where_sea) - set(boxes)):
        add(f'{f_track}: the sea area "{name}" ({where_sea[name]} map) has no box (SK 2.1)')
    circles = [c.name for c in t.circles]
    for name in dupes(circles):
        add(f'{f_track}: circle "{name}" is listed more than once')
    for name in circles:
        if name in where_sea:
            add(f'{f_track}: circle "{name}" is a sea area of the {where_sea[name]} map: a box')
    nodes = set(boxes) | set(circles)
    pairs = _pairs(
        ((f'{f_track}: link "{x.between[0]}" - "{x.between[1]}"', x.between) for x in t.links),
        nodes, "box or circle", "a box", add,
    )  # fmt: skip
    cut = _cut_off([*boxes, *circles], pairs)
    if cut:
        add(f"{f_track}: the track is not connected; cut off from {boxes[0]}: {', '.join(cut)}")
    for item in (*t.boxes, *t.circles):
        x, y = item.label
        if not (0 <= x <= t.canvas.width and 0 <= y <= t.canvas.height):
            name = getattr(item, "sea", None) or getattr(item, "name", "")
            add(
                f'{f_track}: "{name}": point [{x}, {y}] is off the {t.canvas.width}x{t.canvas.height} canvas'
            )
    return problems


def check_file(path: Path) -> list[str]:
    """One map file checked alone, with game.toml and powers.toml of its game."""
    if path.stem == "world-track":
        return _check_track_file(path)
    root = path.parent.parent
    name = f"maps/{path.name}"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        powers = PowersFile.model_validate(tomllib.loads((root / "powers.toml").read_text("utf-8")))
        game = GameFile.model_validate(tomllib.loads((root / "game.toml").read_text("utf-8")))
        m = MapFile.model_validate(raw)
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as e:
        return [f"{name}: {e}"]
    canvas = m.canvas or game.canvas
    key = path.stem.replace("-", "_")
    countries = {c.name: c for c in powers.countries}
    return check_map(name, key, m, canvas.width, canvas.height, countries)


def _check_track_file(path: Path) -> list[str]:
    maps: dict[str, MapFile] = {}
    try:
        track = WorldTrack.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
        for f in sorted((path.parent / "maps").glob("*.toml")):
            maps[f.stem.replace("-", "_")] = MapFile.model_validate(
                tomllib.loads(f.read_text(encoding="utf-8"))
            )
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as e:
        return [f"{path.name}: {e}"]
    return check_track(path.name, track, maps)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    bad = 0
    for arg in argv:
        found = check_file(Path(arg))
        for p in found:
            print(p)
        bad += len(found)
        if not found:
            print(f"{arg}: no problems")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
