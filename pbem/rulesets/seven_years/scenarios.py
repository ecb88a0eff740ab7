"""Seven Years World War scenarios (games/seven-years-world-war/scenarios.toml): length,
starting treasuries and campaign markers (28.1-28.4), the powers of each player
(28.51-28.57), every unit deployment line of 28.6 with a square selector, and the random
minor power table that ends 28.6."""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Literal

from pydantic import Field

from .pieces import BACKPRINTED, COUNTER_KINDS, COUNTER_OF, MINOR, Pieces, Record


class Length(Record):
    turns: int = Field(ge=1)
    years: list[str]
    source: str = Field(min_length=1)


class PlayerOrder(Record):
    text: str
    source: str = Field(min_length=1)


class StartTreasury(Record):
    GB: int
    FR: int
    others: int
    others_from_players: int
    text: str
    source: str = Field(min_length=1)


class StartMarkers(Record):
    initial: Literal["free_markers"]
    setup_replace: list[str]
    text: str
    source: str = Field(min_length=1)


class Scenario(Record):
    id: str
    section: str
    title: str
    players: int
    version: Literal["european", "non-european", "free"]
    coalitions: list[list[str]] = []
    neutral: list[str] = []
    choose: int = 0
    forbid_together: list[list[str]] = []
    treasuries: list[int] = []
    initial_markers: list[int] = []
    text: str
    source: str = Field(min_length=1)


class Selector(Record):
    square: str = ""
    power: str = ""
    # "" or one of: capital, civilized, civilized-not-capital, not-capital, port, any
    where: Literal[
        "", "capital", "civilized", "civilized-not-capital", "not-capital", "port", "any"
    ] = ""
    name: str = ""
    treasury: int = 0
    region: str = ""
    exclude_region: str = ""
    unique: bool = False


class UnitGroup(Record):
    unit: str
    status: Literal["", "recruit", "veteran"] = ""
    count: int = Field(ge=1)


class SetupLine(Record):
    id: str
    text: str = Field(min_length=1)
    units: list[UnitGroup]
    at: Selector
    per_square: int = Field(0, ge=0)
    every_square: bool = False
    optional: bool = False
    relocates: str = ""
    condition: str = ""


class SetupBlock(Record):
    side: str
    by: str
    if_neutral: str = ""
    if_controlled: str = ""
    heading: str
    source: str = Field(min_length=1)
    line: list[SetupLine]


class SetupFallback(Record):
    rule: Literal["lowest_campaign_value"]
    source: str = Field(min_length=1)


class RandomResult(Record):
    units: list[UnitGroup]
    text: str


class MinorRandom(Record):
    heading: str
    areas: list[str]
    african_also: list[str]
    rolls: Literal["one_per_player"]
    order: Literal["initiative"]
    per_square: int
    alone: bool
    limited_by_mix: bool
    text: str
    layout: str
    source: str = Field(min_length=1)
    die: dict[int, str]
    result: dict[str, RandomResult]


class Scenarios(Record):
    length: Length
    player_order: PlayerOrder
    treasury: StartTreasury
    campaign_markers: StartMarkers
    scenario: list[Scenario]
    setup_fallback: SetupFallback
    setup: list[SetupBlock]
    minor_random: MinorRandom

    @cached_property
    def scenario_by_id(self) -> dict[str, Scenario]:
        return {s.id: s for s in self.scenario}

    @cached_property
    def setup_by_side(self) -> dict[str, SetupBlock]:
        return {b.side: b for b in self.setup}

    def line(self, line_id: str) -> SetupLine:
        for b in self.setup:
            for ln in b.line:
                if ln.id == line_id:
                    return ln
        raise KeyError(line_id)

    def placed(self, side: str) -> Counter:
        """Units 28.6 sets up for ``side``, by (unit, status); optional relocations
        (the Hanover army) move a unit already counted and add none."""
        c: Counter = Counter()
        for ln in self.setup_by_side[side].line:
            if ln.relocates:
                continue
            for g in ln.units:
                c[(g.unit, g.status)] += g.count
        return c

    def counters_used(self, sides: list[str]) -> Counter:
        """Counters (army, horde, legion, fleet, fortified_zone_base) 28.6 sets up for
        ``sides`` together."""
        c: Counter = Counter()
        for side in sides:
            for (unit, _status), n in self.placed(side).items():
                c[COUNTER_OF.get(unit, unit)] += n
        return c

    def random_worst_case(self, players: int) -> Counter:
        """The most counters of each kind the random minor table can place: every player
        (one roll each) rolls the result with the most of that kind."""
        c: Counter = Counter()
        for kind in COUNTER_KINDS:
            most = max(
                (
                    sum(g.count for g in r.units if COUNTER_OF.get(g.unit) == kind)
                    for r in self.minor_random.result.values()
                ),
                default=0,
            )
            c[kind] = most * players
        return c


