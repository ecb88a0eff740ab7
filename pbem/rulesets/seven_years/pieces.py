"""Seven Years World War counters: the counter mix (games/seven-years-world-war/
pieces.toml: the six unit types with their strengths and movement, the counters of each
power and of the white minor power stock, the leaders) and the campaign and information
markers (markers.toml, 29.7 and 2.33). Strengths, movement and counts are authored (2.311
is a picture missing from the text); see docs/seven-years-world-war-tables.md."""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

UNIT_KEYS = ("army", "horde", "legion", "fleet", "fortified_zone", "base")
# 2.314(1): armies, hordes, fleets and legions are recruit on the front, veteran on the back.
BACKPRINTED = frozenset({"army", "horde", "legion", "fleet"})
# 2.314(2): fortified zones and bases share one counter.
COUNTER_OF = {
    "army": "army",
    "horde": "horde",
    "legion": "legion",
    "fleet": "fleet",
    "fortified_zone": "fortified_zone_base",
    "base": "fortified_zone_base",
}
COUNTER_KINDS = ("army", "horde", "legion", "fleet", "fortified_zone_base")
MINOR = "minor"


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class UnitType(Record):
    name: str
    domain: Literal["land", "naval"]
    recruit: int = 0
    veteran: int = 0
    defence: int = 0
    defence_only: bool = False
    movement: int = Field(ge=0)
    counter: str
    source: str = Field(min_length=1)

    def strength(self, status: str = "recruit") -> int:
        """Combat strength of a counter on its recruit or veteran side (its defence for
        the parenthesized, defence-only fortified zone and base: 2.312)."""
        if self.defence_only:
            return self.defence
        return self.veteran if status == "veteran" else self.recruit


class MixEntry(Record):
    side: str
    army: int = Field(0, ge=0)
    horde: int = Field(0, ge=0)
    legion: int = Field(0, ge=0)
    fleet: int = Field(0, ge=0)
    fortified_zone_base: int = Field(0, ge=0)
    source: str = Field(min_length=1)

    def counters(self, kind: str) -> int:
        return getattr(self, kind)


class Leader(Record):
    kind: Literal["general", "admiral"]
    value: int = Field(ge=0)
    count: int = Field(ge=1)
    source: str = Field(min_length=1)


class Pieces(Record):
    units: dict[str, UnitType]
    mix: list[MixEntry]
    leader: list[Leader]

    @cached_property
    def mix_by_side(self) -> dict[str, MixEntry]:
        return {m.side: m for m in self.mix}

    def counters(self, side: str, unit: str) -> int:
        """How many counters ``side`` (a major power's abbreviation or "minor") has that can
        be a ``unit`` (a fortified zone and a base are the same counter, 2.314(2))."""
        entry = self.mix_by_side.get(side)
        return entry.counters(COUNTER_OF[unit]) if entry else 0

    @property
    def leaders(self) -> int:
        return sum(x.count for x in self.leader)


def check_pieces(p: Pieces, powers: list[str]) -> list[str]:
    out: list[str] = []
    if sorted(p.units) != sorted(UNIT_KEYS):
        out.append(f"pieces.toml: [units] must be {', '.join(UNIT_KEYS)}; has {sorted(p.units)}")
    for key, u in p.units.items():
        where = f"pieces.toml: units.{key}"
        if key in COUNTER_OF and u.counter != COUNTER_OF[key].replace("_base", "/base"):
            out.append(f"{where}: counter {u.counter!r}, want {COUNTER_OF[key]!r} (2.314)")
        if key in BACKPRINTED:
            if u.defence_only or not 0 < u.recruit <= u.veteran:
                out.append(f"{where}: needs recruit > 0 and veteran >= recruit (2.314(1))")
            if u.movement < 1:
                out.append(f"{where}: a backprinted unit moves (14.12)")
        elif key in ("fortified_zone", "base"):
            if not u.defence_only or u.defence < 1 or u.recruit or u.veteran:
                out.append(f"{where}: a parenthesized defence-only strength, no sides (2.312)")
            if u.movement != 0:
                out.append(f"{where}: movement must be 0 (14.12)")
    sides = [m.side for m in p.mix]
    for s in sorted({s for s in sides if sides.count(s) > 1}):
        out.append(f"pieces.toml: mix side {s!r} is listed twice")
    for s in sorted(set(sides) - set(powers) - {MINOR}):
        out.append(f"pieces.toml: mix side {s!r} is not a major power or 'minor'")
    for s in sorted(set(powers) - set(sides)):
        out.append(f"pieces.toml: no mix for major power {s}")
    if MINOR not in sides:
        out.append("pieces.toml: no mix for the minor power stock ('minor')")
    minor = p.mix_by_side.get(MINOR)
    if minor and minor.legion:
        out.append("pieces.toml: mix 'minor' has legions (23.0: legions are major powers')")
    seen = set()
    for x in p.leader:
        if (x.kind, x.value) in seen:
            out.append(f"pieces.toml: leader {x.kind} {x.value} is listed twice")
        seen.add((x.kind, x.value))
    if not any(x.kind == "general" for x in p.leader) or not any(
        x.kind == "admiral" for x in p.leader
    ):
        out.append("pieces.toml: the leaders need generals and admirals (20.4)")
    return out


