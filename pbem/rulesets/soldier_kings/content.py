"""Soldier Kings content: pydantic models of ``games/soldier-kings/`` and their cross-checks.

Pure: no I/O. ``pbem.content.read_toml_dir("soldier-kings")`` reads the files; this module
turns that mapping (file stem -> parsed TOML) into a validated, immutable
``SoldierKingsContent`` and rejects anything inconsistent with a ContentError whose message
names the file and the entry.

Every entry carries ``source``: a rulebook citation (``"SK 9 Land Combat Example"``,
``"SK 7.2"``) or ``"authored"`` (see docs/soldier-kings-data.md).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict, deque
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    Strict,
    ValidationError,
    model_validator,
)

from pbem.content import ContentError

__all__ = [
    "FILES",
    "ContentError",
    "SoldierKingsContent",
    "load_content",
]

# File stems (relative to games/soldier-kings/, without ".toml") and what they hold.
GAME, POWERS, MAP, PIECES, TABLES, CARDS = (
    "game",
    "powers",
    "maps/europe",
    "pieces",
    "tables",
    "cards",
)
SCENARIO_DIR = "scenarios/"


def _file(stem: str) -> str:
    return f"{stem}.toml"


# --------------------------------------------------------------------------- basics


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_source(value: str) -> str:
    if value == "authored" or value.startswith("authored ") or value.startswith("SK "):
        return value
    raise ValueError(
        'source must be "authored" or a rulebook citation starting with "SK " '
        '(e.g. "SK 9 Land Combat Example", "SK 12.1 (fortification); rest authored")'
    )


def _check_name(value: str) -> str:
    if not value or value != value.strip():
        raise ValueError("names must be non-empty, without leading or trailing blanks")
    return value


Source = Annotated[str, AfterValidator(_check_source)]
Name = Annotated[str, AfterValidator(_check_name)]
Int = Annotated[int, Strict()]
NonNeg = Annotated[int, Strict(), Field(ge=0)]
Pos = Annotated[int, Strict(), Field(ge=1)]
Bool = Annotated[bool, Strict()]
MapName = Literal["europe", "americas", "india", "spice_islands"]
UnitType = Literal["army", "fleet"]

_STRENGTH = re.compile(r"^(\d+)-(\d+)$")


def _parse_strength(value: Any) -> Any:
    if isinstance(value, str):
        found = _STRENGTH.match(value.strip())
        if not found:
            raise ValueError(
                f'strength must be written "attack-defence", e.g. "4-3"; got {value!r}'
            )
        return (int(found.group(1)), int(found.group(2)))
    return value


def _check_strength(value: tuple[int, int]) -> tuple[int, int]:
    attack, defence = value
    if attack < 0 or defence < 1:
        raise ValueError(
            f"strength {attack}-{defence}: attack must be 0 or more, defence 1 or more"
        )
    return value


Strength = Annotated[
    tuple[int, int], BeforeValidator(_parse_strength), AfterValidator(_check_strength)
]
Point = tuple[Int, Int]
Ring = Annotated[tuple[Point, ...], Field(min_length=3)]


def fmt_strength(value: tuple[int, int]) -> str:
    return f"{value[0]}-{value[1]}"


# --------------------------------------------------------------------------- game.toml


class Canvas(_Model):
    width: Pos
    height: Pos
    source: Source


WinterPhase = Literal["winter_attrition", "maintenance", "victory", "resource_and_manpower"]


class OneYearRules(_Model):
    maps: tuple[MapName, ...]
    globe_cards: Bool
    first_to_set_up: Name
    minor_allies_receive_spring_units: Bool
    winter_phases: tuple[WinterPhase, ...]
    victory: Literal["highest_combined_net_victory_points"]
    source: Source


class GameFile(_Model):
    name: Name
    subtitle: str
    rulebook: str
    optional_rules: str
    first_year: Pos
    turns: Pos
    seasons: tuple[Name, ...] = Field(min_length=1)
    deck_size: Pos
    maps: tuple[MapName, ...] = Field(min_length=1)
    source: Source
    canvas: Canvas
    one_year_rules: OneYearRules

    def year(self, turn: int) -> int:
        return self.first_year + (turn - 1) // len(self.seasons)

    def season(self, turn: int) -> str:
        return self.seasons[(turn - 1) % len(self.seasons)]

    def turn_label(self, turn: int) -> str:
        return f"Turn {turn} ({self.season(turn)} {self.year(turn)})"


# --------------------------------------------------------------------------- powers.toml

CountryKind = Literal["major", "minor", "mercenary", "neutral", "card_unit"]


class Country(_Model):
    name: Name
    aliases: tuple[Name, ...] = ()
    abbreviation: Annotated[str, Field(pattern=r"^[A-Za-z]{1,3}$")]
    kind: CountryKind
    map: MapName
    color: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
    source: Source


class PowersFile(_Model):
    countries: tuple[Country, ...] = Field(min_length=1)


# --------------------------------------------------------------------------- maps/europe.toml


class LandArea(_Model):
    name: Name
    aliases: tuple[Name, ...] = ()
    home: Name | None = None
    resources: NonNeg
    manpower: NonNeg | None = None
    fortification: NonNeg
    coastal: Bool
    seas: tuple[Name, ...] = ()
    label: Point
    polygon: Ring
    source: Source


class SeaArea(_Model):
    name: Name
    aliases: tuple[Name, ...] = ()
    label: Point
    polygons: tuple[Ring, ...] = Field(min_length=1)
    source: Source


class SeaConnection(_Model):
    seas: tuple[Name, Name]
    source: Source


class Strait(_Model):
    area: Name
    seas: tuple[Name, Name]
    source: Source


class Route(_Model):
    areas: tuple[Name, Name]
    mountain: Bool = False
    source: Source


class MapFile(_Model):
    name: Name
    source: Source
    land_areas: tuple[LandArea, ...] = Field(min_length=1)
    sea_areas: tuple[SeaArea, ...] = Field(min_length=1)
    sea_connections: tuple[SeaConnection, ...] = ()
    straits: tuple[Strait, ...] = ()
    routes: tuple[Route, ...] = ()


# --------------------------------------------------------------------------- pieces.toml


class Unit(_Model):
    power: Name
    type: UnitType
    full: Strength
    reduced: Strength
    count: Pos
    provincial: Bool = False
    source: Source


class Leader(_Model):
    name: Name
    aliases: tuple[Name, ...] = ()
    power: Name
    role: Literal["general", "admiral"]
    rating: Annotated[int, Strict(), Field(ge=1, le=3)]
    movement: Pos | None = None
    royal: Bool = False
    enters: Literal["europe", "north_america", "india"] = "europe"
    fleet_of: Name | None = None
    source: Source


class PiecesFile(_Model):
    units: tuple[Unit, ...] = Field(min_length=1)
    leaders: tuple[Leader, ...] = Field(min_length=1)


# --------------------------------------------------------------------------- tables.toml


class Cost(_Model):
    resources: NonNeg
    manpower: NonNeg = 0
    source: Source


class Costs(_Model):
    source: Source
    purchase_army: Cost
    purchase_fleet: Cost
    purchase_provincial_army: Cost
    recover_army: Cost
    recover_fleet: Cost
    maintain_army: Cost
    maintain_fleet: Cost
    siege_round: Cost
    capture_fleet: Cost


class AttackLevel(_Model):
    name: Literal["Probe", "Assault", "Invasion"]
    rounds: Pos | Literal["unlimited"]
    resources: NonNeg
    source: Source


class Bribery(_Model):
    max_resources: Pos
    full_rate_up_to: Pos
    then_resources_per_point: Pos
    source: Source

    def modifier(self, spent: int) -> int:
        """Die-roll modifier bought by ``spent`` Resources (SK 17.4; 5 -> +4, SK 17.3)."""
        if spent < 0 or spent > self.max_resources:
            raise ValueError(f"bribes are 0 to {self.max_resources} Resources, not {spent}")
        first = min(spent, self.full_rate_up_to)
        return first + (spent - first) // self.then_resources_per_point


class ProhibitedAlliance(_Model):
    powers: tuple[Name, Name]
    source: Source


Modifier = Annotated[int, Strict()] | Literal["No", "#"]


class MinorTableRow(_Model):
    country: Name
    modifiers: dict[Name, Modifier]
    armies: NonNeg
    fleets: NonNeg
    leaders: tuple[Name, ...] = ()
    recovery: NonNeg
    source: Source


class MercenaryRow(_Model):
    country: Name
    card: Name
    hire_cost: Pos
    besieged_armies: Pos
    source: Source


class PapalStates(_Model):
    area: Name
    powers: tuple[Name, ...] = Field(min_length=1)
    siege_round_resources: Pos
    gain_multiplier: Pos
    source: Source


class AutomaticVictory(_Model):
    power: Name
    points: Pos
    source: Source


class SupportLimits(_Model):
    enemy: Pos
    friendly: Pos
    home: Pos
    source: Source


class Constant(_Model):
    value: Int
    source: Source


class Constants(_Model):
    hand_size: Constant
    allied_hand_reduction: Constant
    army_movement: Constant
    fleet_movement: Constant
    army_arrival_turns: Constant
    fleet_arrival_turns: Constant
    hit_on: Constant
    interception_target: Constant
    leader_death_target: Constant
    alliance_target: Constant
    steal_modifier: Constant
    intimidation_per_unit: Constant
    prussian_initiative_modifier: Constant
    manpower_transfer_limit: Constant
    fleet_transport_capacity: Constant


class TablesFile(_Model):
    costs: Costs
    attack_levels: tuple[AttackLevel, ...] = Field(min_length=1)
    bribery: Bribery
    prohibited_alliances: tuple[ProhibitedAlliance, ...] = ()
    minor_table: tuple[MinorTableRow, ...] = Field(min_length=1)
    mercenaries: tuple[MercenaryRow, ...] = ()
    papal_states: PapalStates
    automatic_victory: tuple[AutomaticVictory, ...] = Field(min_length=1)
    support_limits: SupportLimits
    constants: Constants


# --------------------------------------------------------------------------- cards.toml
# Effects: a closed vocabulary a rules engine can execute (docs/soldier-kings-data.md).

DiceAmount = Annotated[int, Strict(), Field(ge=1)] | Literal["1-3", "1-6"]


class MinorAllianceAttempt(_Model):
    kind: Literal["minor_alliance_attempt"]
    dice: Annotated[int, Strict(), Field(ge=1, le=3)] = 2
    succeed_on: Annotated[int, Strict(), Field(ge=2, le=18)] = 10


class AllianceRollModifier(_Model):
    kind: Literal["alliance_roll_modifier"]
    value: Int
    countries: tuple[Name, ...] = ()


class PlaceMarker(_Model):
    kind: Literal["place_marker"]
    marker: Name
    when: Literal["always", "alliance_succeeds"] = "always"


class RemoveMarker(_Model):
    kind: Literal["remove_marker"]
    marker: Name


class EndMinorAlliance(_Model):
    kind: Literal["end_minor_alliance"]


class NewLeader(_Model):
    kind: Literal["new_leader"]


class HireMercenaries(_Model):
    kind: Literal["hire_mercenaries"]
    countries: tuple[Name, ...] = Field(min_length=1)


class WinterOperations(_Model):
    kind: Literal["winter_operations"]


class ChangeResources(_Model):
    kind: Literal["resources"]
    direction: Literal["gain", "lose"]
    amount: DiceAmount


class ChangeManpower(_Model):
    kind: Literal["manpower"]
    direction: Literal["gain", "lose"]
    amount: DiceAmount


class ExtraMovement(_Model):
    kind: Literal["extra_movement"]
    units: UnitType
    points: Pos


class CombatDice(_Model):
    kind: Literal["combat_dice"]
    combat: Literal["land", "naval", "siege"]
    dice: Pos
    rounds: Pos | Literal["all"]


class NoRetreatBeforeBattle(_Model):
    kind: Literal["no_retreat_before_battle"]


class UnrestrictedRetreat(_Model):
    kind: Literal["unrestricted_retreat"]


class AttritionRoll(_Model):
    kind: Literal["attrition_roll"]
    units: UnitType
    hit_on: Annotated[int, Strict(), Field(ge=1, le=6)]


class Halt(_Model):
    kind: Literal["halt"]
    units: UnitType


class InterceptionFails(_Model):
    kind: Literal["interception_fails"]


class WindGauge(_Model):
    kind: Literal["wind_gauge"]


class TakeCard(_Model):
    kind: Literal["take_card"]
    count: Pos
    at_random: Bool


class CancelCard(_Model):
    kind: Literal["cancel_card"]
    except_cards: tuple[Name, ...] = ()


class SiegeHits(_Model):
    kind: Literal["siege_hits"]
    hits: Pos


class DefensiveFireDice(_Model):
    kind: Literal["defensive_fire_dice"]
    dice: Pos


class LeaderInactive(_Model):
    kind: Literal["leader_inactive"]


class InitiativeModifier(_Model):
    kind: Literal["initiative_modifier"]
    value: Pos
    either_sign: Bool


class FreeArmy(_Model):
    kind: Literal["free_army"]
    count: Pos


class WinterQuarters(_Model):
    kind: Literal["winter_quarters"]


class UnlockProvincials(_Model):
    kind: Literal["unlock_provincials"]
    power: Name
    count: Pos


class ProvincialPurchase(_Model):
    kind: Literal["provincial_purchase"]
    power: Name
    count: Pos


class CardUnit(_Model):
    kind: Literal["card_unit"]
    country: Name


Effect = Annotated[
    MinorAllianceAttempt
    | AllianceRollModifier
    | PlaceMarker
    | RemoveMarker
    | EndMinorAlliance
    | NewLeader
    | HireMercenaries
    | WinterOperations
    | ChangeResources
    | ChangeManpower
    | ExtraMovement
    | CombatDice
    | NoRetreatBeforeBattle
    | UnrestrictedRetreat
    | AttritionRoll
    | Halt
    | InterceptionFails
    | WindGauge
    | TakeCard
    | CancelCard
    | SiegeHits
    | DefensiveFireDice
    | LeaderInactive
    | InitiativeModifier
    | FreeArmy
    | WinterQuarters
    | UnlockProvincials
    | ProvincialPurchase
    | CardUnit,
    Field(discriminator="kind"),
]

Timing = Literal[
    "any_time",
    "own_action_phase",
    "land_movement",
    "naval_movement",
    "interception",
    "land_combat",
    "naval_combat",
    "siege",
    "alliance_attempt",
    "initiative_phase",
    "purchase_phase",
    "winter_turn",
    "winter_attrition_phase",
    "card_played",
]
Target = Literal[
    "any_power",
    "minor_country",
    "area",
    "army_group",
    "fleet_group",
    "general",
    "battle",
    "siege",
    "interception",
    "alliance_attempt",
    "card",
]


class Marker(_Model):
    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    name: Name
    on: Literal["minor_country", "area", "leader", "army_group", "fleet_group"]
    effect: Literal["alliance_cannot_be_stolen"]
    removed_by: tuple[Name, ...] = ()
    source: Source


class Card(_Model):
    name: Name
    copies: Pos
    globe: Bool
    timing: Timing
    target: Target
    play_on: tuple[Name, ...] = ()
    map: MapName | None = None
    after_play: Literal["discard", "remove"]
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: Annotated[str, Field(min_length=1)]
    source: Source


class CardsFile(_Model):
    markers: tuple[Marker, ...] = ()
    cards: tuple[Card, ...] = Field(min_length=1)


# --------------------------------------------------------------------------- scenarios/*.toml


class Player(_Model):
    name: Name
    powers: tuple[Name, ...] = Field(min_length=1)
    setup_order: Pos
    source: Source


class MinorAlly(_Model):
    country: Name
    ally: Name
    source: Source


class SpecificArmies(_Model):
    strength: Strength
    count: Pos


class Hire(_Model):
    country: Name
    count: Pos


class Forces(_Model):
    power: Name
    leaders: tuple[Name, ...] = ()
    armies: tuple[SpecificArmies, ...] = ()
    random_armies: NonNeg = 0
    random_fleets: NonNeg = 0
    mercenaries: tuple[Hire, ...] = ()
    resources: NonNeg | None = None
    manpower: NonNeg | None = None
    source: Source

    @property
    def army_count(self) -> int:
        """The power's own armies (specific plus random), hired mercenaries excluded."""
        return self.random_armies + sum(a.count for a in self.armies)

    @property
    def fleet_count(self) -> int:
        return self.random_fleets