def check_scenarios(
    s: Scenarios,
    powers: list[str],
    minors: dict[str, bool],
    pieces: Pieces,
    markers: set[str],
    max_players: int,
    min_players: int,
) -> list[str]:
    """Cross-checks; ``minors`` maps each minor power to whether it raises armies (29.3)."""
    out: list[str] = []
    f = "scenarios.toml"
    if s.length.turns != len(s.length.years):
        out.append(f"{f}: [length] {s.length.turns} turns but {len(s.length.years)} years")
    for name in s.campaign_markers.setup_replace:
        if name not in markers:
            out.append(f"{f}: [campaign_markers] setup_replace names unknown marker {name!r}")
    ids = [x.id for x in s.scenario]
    for i in sorted({i for i in ids if ids.count(i) > 1}):
        out.append(f"{f}: scenario {i!r} is listed twice")
    for sc in s.scenario:
        w = f"{f}: scenario {sc.id}"
        if not min_players <= sc.players <= max_players:
            out.append(f"{w}: {sc.players} players, the game takes {min_players}-{max_players}")
        named = [p for c in sc.coalitions for p in c] + list(sc.neutral)
        named += [p for pair in sc.forbid_together for p in pair]
        for p in sorted(set(named) - set(powers)):
            out.append(f"{w}: unknown major power {p!r}")
        if sc.version == "free":
            if sc.coalitions or sc.neutral or sc.choose < 1:
                out.append(f"{w}: a free deployment gives 'choose', not coalitions (28.57)")
            if sc.choose * sc.players > len(powers):
                out.append(f"{w}: {sc.players} players cannot each choose {sc.choose} powers")
            continue
        if len(sc.coalitions) != sc.players:
            out.append(f"{w}: {len(sc.coalitions)} coalitions for {sc.players} players")
        held = [p for c in sc.coalitions for p in c]
        for p in sorted({p for p in held if held.count(p) > 1}):
            out.append(f"{w}: {p} is in two coalitions")
        if any(not c for c in sc.coalitions):
            out.append(f"{w}: a coalition has no power")
        if sorted(sc.neutral) != sorted(set(powers) - set(held)):
            out.append(f"{w}: neutral {sc.neutral} is not the powers no coalition holds")
    for key in ("GB", "FR"):
        if key not in powers:
            out.append(f"{f}: [treasury] {key} is not a major power")
    sides = [b.side for b in s.setup]
    for side in sorted({x for x in sides if sides.count(x) > 1}):
        out.append(f"{f}: setup {side!r} is listed twice")
    for p in powers:
        if p not in sides:
            out.append(f"{f}: no setup for major power {p} (28.6 sets up all ten)")
    line_ids = [ln.id for b in s.setup for ln in b.line]
    for i in sorted({i for i in line_ids if line_ids.count(i) > 1}):
        out.append(f"{f}: setup line {i!r} is listed twice")
    for b in s.setup:
        major = b.side in powers
        if not major and b.side not in minors:
            out.append(f"{f}: setup {b.side!r} is neither a major nor a minor power")
            continue
        for who in (b.if_neutral, b.if_controlled):
            if who and who != "controller" and who not in powers:
                out.append(f"{f}: setup {b.side}: unknown set-up player {who!r}")
        if b.by not in ("controller", "fixed") and b.by not in powers:
            out.append(f"{f}: setup {b.side}: unknown set-up player {b.by!r}")
        if (b.by == "fixed") == major:
            out.append(f"{f}: setup {b.side}: 'fixed' is for minor powers only (28.6)")
        for ln in b.line:
            out += _check_line(ln, b, major, powers, minors, pieces, f)
    # 11.4 / 28.6: no scenario uses more counters than the mix has.
    for p in powers:
        if p not in s.setup_by_side:
            continue
        used = s.counters_used([p])
        for kind, n in sorted(used.items()):
            if kind not in COUNTER_KINDS:
                continue  # an unknown unit, reported by its line
            have = pieces.mix_by_side[p].counters(kind) if p in pieces.mix_by_side else 0
            if n > have:
                out.append(f"{f}: setup {p} places {n} {kind} counters, pieces.toml has {have}")
    minor_sides = [b.side for b in s.setup if b.side not in powers]
    used = s.counters_used(minor_sides) + s.random_worst_case(max_players)
    stock = pieces.mix_by_side.get(MINOR)
    for kind, n in sorted(used.items()):
        if kind not in COUNTER_KINDS:
            continue
        have = stock.counters(kind) if stock else 0
        if n > have:
            out.append(
                f"{f}: the minor powers set up {n} {kind} counters at most (28.6 with the "
                f"random table for {max_players} players), pieces.toml has {have}"
            )
    r = s.minor_random
    if sorted(r.die) != list(range(1, 7)):
        out.append(f"{f}: [minor_random.die] must give the die rolls 1-6")
    for d, code in sorted(r.die.items()):
        if code not in r.result:
            out.append(f"{f}: [minor_random.die] {d}: result {code!r} is not defined")
    for code, res in r.result.items():
        for g in res.units:
            if g.unit not in pieces.units:
                out.append(f"{f}: [minor_random.result] {code!r}: unknown unit {g.unit!r}")
    for a in r.areas + r.african_also:
        if a not in minors:
            out.append(f"{f}: [minor_random] area {a!r} is not a minor power in game.toml")
    return out


