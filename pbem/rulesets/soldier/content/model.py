"""SoldierContent: all content, with its lookups."""

from __future__ import annotations

from collections import defaultdict
from functools import cached_property

from . import options
from .base import Record
from .cards import Card, CardsFile
from .pieces import Leader, PiecesFile, Unit
from .scenarios import Scenario
from .tables import MinorTableRow, TablesFile
from .world import (
    Country,
    GameFile,
    LandArea,
    MapFile,
    PowersFile,
    SeaArea,
    SeaConnection,
    WorldTrack,
)

_NOWHERE = ((0, 0), (1, 0), (0, 1))  # the drawing of a track circle: it has none

# --------------------------------------------------------------------------- the whole


class Lookups:
    """What SoldierContent looks up by name, indexed once."""

    def __init__(self, c: SoldierContent):
        self.countries: dict[str, Country] = {x.name: x for x in c.powers.countries}
        self.majors = tuple(x.name for x in c.powers.countries if x.kind == "major")
        self.conquest_areas: dict[str, tuple[str, ...]] = {}  # memo: conquest_homes
        self.areas: dict[str, LandArea] = {a.name: a for a in c.map.land_areas}
        self.seas: dict[str, SeaArea] = {x.name: x for x in c.map.sea_areas}
        names: dict[str, str] = {}
        for item in (*c.map.land_areas, *c.map.sea_areas):
            for key in (item.name, *item.aliases):
                names.setdefault(key.casefold(), item.name)
        self.names = names
        neighbours: dict[str, dict[str, bool]] = defaultdict(dict)
        for route in c.map.routes:
            a, b = route.areas
            neighbours[a][b] = route.mountain
            neighbours[b][a] = route.mountain
        self.neighbours = dict(neighbours)
        self.leaders: dict[str, Leader] = {}
        # SK 19.6: (admiral, the country whose fleet he may sail only with), by name
        self.bound_admirals = tuple(
            sorted((x.name, x.fleet_of) for x in c.pieces.leaders if x.fleet_of)
        )
        for leader in c.pieces.leaders:
            for key in (leader.name, *leader.aliases):
                self.leaders.setdefault(key.casefold(), leader)
        homes: dict[str, list[str]] = defaultdict(list)
        coasts: dict[str, list[str]] = defaultdict(list)
        for a in c.map.land_areas:  # in map order, as the scans they replace gave them
            if a.home:
                homes[a.home].append(a.name)
            for sea in a.seas:
                coasts[sea].append(a.name)
        self.homes = {k: tuple(v) for k, v in homes.items()}
        self.coasts = {k: tuple(v) for k, v in coasts.items()}
        self.map_of: dict[str, str] = {}  # area -> the key of its map
        for key, m in c.world.items():
            for x in (*m.land_areas, *m.sea_areas):
                self.map_of[x.name] = key
        self.circles = {x.name for x in c.track.circles} if c.track is not None else set()
        for x in (*c.map.land_areas, *c.map.sea_areas):  # Europe, or the world merged
            self.map_of.setdefault(x.name, "track" if x.name in self.circles else "europe")