class Control(_Model):
    area: Name
    power: Name
    source: Source


class AllowedRule(_Model):
    kind: Literal["allowed"]
    power: Name
    home: Bool = True
    areas: tuple[Name, ...] = ()
    excluding: tuple[Name, ...] = ()
    source: Source


class AtLeastRule(_Model):
    kind: Literal["at_least"]
    power: Name
    count: Pos
    piece: UnitType
    country: Name | None = None
    areas: tuple[Name, ...] = Field(min_length=1)
    source: Source


class LeaderRule(_Model):
    kind: Literal["leader"]
    power: Name
    leader: Name
    areas: tuple[Name, ...] = Field(min_length=1)
    source: Source


class SharedRule(_Model):
    kind: Literal["shared"]
    powers: tuple[Name, ...] = Field(min_length=2)
    areas: tuple[Name, ...] = Field(min_length=1)
    source: Source


SetupRule = Annotated[
    AllowedRule | AtLeastRule | LeaderRule | SharedRule, Field(discriminator="kind")
]


class Setup(_Model):
    rules: tuple[SetupRule, ...] = Field(min_length=1)


class Subsidy(_Model):
    kind: Literal["subsidy"]
    giver: Name
    receiver: Name
    turn: Pos
    phase: Literal["purchase"] = "purchase"
    max_resources: Pos
    source: Source


