"""Struggle of Empires content (games/struggle-of-empires/): the map, the 65 Country
counters, the tiles and the rule constants, read and cross-checked. Which values the
text states and which are authored: docs/struggle-of-empires-data.md."""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pbem.content import ContentError, read_toml_dir

GAME = "struggle-of-empires"


class _R(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Sourced(_R):
    value: Any
    source: str = Field(min_length=1)


class GameInfo(_R):
    name: str
    title: str
    min_players: int
    max_players: int
    powers: list[str]


class Area(_R):
    name: str
    kind: Literal["home", "europe", "colony"]
    vp: list[int]
    navy: bool
    naval_combat_in: str = ""
    americas: bool = False
    adjacent: list[str] = []
    x: int = 0
    y: int = 0
    source: str = Field(min_length=1)


class CountryCounter(_R):
    id: str
    area: str
    defence: int = 0
    gold: int = 0
    vp: int = 0
    pop: bool = False
    slaves: bool = False
    source: str = Field(min_length=1)

    @property
    def neutral(self) -> bool:
        """SoE Attack: "a neutral Country counter, (a counter with a numerical value on it)"."""
        return self.defence > 0


class Tile(_R):
    name: str
    kind: Literal["improvement", "alliance", "company"]
    count: int = 1
    gold: int = 0
    population: int = 0
    unrest: int = 0
    use: Literal["continuous", "once_per_war", "one_use", "immediate", "discard"]
    areas: list[str] = []
    units: Literal["", "army", "navy", "army_or_navy"] = ""
    source: str = Field(min_length=1)


class SoEContent(_R):
    game: GameInfo
    colours: dict[str, str]
    rules: dict[str, Sourced]
    pieces: dict[str, int]
    areas: list[Area]
    counters: list[CountryCounter]
    tiles: list[Tile]

    def rule(self, key: str) -> Any:
        return self.rules[key].value

    @cached_property
    def map_tokens(self) -> int:
        """SoE Setting Up: the control tokens a power may have out on the map (and on
        Pirates and Slave Revolt tiles): its 23 less the two on the Population and VP
        tracks."""
        return self.pieces["control_tokens"] - self.rule("control_tokens_on_tracks")

    @cached_property
    def area_by_name(self) -> dict[str, Area]:
        return {a.name: a for a in self.areas}

    def area(self, name: str) -> Area:
        return self.area_by_name[name]

    @cached_property
    def scoring(self) -> list[str]:
        """The eleven areas that score victory points, in map order."""
        return [a.name for a in self.areas if a.kind != "home"]

    @cached_property
    def colonies(self) -> frozenset[str]:
        return frozenset(a.name for a in self.areas if a.kind == "colony")

    @cached_property
    def counter_by_id(self) -> dict[str, CountryCounter]:
        return {c.id: c for c in self.counters}

    @cached_property
    def tile_by_name(self) -> dict[str, Tile]:
        return {t.name: t for t in self.tiles}

    def tile(self, name: str) -> Tile:
        return self.tile_by_name[name]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.area(a).adjacent

    def rounds(self, players: int) -> int:
        """SoE 3. Player Actions: six rounds with two to four players, five with more."""
        return self.rule("rounds_2_to_4") if players <= 4 else self.rule("rounds_5_plus")


def _check(c: SoEContent) -> list[str]:
    out: list[str] = []
    names = set(c.area_by_name)
    if len(c.areas) != len(names):
        out.append("map.toml: an area is named twice")
    if sorted(a.name for a in c.areas if a.kind == "home") != sorted(c.game.powers):
        out.append("map.toml: the home countries must be the seven powers")
    if len(c.scoring) != 11:
        out.append(f"map.toml: {len(c.scoring)} scoring areas, the text has eleven")
    for a in c.areas:
        for b in a.adjacent:
            if b not in names:
                out.append(f"map.toml: {a.name} is adjacent to unknown area {b!r}")
            elif a.name not in c.area(b).adjacent:
                out.append(f"map.toml: {a.name} -> {b} adjacency is not both ways")
        if a.kind != "home" and not 2 <= len(a.vp) <= 3:
            out.append(f"map.toml: {a.name} must have two or three VP values")
        if a.naval_combat_in and a.naval_combat_in not in names:
            out.append(f"map.toml: {a.name}: unknown naval_combat_in {a.naval_combat_in!r}")
    if len(c.counters) != c.pieces["country_counters"]:
        out.append(
            f"counters.toml: {len(c.counters)} counters, want {c.pieces['country_counters']}"
        )
    if len(c.counter_by_id) != len(c.counters):
        out.append("counters.toml: a counter id is used twice")
    for k in c.counters:
        if k.area not in c.scoring:
            out.append(f"counters.toml: {k.id} is in {k.area!r}, not a scoring area")
    for kind in ("improvement", "company", "alliance"):
        n = sum(t.count for t in c.tiles if t.kind == kind)
        if n != c.pieces[f"{kind}_tiles"]:
            out.append(f"tiles.toml: {n} {kind} tiles, want {c.pieces[f'{kind}_tiles']}")
    for t in c.tiles:
        for a in t.areas:
            if a not in names:
                out.append(f"tiles.toml: {t.name} names unknown area {a!r}")
    return out


@lru_cache(maxsize=2)
def load_content(root: str | None = None) -> SoEContent:
    from pathlib import Path

    files = read_toml_dir(GAME, Path(root) if root else None)

    def get(name: str) -> dict:
        if name not in files:
            raise ContentError(f"{GAME}: {name} is missing")
        return files[name]

    g = get("game")
    try:
        c = SoEContent(
            game=g["game"],
            colours=g["colours"],
            rules=g["rules"],
            pieces=g["pieces"],
            areas=get("map")["area"],
            counters=get("counters")["counter"],
            tiles=get("tiles")["tile"],
        )
    except (KeyError, ValueError) as e:
        raise ContentError(f"{GAME}: {e}") from None
    problems = _check(c)
    if problems:
        raise ContentError(f"{GAME}: {problems[0]}", problems)
    return c