# --------------------------------------------------------------------- markers.toml
# 29.7 phases a marker may be played in (3.1), plus any phase of a player turn, any time,
# and "the instant it is picked" (8.42).
Phase = Literal[
    "initiative",
    "treasury",
    "diplomacy",
    "movement",
    "combat",
    "pillage",
    "enlightenment",
    "player_turn",
    "any",
    "when_picked",
]


class PlayWindow(Record):
    phase: Phase
    turn: Literal["own", "others", "any"]
    subphase: Literal["", "taxation", "free_markers", "recruiting", "training", "disbanding"] = ""
    note: str = ""


class CampaignMarker(Record):
    name: str
    count: int = Field(ge=1)
    values: dict[int, int] = {}
    play: list[PlayWindow]
    mandatory_when_picked: bool = False
    asterisk: bool = False
    setup_replace: bool = False
    returned: Literal["pool", "stays", "after_picks"] = "pool"
    restriction: str = ""
    converts: dict[str, str] = {}
    text: str = Field(min_length=1)
    source: str = Field(min_length=1)


class InfoMarker(Record):
    name: str
    count: int = Field(ge=1)
    per_player: bool = False
    backprinted: bool = False
    unlimited: bool = False
    purpose: str
    source: str = Field(min_length=1)


class Pool(Record):
    source: str = Field(min_length=1)
    count_source: str = Field(min_length=1)


class MarkersFile(Record):
    pool: Pool
    marker: list[CampaignMarker]
    info: list[InfoMarker]


def check_markers(m: MarkersFile, converts: dict[str, str], pieces: Pieces) -> list[str]:
    out: list[str] = []
    names = [x.name for x in m.marker]
    for n in sorted({n for n in names if names.count(n) > 1}):
        out.append(f"markers.toml: marker {n!r} is listed twice")
    for x in m.marker:
        w = f"markers.toml: marker {x.name!r}"
        if x.values and (
            any(v not in (1, 2, 3) for v in x.values) or sum(x.values.values()) != x.count
        ):
            out.append(f"{w}: values must be 1-3 (9.5) and add up to count {x.count}")
        if x.mandatory_when_picked != any(p.phase == "when_picked" for p in x.play):
            out.append(f"{w}: mandatory_when_picked and a 'when_picked' play go together")
        if x.mandatory_when_picked and not x.asterisk:
            out.append(f"{w}: markers that must be played when picked have an asterisk (8.42)")
        for p in x.play:
            if p.subphase and p.phase != "treasury":
                out.append(f"{w}: subphase {p.subphase!r} is only for the treasury phase")
        if x.converts and x.converts != converts:
            out.append(f"{w}: converts disagrees with crt.toml [honors_of_war]")
    for need in ("Diplomacy", "Leader", "Forced March", "Minor Power Alliance", "Honors of War"):
        if need not in names:
            out.append(f"markers.toml: no {need!r} marker")
    if "Leader" in names:
        n = next(x for x in m.marker if x.name == "Leader").count
        if n != pieces.leaders:
            out.append(f"markers.toml: marker 'Leader' count {n}, pieces.toml has {pieces.leaders}")
    infos = [x.name for x in m.info]
    for n in ("Control", "Enlightenment", "Initiative", "Phase", "Pillage", "Year"):
        if n not in infos:
            out.append(f"markers.toml: no {n!r} information marker (2.33)")
    return out