class Frozen(_Model):
    kind: Literal["frozen"]
    power: Name
    until_turn: Pos
    may_retreat: Bool
    source: Source


Special = Annotated[Subsidy | Frozen, Field(discriminator="kind")]


class Scenario(_Model):
    number: Pos
    name: Name
    rules: Literal["one_year"]
    first_turn: Pos
    last_turn: Pos
    source: Source
    players: tuple[Player, ...] = Field(min_length=1)
    minor_allies: tuple[MinorAlly, ...] = ()
    forces: tuple[Forces, ...] = Field(min_length=1)
    control: tuple[Control, ...] = ()
    setup: Setup
    special: tuple[Special, ...] = ()

    @property
    def powers(self) -> tuple[str, ...]:
        """The major powers played, in players' order."""
        return tuple(p for player in self.players for p in player.powers)

    def forces_of(self, power: str) -> Forces | None:
        return next((f for f in self.forces if f.power == power), None)

    def player_of(self, power: str) -> Player | None:
        for player in self.players:
            if power in player.powers:
                return player
        for ally in self.minor_allies:
            if ally.country == power:
                return self.player_of(ally.ally)
        return None

    def controller(self, area: LandArea) -> str | None:
        """Who controls ``area`` at the start (SK 7.1 plus the scenario's control changes)."""
        for change in self.control:
            if change.area == area.name:
                return change.power
        return area.home

    def setup_rules(self, power: str | None = None, kind: str | None = None) -> list[Any]:
        return [
            r
            for r in self.setup.rules
            if (kind is None or r.kind == kind)
            and (power is None or (power in r.powers if r.kind == "shared" else r.power == power))
        ]


# --------------------------------------------------------------------------- the whole