def _check_line(ln, b, major, powers, minors, pieces, f) -> list[str]:
    out: list[str] = []
    w = f"{f}: setup {b.side} line {ln.id}"
    if not ln.units:
        out.append(f"{w}: no units")
    for g in ln.units:
        if g.unit not in pieces.units:
            out.append(f"{w}: unknown unit {g.unit!r}")
            continue
        if g.unit in BACKPRINTED and not g.status and not ln.relocates:
            out.append(f"{w}: a {g.unit} needs a status, recruit or veteran (2.314(1))")
        if g.unit not in BACKPRINTED and g.status:
            out.append(f"{w}: a {g.unit} has no recruit or veteran side (2.314(2), 17.5)")
        if not major and g.unit == "legion":
            out.append(f"{w}: minor powers have no legions")
        if not major and g.unit == "army" and not minors.get(b.side):
            out.append(f"{w}: {b.side} raises hordes, not armies (29.3)")
        if major and pieces.counters(b.side, g.unit) == 0:
            out.append(f"{w}: pieces.toml gives {b.side} no {g.unit} counters")
    a = ln.at
    if not (a.square or a.power or a.name or a.region):
        out.append(f"{w}: the selector names no square, power, name or region")
    if a.power and a.power not in powers and a.power not in minors:
        out.append(f"{w}: selector power {a.power!r} is unknown")
    if ln.every_square and ln.per_square != 1:
        out.append(f"{w}: every_square ('one per ... square') needs per_square = 1")
    if a.unique and (ln.per_square or ln.every_square):
        out.append(f"{w}: a unique square cannot also be 'one per square'")
    if ln.relocates:
        if not ln.optional:
            out.append(f"{w}: a relocation line must be optional")
        target = next((x for x in b.line if x.id == ln.relocates), None)
        if target is None:
            out.append(f"{w}: relocates unknown line {ln.relocates!r} of {b.side}")
        else:
            have = sum(g.count for g in target.units if g.unit in {u.unit for u in ln.units})
            if sum(g.count for g in ln.units) > have:
                out.append(f"{w}: relocates more units than line {ln.relocates} places")
    elif ln.optional:
        out.append(f"{w}: an optional line must say which line it relocates")
    return out
