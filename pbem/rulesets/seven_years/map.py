"""Seven Years World War: the world map (games/seven-years-world-war/map.toml) and the
Terrain Effects Chart (terrain.toml), read, cross-checked, and the geometry the rules
need. Which values the text states and which are authored:
docs/seven-years-world-war-data.md."""

from __future__ import annotations

import tomllib
from collections import deque
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pbem.content import ContentError, games_dir

GAME = "seven-years-world-war"
ROWS = "ABCDEFGHIJKLMNOPQ"
COLS = 30
ALL_IDS = tuple(f"{r}{c}" for r in ROWS for c in range(1, COLS + 1))
# 7YWW 2.11
MAJORS = ("AU", "FR", "GB", "MC", "ME", "OT", "PR", "RU", "SP", "UP")
# 7YWW 2.11, with "Arabia" and "New Holland" from 28.6 (Portugal's colonies are "Portugal")
MINORS = (
    "Abyssinia", "Afghanistan", "Africa", "Amazonia", "Annam", "Asante", "Baluchistan",
    "Barbary States", "Bornu", "Buganda", "Burma", "Darfur", "Futa Jallon", "German States",
    "Italian States", "Japan", "Korea", "Madagascar", "Mysore", "Norway", "Oman", "Oregon",
    "Patagonia", "Persia", "Poland", "Portugal", "Siam", "Sweden", "Tauregs", "Timbuktu",
    "Turkestan", "Arabia", "New Holland",
)  # fmt: skip
# 7YWW 10.121
ROUTE_NAMES = (
    "American Colonies", "West Indies", "Antilles", "Arabian Sea", "China (Annam)",
    "Philippines", "East Indies",
)  # fmt: skip
TERRAINS = ("civilized", "open", "wilderness", "terra_incognita", "polar_ice")

Kind = Literal["land", "coastal", "sea"]
SideKind = Literal["land", "sea", "mixed", "strait"]
Unit = Literal["land", "naval"]
Continent = Literal["", "Europe", "Asia", "Africa", "North America", "South America", "Oceania"]
LAND_CROSS = frozenset({"land", "mixed", "strait"})
NAVAL_CROSS = frozenset({"sea", "mixed", "strait"})