class SoldierKingsContent(_Model):
    """All Soldier Kings content, cross-checked. Build it with ``load_content``."""

    game: GameFile
    powers: PowersFile
    map: MapFile
    pieces: PiecesFile
    tables: TablesFile
    cards: CardsFile
    scenarios: dict[str, Scenario]  # keyed by file stem, e.g. "scenarios/1756"

    _countries: dict[str, Country] = PrivateAttr(default_factory=dict)
    _areas: dict[str, LandArea] = PrivateAttr(default_factory=dict)
    _seas: dict[str, SeaArea] = PrivateAttr(default_factory=dict)
    _names: dict[str, str] = PrivateAttr(default_factory=dict)
    _neighbours: dict[str, dict[str, bool]] = PrivateAttr(default_factory=dict)
    _leaders: dict[str, Leader] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _cross_checks(self) -> SoldierKingsContent:
        problems = cross_check(self)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def model_post_init(self, context: Any, /) -> None:
        self._countries = {c.name: c for c in self.powers.countries}
        self._areas = {a.name: a for a in self.map.land_areas}
        self._seas = {s.name: s for s in self.map.sea_areas}
        names: dict[str, str] = {}
        for item in (*self.map.land_areas, *self.map.sea_areas):
            for key in (item.name, *item.aliases):
                names.setdefault(key.casefold(), item.name)
        self._names = names
        neighbours: dict[str, dict[str, bool]] = defaultdict(dict)
        for route in self.map.routes:
            a, b = route.areas
            neighbours[a][b] = route.mountain
            neighbours[b][a] = route.mountain
        self._neighbours = dict(neighbours)
        self._leaders = {}
        for leader in self.pieces.leaders:
            for key in (leader.name, *leader.aliases):
                self._leaders.setdefault(key.casefold(), leader)

    # ---- lookups -------------------------------------------------------------
    def country(self, name: str) -> Country:
        if name in self._countries:
            return self._countries[name]
        for c in self.powers.countries:
            if name.casefold() in {c.name.casefold(), *(a.casefold() for a in c.aliases)}:
                return c
        raise KeyError(f"no country {name!r}")

    @property
    def majors(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.powers.countries if c.kind == "major")

    def resolve_area(self, name: str) -> str:
        """Canonical name of a land or sea area given its name or an alias (any case)."""
        try:
            return self._names[name.strip().casefold()]
        except KeyError:
            raise KeyError(f"no area {name!r}") from None

    def land_area(self, name: str) -> LandArea:
        return self._areas[self.resolve_area(name)]

    def sea_area(self, name: str) -> SeaArea:
        return self._seas[self.resolve_area(name)]

    def is_land(self, name: str) -> bool:
        return name in self._areas

    def neighbours(self, area: str) -> dict[str, bool]:
        """Land areas joined to ``area`` by a land route -> True for a mountain route."""
        return dict(self._neighbours.get(self.resolve_area(area), {}))

    def route_between(self, a: str, b: str) -> bool | None:
        """None: no land route; else whether it is a mountain route."""
        return self._neighbours.get(self.resolve_area(a), {}).get(self.resolve_area(b))

    def coastal_areas(self, sea: str) -> list[str]:
        sea = self.resolve_area(sea)
        return [a.name for a in self.map.land_areas if sea in a.seas]

    def sea_neighbours(self, sea: str) -> list[str]:
        sea = self.resolve_area(sea)
        out = []
        for link in self.map.sea_connections:
            if sea in link.seas:
                out.append(link.seas[1] if link.seas[0] == sea else link.seas[0])
        return out

    def home_areas(self, country: str) -> list[str]:
        return [a.name for a in self.map.land_areas if a.home == country]

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
            return self._leaders[name.strip().casefold()]
        except KeyError:
            raise KeyError(f"no leader {name!r}") from None

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

    def allowed_setup_areas(self, scenario: Scenario, power: str) -> set[str]:
        """Where ``power``'s pieces may set up: its ``allowed`` rule (home areas it controls
        at the start, plus named areas, minus exclusions). A set, for membership tests:
        sort it before iterating (docs/ruleset-interface.md, determinism)."""
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
        return out


# --------------------------------------------------------------------------- cross-checks


def _dupes(items: Iterable[str]) -> list[str]:
    return sorted(k for k, n in Counter(items).items() if n > 1)


