"""scenarios/*.toml: forces, set-up rules and special rules of each scenario."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    Field,
)

from .base import Bool, MapName, Name, NonNeg, Pos, Record, Source, Strength, UnitType
from .world import LandArea

# --------------------------------------------------------------------------- scenarios/*.toml


class Player(Record):
    name: Name
    powers: tuple[Name, ...] = Field(min_length=1)
    setup_order: Pos
    source: Source


class MinorAlly(Record):
    country: Name
    ally: Name
    source: Source


class SpecificArmies(Record):
    strength: Strength
    count: Pos


class Hire(Record):
    country: Name
    count: Pos


class Forces(Record):
    power: Name
    leaders: tuple[Name, ...] = ()
    armies: tuple[SpecificArmies, ...] = ()
    random_armies: NonNeg = 0
    random_fleets: NonNeg = 0
    mercenaries: tuple[Hire, ...] = ()
    provincial: NonNeg = 0  # provincial armies (SK 19.4), beside the others
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


class Control(Record):
    area: Name
    power: Name
    source: Source


class AllowedRule(Record):
    kind: Literal["allowed"]
    power: Name
    home: Bool = True
    areas: tuple[Name, ...] = ()
    excluding: tuple[Name, ...] = ()
    source: Source


class AtLeastRule(Record):
    kind: Literal["at_least"]
    power: Name
    count: Pos
    piece: UnitType
    country: Name | None = None
    areas: tuple[Name, ...] = Field(min_length=1)
    source: Source


class LeaderRule(Record):
    kind: Literal["leader"]
    power: Name
    leader: Name
    areas: tuple[Name, ...] = Field(min_length=1)
    source: Source


class ProvincialRule(Record):
    """The power's provincial armies set up only in `areas` (SK 19.41-19.42)."""

    kind: Literal["provincial"]
    power: Name
    areas: tuple[Name, ...] = Field(min_length=1)
    source: Source


class SharedRule(Record):
    kind: Literal["shared"]
    powers: tuple[Name, ...] = Field(min_length=2)
    areas: tuple[Name, ...] = Field(min_length=1)
    source: Source


SetupRule = Annotated[
    AllowedRule | AtLeastRule | LeaderRule | ProvincialRule | SharedRule,
    Field(discriminator="kind"),
]


class Setup(Record):
    rules: tuple[SetupRule, ...] = Field(min_length=1)


class Subsidy(Record):
    kind: Literal["subsidy"]
    giver: Name
    receiver: Name
    turn: Pos
    phase: Literal["purchase"] = "purchase"
    max_resources: Pos
    source: Source


class Frozen(Record):
    kind: Literal["frozen"]
    power: Name
    until_turn: Pos
    may_retreat: Bool
    source: Source


Special = Annotated[Subsidy | Frozen, Field(discriminator="kind")]


class Scenario(Record):
    number: Pos
    name: Name
    # one_year: SK Scenarios #1-#7 on Europe; campaign: SK World at War on the four maps
    rules: Literal["one_year", "campaign"]
    first_turn: Pos
    last_turn: Pos
    source: Source
    players: tuple[Player, ...] = Field(min_length=1)
    minor_allies: tuple[MinorAlly, ...] = ()
    forces: tuple[Forces, ...] = Field(min_length=1)
    control: tuple[Control, ...] = ()
    setup: Setup
    special: tuple[Special, ...] = ()
    # the maps it is played on, where the game has other maps than SK's (SE: Europe alone)
    on_maps: tuple[MapName, ...] | None = None

    @property
    def maps(self) -> tuple[str, ...]:
        """The maps it is played on (game.toml keys): `on_maps`; else SK's campaign (World
        at War) on its four maps, a one-year scenario on Europe."""
        if self.on_maps is not None:
            return self.on_maps
        if self.rules == "campaign":
            return ("europe", "americas", "india", "spice_islands")
        return ("europe",)

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