class _R(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Square(_R):
    id: str
    name: str = Field(min_length=1)
    kind: Kind
    terrain: Literal["", "civilized", "open", "wilderness", "terra_incognita", "polar_ice"]
    polar_ice: bool
    power: str
    continent: Continent
    civilized: bool
    treasury: int = Field(ge=0)
    port: bool
    capital: bool
    source: str = Field(min_length=1)

    @property
    def row(self) -> int:
        return ROWS.index(self.id[0])

    @property
    def col(self) -> int:
        return int(self.id[1:])


class Side(_R):
    a: str
    b: str
    kind: Literal["land", "sea", "strait"]
    source: str = Field(min_length=1)


class TradeRoute(_R):
    name: str
    treasury: int = Field(ge=1)
    squares: tuple[str, ...]
    termini: tuple[str, ...]
    one_per_continent: tuple[str, ...] = ()
    source: str = Field(min_length=1)


class Sourced(_R):
    value: int | Literal["prohibited"]
    source: str = Field(min_length=1)


class Terrain(_R):
    id: Literal["civilized", "open", "wilderness", "terra_incognita", "polar_ice", "sea"]
    move: Sourced
    naval_move: Sourced
    expedition_move: Sourced | None = None
    defence: Sourced
    minor_defence: Sourced
    forage: Sourced
    minor_forage: Sourced


class Effect(_R):
    id: str
    value: int
    source: str = Field(min_length=1)


class WorldMap(_R):
    squares: tuple[Square, ...]
    sides: tuple[Side, ...]
    routes: tuple[TradeRoute, ...]
    terrains: tuple[Terrain, ...]
    effects: tuple[Effect, ...]

    @cached_property
    def by_id(self) -> dict[str, Square]:
        return {q.id: q for q in self.squares}

    @cached_property
    def _sides(self) -> dict[frozenset[str], Side]:
        return {frozenset((s.a, s.b)): s for s in self.sides}

    @cached_property
    def _terrain(self) -> dict[str, Terrain]:
        return {t.id: t for t in self.terrains}

    def square(self, sid: str) -> Square:
        try:
            return self.by_id[sid]
        except KeyError:
            raise KeyError(f"no square {sid!r} on the 7YWW map") from None

    def terrain_of(self, sid: str) -> Terrain:
        q = self.square(sid)
        return self._terrain["sea" if q.kind == "sea" else q.terrain]

    def effect(self, eid: str) -> int:
        return next(e.value for e in self.effects if e.id == eid)

    def route(self, name: str) -> TradeRoute:
        return next(r for r in self.routes if r.name == name)

    # ---------------------------------------------------------------- geometry

    def neighbours(self, sid: str, wrap: bool = False) -> list[str]:
        """Orthogonal neighbours (14.2); wrap=True adds the far edge of the row (14.23)."""
        q = self.square(sid)
        r, c = q.row, q.col
        out = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            rr, cc = r + dr, c + dc
            if wrap and dr == 0:
                cc = (cc - 1) % COLS + 1
            if 0 <= rr < len(ROWS) and 1 <= cc <= COLS and (rr, cc) != (r, c):
                out.append(f"{ROWS[rr]}{cc}")
        return list(dict.fromkeys(out))

    def side_kind(self, a: str, b: str) -> SideKind:
        qa, qb = self.square(a), self.square(b)
        if b not in self.neighbours(a, wrap=True):
            raise ValueError(f"{a} and {b} share no side")
        if b not in self.neighbours(a):
            return "sea"  # the map edge (14.23)
        listed = self._sides.get(frozenset((a, b)))
        if listed is not None:
            return listed.kind
        if "sea" in (qa.kind, qb.kind):
            return "sea"
        if qa.kind == qb.kind == "coastal":
            return "mixed"
        return "land"

    def can_enter(self, sid: str, unit: Unit) -> bool:
        q = self.square(sid)
        if unit == "land":  # 14.32; polar ice: terrain.toml
            return q.kind != "sea" and self.terrain_of(sid).move.value != "prohibited"
        return q.kind != "land" and not q.polar_ice  # 14.33, 18.1

    def can_cross(self, a: str, b: str, unit: Unit) -> bool:
        """May a land or naval unit move (or attack) from a to b across their side?
        Land units: no all-sea sides (14.21, 14.32) except straits; naval units: no
        all-land sides or land/polar ice squares (14.33); only fleets use the map edge.
        7YWW 14.22 the Bosphorus (E16) is data, not code: a coastal square whose sides are
        land to the Balkans, strait to Asia Minor and sea to the Black Sea (map.toml)."""
        if b not in self.neighbours(a, wrap=unit == "naval"):
            return False
        if not (self.can_enter(a, unit) and self.can_enter(b, unit)):
            return False
        return self.side_kind(a, b) in (LAND_CROSS if unit == "land" else NAVAL_CROSS)

    def distance(self, a: str, b: str, wrap: bool = False) -> int:
        """Distance in square sides, not vertices (4.511)."""
        qa, qb = self.square(a), self.square(b)
        dc = abs(qa.col - qb.col)
        if wrap:
            dc = min(dc, COLS - dc)
        return abs(qa.row - qb.row) + dc

    def path_length(self, a: str, b: str, unit: Unit) -> int | None:
        """Fewest squares entered from a to b, crossing only sides the unit may cross."""
        seen, todo = {a: 0}, deque([a])
        while todo:
            here = todo.popleft()
            if here == b:
                return seen[here]
            for n in self.neighbours(here, wrap=unit == "naval"):
                if n not in seen and self.can_cross(here, n, unit):
                    seen[n] = seen[here] + 1
                    todo.append(n)
        return None

    # ------------------------------------------------------------------ powers

    def squares_of(self, power: str) -> list[Square]:
        return [q for q in self.squares if q.power == power]

    def civilized(self, power: str | None = None) -> list[Square]:
        return [q for q in self.squares if q.civilized and power in (None, q.power)]

    def ports(self, power: str | None = None) -> list[Square]:
        return [q for q in self.squares if q.port and power in (None, q.power)]

    def capital(self, power: str) -> Square:
        try:
            return next(q for q in self.squares if q.capital and q.power == power)
        except StopIteration:
            raise KeyError(f"{power!r} has no capital on the 7YWW map") from None

    # ------------------------------------------------------------ chart lookups

    def move_cost(self, sid: str, unit: Unit, expedition: bool = False) -> int | None:
        """Movement points to enter (14.1); None if the unit may not enter."""
        if not self.can_enter(sid, unit):
            return None
        t = self.terrain_of(sid)
        if unit == "naval":
            return int(t.naval_move.value)
        if expedition and t.expedition_move is not None:
            return int(t.expedition_move.value)
        return int(t.move.value)

    def forage(self, sid: str, minor: bool = False, pillaged: bool = False) -> int:
        """Units the square supports (19.1, 18.7, 4.77); 0 when pillaged (19.5)."""
        if pillaged:
            return self.effect("pillaged_forage")
        t = self.terrain_of(sid)
        return int(t.forage.value) + (int(t.minor_forage.value) if minor else 0)

    def defence(self, sid: str, minor: bool = False) -> int:
        """Added once to a defending land force's strength (15.64)."""
        t = self.terrain_of(sid)
        return int(t.defence.value) + (int(t.minor_defence.value) if minor else 0)


def _check(m: WorldMap) -> list[str]:
    out: list[str] = []
    ids = [q.id for q in m.squares]
    for sid in sorted(set(ids) - set(ALL_IDS)):
        out.append(f"map.toml: square {sid}: not a square of the A-Q x 1-30 grid")
    for sid in sorted({i for i in ids if ids.count(i) > 1}):
        out.append(f"map.toml: square {sid}: listed twice")
    for sid in [i for i in ALL_IDS if i not in set(ids)]:
        out.append(f"map.toml: square {sid}: missing")
    for q in m.squares:
        p = f"map.toml: square {q.id}"
        if q.kind == "sea":
            if q.terrain or q.power or q.continent or q.civilized or q.port or q.capital:
                out.append(f"{p}: a sea square has no terrain, power, continent, port or capital")
        else:
            if q.terrain not in TERRAINS:
                out.append(f"{p}: terrain {q.terrain!r} is not one of {', '.join(TERRAINS)}")
            if not q.continent:
                out.append(f"{p}: a land or coastal square needs a continent")
        if q.civilized != (q.terrain == "civilized") or q.civilized != (q.treasury > 0):
            out.append(f"{p}: civilized, terrain 'civilized' and a treasury value go together")
        if q.port and q.kind != "coastal":
            out.append(f"{p}: a port must be a coastal square")
        if q.capital and (q.power not in MAJORS or not q.civilized):
            out.append(f"{p}: a capital must be a civilized square of a major power")
        if q.terrain == "polar_ice" and not q.polar_ice:
            out.append(f"{p}: polar ice terrain must set polar_ice")
        if q.power and q.power not in MAJORS and q.power not in MINORS:
            out.append(f"{p}: unknown power {q.power!r}")
    for power in MAJORS:
        caps = [q.id for q in m.squares if q.capital and q.power == power]
        if len(caps) != 1:
            out.append(f"map.toml: {power} has {len(caps)} capital squares ({caps}), want 1")
    known, seen = set(ALL_IDS), set()
    for s in m.sides:
        p = f"map.toml: side {s.a}-{s.b}"
        if s.a not in known or s.b not in known:
            out.append(f"{p}: unknown square")
            continue
        if s.b not in m.neighbours(s.a):
            out.append(f"{p}: squares {s.a} and {s.b} are not orthogonal neighbours")
        if frozenset((s.a, s.b)) in seen:
            out.append(f"{p}: listed twice")
        seen.add(frozenset((s.a, s.b)))
        kinds = (m.by_id[s.a].kind, m.by_id[s.b].kind) if set(ids) >= {s.a, s.b} else ()
        if s.kind == "land" and kinds == ("sea", "sea"):
            out.append(f"{p}: an all-land side between two sea squares")
        if s.kind in ("sea", "strait") and "sea" in kinds:
            out.append(f"{p}: a {s.kind} side is listed only between land or coastal squares")
    if sorted(r.name for r in m.routes) != sorted(ROUTE_NAMES):
        out.append(f"map.toml: the trade routes must be the seven of 7YWW 10.121: {ROUTE_NAMES}")
    for r in m.routes:
        p = f"map.toml: route {r.name}"
        bad = [s for s in (*r.squares, *r.termini) if s not in m.by_id]
        if bad:
            out.append(f"{p}: unknown squares {bad}")
            continue
        for s in r.squares:
            if not m.can_enter(s, "naval"):
                out.append(f"{p}: {s} is on the line but fleets may not enter it (11.62)")
        for t in r.termini:
            if t not in r.squares:
                out.append(f"{p}: terminus {t} is not on the route's line")
            if not m.by_id[t].port:
                out.append(f"{p}: terminus {t} is not a port square (10.122)")
        line = set(r.squares)
        reach, todo = {r.squares[0]}, [r.squares[0]]
        while todo:
            for n in m.neighbours(todo.pop(), wrap=True):
                if n in line and n not in reach:
                    reach.add(n)
                    todo.append(n)
        if reach != line:
            out.append(f"{p}: the line is broken at {sorted(line - reach)}")
        for c in r.one_per_continent:
            if not any(m.by_id[t].continent == c for t in r.termini):
                out.append(f"{p}: no terminus in {c}")
    if sorted(t.id for t in m.terrains) != sorted((*TERRAINS, "sea")):
        out.append(f"terrain.toml: the terrains must be {(*TERRAINS, 'sea')}")
    return out


def _read(path: Path) -> dict:
    if not path.is_file():
        raise ContentError(f"{GAME}: {path.name} is missing ({path})")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{GAME}: {path.name}: TOML syntax error: {exc}") from exc


def _where(loc: tuple, raw: dict, tdata: dict) -> str:
    """A pydantic error location as the file and entry it points at."""
    table = {"squares": "square", "sides": "side", "routes": "route"}
    if loc and loc[0] in table and len(loc) > 1 and isinstance(loc[1], int):
        entry = raw.get(table[loc[0]], [])[loc[1]]
        key = entry.get("id") or entry.get("name") or f"{entry.get('a')}-{entry.get('b')}"
        return f"map.toml: {table[loc[0]]} {key}: " + ".".join(map(str, loc[2:]))
    if loc and loc[0] in ("terrains", "effects") and len(loc) > 1:
        entry = tdata.get(loc[0][:-1], [])[loc[1]]
        return f"terrain.toml: {entry.get('id')}: " + ".".join(map(str, loc[2:]))
    return ".".join(map(str, loc))


def load_map(path: str | Path | None = None) -> WorldMap:
    """The map and chart from ``path`` (a folder holding map.toml and terrain.toml;
    default games/seven-years-world-war/), checked; ContentError names what is wrong."""
    if path is None:
        return _default()
    return _load(Path(path))


@lru_cache(maxsize=1)
def _default() -> WorldMap:
    return _load(games_dir() / GAME)


def _load(base: Path) -> WorldMap:
    raw, tdata = _read(base / "map.toml"), _read(base / "terrain.toml")
    try:
        m = WorldMap(
            squares=raw.get("square", []),
            sides=raw.get("side", []),
            routes=raw.get("route", []),
            terrains=tdata.get("terrain", []),
            effects=tdata.get("effect", []),
        )
    except ValidationError as exc:
        problems = [f"{_where(e['loc'], raw, tdata)}: {e['msg']}" for e in exc.errors()]
        raise ContentError(f"{GAME}: {problems[0]}", problems) from None
    problems = _check(m)
    if problems:
        raise ContentError(f"{GAME}: {problems[0]}", problems)
    return m