def _inside(point: tuple[int, int], rings: Iterable[tuple[tuple[int, int], ...]]) -> bool:
    x, y = point
    inside = False
    for ring in rings:
        n = len(ring)
        for i in range(n):
            (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def cross_check(c: SoldierKingsContent) -> list[str]:
    """Every inconsistency between and within the files, one message each."""
    problems: list[str] = []
    add = problems.append
    f_game, f_pow, f_map, f_pcs, f_tab, f_crd = (
        _file(s) for s in (GAME, POWERS, MAP, PIECES, TABLES, CARDS)
    )

    # ---- powers.toml ----------------------------------------------------------
    countries = {x.name: x for x in c.powers.countries}
    for name in _dupes(x.name for x in c.powers.countries):
        add(f'{f_pow}: country "{name}" is listed more than once')
    keys = [k.casefold() for x in c.powers.countries for k in (x.name, *x.aliases)]
    for key in _dupes(keys):
        add(f'{f_pow}: the name or alias "{key}" is used by more than one country')
    for abbr in _dupes(x.abbreviation.casefold() for x in c.powers.countries):
        add(f'{f_pow}: abbreviation "{abbr}" is used by more than one country')
    majors = [x.name for x in c.powers.countries if x.kind == "major"]

    def known_country(where: str, name: str, kinds: Iterable[str] | None = None) -> bool:
        if name not in countries:
            add(f'{where}: unknown country "{name}"')
            return False
        if kinds is not None and countries[name].kind not in set(kinds):
            add(
                f'{where}: "{name}" is a {countries[name].kind} country, expected {"/".join(kinds)}'
            )
            return False
        return True

    # ---- maps/europe.toml -----------------------------------------------------
    land = {a.name: a for a in c.map.land_areas}
    seas = {s.name: s for s in c.map.sea_areas}
    for name in _dupes([*(a.name for a in c.map.land_areas), *(s.name for s in c.map.sea_areas)]):
        add(f'{f_map}: area "{name}" is defined more than once')
    area_keys = [
        k.casefold()
        for x in (*c.map.land_areas, *c.map.sea_areas)
        for k in dict.fromkeys((x.name, *x.aliases))
    ]
    for key in _dupes(area_keys):
        add(f'{f_map}: the name or alias "{key}" is used by more than one area')
    width, height = c.game.canvas.width, c.game.canvas.height

    def on_canvas(where: str, points: Iterable[tuple[int, int]]) -> None:
        for x, y in points:
            if not (0 <= x <= width and 0 <= y <= height):
                add(f"{where}: point [{x}, {y}] is off the {width}x{height} canvas ({f_game})")
                return

    for a in c.map.land_areas:
        where = f'{f_map}: land area "{a.name}"'
        if a.home is not None and known_country(where, a.home):
            if countries[a.home].kind == "card_unit":
                add(f'{where}: home "{a.home}" is a card unit, which has no home areas')
            elif countries[a.home].map != "europe":
                add(f'{where}: home "{a.home}" is on the {countries[a.home].map} map, not Europe')
        if a.coastal != bool(a.seas):
            add(
                f"{where}: coastal = {str(a.coastal).lower()} but it lists "
                f"{len(a.seas)} sea area(s); a coastal area adjoins at least one sea (SK 1.0)"
            )
        for s in _dupes(a.seas):
            add(f'{where}: sea area "{s}" is listed twice')
        for s in a.seas:
            if s not in seas:
                add(f'{where}: unknown sea area "{s}"')
        on_canvas(where, [a.label, *a.polygon])
        if not _inside(a.label, [a.polygon]):
            add(f"{where}: label {list(a.label)} is not inside its polygon")
    for s in c.map.sea_areas:
        where = f'{f_map}: sea area "{s.name}"'
        on_canvas(where, [s.label, *(p for ring in s.polygons for p in ring)])
        if not _inside(s.label, s.polygons):
            add(f"{where}: label {list(s.label)} is not inside its polygons")
        if not any(s.name in a.seas for a in c.map.land_areas):
            add(f"{where}: no coastal land area adjoins it")
    sea_pairs: list[frozenset[str]] = []
    for link in c.map.sea_connections:
        where = f'{f_map}: sea connection "{link.seas[0]}" - "{link.seas[1]}"'
        ok = True
        for s in link.seas:
            if s not in seas:
                add(f'{where}: unknown sea area "{s}"')
                ok = False
        if link.seas[0] == link.seas[1]:
            add(f"{where}: joins a sea area to itself")
            ok = False
        if ok:
            pair = frozenset(link.seas)
            if pair in sea_pairs:
                add(f"{where}: listed more than once (connections are undirected, store each once)")
            sea_pairs.append(pair)
    for s in c.map.sea_areas:
        if not any(s.name in p for p in sea_pairs) and len(seas) > 1:
            add(f'{f_map}: sea area "{s.name}" is connected to no other sea area')
    for st in c.map.straits:
        where = f'{f_map}: strait "{st.area}"'
        if st.area not in land:
            add(f'{where}: unknown land area "{st.area}"')
            continue
        for s in st.seas:
            if s not in land[st.area].seas:
                add(f'{where}: "{st.area}" does not adjoin "{s}" (SK 10.46)')
        if frozenset(st.seas) not in sea_pairs:
            add(f'{where}: "{st.seas[0]}" and "{st.seas[1]}" are not connected')
    route_pairs: dict[frozenset[str], Route] = {}
    for r in c.map.routes:
        where = f'{f_map}: route "{r.areas[0]}" - "{r.areas[1]}"'
        ok = True
        for a in r.areas:
            if a not in land:
                add(
                    f'{where}: unknown land area "{a}"'
                    + (" (it is a sea area)" if a in seas else "")
                )
                ok = False
        if r.areas[0] == r.areas[1]:
            add(f"{where}: joins an area to itself")
            ok = False
        if ok:
            pair = frozenset(r.areas)
            if pair in route_pairs:
                add(f"{where}: listed more than once (routes are undirected, store each once)")
            route_pairs[pair] = r
    routed = {a for p in route_pairs for a in p}
    for a in c.map.land_areas:
        if a.name not in routed and not a.coastal:
            add(f'{f_map}: land area "{a.name}" has no land route and no coast: unreachable')
    # the whole map (land routes, coasts, sea connections) is one connected graph
    graph: dict[str, set[str]] = defaultdict(set)
    for p in route_pairs:
        x, y = tuple(p)
        graph[x].add(y)
        graph[y].add(x)
    for a in c.map.land_areas:
        for s in a.seas:
            graph[a.name].add(s)
            graph[s].add(a.name)
    for p in sea_pairs:
        x, y = tuple(p)
        graph[x].add(y)
        graph[y].add(x)
    everything = [*land, *seas]
    if everything:
        seen = {everything[0]}
        todo = deque([everything[0]])
        while todo:
            for nxt in graph[todo.popleft()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        cut_off = [n for n in everything if n not in seen]
        if cut_off:
            add(
                f"{f_map}: the map is not connected; cut off from {everything[0]}: {', '.join(cut_off)}"
            )
    for x in c.powers.countries:
        homes = [a for a in c.map.land_areas if a.home == x.name]
        if x.map == "europe" and x.kind != "card_unit" and not homes:
            add(f'{f_pow}: country "{x.name}" is on the Europe map but has no home area in {f_map}')

    # ---- pieces.toml ----------------------------------------------------------
    coastal_home = {x: any(a.coastal for a in c.map.land_areas if a.home == x) for x in countries}
    for i, u in enumerate(c.pieces.units):
        where = f"{f_pcs}: units[{i}] ({u.power} {u.type} {fmt_strength(u.full)})"
        if not known_country(where, u.power):
            continue
        if countries[u.power].kind == "neutral":
            add(f'{where}: "{u.power}" has no units (kind neutral)')
        if u.reduced[0] > u.full[0] or u.reduced[1] > u.full[1] or u.reduced == u.full:
            add(
                f"{where}: reduced side {fmt_strength(u.reduced)} must be weaker than the full "
                f"side (SK 2.4)"
            )
        if u.type == "fleet" and countries[u.power].map == "europe" and not coastal_home[u.power]:
            add(f'{where}: "{u.power}" has fleets but no coastal home area to place them (SK 6.3)')
        if u.provincial and u.type != "army":
            add(f"{where}: only armies can be provincial (SK 19.4)")
    mix = Counter(
        (u.power, u.type, u.full, u.provincial) for u in c.pieces.units for _ in range(u.count)
    )
    for key in _dupes((u.power, u.type, u.full, u.reduced, u.provincial) for u in c.pieces.units):
        add(
            f"{f_pcs}: units: {key[0]} {key[1]} {fmt_strength(key[2])} is listed twice; "
            "raise its count instead"
        )

    def own(power: str, type: str) -> int:
        return sum(n for (p, t, _, prov), n in mix.items() if p == power and t == type and not prov)

    leader_keys = [
        k.casefold() for x in c.pieces.leaders for k in dict.fromkeys((x.name, *x.aliases))
    ]
    for key in _dupes(leader_keys):
        add(f'{f_pcs}: the leader name or alias "{key}" is used more than once')
    for x in c.pieces.leaders:
        where = f'{f_pcs}: leader "{x.name}"'
        if known_country(where, x.power) and countries[x.power].kind in ("neutral", "card_unit"):
            add(f'{where}: "{x.power}" has no leaders (kind {countries[x.power].kind})')
        if x.role == "general" and x.movement is None:
            add(f"{where}: a general needs a movement allowance (SK 13.3)")
        if x.role == "admiral" and x.movement is not None:
            add(f"{where}: admirals convey no movement (SK 10.1); remove movement")
        if x.royal and x.role != "general":
            add(f"{where}: royal leaders are generals (SK 13.9)")
        if x.fleet_of is not None:
            if x.role != "admiral":
                add(f"{where}: fleet_of is for admirals (SK 19.6)")
            if known_country(where, x.fleet_of) and own(x.fleet_of, "fleet") == 0:
                add(f'{where}: "{x.fleet_of}" has no fleet in the counter mix')

    # ---- tables.toml ----------------------------------------------------------
    for name in _dupes(a.name for a in c.tables.attack_levels):
        add(f'{f_tab}: attack level "{name}" is listed more than once')
    if {a.name for a in c.tables.attack_levels} != {"Probe", "Assault", "Invasion"}:
        add(f"{f_tab}: attack_levels must be Probe, Assault and Invasion (SK 9.4)")
    prohibited: set[frozenset[str]] = set()
    for p in c.tables.prohibited_alliances:
        where = f'{f_tab}: prohibited alliance "{p.powers[0]}" - "{p.powers[1]}"'
        if all(known_country(where, x, ["major"]) for x in p.powers):
            pair = frozenset(p.powers)
            if len(pair) == 1:
                add(f"{where}: a power cannot be prohibited from allying with itself")
            elif pair in prohibited:
                add(f"{where}: listed more than once")
            prohibited.add(pair)
    rows = {}
    for row in c.tables.minor_table:
        where = f'{f_tab}: minor_table "{row.country}"'
        if row.country in rows:
            add(f"{where}: listed more than once")
        rows[row.country] = row
        if not known_country(where, row.country, ["minor", "major"]):
            continue
        expected = {m for m in majors if m != row.country}
        for m in sorted(set(row.modifiers) - expected):
            add(
                f'{where}: modifier for "{m}", which is '
                + ("the country itself" if m == row.country else "not a major power")
            )
        for m in sorted(expected - set(row.modifiers)):
            add(f'{where}: no modifier for major power "{m}"')
        if countries[row.country].kind == "major":
            for m in majors:
                if frozenset((m, row.country)) in prohibited and row.modifiers.get(m) != "No":
                    add(f'{where}: "{m}" must be "No": SK 16.2 prohibits that alliance')
        if row.armies > own(row.country, "army"):
            add(
                f"{where}: {row.armies} starting armies but the counter mix has {own(row.country, 'army')}"
            )
        if row.fleets > own(row.country, "fleet"):
            add(
                f"{where}: {row.fleets} starting fleets but the counter mix has {own(row.country, 'fleet')}"
            )
        if row.armies + row.fleets == 0:
            add(f"{where}: a minor country on the table brings units (SK 17.1)")
        if row.fleets and countries[row.country].map == "europe" and not coastal_home[row.country]:
            add(f"{where}: fleets but no coastal home area to place them (SK 17.3)")
        for name in row.leaders:
            try:
                if c.leader(name).power != row.country:
                    add(f'{where}: leader "{name}" belongs to {c.leader(name).power}')
            except KeyError:
                add(f'{where}: unknown leader "{name}"')
    for x in c.powers.countries:
        if x.kind == "minor" and x.name not in rows and own(x.name, "army"):
            add(
                f'{f_tab}: minor_table: minor country "{x.name}" has armies but no row '
                "(SK 17.1: all minor countries with armies are listed)"
            )
    card_names = {k.name for k in c.cards.cards}
    mercs = {}
    for m in c.tables.mercenaries:
        where = f'{f_tab}: mercenaries "{m.country}"'
        if m.country in mercs:
            add(f"{where}: listed more than once")
        mercs[m.country] = m
        if known_country(where, m.country, ["mercenary"]) and (
            m.besieged_armies > own(m.country, "army")
        ):
            add(
                f"{where}: {m.besieged_armies} armies appear but the counter mix has {own(m.country, 'army')}"
            )
        if m.card not in card_names:
            add(f'{where}: unknown card "{m.card}" ({f_crd})')
    for x in c.powers.countries:
        if x.kind == "mercenary" and x.name not in mercs:
            add(f'{f_tab}: mercenaries: no row for mercenary country "{x.name}" (SK 19.1)')
    ps = c.tables.papal_states
    where = f"{f_tab}: papal_states"
    if ps.area not in land:
        add(f'{where}: unknown land area "{ps.area}"')
    for p in ps.powers:
        known_country(where, p, ["major"])
    seen_av = [a.power for a in c.tables.automatic_victory]
    for p in _dupes(seen_av):
        add(f'{f_tab}: automatic_victory "{p}" is listed more than once')
    for a in c.tables.automatic_victory:
        known_country(f'{f_tab}: automatic_victory "{a.power}"', a.power, ["major"])
    for m in majors:
        if m not in seen_av:
            add(f'{f_tab}: automatic_victory: no score for major power "{m}" (SK 20.33)')

    # ---- cards.toml -----------------------------------------------------------
    for name in _dupes(k.name for k in c.cards.cards):
        add(f'{f_crd}: card "{name}" is listed more than once; raise its copies instead')
    total = sum(k.copies for k in c.cards.cards)
    if total != c.game.deck_size:
        add(
            f"{f_crd}: the copies add up to {total}, but the deck has {c.game.deck_size} cards ({f_game}, SK 2.0)"
        )
    markers = {m.id: m for m in c.cards.markers}
    for mid in _dupes(m.id for m in c.cards.markers):
        add(f'{f_crd}: marker "{mid}" is listed more than once')
    for m in c.cards.markers:
        for name in m.removed_by:
            if name not in card_names:
                add(f'{f_crd}: marker "{m.id}": removed_by unknown card "{name}"')
    provincial_powers = {u.power for u in c.pieces.units if u.provincial}
    for k in c.cards.cards:
        where = f'{f_crd}: card "{k.name}"'
        for p in k.play_on:
            known_country(where, p, ["major"])
        if k.map is not None and k.map != "europe" and not k.globe:
            add(f"{where}: acts on the {k.map} map, so it must be a Globe card (SK 3.0)")
        for e in k.effects:
            if isinstance(e, PlaceMarker | RemoveMarker) and e.marker not in markers:
                add(f'{where}: unknown marker "{e.marker}"')
            elif isinstance(e, AllianceRollModifier):
                for x in e.countries:
                    if x not in rows:
                        add(f'{where}: "{x}" is not on the Minor Country Alliance Table')
            elif isinstance(e, HireMercenaries):
                for x in e.countries:
                    if (
                        known_country(where, x, ["mercenary"])
                        and x in mercs
                        and mercs[x].card != k.name
                    ):
                        add(f'{where}: {f_tab} says "{x}" is hired with "{mercs[x].card}"')
            elif isinstance(e, UnlockProvincials | ProvincialPurchase):
                if known_country(where, e.power, ["major"]) and e.power not in provincial_powers:
                    add(f'{where}: "{e.power}" has no provincial armies (SK 19.4)')
                elif e.count > sum(
                    u.count for u in c.pieces.units if u.power == e.power and u.provincial
                ):
                    add(f"{where}: count {e.count} exceeds {e.power}'s provincial armies")
            elif isinstance(e, CardUnit):
                known_country(where, e.country, ["card_unit"])
            elif isinstance(e, CancelCard):
                for x in e.except_cards:
                    if x not in card_names:
                        add(f'{where}: except_cards names unknown card "{x}"')
    for x in c.powers.countries:
        if x.kind == "card_unit" and not any(
            isinstance(e, CardUnit) and e.country == x.name
            for k in c.cards.cards
            for e in k.effects
        ):
            add(f'{f_crd}: no card brings "{x.name}" into play (SK 1.0)')

    # ---- scenarios ------------------------------------------------------------
    numbers = [sc.number for sc in c.scenarios.values()]
    for n in _dupes(numbers):
        add(f"scenarios: number {n} is used by more than one scenario")
    oyr = c.game.one_year_rules
    for stem, sc in c.scenarios.items():
        _check_scenario(c, _file(stem), sc, countries, land, majors, rows, mercs, oyr, add)
    return problems


def _check_scenario(c, fname, sc, countries, land, majors, rows, mercs, oyr, add) -> None:
    where0 = f"{fname}: scenario #{sc.number} {sc.name}"
    if not (1 <= sc.first_turn <= sc.last_turn <= c.game.turns):
        add(
            f"{where0}: turns {sc.first_turn}-{sc.last_turn} are not within 1-{c.game.turns} ({_file(GAME)})"
        )
    played = sc.powers
    for p in _dupes(played):
        add(f'{where0}: players: "{p}" is played by more than one player')
    for pl in sc.players:
        for p in pl.powers:
            if p not in countries or countries[p].kind != "major":
                add(f'{fname}: player "{pl.name}": "{p}" is not a major power')
    orders = sorted(pl.setup_order for pl in sc.players)
    if orders != list(range(1, len(sc.players) + 1)):
        add(f"{fname}: players: setup_order must be 1..{len(sc.players)}, got {orders}")
    elif sc.rules == "one_year":
        first = min(sc.players, key=lambda pl: pl.setup_order)
        if oyr.first_to_set_up not in first.powers:
            add(
                f'{fname}: player "{first.name}" sets up first, but the one-year rules say the '
                f"player with {oyr.first_to_set_up} does"
            )
    allies = {}
    for m in sc.minor_allies:
        where = f'{fname}: minor ally "{m.country}"'
        if m.country not in rows:
            add(f"{where}: not on the Minor Country Alliance and Forces Table ({_file(TABLES)})")
        elif m.country in played:
            add(f"{where}: is played as a major power in this scenario")
        if m.ally not in played:
            add(f'{where}: ally "{m.ally}" is not played in this scenario')
        allies[m.country] = m
    in_play = set(played) | set(allies)
    forces = {}
    used_leaders: dict[str, str] = {}
    for fo in sc.forces:
        where = f'{fname}: forces "{fo.power}"'
        if fo.power in forces:
            add(f"{where}: listed more than once")
        forces[fo.power] = fo
        if fo.power not in in_play:
            add(f'{where}: "{fo.power}" is neither played nor a minor ally in this scenario')
            continue
        if fo.power in played and (fo.resources is None or fo.manpower is None):
            add(f"{where}: a major power needs starting resources and manpower")
        if fo.power in allies and (fo.resources is not None or fo.manpower is not None):
            add(f"{where}: minor allies have no Resources or Manpower (SK 18.0)")
        for name in fo.leaders:
            try:
                leader = c.leader(name)
            except KeyError:
                add(f'{where}: unknown leader "{name}" ({_file(PIECES)})')
                continue
            if leader.power != fo.power:
                add(f'{where}: leader "{name}" belongs to {leader.power}')
            if leader.name in used_leaders:
                add(
                    f'{where}: leader "{name}" is also in the forces of {used_leaders[leader.name]}'
                )
            used_leaders[leader.name] = fo.power
        # the counter mix holds enough pieces (SK 6.1)
        specific: Counter[tuple[int, int]] = Counter()
        for a in fo.armies:
            specific[a.strength] += a.count
        for strength, n in specific.items():
            have = sum(
                u.count
                for u in c.units(fo.power, "army")
                if u.full == strength and not u.provincial
            )
            if n > have:
                add(f"{where}: {n} {fmt_strength(strength)} armies but the counter mix has {have}")
        have_armies = c.unit_total(fo.power, "army")
        if fo.army_count > have_armies:
            add(
                f"{where}: {fo.army_count} armies but the counter mix has {have_armies} ({_file(PIECES)})"
            )
        have_fleets = c.unit_total(fo.power, "fleet")
        if fo.fleet_count > have_fleets:
            add(
                f"{where}: {fo.random_fleets} fleets but the counter mix has {have_fleets} ({_file(PIECES)})"
            )
        for h in fo.mercenaries:
            if h.country not in mercs:
                add(f'{where}: "{h.country}" is not a mercenary country ({_file(TABLES)})')
            elif h.count > c.unit_total(h.country, "army"):
                add(
                    f"{where}: {h.count} {h.country} armies but the counter mix has {c.unit_total(h.country, 'army')}"
                )
    for p in sorted(in_play - set(forces)):
        add(f'{where0}: no forces for "{p}"')
    for ch in sc.control:
        where = f'{fname}: control "{ch.area}"'
        if ch.area not in land:
            add(f'{where}: unknown land area "{ch.area}" ({_file(MAP)})')
        elif ch.power not in countries:
            add(f'{where}: unknown country "{ch.power}"')
        elif land[ch.area].home == ch.power:
            add(f'{where}: "{ch.power}" already controls its own home area; not a change')
    for area in _dupes(ch.area for ch in sc.control):
        add(f'{fname}: control "{area}" is listed more than once')
    # set-up rules
    allowed_rules = Counter(r.power for r in sc.setup.rules if r.kind == "allowed")
    allowed = {}
    for i, r in enumerate(sc.setup.rules):
        who = r.power if r.kind != "shared" else "/".join(r.powers)
        where = f"{fname}: setup.rules[{i}] ({r.kind} {who})"
        for a in (*r.areas, *getattr(r, "excluding", ())):
            if a not in land:
                add(f'{where}: unknown land area "{a}" ({_file(MAP)})')
        powers = r.powers if r.kind == "shared" else (r.power,)
        for p in powers:
            if p not in forces:
                add(f'{where}: "{p}" has no forces in this scenario')
        if r.kind == "leader" and r.leader not in (
            forces.get(r.power).leaders if r.power in forces else ()
        ):
            add(f'{where}: leader "{r.leader}" is not in the forces of {r.power}')
    for p in forces:
        if allowed_rules[p] != 1:
            add(
                f'{fname}: setup.rules: "{p}" needs exactly one "allowed" rule, has {allowed_rules[p]}'
            )
        allowed[p] = {a for a in c.allowed_setup_areas(sc, p) if a in land}
        if not allowed[p]:
            add(f'{fname}: setup.rules: "{p}" may set up nowhere')
        elif forces[p].fleet_count and not any(land[a].coastal for a in allowed[p]):
            add(f'{fname}: setup.rules: "{p}" has fleets but no coastal set-up area (SK 6.3)')
    for i, r in enumerate(sc.setup.rules):
        who = r.power if r.kind != "shared" else "/".join(r.powers)
        where = f"{fname}: setup.rules[{i}] ({r.kind} {who})"
        if r.kind in ("at_least", "leader") and r.power in allowed:
            outside = [a for a in r.areas if a in land and a not in allowed[r.power]]
            if outside:
                add(f"{where}: {', '.join(outside)} not among {r.power}'s set-up areas")
        if r.kind == "at_least" and r.power in forces:
            fo = forces[r.power]
            if r.country in (None, r.power):
                have = fo.army_count if r.piece == "army" else fo.fleet_count
            else:
                have = (
                    sum(h.count for h in fo.mercenaries if h.country == r.country)
                    if r.piece == "army"
                    else 0
                )
            if r.count > have:
                add(f"{where}: needs {r.count} {r.piece}(s) but the forces hold {have}")
            if r.piece == "fleet":
                for a in r.areas:
                    if a in land and not land[a].coastal:
                        add(f'{where}: fleets must set up in coastal areas; "{a}" is inland')
        if r.kind == "shared":
            for p in r.powers:
                if p in allowed:
                    outside = [a for a in r.areas if a in land and a not in allowed[p]]
                    if outside:
                        add(f"{where}: {', '.join(outside)} not among {p}'s set-up areas")
            sides = {sc.player_of(p).name if sc.player_of(p) else p for p in r.powers}
            if len(sides) < 2:
                add(f"{where}: shared set-up is for opposing powers; these are on one side")
    for i, sp in enumerate(sc.special):
        where = f"{fname}: special[{i}] ({sp.kind})"
        if sp.kind == "subsidy":
            for p in (sp.giver, sp.receiver):
                if p not in played:
                    add(f'{where}: "{p}" is not played in this scenario')
            turn = sp.turn
        else:
            if sp.power not in played:
                add(f'{where}: "{sp.power}" is not played in this scenario')
            turn = sp.until_turn
        if not (sc.first_turn <= turn <= sc.last_turn):
            add(
                f"{where}: turn {turn} is outside the scenario (turns {sc.first_turn}-{sc.last_turn})"
            )


# --------------------------------------------------------------------------- loading

FILES: dict[str, type[_Model]] = {
    GAME: GameFile,
    POWERS: PowersFile,
    MAP: MapFile,
    PIECES: PiecesFile,
    TABLES: TablesFile,
    CARDS: CardsFile,
}
_ENTRY_KEYS = ("name", "country", "power", "area", "id", "areas", "seas", "powers", "kind")


def _entry_label(data: Any, loc: tuple[Any, ...]) -> tuple[str, str]:
    """Split a pydantic error location into the entry it is in (the outermost list element,
    with its name) and the field path inside it. Union tags (``kind``) are left out."""
    node: Any = data
    label = ""
    path: list[str] = []
    tagged: set[int] = set()
    for part in loc:
        if isinstance(node, Mapping) and node.get("kind") == part and id(node) not in tagged:
            tagged.add(id(node))
            continue  # the discriminator tag pydantic adds to the location
        if not isinstance(node, Mapping | list):
            continue  # union member names below a leaf value
        if isinstance(node, Mapping) and part in node:
            node = node[part]
            path.append(f".{part}")
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            path.append(f"[{part}]")
            if isinstance(node, Mapping) and not label:
                name = next((node[k] for k in _ENTRY_KEYS if k in node), None)
                if isinstance(name, list):
                    name = " - ".join(str(x) for x in name)
                label = "".join(path).lstrip(".") + (f' "{name}"' if name is not None else "")
                path = []
        else:
            path.append(f".{part}")
    return label, "".join(path).lstrip(".")


def _describe(stem: str, data: Any, exc: ValidationError) -> list[str]:
    out: list[str] = []
    errors = exc.errors(include_url=False)
    locs = [tuple(e["loc"]) for e in errors]
    for err in errors:
        loc = tuple(err["loc"])
        if err["type"] == "too_short" and any(
            len(o) > len(loc) and o[: len(loc)] == loc for o in locs
        ):
            continue  # a follow-on of an invalid item below it
        label, rest = _entry_label(data, loc)
        parts = [_file(stem)]
        if label:
            parts.append(label)
        if rest:
            parts.append(rest)
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown key (not allowed here; check the spelling)"
        line = ": ".join(parts) + ": " + msg
        if line not in out:
            out.append(line)
    return out


def _raise(problems: list[str]) -> None:
    head = (
        problems[0] if len(problems) == 1 else f"{len(problems)} problems in Soldier Kings content:"
    )
    body = "" if len(problems) == 1 else "\n" + "\n".join(f"  {p}" for p in problems)
    raise ContentError(head + body, problems)


def load_content(raw: Mapping[str, Mapping[str, Any]]) -> SoldierKingsContent:
    """Validate ``read_toml_dir("soldier-kings")`` output into SoldierKingsContent.

    Raises ContentError listing every problem, each naming its file and entry.
    """
    problems: list[str] = []
    parsed: dict[str, Any] = {}
    for stem in sorted(raw):
        if stem not in FILES and not stem.startswith(SCENARIO_DIR):
            add = f"{_file(stem)}: unexpected file; expected {', '.join(_file(s) for s in FILES)}"
            problems.append(add + f" and {SCENARIO_DIR}*.toml")
    for stem, model in FILES.items():
        if stem not in raw:
            problems.append(f"{_file(stem)}: missing file")
            continue
        try:
            parsed[stem] = model.model_validate(raw[stem])
        except ValidationError as exc:
            problems.extend(_describe(stem, raw[stem], exc))
    scenarios: dict[str, Scenario] = {}
    for stem in sorted(s for s in raw if s.startswith(SCENARIO_DIR)):
        try:
            scenarios[stem] = Scenario.model_validate(raw[stem])
        except ValidationError as exc:
            problems.extend(_describe(stem, raw[stem], exc))
    if not any(s.startswith(SCENARIO_DIR) for s in raw):
        problems.append(f"{SCENARIO_DIR}: no scenario files")
    if problems:
        _raise(problems)
    try:
        return SoldierKingsContent(
            game=parsed[GAME],
            powers=parsed[POWERS],
            map=parsed[MAP],
            pieces=parsed[PIECES],
            tables=parsed[TABLES],
            cards=parsed[CARDS],
            scenarios=scenarios,
        )
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            error = (err.get("ctx") or {}).get("error")
            if isinstance(error, ValueError):
                problems.extend(str(error).splitlines())
            else:
                problems.append(f"{'.'.join(map(str, err['loc']))}: {err['msg']}")
        _raise(problems)
        raise  # unreachable; _raise always raises
