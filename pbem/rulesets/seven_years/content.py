"""Seven Years World War content as the rules use it: the tables, counter mix, markers
and scenarios (tables.py) and the map (map.py), with the ids pbem gives the pieces
that the printed components leave unnamed (campaign markers, leaders)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from .map import MAJORS, WorldMap, load_map
from .tables import SYWWContent, load_content

# marker id prefixes: one per kind of campaign marker (29.7); copies are numbered,
# "DIP2-3" is the third Diplomacy 2, "G3-1" the first general of command value 3
PREFIX = {
    "Attrition": "ATT",
    "Balance of Power": "BOP",
    "Correspondence with Voltaire": "VOL",
    "Corruption": "COR",
    "Coalition Rallies": "CR",
    "Diplomacy": "DIP",
    "Expedition": "EXP",
    "Forced March": "FM",
    "Grand Tour": "GT",
    "Honors of War": "HOW",
    "Illuminati": "ILL",
    "Laissez Faire": "LF",
    "Manufacturing Inventions": "MI",
    "Minor Power Alliance": "MPA",
    "Revolution": "REV",
    "Scientific Breakthrough": "SB",
    "Trading Charter": "TC",
    "Sturm & Drang": "SD",
}
LEADER = "Leader"


@dataclass(frozen=True)
class MarkerInfo:
    id: str
    kind: str  # the marker's name in markers.toml ("Diplomacy", "Leader", ...)
    value: int = 0  # diplomacy value (9.2) or a leader's command value (20.41)
    naval: bool = False  # leaders: admiral (20.5)

    @property
    def label(self) -> str:
        if self.kind == "Diplomacy":
            return f"Diplomacy {self.value}"
        if self.kind == LEADER:
            return f"{'Admiral' if self.naval else 'General'} {self.value} ({self.id})"
        return self.kind


class Content:
    """One object for the rules: `data` (tables, CRTs, markers, pieces, scenarios) and
    `map` (squares, sides, trade routes, the Terrain Effects Chart)."""

    def __init__(self, data: SYWWContent, world: WorldMap):
        self.data = data
        self.map = world

    @cached_property
    def markers(self) -> dict[str, MarkerInfo]:
        """Every campaign marker, leaders included (2.321), by id."""
        out: dict[str, MarkerInfo] = {}
        for m in self.data.markers.marker:
            if m.name == LEADER:
                continue
            if m.values:
                for v, n in sorted(m.values.items()):
                    for i in range(1, n + 1):
                        mid = f"{PREFIX[m.name]}{v}-{i}"
                        out[mid] = MarkerInfo(mid, m.name, int(v))
            else:
                for i in range(1, m.count + 1):
                    mid = f"{PREFIX[m.name]}-{i}"
                    out[mid] = MarkerInfo(mid, m.name)
        for ld in self.data.pieces.leader:
            for i in range(1, ld.count + 1):
                mid = f"{'A' if ld.kind == 'admiral' else 'G'}{ld.value}-{i}"
                out[mid] = MarkerInfo(mid, LEADER, ld.value, ld.kind == "admiral")
        return dict(sorted(out.items()))

    def marker(self, mid: str) -> MarkerInfo:
        return self.markers[mid]

    def is_leader(self, mid: str) -> bool:
        return self.markers[mid].kind == LEADER

    @cached_property
    def majors(self) -> tuple[str, ...]:
        return MAJORS

    def campaign_value(self, powers: list[str]) -> int:
        return self.data.campaign_value(powers)

    def mix(self, side: str) -> dict[str, int]:
        """11.4: counters of each type a major power (or "minor") has; fortified zones
        and bases share `fortified_zone/base` counters (2.314(2))."""
        for m in self.data.pieces.mix:
            if m.side == side:
                return {
                    "army": m.army,
                    "horde": m.horde,
                    "legion": m.legion,
                    "fleet": m.fleet,
                    "fortified_zone/base": m.fortified_zone_base,
                }
        raise KeyError(f"no counter mix for {side!r}")

    def unit_type(self, type_: str):
        return self.data.pieces.units[type_]

    def strength(self, type_: str, veteran: bool) -> int:
        """2.311/2.314: the combat strength printed on the side showing."""
        t = self.unit_type(type_)
        if t.defence_only:
            return t.defence
        return t.veteran if veteran else t.recruit

    def costs(self, type_: str):
        """29.2: recruit, provision and train costs."""
        return self.data.tables.treasury.units[type_]

    def power_name(self, code: str) -> str:
        return self.data.power(code).name


@lru_cache(maxsize=1)
def default_content() -> Content:
    return Content(load_content(), load_map())