class SoldierContent(Record):
    """All Soldier Kings content. Build it with ``load_content``, which cross-checks it."""

    game: GameFile
    powers: PowersFile
    map: MapFile
    pieces: PiecesFile
    tables: TablesFile
    cards: CardsFile
    scenarios: dict[str, Scenario]  # keyed by file stem, e.g. "scenarios/1756"
    # the maps beside Europe, by key ("americas", "india", "spice_islands"): the
    # campaign's (SK World at War); the one-year scenarios play on `map` alone
    world: dict[str, MapFile] = {}
    track: WorldTrack | None = None  # the Worldwide Naval Movement track (SK 10.7)

    def with_options(self, names: tuple[str, ...] | frozenset[str]) -> SoldierContent:
        """The content of a game played with the optional rules `names` (SKO Map, New
        Minor Power, New Unit: content/options.py); itself when none of them changes the
        content. Cached per set of switches; the copies are shared, never mutated."""
        if not names:
            return self
        on = frozenset(names) & self.content_switches
        if not on:
            return self
        got = self.option_memo.get(on)
        if got is None:
            parts = (self.map, self.world, self.powers, self.pieces, self.tables)
            got = self.model_copy(update=options.updates(*parts, on))
            for cached in ("lookups", "worldwide", "setup_area_memo", "option_memo"):
                got.__dict__.pop(cached, None)  # built again, over the changed content
            self.option_memo[on] = got
        return got

    @cached_property
    def option_memo(self) -> dict[frozenset[str], SoldierContent]:
        return {}

    @cached_property
    def content_switches(self) -> frozenset[str]:
        """The optional rules with `[[options]]` blocks in this content."""
        return options.switches_with_content(
            [self.map, *self.world.values()], self.powers, self.pieces, self.tables
        )

    def in_play(self, maps: tuple[str, ...]) -> SoldierContent:
        """The content of a game played on `maps` (game.toml keys): itself for Europe
        alone (the one-year scenarios), `worldwide` for the four (the campaign)."""
        if tuple(maps) == ("europe",):
            return self
        if set(maps) != {"europe", *self.world}:
            raise ValueError(f"maps {', '.join(maps)}: a game is played on Europe or on the world")
        return self.worldwide

    @cached_property
    def worldwide(self) -> SoldierContent:
        """The content with the four maps as one `map` (SK World at War: "Use the entire
        worldwide map"), so that every lookup (areas by name, routes, coasts, home areas)
        spans the world. Each map keeps its drawing in `world`; `map_of` says where an
        area lies."""
        parts = [self.map, *self.world.values()]
        links = tuple(x for m in parts for x in m.sea_connections)
        circles: tuple[SeaArea, ...] = ()
        if self.track is not None:  # SK 10.7: the track joins the maps' seas, by its circles
            have = {frozenset(x.seas) for x in links}
            links += tuple(
                SeaConnection(seas=t.between, source=t.source)
                for t in self.track.links
                if frozenset(t.between) not in have
            )
            circles = tuple(  # seas on no map: a name and no drawing (SK 2.1)
                SeaArea(name=c.name, label=c.label, polygons=(_NOWHERE,), source=c.source)
                for c in self.track.circles
            )
        merged = MapFile(
            name="The World",
            source="SK World at War (the entire worldwide map): "
            + ", ".join(m.name for m in parts),
            land_areas=tuple(a for m in parts for a in m.land_areas),
            sea_areas=tuple(x for m in parts for x in m.sea_areas) + circles,
            sea_connections=links,
            straits=tuple(x for m in parts for x in m.straits),
            routes=tuple(x for m in parts for x in m.routes),
        )
        got = self.model_copy(update={"map": merged})
        for cached in ("lookups", "worldwide", "option_memo", "content_switches"):  # built again
            got.__dict__.pop(cached, None)
        return got

    def is_circle(self, name: str) -> bool:
        """A circle of the Worldwide Naval Movement track: a sea on no map (SK 2.1, 10.7)."""
        return name in self.lookups.circles

    def map_of(self, area: str) -> str:
        """The key of the map an area (land or sea, any name or alias) lies on."""
        return self.lookups.map_of[self.resolve_area(area)]

    @cached_property
    def lookups(self) -> Lookups:
        """Indexes over the content, built on first use (a plain object, so that the hot
        lookups below do not go through pydantic's attribute machinery)."""
        return Lookups(self)

    # ---- lookups -------------------------------------------------------------
    def country(self, name: str) -> Country:
        if name in self.lookups.countries:
            return self.lookups.countries[name]
        for c in self.powers.countries:
            if name.casefold() in {c.name.casefold(), *(a.casefold() for a in c.aliases)}:
                return c
        raise KeyError(f"no country {name!r}")

    @property
    def majors(self) -> tuple[str, ...]:
        return self.lookups.majors

    def resolve_area(self, name: str) -> str:
        """Canonical name of a land or sea area given its name or an alias (any case)."""
        try:
            return self.lookups.names[name.strip().casefold()]
        except KeyError:
            raise KeyError(f"no area {name!r}") from None

    def land_area(self, name: str) -> LandArea:
        return self.lookups.areas[self.resolve_area(name)]

    def sea_area(self, name: str) -> SeaArea:
        return self.lookups.seas[self.resolve_area(name)]

    def is_land(self, name: str) -> bool:
        return name in self.lookups.areas

    def neighbours(self, area: str) -> dict[str, bool]:
        """Land areas joined to ``area`` by a land route -> True for a mountain route."""
        return dict(self.lookups.neighbours.get(self.resolve_area(area), {}))

    def route_between(self, a: str, b: str) -> bool | None:
        """None: no land route; else whether it is a mountain route."""
        return self.lookups.neighbours.get(self.resolve_area(a), {}).get(self.resolve_area(b))

    def coastal_areas(self, sea: str) -> list[str]:
        return list(self.lookups.coasts.get(self.resolve_area(sea), ()))

    def sea_neighbours(self, sea: str) -> list[str]:
        sea = self.resolve_area(sea)
        out = []
        for link in self.map.sea_connections:
            if sea in link.seas:
                out.append(link.seas[1] if link.seas[0] == sea else link.seas[0])
        return out

    def home_areas(self, country: str) -> list[str]:
        return list(self.lookups.homes.get(country, ()))

    def conquest_homes(self, country: str) -> tuple[str, ...]:
        """The home areas whose loss conquers a country (SK 18.7, 15.4): a major power's on
        the Europe map only, a minor's all (memoized: content does not change)."""
        memo = self.lookups.conquest_areas
        got = memo.get(country)
        if got is None:
            homes = self.lookups.homes.get(country, ())
            if country in self.lookups.majors:
                homes = tuple(a for a in homes if self.map_of(a) == "europe")
            got = memo[country] = homes
        return got

    def units(self, power: str, type: str | None = None) -> list[Unit]:
        return [
            u for u in self.pieces.units if u.power == power and (type is None or u.type == type)
        ]

    def unit_total(self, power: str, type: str, provincial: bool | None = False) -> int:
        return sum(
            u.count
            for u in self.units(power, type)
            if provincial is None or u.provincial == provincial
        )

    def leader(self, name: str) -> Leader:
        try:
            return self.lookups.leaders[name.strip().casefold()]
        except KeyError:
            raise KeyError(f"no leader {name!r}") from None

    def bound_admirals(self) -> tuple[tuple[str, str], ...]:
        """SK 19.6: (admiral, country) for each admiral who may sail only with that
        country's fleet, by name."""
        return self.lookups.bound_admirals

    def leaders_of(self, power: str) -> list[Leader]:
        return [x for x in self.pieces.leaders if x.power == power]

    def card(self, name: str) -> Card:
        for c in self.cards.cards:
            if c.name.casefold() == name.strip().casefold():
                return c
        raise KeyError(f"no card {name!r}")

    def deck(self, globe: bool) -> list[str]:
        """Card names, one per copy: the full deck (``globe=True``) or the non-Globe deck."""
        return [c.name for c in self.cards.cards if globe or not c.globe for _ in range(c.copies)]

    def minor_row(self, country: str) -> MinorTableRow:
        for row in self.tables.minor_table:
            if row.country == country:
                return row
        raise KeyError(f"{country!r} is not on the Minor Country Alliance and Forces Table")

    def scenario(self, key: int | str) -> Scenario:
        for stem, sc in self.scenarios.items():
            if key in (sc.number, sc.name, stem):
                return sc
        raise KeyError(f"no scenario {key!r}")

    def allowed_setup_areas(self, scenario: Scenario, power: str) -> frozenset[str]:
        """Where ``power``'s pieces may set up: its ``allowed`` rule (home areas it controls
        at the start, plus named areas, minus exclusions). A set, for membership tests:
        sort it before iterating (docs/ruleset-interface.md, determinism). Read once per
        scenario and power (the set-up checks ask it for every piece placed)."""
        key = (id(scenario), power)
        got = self.setup_area_memo.get(key)
        if got is not None and got[0] is scenario:
            return got[1]
        out: set[str] = set()
        for rule in scenario.setup_rules(power, "allowed"):
            if rule.home:
                out |= {
                    a.name
                    for a in self.map.land_areas
                    if a.home == power and scenario.controller(a) == power
                }
            out |= set(rule.areas)
            out -= set(rule.excluding)
        self.setup_area_memo[key] = (scenario, frozenset(out))
        return self.setup_area_memo[key][1]

    @cached_property
    def setup_area_memo(self) -> dict[tuple[int, str], tuple[Scenario, frozenset[str]]]:
        return {}
